/**
 * Mailcoach's outgoing webhooks (mailcoach-webhooks.md; decisions.md "Webhooks") against a real local receiver:
 * configurations under /_emulator/webhooks, the request exactly as Mailcoach's Guzzle sends it, the signature
 * over the exact body, and the log of calls and attempts.
 */
import { createHmac } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { useEmulator } from '../support/emulator-process.js';
import { apiClient, ok } from '../support/http.js';
import { waitUntil } from '../support/wait.js';
import { useWebhookReceiver } from '../support/webhook-receiver.js';

const emulator = useEmulator({ fixtures: null });
const receiver = useWebhookReceiver();
const api = () => apiClient(emulator().url, emulator().token);

async function createList(name = 'Newsletter'): Promise<{ uuid: string }> {
  return ok(await api().post('/api/email-lists', { json: { name, default_from_email: 'news@acme.test' } }), 201).data;
}

async function subscribe(list: string, email: string, extra: Record<string, unknown> = {}) {
  return ok(await api().post(`/api/email-lists/${list}/subscribers`, { json: { email, ...extra } }), 201).data;
}

async function configure(body: Record<string, unknown>) {
  return ok(
    await api().post('/_emulator/webhooks', {
      json: { name: 'App', url: `${receiver().url}/webhooks/mailcoach`, secret: 's3cr3t', ...body },
    }),
    201,
  );
}

beforeEach(async () => {
  ok(await api().post('/_emulator/reset'), 204);
  receiver().clear();
});

describe('a configuration', () => {
  it("is created with Mailcoach's defaults: enabled, all lists, all events, a 16-character secret", async () => {
    const created = ok(
      await api().post('/_emulator/webhooks', { json: { name: 'App', url: 'http://localhost:3000/hooks' } }),
      201,
    );
    expect(created).toMatchObject({
      name: 'App',
      url: 'http://localhost:3000/hooks',
      enabled: true,
      use_for_all_lists: true,
      email_lists: [],
      use_for_all_events: true,
      events: [],
      origin: 'api',
    });
    expect(created.secret).toMatch(/^[a-zA-Z0-9]{16}$/);
    expect(ok(await api().get('/_emulator/webhooks')).data).toEqual([created]);
  });

  it('refuses a missing name or URL, an unknown event and an unknown list, changing nothing', async () => {
    const res = await api().post('/_emulator/webhooks', { json: { url: 'ftp://x', events: ['Nope'] } });
    expect(res.status).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(['events.0', 'url'].sort());
    const lists = await api().post('/_emulator/webhooks', {
      json: { name: 'A', url: 'http://a.test', use_for_all_lists: false },
    });
    expect(lists.json().errors).toEqual({
      email_lists: ['The email lists field is required when use for all lists is false.'],
    });
    expect(ok(await api().get('/_emulator/webhooks')).data).toEqual([]);
  });
});

describe('the request', () => {
  it('is a POST with exactly Content-Type, Signature and User-Agent (plus Host, Content-Length), signed over the exact body', async () => {
    await configure({ events: ['UnsubscribedEvent'] });
    const list = await createList();
    const jane = await subscribe(list.uuid, 'jane@acme.test', {
      first_name: 'Jane',
      extra_attributes: { site: 'https://acme.test/jane', name: 'Zoë' },
    });
    ok(await api().post(`/api/subscribers/${jane.uuid}/unsubscribe`), 204);
    const [call] = (await receiver().waitForCalls(1)).filter((c) => c.body.includes('UnsubscribedEvent'));
    expect(call?.method).toBe('POST');
    expect(call?.path).toBe('/webhooks/mailcoach');
    expect(call?.rawHeaders.map(([name]) => name.toLowerCase()).sort()).toEqual([
      'content-length',
      'content-type',
      'host',
      'signature',
      'user-agent',
    ]);
    expect(call?.headers['content-type']).toBe('application/json');
    expect(call?.headers['user-agent']).toBe('GuzzleHttp/7');
    expect(call?.headers.signature).toBe(
      createHmac('sha256', 's3cr3t')
        .update(call?.bytes as Buffer)
        .digest('hex'),
    );
    // PHP's json_encode: `\/` and `\u00eb`, compact, `event` last.
    expect(call?.body).toContain('"site":"https:\\/\\/acme.test\\/jane","name":"Zo\\u00eb"');
    expect(call?.body).toMatch(
      /"text":"Email jane@acme.test unsubscribed from email list Newsletter","event":"UnsubscribedEvent"}$/,
    );
  });

  it('is logged with its attempt and the answer', async () => {
    await configure({ events: ['UnsubscribedEvent'] });
    const list = await createList();
    const jane = await subscribe(list.uuid, 'jane@acme.test');
    ok(await api().post(`/api/subscribers/${jane.uuid}/unsubscribe`), 204);
    const calls = await waitUntil(
      async () => ok(await api().get('/_emulator/webhook-calls?event=UnsubscribedEvent')).data,
      (data: Array<{ status: string; attempts_log: unknown[] }>) =>
        data.length === 1 && data[0]?.status === 'succeeded',
      { what: 'the call logged as succeeded' },
    );
    expect(calls[0]).toMatchObject({
      event: 'UnsubscribedEvent',
      attempts: 1,
      email: 'jane@acme.test',
      subscriber_uuid: jane.uuid,
    });
    expect(calls[0]?.attempts_log).toEqual([
      expect.objectContaining({ attempt: 1, status_code: 200, response: '{"ok":true}', succeeded: true }),
    ]);
  });
});
