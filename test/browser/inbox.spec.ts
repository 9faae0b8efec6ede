/** The inbox as a developer uses it: mail appears live, opens, is searched, read, deleted and reset. */
import { expect, rowSubjects, sendMail, test } from './fixtures.js';

test('a mail sent through /api appears in the open inbox without a reload', async ({ page, emulator }) => {
  await sendMail(emulator, { subject: 'Before opening', text: 'first' });
  await page.goto(emulator.url);
  await expect(rowSubjects(page)).toHaveText(['Before opening']);
  await expect(page.getByText('Live', { exact: true })).toBeVisible();
  await sendMail(emulator, { subject: 'While open', text: 'second' });
  await expect(rowSubjects(page)).toHaveText(['While open', 'Before opening']);
  await expect(page.getByText('2 messages')).toBeVisible();
});

test('opening a message shows its HTML in the frame at each width, and its other parts in tabs', async ({ page, emulator }) => {
  await sendMail(emulator, { subject: 'Welcome Jane', html: '<h1>Hello Jane</h1><p>Your code is 424242. <a href="https://shop.test/confirm">Confirm</a></p>' });
  await page.goto(emulator.url);
  await page.getByRole('link', { name: /Welcome Jane/ }).click();
  await expect(page).toHaveURL(/\/messages\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'Welcome Jane' })).toBeVisible();
  const frame = page.frameLocator('iframe[title^="HTML of"]');
  await expect(frame.getByRole('heading', { name: 'Hello Jane' })).toBeVisible();
  const iframe = page.locator('iframe[title^="HTML of"]');
  for (const [label, width] of [['375 px', 375], ['768 px', 768]] as const) {
    await page.getByRole('button', { name: label }).click();
    await expect.poll(async () => (await iframe.boundingBox())?.width).toBe(width);
  }
  await page.getByRole('button', { name: 'Full width' }).click();
  await expect.poll(async () => (await iframe.boundingBox())?.width).toBeGreaterThan(768);

  await page.getByRole('tab', { name: 'Links & codes' }).click();
  const panel = page.getByRole('tabpanel');
  await expect(panel.getByText('424242', { exact: true })).toBeVisible();
  await expect(panel.getByRole('link', { name: 'https://shop.test/confirm' })).toBeVisible();
  await page.getByRole('tab', { name: 'Headers' }).click();
  await expect(page.getByRole('rowheader', { name: 'Subject' })).toBeVisible();
  await page.getByRole('tab', { name: 'Raw' }).click();
  await expect(panel).toContainText('MIME-Version: 1.0');

  // A permalink opens the same message after a reload.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Welcome Jane' })).toBeVisible();
});
