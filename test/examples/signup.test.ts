/**
 * Example: an app sends mail through the Mailcoach API; the test waits for it (no sleeps, no polling), reads
 * the link and the one-time code out of it, and resets the emulator between tests.
 *
 * Everything here uses only the public entry point, as a project depending on mailcoach-emulator would.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startEmulator, type StartedEmulator } from 'mailcoach-emulator/testing';
import { createAccounts, createMailer } from './app/accounts.js';

let emulator: StartedEmulator;
let accounts: ReturnType<typeof createAccounts>;

beforeAll(async () => {
  emulator = await startEmulator(); // a free port, an in-memory database, the bundled templates
  accounts = createAccounts(createMailer({ apiUrl: emulator.apiUrl, token: emulator.token }));
});
afterAll(() => emulator.stop());
beforeEach(() => emulator.client.reset()); // every test starts from the fixtures, with an empty inbox

describe('sign-up', () => {
  it('mails a confirmation link that confirms the account', async () => {
    await accounts.signUp('jane@example.com', 'Jane');

    const mail = await emulator.client.waitForMessage({ to: 'jane@example.com', subject: 'Welcome to Acme' });
    expect(mail.subject).toBe('Welcome to Acme, Jane!');
    expect(mail.template).toBe('welcome');
    expect(mail.html).toContain('Confirm my email');

    const link = mail.links.find((url) => url.startsWith('https://acme.example/confirm'));
    expect(link).toBeDefined();
    expect(accounts.confirm(new URL(link!).searchParams.get('token')!)).toBe(true);
    expect(accounts.get('jane@example.com')?.confirmed).toBe(true);
  });

  it('sends the template Bcc to the audit address (visible in the envelope)', async () => {
    await accounts.signUp('sam@example.com', 'Sam');
    const mail = await emulator.client.waitForMessage({ to: 'sam@example.com' });
    expect(mail.envelope.to).toContain('audit@example.com');
    expect(mail.bcc.map((address) => address.email)).toContain('audit@example.com');
    // The .eml as the app's mail would reach an inbox:
    const eml = await emulator.client.raw(mail.uuid);
    expect(eml).toMatch(/^Subject: Welcome to Acme, Sam!$/m);
  });
});

describe('between tests', () => {
  let leftBehind: string | undefined;

  it('leaves the mail it caused in the inbox', async () => {
    await accounts.signUp('left@example.com', 'Left');
    const mail = await emulator.client.waitForMessage({ to: 'left@example.com' });
    expect(mail.subject).toBe('Welcome to Acme, Left!');
    leftBehind = mail.uuid;
  });

  it('starts each test with an empty inbox (the reset in beforeEach)', async () => {
    // Empty because of the reset, not because nothing was sent: the test before this one left a mail.
    expect(leftBehind, 'run this test after the one before it, which leaves a mail').toBeDefined();
    expect((await emulator.client.messages()).meta.total).toBe(0);
  });
});

describe('password reset', () => {
  it('mails a one-time code the user can type in', async () => {
    await accounts.signUp('jane@example.com', 'Jane');
    const since = new Date();
    expect(await accounts.requestPasswordReset('jane@example.com')).toBe('Check your inbox for a code.');

    // `after` skips the welcome mail; the subject names the mail we want.
    const mail = await emulator.client.waitForMessage({ to: 'jane@example.com', subject: 'Reset', after: since });
    expect(mail.codes).toHaveLength(1);
    expect(accounts.resetPassword('jane@example.com', mail.codes[0]!)).toBe(true);
    expect(mail.links).toContain('https://acme.example/reset?email=jane%40example.com');
  });

  it('waits for several mails at once', async () => {
    await Promise.all([accounts.signUp('a@example.com', 'A'), accounts.signUp('b@example.com', 'B')]);
    const mails = await emulator.client.waitForMessages(2, { template: 'welcome' });
    expect(mails.map((mail) => mail.to[0]?.email).sort()).toEqual(['a@example.com', 'b@example.com']);
  });

  it('explains what it saw when the mail never comes', async () => {
    await accounts.signUp('jane@example.com', 'Jane');
    const error = await emulator.client
      .waitForMessage({ to: 'jane@example.com', subject: 'Reset', timeoutMs: 200 })
      .catch((caught: unknown) => caught as Error);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toContain(
      'waiting for 1 message matching `to:jane@example.com subject:Reset`: 0 matched',
    );
    expect((error as Error).message).toContain('"Welcome to Acme, Jane!"');
  });
});
