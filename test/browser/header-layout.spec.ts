/**
 * The top bar's layout (chrome.css): one row at 1280 px on every section, and on a phone a cue that more sections
 * scroll into sight, which brings them when used.
 */
import { expect, test } from './fixtures.js';

const SECTIONS = [
  '/',
  '/templates',
  '/lists',
  '/campaigns',
  '/suppressions',
  '/sends',
  '/log',
  '/webhooks',
  '/controls',
];

test('at 1280 px the top bar is one row on every section', async ({ page, emulator }) => {
  for (const path of SECTIONS) {
    await page.goto(`${emulator.url}${path}`);
    const sections = page.getByRole('navigation', { name: 'Sections' });
    await expect(sections.locator('[aria-current="page"]')).toBeVisible();
    const bar = await page.getByRole('banner').boundingBox();
    const link = await sections.getByRole('link', { name: 'Inbox' }).boundingBox();
    // One row: the bar no taller than a row of links and its padding.
    expect({ path, tall: bar!.height <= link!.height + 24 }).toEqual({ path, tall: true });
  }
});

test('on a phone the sections that do not fit are announced, and More sections brings them', async ({
  page,
  emulator,
}) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto(emulator.url);
  const sections = page.getByRole('navigation', { name: 'Sections' });
  const webhooks = sections.getByRole('link', { name: 'Webhooks' });
  await expect(webhooks).not.toBeInViewport();
  const more = page.getByRole('button', { name: 'More sections' });
  await expect(more).toBeVisible();
  const last = sections.getByRole('link', { name: 'API docs' });
  // Each click scrolls the row by most of its width, until the last section is in sight.
  await expect(async () => {
    if ((await more.count()) > 0) await more.click({ timeout: 1_000 });
    await expect(last).toBeInViewport({ timeout: 500 });
  }).toPass();
  await expect(more).toHaveCount(0);
});
