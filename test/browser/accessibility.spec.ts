/**
 * An axe-core scan of the inbox and the message view, and of the Webhooks page, in the light and the dark theme: no
 * serious or critical violation. Also the pages the README shows, as it shows them: `npm run screenshots` runs those
 * tests alone and writes their screenshots (web/screenshots/); a test run leaves the tracked files as they are.
 */
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { axeViolations } from './axe.js';
import { expect, sendMail, test } from './fixtures.js';

// axe is injected as a script of the page: the UI's CSP admits its own scripts only.
test.use({ bypassCSP: true });

const seriousViolations = (page: Page) => axeViolations(page, { only: 'serious' });

/** Writes web/screenshots/<name> of the page when `npm run screenshots` runs (TAKE_README_SCREENSHOTS=1); else nothing. */
async function readmeScreenshot(page: Page, name: string): Promise<void> {
  if (process.env.TAKE_README_SCREENSHOTS !== '1') return;
  await page.screenshot({ path: fileURLToPath(new URL(`../../web/screenshots/${name}`, import.meta.url)) });
}

async function seed(emulator: Parameters<typeof sendMail>[0]) {
  await sendMail(emulator, {
    subject: 'Your order has shipped',
    html: '<h1>On its way</h1><p>Track it at <a href="https://shop.test/t/1">shop.test</a>.</p>',
  });
  await sendMail(emulator, { subject: 'Reset your password', text: 'Your code is 424242.', to: 'bob@example.com' });
  await sendMail(emulator, { subject: 'Welcome to Acme', html: '<p>Hello Jane, thanks for signing up.</p>' });
}

