/**
 * The transactional log page says what it does: its search is labelled by what Mailcoach's
 * filter[search] matches on the log (part of the subject, nothing else), and a log item's body is labelled by
 * what it holds, the HTML source or the plain text of a text-only mail.
 */
import { expect, sendMail, test } from './fixtures.js';

test('the log search is labelled as a subject search, and matches subjects only', async ({ page, emulator }) => {
  await sendMail(emulator, { subject: 'Invoice 42', html: '<p>Paid by jane</p>', to: 'jane@example.com' });
  await sendMail(emulator, { subject: 'Welcome aboard', text: 'Hello', to: 'bob@example.com' });
  await page.goto(`${emulator.url}/log`);
  const table = page.getByRole('table', { name: 'Log items' });
  await expect(table.getByRole('link')).toHaveCount(2);
  await expect(page.getByText('Search (subject, addresses, body)')).toHaveCount(0);

  const search = page.getByRole('searchbox', { name: 'Subject contains' });
  await search.fill('invoice');
  await search.press('Enter');
  await expect(table.getByRole('link')).toHaveText(['Invoice 42']);
  // An address and a body word match nothing: the label promises neither.
  for (const other of ['bob@example.com', 'Paid']) {
    await search.fill(other);
    await search.press('Enter');
    await expect(page.getByText(/No log item matches/)).toBeVisible();
  }
  expect((await emulator.client.logItems({ search: 'bob@example.com' })).meta.total).toBe(0);
});

test('a fake send is marked fake in the log and on its page', async ({ page, emulator }) => {
  await emulator.client.mailcoach.sendTransactional({
    from: 'app@example.com',
    to: 'jane@example.com',
    subject: 'Pretend',
    text: 'x',
    fake: true,
  });
  await sendMail(emulator, { subject: 'Real one', text: 'y' });
  await page.goto(`${emulator.url}/log`);
  await expect(page.getByRole('rowheader', { name: /Pretend/ })).toHaveText('Pretend fake');
  await expect(page.getByRole('rowheader', { name: /Real one/ })).toHaveText('Real one');
  await page.getByRole('link', { name: 'Pretend' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pretend fake');
});

test('a log item’s body is labelled HTML source or plain text by what it holds', async ({ page, emulator }) => {
  await sendMail(emulator, { subject: 'With HTML', html: '<p>Paid</p>' });
  await sendMail(emulator, { subject: 'Text only', text: 'Just text: 2 < 3 > 1.' });
  await page.goto(`${emulator.url}/log`);
  const table = page.getByRole('table', { name: 'Log items' });

  await table.getByRole('link', { name: 'With HTML' }).click();
  const html = page.getByRole('region', { name: 'Body (HTML source)' });
  await expect(html).toContainText('<p>Paid</p>');

  await page.getByRole('link', { name: '← Transactional log' }).click();
  await table.getByRole('link', { name: 'Text only' }).click();
  const text = page.getByRole('region', { name: 'Body (plain text)' });
  await expect(text).toContainText('Just text: 2 < 3 > 1.');
  await expect(page.getByRole('region', { name: 'Body (HTML source)' })).toHaveCount(0);
});

test('a log item’s send counts its opens and clicks in words that agree with the number', async ({
  page,
  emulator,
}) => {
  const { uuid } = await emulator.client.mailcoach.sendTransactional({
    from: 'app@example.com',
    to: 'jane@example.com',
    subject: 'Counted',
    html: '<p>x</p>',
  });
  const [send] = (await emulator.client.sends()).data;
  await emulator.client.simulate.open(send!.uuid);
  await page.goto(`${emulator.url}/log/${uuid}`);
  await expect(page.getByText('1 open, 0 clicks')).toBeVisible();
});
