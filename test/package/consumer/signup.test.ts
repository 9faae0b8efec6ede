/** A user's suite: the emulator in the test process, the app's mail sent with fetch, then waited for. */
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import {
  startEmulator,
  WaitForMessageTimeoutError,
  type Message,
  type StartedEmulator,
} from 'mailcoach-emulator/testing';

let emulator: StartedEmulator;

beforeAll(async () => {
  emulator = await startEmulator();
});
afterAll(() => emulator.stop());
beforeEach(() => emulator.client.reset());

/** What the app under test does: Mailcoach's transactional send, with the URL and token it was configured with. */
async function sendWelcome(apiUrl: string, token: string, to: string): Promise<string> {
  const response = await fetch(`${apiUrl}/transactional-mails/send`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, Accept: 'application/json', 'Content-Type': 'application/json' },
    body: JSON.stringify({
      from: 'app@example.com',
      to,
      subject: 'Welcome to the app',
      html: '<p>Hi! <a href="https://app.example.com/confirm?token=abc123">Confirm your address</a></p>',
    }),
  });
  expect(response.status).toBe(200);
  const { uuid } = (await response.json()) as { uuid: string };
  return uuid;
}

it('captures the mail the app sends, with its links', async () => {
  await sendWelcome(emulator.apiUrl, emulator.token, 'jane@example.com');
  const mail: Message = await emulator.client.waitForMessage({ to: 'jane@example.com', subject: 'Welcome' });
  expect(mail.subject).toBe('Welcome to the app');
  expect(mail.links).toContain('https://app.example.com/confirm?token=abc123');
});

it('starts each test from the fixtures: reset() emptied the inbox', async () => {
  const page = await emulator.client.messages();
  expect(page.data).toEqual([]);
  await expect(emulator.client.waitForMessage({ to: 'jane@example.com', timeoutMs: 200 })).rejects.toBeInstanceOf(
    WaitForMessageTimeoutError,
  );
});

it('serves what the package ships besides the code: the web inbox and the API docs with their assets', async () => {
  const files = ['/', '/_emulator/docs', '/_emulator/docs/swagger-ui-bundle.js', '/_emulator/docs/swagger-ui.css'];
  const statuses = await Promise.all(files.map(async (path) => [path, (await fetch(`${emulator.url}${path}`)).status]));
  expect(statuses).toEqual(files.map((path) => [path, 200]));
});
