/**
 * Example: README's "A Vitest test with a local receiver", as written there (this file is that block, so the recipe
 * is run by the suite): the app's receiver gets the UnsubscribedEvent, signed over the raw body.
 */
import { createHmac } from 'node:crypto';
import { createServer } from 'node:http';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startEmulator, type StartedEmulator } from 'mailcoach-emulator/testing';

const received: Array<{ body: string; signature: string }> = [];
const receiver = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (chunk) => chunks.push(chunk));
  req.on('end', () => {
    received.push({ body: Buffer.concat(chunks).toString('utf8'), signature: String(req.headers.signature) });
    res.writeHead(200).end();
  });
});
let emulator: StartedEmulator;

beforeAll(async () => {
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const { port } = receiver.address() as { port: number };
  emulator = await startEmulator({
    webhooks: [`http://127.0.0.1:${port}/hooks`],
    webhookSecret: 's3cr3t',
    webhookRetries: 'off',
  });
});
afterAll(async () => {
  await emulator.stop();
  receiver.close();
});

it('tells the app when someone unsubscribes', async () => {
  const api = (path: string, body?: unknown): Promise<any> =>
    fetch(`${emulator.apiUrl}${path}`, {
      method: 'POST',
      body: JSON.stringify(body ?? {}),
      headers: {
        authorization: `Bearer ${emulator.token}`,
        'content-type': 'application/json',
        accept: 'application/json',
      },
    }).then((res) => (res.status === 204 ? null : res.json()));
  const list = (await api('/email-lists', { name: 'News', default_from_email: 'news@example.com' })).data;
  const jane = (await api(`/email-lists/${list.uuid}/subscribers`, { email: 'jane@example.com' })).data;
  await api(`/subscribers/${jane.uuid}/unsubscribe`);
  await expect.poll(() => received.some((call) => call.body.includes('"event":"UnsubscribedEvent"'))).toBe(true);
  const call = received.find((c) => c.body.includes('"event":"UnsubscribedEvent"'))!;
  expect(call.signature).toBe(createHmac('sha256', 's3cr3t').update(call.body).digest('hex'));
});
