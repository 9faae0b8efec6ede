/**
 * Example: README's "Fail the build on an unreplaced placeholder or a broken emulator link", as written there (the
 * block between the markers below is that recipe), then a test that it does fail on such a mail and passes on a
 * correct one.
 */
// --- README recipe starts
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { startEmulator, type StartedEmulator } from 'mailcoach-emulator/testing';

let emulator: StartedEmulator;
beforeAll(async () => {
  emulator = await startEmulator();
});
afterAll(() => emulator.stop());

/** Every captured mail's unreplaced placeholders and links to the emulator's own pages that would answer 404. */
async function brokenMail(): Promise<string[]> {
  const { data } = await emulator.client.messages('', { perPage: 500 });
  const found: string[] = [];
  for (const mail of data) {
    const { issues } = await emulator.client.checks(mail.uuid);
    for (const issue of issues.filter((i) => i.code === 'placeholder' || i.code === 'link-emulator')) {
      found.push(
        `${mail.subject}: ${issue.message} (${issue.where}${issue.line === null ? '' : `, line ${issue.line}`})`,
      );
    }
  }
  return found;
}

// After each test, the mails it made the app send: any problem fails that test.
afterEach(async () => {
  expect(await brokenMail()).toEqual([]);
  await emulator.client.deleteMessages();
});
// --- README recipe ends

const send = (body: Record<string, unknown>) =>
  fetch(`${emulator.apiUrl}/transactional-mails/send`, {
    method: 'POST',
    body: JSON.stringify({
      from: 'shop@example.com',
      to: 'jane@example.com',
      mail_name: 'order-confirmation',
      ...body,
    }),
    headers: {
      authorization: `Bearer ${emulator.token}`,
      'content-type': 'application/json',
      accept: 'application/json',
    },
  });
const ALL = {
  first_name: 'Jane',
  order_number: 'A-17',
  item_count: '2',
  order_total: '$20',
  order_url: 'https://shop.example.com/o/A-17',
  shipping_address: '1 Main St',
};

it('passes a correct order confirmation', async () => {
  expect((await send({ replacements: ALL })).status).toBe(200);
});

it('names the placeholder a send left unreplaced (then clears the inbox, so the afterEach passes)', async () => {
  const { order_number: _left, ...rest } = ALL;
  expect((await send({ replacements: rest })).status).toBe(200);
  expect(await brokenMail()).toEqual([
    'Your order ::order_number:: is confirmed: ::order_number:: was not replaced; also in the HTML (line 13), the text part (line 4) (subject)',
  ]);
  await emulator.client.deleteMessages();
});

it('names a link to an unsubscribe page of no subscriber', async () => {
  const html = `<p><a href="${emulator.url}/unsubscribe/00000000-0000-4000-8000-000000000000">Unsubscribe</a></p>`;
  const res = await fetch(`${emulator.apiUrl}/transactional-mails/send`, {
    method: 'POST',
    body: JSON.stringify({ from: 'shop@example.com', to: 'jane@example.com', subject: 'Goodbye', html }),
    headers: {
      authorization: `Bearer ${emulator.token}`,
      'content-type': 'application/json',
      accept: 'application/json',
    },
  });
  expect(res.status).toBe(200);
  expect(await brokenMail()).toEqual([
    'Goodbye: href="' +
      `${emulator.url}/unsubscribe/00000000-0000-4000-8000-000000000000` +
      '": no subscriber 00000000-0000-4000-8000-000000000000 (the page answers 404) (html, line 1)',
  ]);
  await emulator.client.deleteMessages();
});
