/**
 * The message view's Checks tab (README "Mail checks"): a mail with an unreplaced placeholder and a
 * flexbox layout shows both, each with its line, and the count on the tab; the template studio's Checks follow
 * each render as the body is edited; axe finds no serious violation in either theme, in both places. The inbox marks a
 * mail with problems live and has:problems finds it; with --check-links online-all the tab shows a 404 link and how
 * the requests went.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { axeViolations } from './axe.js';
import { expect, rowSubjects, sendMail, test } from './fixtures.js';

// axe is injected as a script of the page: the UI's CSP admits its own scripts only.
test.use({ bypassCSP: true });

const HTML = [
  '<html><body>',
  '<div style="display:flex">',
  '<p>Hello ::first_name::</p>',
  '</div>',
  '</body></html>',
].join('\n');

async function openChecks(page: Page, url: string) {
  await page.goto(url);
  await page.getByRole('link', { name: /Your order is ready/ }).click();
  // The count of problems is on the tab before it is opened.
  await expect(page.getByRole('tab', { name: /^Checks \(\d+\)$/ })).toBeVisible();
  await page.getByRole('tab', { name: /^Checks/ }).click();
}

test('the Checks tab shows an unreplaced placeholder once and flexbox, each with its line', async ({
  page,
  emulator,
}) => {
  await sendMail(emulator, { subject: 'Your order is ready', html: HTML, text: 'Hello ::first_name::' });
  await openChecks(page, emulator.url);
  await expect(page.getByRole('tab', { name: 'Checks (1)' })).toBeVisible();
  const panel = page.getByRole('tabpanel');
  await expect(panel.getByRole('list', { name: 'Problems' }).getByRole('listitem')).toHaveText([
    '::first_name:: was not replaced; also in the text part (line 1) — html, line 3',
  ]);
  // Flexbox is one kind of feature some clients lack: one line, its clients on demand.
  const features = panel.getByRole('list', { name: 'Features some clients lack' });
  // Folded: the line shows, its details only when opened.
  await expect(features.locator('summary')).toHaveText([
    'HTML elements: 1 (<body> element)',
    'CSS properties: 2 (display, display:flex)',
  ]);
  await expect(features.getByText('display:flex — line 2')).toBeHidden();
  await features.getByText('CSS properties: 2').click();
  await expect(features.getByText('display:flex — line 2')).toBeVisible();
  await expect(features.getByText(/^Unsupported: .*outlook\.windows/)).toBeVisible();
  // A score per family, its clients on demand.
  const scores = panel.getByRole('list', { name: 'Client scores' });
  const outlook = scores.getByText(/^Outlook: \d+%$/);
  await expect(outlook).toBeVisible();
  await expect(scores.getByText(/^windows: \d+%/)).toBeHidden();
  await outlook.click();
  await expect(scores.getByText(/^windows: \d+% — lacks display:flex — partly display$/)).toBeVisible();
});

test('a plain mail has no count on the tab; repeated warnings fold; an MJML mail reads as a few lines', async ({
  page,
  emulator,
}) => {
  await sendMail(emulator, { subject: 'Plain', html: '<p>x</p>', text: 'x' });
  const images = [1, 2, 3].map((n) => `<p><img src="https://example.com/${n}.png"></p>`).join('\n');
  await sendMail(emulator, { subject: 'Images', html: images, text: 'x' });
  await emulator.client.mailcoach.sendTransactional({
    from: 'app@example.com',
    to: 'jane@example.com',
    mail_name: 'welcome',
    replacements: { app_name: 'Acme', first_name: 'Jane', confirm_url: 'https://acme.test/confirm' },
  });
  await page.goto(emulator.url);

  await page.getByRole('link', { name: /Plain/ }).click();
  await expect(page.getByRole('tab', { name: 'Checks', exact: true })).toBeVisible();
  await page.getByRole('tab', { name: 'Checks' }).click();
  await expect(
    page.getByRole('tabpanel').getByText(/^No problems, 0 warnings, 1 feature some clients lack\.$/),
  ).toBeVisible();

  await page.getByRole('link', { name: /Images/ }).click();
  await page.getByRole('tab', { name: 'Checks', exact: true }).click();
  const warnings = page.getByRole('tabpanel').getByRole('list', { name: 'Warnings' });
  await expect(warnings.locator(':scope > li')).toHaveCount(1);
  await expect(warnings.locator('summary')).toHaveText(['3 images without alt text — lines 1, 2, 3']);
  await expect(warnings.getByText('<img src="https://example.com/2.png"> has no alt text')).toBeHidden();
  await warnings.getByText('3 images without alt text').click();
  await expect(warnings.getByText('<img src="https://example.com/2.png"> has no alt text')).toBeVisible();

  await page.getByRole('link', { name: /Welcome to Acme/ }).click();
  await page.getByRole('tab', { name: 'Checks', exact: true }).click();
  const panel = page.getByRole('tabpanel');
  await expect(panel.getByText(/^No problems, 0 warnings, \d+ features some clients lack\.$/)).toBeVisible();
  // Some 35 features, read as one line per kind.
  await expect(panel.getByRole('list', { name: 'Features some clients lack' }).locator(':scope > li')).toHaveText([
    /^HTML elements: 1 \(<body> element\)/,
    /^HTML attributes: \d+/,
    /^CSS properties: \d+/,
    /^CSS selectors: \d+/,
    /^CSS at-rules: \d+/,
  ]);
  expect((await emulator.client.checks((await emulator.client.messages()).data[0]!.uuid)).summary.problems).toBe(0);
});

test('the inbox marks a mail with problems once it is checked, live, and has:problems finds it', async ({
  page,
  emulator,
}) => {
  await page.goto(emulator.url);
  await expect(page.getByRole('heading', { name: 'No mail yet: connect your app' })).toBeVisible();
  await sendMail(emulator, { subject: 'All good', html: '<p>Fine</p>', text: 'Fine' });
  await sendMail(emulator, { subject: 'Your order is ready', html: HTML, text: 'Hello ::first_name::' });
  // The placeholder in the HTML and in the text, one problem: the marker comes with the background check, live.
  const marked = page.getByRole('link', { name: /Your order is ready/ });
  await expect(marked.getByText('1 problem')).toBeVisible();
  await expect(page.getByRole('link', { name: /All good/ })).not.toContainText('problem');

  const search = page.getByRole('searchbox', { name: 'Search messages' });
  await search.fill('has:problems');
  await search.press('Enter');
  await expect(rowSubjects(page)).toHaveText(['Your order is ready']);
  expect((await emulator.client.messages('has:problems')).data.map((m) => [m.subject, m.problems])).toEqual([
    ['Your order is ready', 1],
  ]);
});

for (const theme of ['light', 'dark'] as const) {
  test(`the Checks tab has no serious accessibility violation (${theme})`, async ({ page, emulator }) => {
    await page.emulateMedia({ colorScheme: theme });
    await sendMail(emulator, { subject: 'Your order is ready', html: HTML });
    await openChecks(page, emulator.url);
    await expect(page.getByRole('list', { name: 'Problems' })).toBeVisible();
    // The list's marker too, in this theme's colours.
    await expect(page.getByRole('link', { name: /Your order is ready/ }).getByText(/^\d+ problems?$/)).toBeVisible();
    expect(await axeViolations(page, { only: 'serious' })).toEqual([]);
  });
}

const WELCOME = readFileSync(fileURLToPath(new URL('../../fixtures/templates/welcome.mjml', import.meta.url)), 'utf8');
const FILLED = encodeURIComponent(
  JSON.stringify({ app_name: 'Acme', first_name: 'Jane', confirm_url: 'https://acme.test/confirm' }),
);

for (const theme of ['light', 'dark'] as const) {
  test(`the studio's Checks follow the body as it is edited (${theme})`, async ({ page, emulator }) => {
    await page.emulateMedia({ colorScheme: theme });
    await page.goto(`${emulator.url}/templates/welcome?replacements=${FILLED}`);
    const checks = page.getByRole('region', { name: 'Checks' });
    await expect(checks.getByText(/^No problems, 0 warnings, \d+ features some clients lack\.$/)).toBeVisible();
    expect(await axeViolations(page, { only: 'serious' })).toEqual([]);

    const editor = page.getByRole('textbox', { name: 'Body source' });
    await editor.click();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.insertText(
      WELCOME.replace('Welcome, ::first_name::!', 'Welcome, ::first_name::! Use ::coupon::'),
    );
    await expect(
      checks
        .getByRole('list', { name: 'Problems' })
        .getByRole('listitem')
        .filter({ hasText: '::coupon:: was not replaced' })
        .first(),
    ).toBeVisible();
    await expect(checks.getByText(/^1 problem|^\d+ problems/)).toBeVisible();
  });
}

test.describe('with --check-links online-all', () => {
  test.use({ emulatorOptions: { args: ['--check-links', 'online-all'] } });

  test('the Checks tab shows a link whose page answers 404, and how the requests went', async ({ page, emulator }) => {
    const site = createServer((request, response) => {
      response.writeHead(request.url === '/gone' ? 404 : 200);
      response.end();
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    try {
      const base = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
      await sendMail(emulator, {
        subject: 'Your order is ready',
        html: `<p><a href="${base}/orders">Orders</a> <a href="${base}/gone">Gone</a></p>`,
        text: 'Hi',
      });
      await openChecks(page, emulator.url);
      const problems = page.getByRole('tabpanel').getByRole('list', { name: 'Problems' }).getByRole('listitem');
      await expect(problems.filter({ hasText: `href="${base}/gone": the page answers 404` })).toHaveCount(1);
      await expect(
        page.getByRole('tabpanel').getByText('Links requested online: 1 answered, 1 broken, 0 without an answer.'),
      ).toBeVisible();
    } finally {
      await new Promise((resolve) => site.close(resolve));
    }
  });
});

test.describe('over SMTP', () => {
  test.use({ emulatorOptions: { smtpPort: 0 } });

  test('a mail without a Message-ID: Checks and the Mailcoach tab agree, and no Mailcoach-only fields', async ({
    page,
    emulator,
  }) => {
    const { createTransport } = await import('nodemailer');
    const transport = createTransport({ host: '127.0.0.1', port: emulator.smtpPort as number, ignoreTLS: true });
    const raw = [
      'From: app@example.com',
      'To: jane@example.com',
      'Subject: No id',
      'Date: Tue, 08 Dec 2026 10:00:00 +0000',
      '',
      'Hi',
    ].join('\r\n');
    await transport.sendMail({ envelope: { from: 'app@example.com', to: ['jane@example.com'] }, raw });
    await page.goto(emulator.url);
    await page.getByRole('link', { name: /No id/ }).click();
    await page.getByRole('tab', { name: /^Checks/ }).click();
    await expect(
      page.getByRole('tabpanel').getByRole('list', { name: 'Problems' }).getByText('no Message-ID header'),
    ).toBeVisible();
    await page.getByRole('tab', { name: 'Mailcoach' }).click();
    const panel = page.getByRole('tabpanel');
    await expect(panel.getByText('over SMTP, not through the Mailcoach API')).toBeVisible();
    await expect(
      panel.getByRole('definition').filter({ hasText: '(none: the mail has no Message-ID header)' }),
    ).toBeVisible();
    // Issue 41 finding 6: it showed an id of the emulator's making as the mail's, and "not stored", "no template".
    await expect(panel.getByRole('term').filter({ hasText: 'Template' })).toHaveCount(0);
    await expect(panel.getByText('(not stored)')).toHaveCount(0);
  });
});
