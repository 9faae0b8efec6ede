/**
 * Example: the provider reports a hard bounce; Mailcoach suppresses the address and answers the next send to it
 * with 406, which the app turns into a message for the user. Opens and clicks update the send's counts.
 */
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { startEmulator, type StartedEmulator } from 'mailcoach-emulator/testing';
import { createAccounts, createMailer } from './app/accounts.js';

let emulator: StartedEmulator;
let accounts: ReturnType<typeof createAccounts>;

beforeAll(async () => {
  emulator = await startEmulator();
  accounts = createAccounts(createMailer({ apiUrl: emulator.apiUrl, token: emulator.token }));
});
afterAll(() => emulator.stop());
beforeEach(() => emulator.client.reset());

it('stops mailing an address that bounced', async () => {
  await accounts.signUp('gone@example.com', 'Gone');
  await emulator.client.waitForMessage({ to: 'gone@example.com' });

  const { suppression } = await emulator.client.simulate.bounce('gone@example.com');
  expect(suppression).toMatchObject({ email: 'gone@example.com', reason: 'hard_bounce' });

  expect(await accounts.requestPasswordReset('gone@example.com')).toBe(
    'We cannot send mail to this address. Contact support.',
  );
  const direct = await emulator.client.mailcoach.request('POST', '/transactional-mails/send', {
    mail_name: 'welcome',
    from: 'noreply@acme.example',
    to: 'gone@example.com',
  });
  expect(direct.status).toBe(406);
  expect((await emulator.client.messages({ to: 'gone@example.com' })).meta.total).toBe(1);
});

it('reset() forgets the bounce: the fixtures come back as they were', async () => {
  expect(await accounts.requestPasswordReset('gone@example.com')).toBe('Check your inbox for a code.');
  // ...while the bundled fixtures' suppressed addresses stay suppressed:
  expect(await accounts.requestPasswordReset('bounced@example.com')).toBe(
    'We cannot send mail to this address. Contact support.',
  );
});

it('counts opens and clicks of a stored send', async () => {
  await accounts.signUp('jane@example.com', 'Jane');
  const mail = await emulator.client.waitForMessage({ to: 'jane@example.com' });
  expect(mail.send_uuid).not.toBeNull();

  await emulator.client.simulate.open(mail.send_uuid!);
  const send = await emulator.client.simulate.click(mail.send_uuid!);
  expect(send).toMatchObject({ open_count: 1, click_count: 1 });
  expect(await emulator.client.mailcoach.send(mail.send_uuid!)).toMatchObject({ open_count: 1, click_count: 1 });
});