for (const theme of ['light', 'dark'] as const) {
  test(`the inbox and the message view have no serious accessibility violation (${theme})`, async ({
    page,
    emulator,
  }) => {
    await page.emulateMedia({ colorScheme: theme });
    await seed(emulator);
    // A double opt-in mail, for its Confirmation badge in the list.
    const list = await emulator.client.mailcoach.createEmailList({
      name: 'Weekly',
      default_from_email: 'news@example.com',
      requires_confirmation: true,
    });
    await emulator.client.mailcoach.subscribe(list.uuid, { email: 'confirm-me@example.com' });
    await page.goto(emulator.url);
    await expect(page.getByRole('link', { name: /Welcome to Acme/ })).toBeVisible();
    await expect(page.getByText('Confirmation', { exact: true })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('link', { name: /Your order has shipped/ }).click();
    await expect(page.getByRole('heading', { name: 'Your order has shipped' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    // The Links tab, each link's text above its URL.
    await page.getByRole('tab', { name: 'Links & codes' }).click();
    await expect(page.getByRole('tabpanel').getByText('shop.test', { exact: true })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
}

for (const theme of ['light', 'dark'] as const) {
  test(`the Webhooks page, with a call's detail and the form open, has no serious accessibility violation (${theme})`, async ({
    page,
    emulator,
  }) => {
    await page.emulateMedia({ colorScheme: theme });
    await emulator.client.createWebhook({
      name: 'Sink',
      url: emulator.client.webhookSink('axe').url,
      events: ['UnsubscribedEvent'],
    });
    await emulator.client.createWebhook({ name: 'Down app', url: 'http://127.0.0.1:9/hooks', enabled: false });
    const jane = await emulator.client.mailcoach.findSubscriber(
      '197fa091-463b-4b00-8cb3-fee1b7c2d1bd',
      'jane@example.com',
    );
    await emulator.client.mailcoach.request('POST', `/subscribers/${jane!.uuid}/unsubscribe`);
    await emulator.client.waitForWebhook({ event: 'UnsubscribedEvent' });
    await page.goto(`${emulator.url}/webhooks`);
    const call = page.getByRole('table', { name: 'Webhook calls' }).getByRole('row', { name: /^Unsubscribed/ });
    await call.getByRole('button', { name: /^Resend/ }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Resent Unsubscribed' })).toBeVisible();
    await call.getByRole('button', { name: /^Details/ }).click();
    await expect(page.getByText('Manual', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Edit Sink' }).click();
    await page.getByLabel('Use for all lists').uncheck();
    await expect(page.getByRole('group', { name: 'Only these events' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
}

test('the empty inbox (the connect panel) has no serious accessibility violation', async ({ page, emulator }) => {
  await page.goto(emulator.url);
  await expect(page.getByRole('heading', { name: 'No mail yet: connect your app' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('the empty inbox shows the whole API base URL and token at 390 px wide', async ({ page, emulator }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto(emulator.url);
  const panel = page.getByRole('region', { name: 'No mail yet: connect your app' });
  for (const value of [`${emulator.url}/api`, emulator.token]) {
    const shown = panel.locator('dd code', { hasText: value });
    await expect(shown).toBeVisible();
    const box = (await shown.boundingBox())!;
    expect(box.x + box.width, `${value} ends inside the screen`).toBeLessThanOrEqual(390);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test('the inbox is usable at 390 px wide', async ({ page, emulator }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await seed(emulator);
  await page.goto(emulator.url);
  await page.getByRole('link', { name: /Welcome to Acme/ }).click();
  await expect(page.getByRole('heading', { name: 'Welcome to Acme' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.getByRole('button', { name: 'Back to inbox' }).click();
  await expect(page.getByRole('link', { name: /Reset your password/ })).toBeVisible();
});

test('at 390 px the header is one row, so the first message starts 130 px from the top (was 300), and every section stays reachable', async ({
  page,
  emulator,
}) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await seed(emulator);
  await emulator.client.faults.add({ route: '/api/transactional-mails/send', preset: 'server-error' });
  await page.goto(emulator.url);
  const firstRow = page.getByRole('list', { name: 'Messages' }).getByRole('link', { name: /Welcome to Acme/ });
  await expect(firstRow).toBeVisible();
  const header = (await page.getByRole('banner').boundingBox())!;
  expect(header.height, 'the header: one row').toBeLessThanOrEqual(48);
  // Below the header: the search box and the toolbar (one row each), then the list.
  expect((await firstRow.boundingBox())!.y).toBeLessThan(140);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(await seriousViolations(page)).toEqual([]);
  // The badge shrinks to its icon and count; its name still says what it is.
  const badge = page.getByRole('banner').getByRole('link', { name: '1 fault rule active' });
  await expect(badge).toBeVisible();
  expect((await badge.boundingBox())!.width).toBeLessThan(40);
  // The sections scroll sideways inside the header: the last one is reached and leads to its page, and the
  // current section is scrolled into sight when a page opens.
  const sections = page.getByRole('navigation', { name: 'Sections' });
  await sections.getByRole('link', { name: 'Controls' }).click();
  await expect(page.getByRole('heading', { name: 'Controls', level: 1 })).toBeVisible();
  await expect(sections.getByRole('link', { name: 'Controls' })).toBeInViewport({ ratio: 1 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test('the inbox with a message open, as the README shows it', { tag: '@readme-screenshot' }, async ({
  page,
  emulator,
}) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await seed(emulator);
  await page.goto(emulator.url);
  await page.getByRole('link', { name: /Your order has shipped/ }).click();
  await expect(
    page.frameLocator('iframe[title^="HTML of"]').getByRole('heading', { name: 'On its way' }),
  ).toBeVisible();
  await readmeScreenshot(page, 'inbox.png');
});

/** fixtures/audience.json's Newsletter list, with its subscribers and the "March newsletter" draft campaign. */
const NEWSLETTER = '197fa091-463b-4b00-8cb3-fee1b7c2d1bd';

test("a list's page and a campaign's page, as the README shows them", { tag: '@readme-screenshot' }, async ({
  page,
  emulator,
}) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto(`${emulator.url}/lists/${NEWSLETTER}`);
  await expect(page.getByRole('heading', { level: 1, name: /Newsletter/ })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Subscribers' }).getByRole('row').nth(1)).toBeVisible();
  // With every section, the top bar is still one row at a laptop's 1280 px.
  expect((await page.getByRole('banner').boundingBox())!.height).toBeLessThanOrEqual(48);
  await readmeScreenshot(page, 'list.png');
  await page.goto(`${emulator.url}/campaigns`);
  await page.getByRole('link', { name: 'March newsletter' }).click();
  await expect(page.getByRole('heading', { name: /March newsletter/, level: 1 })).toBeVisible();
  await expect(
    page.frameLocator('iframe[title="Preview of March newsletter"]').getByRole('heading', { name: /^Hi / }),
  ).toBeVisible();
  await readmeScreenshot(page, 'campaign.png');
});
