/**
 * Example: fault injection makes the app's error handling run. Rules apply to the Mailcoach API of the test's
 * workspace; `times` limits them, and reset() (or faults.clear()) removes them.
 */
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { startEmulator, type StartedEmulator } from 'mailcoach-emulator/testing';
import { createAccounts, createMailer } from './app/accounts.js';

let emulator: StartedEmulator;
let accounts: ReturnType<typeof createAccounts>;

beforeAll(async () => {
  emulator = await startEmulator();
  accounts = createAccounts(createMailer({ apiUrl: emulator.apiUrl, token: emulator.token, maxRetryDelayMs: 20 }));
});
afterAll(() => emulator.stop());
beforeEach(() => emulator.client.reset()); // also removes the previous test's rules

it('retries after a rate limit and gets the mail out', async () => {
  const rule = await emulator.client.faults.add({
    route: '/api/transactional-mails/send',
    preset: 'rate-limited',
    times: 1,
  });
  expect(rule.remaining).toBe(1);

  expect((await accounts.signUp('jane@example.com', 'Jane')).welcomeMail).toBe('sent');
  await emulator.client.waitForMessage({ to: 'jane@example.com' });
  const [used] = await emulator.client.faults.list();
  expect(used).toMatchObject({ id: rule.id, remaining: 0, fired: 1 });
});

it('tells the user to try later when Mailcoach keeps failing', async () => {
  await emulator.client.faults.add({ route: '/api/transactional-mails/send', preset: 'server-error' });

  expect(await accounts.requestPasswordReset('jane@example.com')).toBe(
    'Sending mail is not possible right now. Try again in a few minutes.',
  );
  expect((await emulator.client.messages()).meta.total).toBe(0);
});

it('survives a dropped connection', async () => {
  await emulator.client.faults.add({ method: 'POST', route: '/api/transactional-mails/send', drop: true, times: 1 });
  expect((await accounts.signUp('jane@example.com', 'Jane')).welcomeMail).toBe('sent');
  await emulator.client.waitForMessage({ to: 'jane@example.com' });
});

it('gives up on a Mailcoach that is too slow', async () => {
  await emulator.client.faults.add({ route: '/api/transactional-mails/send', delay_ms: 1000 });
  const impatient = createAccounts(
    createMailer({ apiUrl: emulator.apiUrl, token: emulator.token, maxRetryDelayMs: 20, timeoutMs: 300 }),
  );
  const account = await impatient.signUp('jane@example.com', 'Jane');
  expect(account.welcomeMail).toBe('unavailable');
});

it('fails only the sends to one recipient', async () => {
  await emulator.client.faults.add({
    recipient: 'flaky@example.com',
    status: 503,
    body: { message: 'Service Unavailable' },
  });
  expect((await accounts.signUp('flaky@example.com', 'Flaky')).welcomeMail).toBe('unavailable');
  expect((await accounts.signUp('fine@example.com', 'Fine')).welcomeMail).toBe('sent');
  const page = await emulator.client.messages();
  expect(page.data.map((mail) => mail.to[0]?.email)).toEqual(['fine@example.com']);
});
