/**
 * The tab's one live connection (web/src/live.tsx, owned by App.tsx): walking from page to page keeps the one event
 * stream, and whatever page is open still updates as things happen elsewhere.
 */
import { expect, rowSubjects, sendMail, test } from './fixtures.js';

test('walking several pages opens one event stream, and pages still update live', async ({ page, emulator }) => {
  const streams: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/_emulator/events') streams.push(request.url());
  });
  await page.goto(emulator.url);
  await expect(page.getByText('Live', { exact: true })).toBeVisible();
  const sections = page.getByRole('navigation', { name: 'Sections' });
  for (const [section, heading] of [
    ['Templates', 'Templates'],
    ['Sends', 'Sends'],
    ['Lists', 'Lists'],
    ['Controls', 'Controls'],
  ] as const) {
    await sections.getByRole('link', { name: section, exact: true }).click();
    await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
  }
  // A rule added while Controls is open shows in the header's badge, which no page mounts.
  await emulator.client.faults.add({ route: '/api/transactional-mails/send', preset: 'server-error' });
  await expect(page.getByRole('link', { name: /1 fault rule active/ })).toBeVisible();
  await emulator.client.faults.clear();
  await expect(page.getByRole('link', { name: /fault rule/ })).toHaveCount(0);

  await sections.getByRole('link', { name: 'Inbox', exact: true }).click();
  await sendMail(emulator, { subject: 'Sent after the walk', text: 'x' });
  await expect(rowSubjects(page)).toHaveText(['Sent after the walk']);
  expect(streams).toHaveLength(1);
});

test('a frozen or shifted clock shows in the header on every page, linking to Controls', async ({ page, emulator }) => {
  await page.goto(`${emulator.url}/sends`);
  await expect(page.getByText('Live', { exact: true })).toBeVisible();
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: /^Clock/ })).toHaveCount(0);
  await emulator.client.clock.freeze();
  await expect(header.getByRole('link', { name: 'Clock frozen' })).toBeVisible();
  await emulator.client.clock.reset();
  await expect(header.getByRole('link', { name: /^Clock/ })).toHaveCount(0);
  await emulator.client.clock.advance(2 * 3_600_000);
  // Less the event's way to the page, which a loaded machine may stretch past half a second.
  const ahead = header.getByRole('link', { name: /^Clock (2 h|1 h 59 min) ahead$/ });
  await expect(ahead).toBeVisible();
  await ahead.click();
  await expect(page.getByRole('heading', { name: 'Controls', level: 1 })).toBeVisible();
  await emulator.client.clock.reset();
  await expect(header.getByRole('link', { name: /^Clock/ })).toHaveCount(0);
});
