/**
 * Mailpit's message tags in our inbox (web/src/components/TagChips.tsx): a mail sent with X-Tags (here through
 * Mailpit's POST /api/v1/send, whose Tags become that header) shows its tags as chips in its row and in its
 * message header, a tag set through PUT /api/v1/tags shows up live, and tag: finds it.
 */
import { expect, rowSubjects, sendMail, test } from './fixtures.js';

test('a mail sent with X-Tags shows its tags as chips in the inbox and the message view', async ({
  page,
  emulator,
}) => {
  const sent = await fetch(`${emulator.url}/api/v1/send`, {
    method: 'POST',
    body: JSON.stringify({
      From: { Email: 'app@example.com' },
      To: [{ Email: 'jane+signup@example.com' }],
      Subject: 'Tagged mail',
      Text: 'hello',
      Tags: ['Welcome flow'],
    }),
  });
  expect(sent.status).toBe(200);
  const { ID } = (await sent.json()) as { ID: string };
  await sendMail(emulator, { subject: 'Untagged mail', text: 'plain' });
  await page.goto(emulator.url);

  const tagged = page.getByRole('link', { name: /Tagged mail/ });
  await expect(tagged.locator('.tag-chip')).toHaveText(['signup', 'Welcome flow']);
  await expect(page.getByRole('link', { name: /Untagged mail/ }).locator('.tag-chip')).toHaveCount(0);

  await tagged.click();
  await expect(page.getByRole('heading', { name: 'Tagged mail' })).toBeVisible();
  await expect(page.getByLabel('Tags').locator('.tag-chip')).toHaveText(['signup', 'Welcome flow']);

  // Tags set through Mailpit's API reach the open page through the event stream.
  const put = await fetch(`${emulator.url}/api/v1/tags`, {
    method: 'PUT',
    body: JSON.stringify({ IDs: [ID], Tags: ['Renewed'] }),
  });
  expect(await put.text()).toBe('ok');
  await expect(page.getByLabel('Tags').locator('.tag-chip')).toHaveText(['Renewed']);

  await page.getByRole('button', { name: 'Back to inbox' }).click();
  await page.getByRole('searchbox').fill('tag:renewed');
  await page.getByRole('searchbox').press('Enter');
  await expect(rowSubjects(page)).toHaveText(['Tagged mail']);
});
