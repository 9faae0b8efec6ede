/**
 * One date format everywhere: `2026-11-27 23:30:01 UTC` on the message header, the records pages
 * and the templates page; the inbox list's compact form of the same family (`23:30:01 UTC` today, `2026-11-20`
 * before); the exact instant and the viewer's local time on hover. The browser runs in Asia/Kolkata (UTC+05:30),
 * so a date shown in local time, or a locale format, would not read as asserted.
 */
import type { Locator } from '@playwright/test';
import { expect, test } from './fixtures.js';

test.use({ timezoneId: 'Asia/Kolkata', locale: 'en-US' });

async function expectDate(time: Locator, text: string, iso: string, local: string) {
  await expect(time).toHaveText(text);
  await expect(time).toHaveAttribute('datetime', iso);
  await expect(time).toHaveAttribute('title', `${iso}\n${local} local time (UTC+05:30)`);
}

test('the inbox list, the message header, the log and the templates page show dates in one format', async ({
  page,
  emulator,
}) => {
  // The browser's today is 2026-11-27 (UTC); the server's clock captures one mail a week earlier, one today.
  await page.clock.setFixedTime(new Date('2026-11-27T23:40:00Z'));
  await emulator.client.clock.freeze('2026-11-20T06:00:00.250Z');
  await emulator.client.mailcoach.sendTransactional({
    from: 'app@example.com',
    to: 'jane@example.com',
    subject: 'Last week',
    text: 'old',
  });
  await emulator.client.clock.freeze('2026-11-27T23:30:01.123Z');
  await emulator.client.mailcoach.sendTransactional({
    from: 'app@example.com',
    to: 'jane@example.com',
    mail_name: 'order-confirmation',
    replacements: { order_number: '42' },
  });

  await page.goto(emulator.url);
  const list = page.getByRole('list', { name: 'Messages' });
  const today = list.getByRole('link').filter({ hasNotText: 'Last week' });
  const earlier = list.getByRole('link', { name: /Last week/ });
  await expectDate(today.locator('time'), '23:30:01 UTC', '2026-11-27T23:30:01.123Z', '2026-11-28 05:00:01.123');
  await expectDate(earlier.locator('time'), '2026-11-20', '2026-11-20T06:00:00.250Z', '2026-11-20 11:30:00.250');

  await today.click();
  const header = page.getByRole('article').locator('.envelope');
  await expectDate(
    header.locator('time'),
    '2026-11-27 23:30:01 UTC',
    '2026-11-27T23:30:01.123Z',
    '2026-11-28 05:00:01.123',
  );

  await page.goto(`${emulator.url}/log`);
  const log = page.getByRole('table', { name: 'Log items' });
  // A log item keeps whole seconds, as Mailcoach's timestamps do: the exact instant is that second.
  await expectDate(
    log.getByRole('row', { name: /Last week/ }).locator('time'),
    '2026-11-20 06:00:00 UTC',
    '2026-11-20T06:00:00.000Z',
    '2026-11-20 11:30:00.000',
  );

  await page.goto(`${emulator.url}/templates`);
  const row = page.getByRole('table', { name: 'Templates' }).getByRole('row', { name: /order-confirmation/ });
  await expectDate(
    row.locator('time'),
    '2026-11-27 23:30:01 UTC',
    '2026-11-27T23:30:01.123Z',
    '2026-11-28 05:00:01.123',
  );
});
