/**
 * Example: one emulator, several isolated workspaces. With `isolate: true` every token gets its own captured
 * mail, suppressions, faults and fixtures, so parallel tests (or parallel workers, one token each) cannot see or
 * disturb each other's mail even when they use the same addresses.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type StartedEmulator } from 'mailcoach-emulator/testing';
import { createAccounts, createMailer } from './app/accounts.js';

let emulator: StartedEmulator;

beforeAll(async () => {
  emulator = await startEmulator({ isolate: true, anyToken: true });
});
afterAll(() => emulator.stop());

/** Everything one test needs in its own workspace: the app configured with a token, and a client for it. */
function workspace(token: string) {
  const client = emulator.client.withToken(token);
  const accounts = createAccounts(createMailer({ apiUrl: emulator.apiUrl, token, maxRetryDelayMs: 20 }));
  return { client, accounts };
}

describe.concurrent('two tenants in parallel', () => {
  it('tenant A sees only its own mail', async () => {
    const { client, accounts } = workspace('tenant-a');
    await accounts.signUp('jane@example.com', 'Jane from A');
    const mail = await client.waitForMessage({ to: 'jane@example.com' });
    expect(mail.subject).toBe('Welcome to Acme, Jane from A!');
    await client.faults.add({ preset: 'server-error' }); // breaks Mailcoach for tenant A only
    expect((await accounts.signUp('joe@example.com', 'Joe')).welcomeMail).toBe('unavailable');
    expect((await client.messages()).meta.total).toBe(1);
  });

  it('tenant B sees only its own mail', async () => {
    const { client, accounts } = workspace('tenant-b');
    await accounts.signUp('jane@example.com', 'Jane from B');
    const mail = await client.waitForMessage({ to: 'jane@example.com' });
    expect(mail.subject).toBe('Welcome to Acme, Jane from B!');
    expect((await accounts.signUp('joe@example.com', 'Joe')).welcomeMail).toBe('sent');
    await client.waitForMessage({ to: 'joe@example.com' });
    expect((await client.messages()).meta.total).toBe(2);
  });
});

it('a reset empties one workspace and leaves the others alone', async () => {
  const a = workspace('reset-a');
  const b = workspace('reset-b');
  await Promise.all([a.accounts.signUp('x@example.com', 'X'), b.accounts.signUp('x@example.com', 'X')]);
  await Promise.all([
    a.client.waitForMessage({ to: 'x@example.com' }),
    b.client.waitForMessage({ to: 'x@example.com' }),
  ]);

  await a.client.reset();
  expect((await a.client.messages()).meta.total).toBe(0);
  expect((await b.client.messages()).meta.total).toBe(1);
});
