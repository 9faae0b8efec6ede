/**
 * The studio starts from a real send (issue 41 finding 12): a captured mail's Mailcoach tab links its template in the
 * studio with the mail's own replacements; opened on its own, the studio fills its replacements from the newest
 * captured send of the template (its checks then find no placeholder left), any recent send can be chosen instead,
 * and "Send a test mail" and "Copy as" sit under the preview, above the checks report.
 */
import type { Page } from '@playwright/test';
import type { StartedEmulator } from '../../server/testing/index.js';
import { axeViolations } from './axe.js';
import { expect, test } from './fixtures.js';

// axe is injected as a script of the page: the UI's CSP admits its own scripts only.
test.use({ bypassCSP: true });

async function sendWelcome(emulator: StartedEmulator, firstName: string, to: string) {
  await emulator.client.mailcoach.sendTransactional({
    from: 'app@example.com',
    to,
    mail_name: 'welcome',
    replacements: { app_name: 'Acme', first_name: firstName, confirm_url: 'https://acme.test/confirm' },
  });
}

const frame = (page: Page) => page.frameLocator('iframe[title="Preview of welcome"]');

test("a mail's Mailcoach tab opens its template in the studio with the mail's replacements", async ({
  page,
  emulator,
}) => {
  await sendWelcome(emulator, 'Jane', 'jane@example.com');
  await page.goto(emulator.url);
  await page.getByRole('link', { name: /Welcome to Acme, Jane!/ }).click();
  await page.getByRole('tab', { name: 'Mailcoach' }).click();
  await page.getByRole('link', { name: 'Template welcome in the studio' }).click();
  await expect(page).toHaveURL(/\/templates\/welcome\?replacements=/);
  await expect(frame(page).getByText('Welcome, Jane!')).toBeVisible();
  await expect(page.getByLabel('first_name', { exact: true })).toHaveValue('Jane');
});

test('the studio fills its replacements from the newest captured send, and offers the others', async ({
  page,
  emulator,
}) => {
  // axe over the studio's editor, twice, on a loaded machine.
  test.setTimeout(90_000);
  await sendWelcome(emulator, 'Bob', 'bob@example.com');
  await sendWelcome(emulator, 'Jane', 'jane@example.com');
  await page.goto(`${emulator.url}/templates/welcome`);
  await expect(
    page.getByRole('status').filter({ hasText: 'Filled from the mail sent to jane@example.com' }),
  ).toBeVisible();
  await expect(page.getByLabel('first_name', { exact: true })).toHaveValue('Jane');
  await expect(frame(page).getByText('Welcome, Jane!')).toBeVisible();
  // Filled, its checks find no placeholder left (empty, the first preview listed each as a problem).
  const checks = page.getByRole('region', { name: 'Checks' });
  await expect(checks.getByText(/^No problems, /)).toBeVisible();
  await expect(page).toHaveURL(/replacements=.*Jane/);
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    expect(await axeViolations(page, { only: 'serious' }), theme).toEqual([]);
  }

  const select = page.getByLabel('Replacements of a captured send');
  const bob = (await emulator.client.messages({ to: 'bob@example.com' })).data[0]!.uuid;
  await select.selectOption(bob);
  await expect(page.getByLabel('first_name', { exact: true })).toHaveValue('Bob');
  await expect(frame(page).getByText('Welcome, Bob!')).toBeVisible();
  await expect(
    page.getByRole('status').filter({ hasText: 'Filled from the mail sent to bob@example.com' }),
  ).toBeVisible();

  // Cleared by hand, it stays cleared: the fill is offered once.
  await page.getByLabel('first_name', { exact: true }).fill('');
  await expect(frame(page).getByText('Welcome, ::first_name::!')).toBeVisible();
});

test('the studio starts empty when nothing was sent with the template', async ({ page, emulator }) => {
  await page.goto(`${emulator.url}/templates/welcome`);
  await expect(frame(page).getByText('Welcome, ::first_name::!')).toBeVisible();
  await expect(page.getByText('Mails sent with this template')).toBeVisible();
  await expect(page.getByText('None captured yet.')).toBeVisible();
  await expect(page.getByLabel('Replacements of a captured send')).toHaveCount(0);
  await expect(page.getByLabel('first_name', { exact: true })).toHaveValue('');
});

test('"Send a test mail" and "Copy as" come under the preview, above the checks report', async ({ page, emulator }) => {
  await page.goto(`${emulator.url}/templates/welcome`);
  const top = async (name: string | RegExp) =>
    (await page.getByRole('heading', typeof name === 'string' ? { name, exact: true } : { name }).boundingBox())!.y;
  await expect(page.getByRole('heading', { name: 'Checks', exact: true })).toBeVisible();
  const [preview, send, copy, checks] = [
    await top(/^Preview/),
    await top('Send a test mail'),
    await top('Copy as'),
    await top('Checks'),
  ];
  expect(Math.min(send, copy)).toBeGreaterThan(preview);
  expect(checks).toBeGreaterThan(Math.max(send, copy));
});
