/**
 * Webhook delivery against hostile receivers (docs/spec/mailcoach-webhooks.md#23-timing-transport-success-ws-callwebhookjobhandlecreaterequest-gz; decisions.md "Webhooks"): a receiver that
 * hangs, resets the connection, answers slowly, loops redirects, redirects with each status, or answers 50 MB.
 * Each call is one try here (`--webhook-retries off`), so that every outcome is final and logged once. Proves too
 * that a hanging receiver costs the API nothing (its p99 with and without one, printed) and holds back only its own
 * configuration, and that many events in a row reach a receiver in Mailcoach's order.
 */
import { createHmac } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { beforeEach, describe, expect, it } from 'vitest';
import { useEmulator } from '../support/emulator-process.js';
import { apiClient, ok } from '../support/http.js';
import { waitUntil } from '../support/wait.js';
import {
  answerAfter,
  answerHuge,
  answerOk,
  answerStatus,
  hang,
  redirectTo,
  resetConnection,
  useWebhookReceiver,
  type ReceivedCall,
  type Responder,
} from '../support/webhook-receiver.js';

const emulator = useEmulator({ fixtures: null, args: ['--webhook-retries', 'off'] });
const receiver = useWebhookReceiver();
const api = () => apiClient(emulator().url, emulator().token);

interface Attempt {
  attempt: number | null;
  url: string;
  status_code: number | null;
  succeeded: boolean;
  response: string;
  error: string | null;
  duration_ms: number;
}
interface Call {
  uuid: string;
  status: 'pending' | 'succeeded' | 'failed';
  attempts: number;
  email: string;
  configuration: { uuid: string; name: string } | null;
  request: { body: string; headers: Record<string, string> };
  attempts_log: Attempt[];
}

/** Each path of the receiver answers as its responder says; any other path answers 200. */
function byPath(responders: Record<string, Responder>): Responder {
  return (call, res) => (responders[call.path.split('?')[0] as string] ?? answerOk)(call, res);
}

async function configure(path: string, extra: Record<string, unknown> = {}): Promise<{ uuid: string }> {
  const body = {
    name: path,
    url: `${receiver().url}${path}`,
    secret: 's3cr3t',
    events: ['UnsubscribedEvent'],
    ...extra,
  };
  return ok(await api().post('/_emulator/webhooks', { json: body }), 201);
}

let listUuid = '';
let counter = 0;

/** Subscribes a new address and unsubscribes it: one UnsubscribedEvent. Answers the address. */
async function unsubscribeSomeone(): Promise<string> {
  const email = `person${++counter}@acme.test`;
  const subscriber = ok(await api().post(`/api/email-lists/${listUuid}/subscribers`, { json: { email } }), 201).data;
  ok(await api().post(`/api/subscribers/${subscriber.uuid}/unsubscribe`), 204);
  return email;
}

async function calls(query = ''): Promise<Call[]> {
  return ok(await api().get(`/_emulator/webhook-calls?per_page=100${query}`)).data;
}

/** Waits until the configuration's calls are all final (retries are off: one attempt each). */
async function finalCalls(configuration: { uuid: string }, count = 1, timeoutMs?: number): Promise<Call[]> {
  return waitUntil(
    () => calls(`&configuration=${configuration.uuid}`),
    (found) => found.length === count && found.every((call) => call.status !== 'pending'),
    { what: `${count} final call(s) of ${configuration.uuid}`, timeoutMs },
  );
}

const signed = (call: ReceivedCall) => createHmac('sha256', 's3cr3t').update(call.bytes).digest('hex');

beforeEach(async () => {
  ok(await api().post('/_emulator/reset'), 204);
  receiver().clear();
  receiver().respondWith(answerOk);
  listUuid = ok(
    await api().post('/api/email-lists', { json: { name: 'Newsletter', default_from_email: 'news@acme.test' } }),
    201,
  ).data.uuid;
});

/** p50 and p99 of `count` API requests made one after another (a write and a read in turn), in ms. */
async function apiLatency(count: number): Promise<{ p50: number; p99: number }> {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    if (i % 2 === 0)
      ok(
        await api().post(`/api/email-lists/${listUuid}/subscribers`, { json: { email: `load${++counter}@acme.test` } }),
        201,
      );
    else ok(await api().get(`/api/email-lists/${listUuid}/subscribers?per_page=15`));
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)] as number;
  return { p50: Math.round(at(0.5) * 10) / 10, p99: Math.round(at(0.99) * 10) / 10 };
}

describe('a receiver that never answers', () => {
  it('costs the API nothing, holds back only its own configuration, and is a failure with no status after 10 s', async () => {
    receiver().respondWith(byPath({ '/hang': hang }));
    // Only UnsubscribedEvent: the subscribes that load the API below queue nothing for either configuration.
    const hanging = await configure('/hang');
    const healthy = await configure('/ok');
    const without = await apiLatency(200);

    const email = await unsubscribeSomeone();
    // The hanging call is out, and the healthy configuration's call has arrived meanwhile.
    await receiver().waitForCalls(2);
    expect(
      receiver()
        .calls.map((call) => call.path)
        .sort(),
    ).toEqual(['/hang', '/ok']);
    const [delivered] = await finalCalls(healthy);
    expect(delivered).toMatchObject({ status: 'succeeded', email });
    const withHang = await apiLatency(200);
    console.log(
      `API latency (ms) without a hanging receiver: p50 ${without.p50}, p99 ${without.p99}; with one: p50 ${withHang.p50}, p99 ${withHang.p99}`,
    );
    // Generous: a busy 2-core machine is noisy, but a blocked event loop would cost seconds, not a few ms.
    expect(withHang.p99).toBeLessThan(without.p99 * 4 + 50);
    // The measurement ran while the call hung (it ends at the 10 s deadline only).
    expect((await calls(`&configuration=${hanging.uuid}`))[0]?.status).toBe('pending');

    const [timedOut] = await finalCalls(hanging, 1, 25_000);
    expect(timedOut).toMatchObject({ status: 'failed', attempts: 1, email });
    expect(timedOut?.attempts_log).toEqual([
      expect.objectContaining({
        attempt: 1,
        status_code: null,
        succeeded: false,
        response: '',
        error: 'Timed out after 10 s',
      }),
    ]);
    expect(timedOut?.attempts_log[0]?.duration_ms).toBeGreaterThanOrEqual(9_900);
    expect(timedOut?.attempts_log[0]?.duration_ms).toBeLessThan(15_000);
  }, 60_000);
});

describe('a receiver that misbehaves', () => {
  it('resetting the connection: a failure with no status and the reason', async () => {
    receiver().respondWith(resetConnection);
    const configuration = await configure('/reset');
    await unsubscribeSomeone();
    const [call] = await finalCalls(configuration);
    expect(call).toMatchObject({ status: 'failed', attempts: 1 });
    expect(call?.attempts_log).toEqual([
      expect.objectContaining({ attempt: 1, status_code: null, succeeded: false, response: '' }),
    ]);
    expect(call?.attempts_log[0]?.error).toMatch(/ECONNRESET|socket hang up/);
  });

  it('answering slowly but within 10 s: a success, its duration logged', async () => {
    receiver().respondWith(answerAfter(1_500));
    const configuration = await configure('/slow');
    await unsubscribeSomeone();
    const [call] = await finalCalls(configuration);
    expect(call?.attempts_log).toEqual([
      expect.objectContaining({ attempt: 1, status_code: 200, succeeded: true, response: '{"ok":true}', error: null }),
    ]);
    expect(call?.attempts_log[0]?.duration_ms).toBeGreaterThanOrEqual(1_400);
  });

  it('a 4xx or 5xx answer is a failure with its status and body (Mailcoach reads neither Retry-After nor 410)', async () => {
    receiver().respondWith(answerStatus(410, 'Gone for good'));
    const configuration = await configure('/gone');
    await unsubscribeSomeone();
    const [call] = await finalCalls(configuration);
    expect(call?.attempts_log).toEqual([
      expect.objectContaining({ status_code: 410, succeeded: false, response: 'Gone for good', error: 'HTTP 410' }),
    ]);
  });

  it('answering 50 MB: the answer is read up to 64 KB, the connection dropped, the call a success', async () => {
    const huge = answerHuge(50 * 1024 * 1024);
    receiver().respondWith(huge);
    const configuration = await configure('/huge');
    await unsubscribeSomeone();
    const [call] = await finalCalls(configuration);
    expect(call).toMatchObject({ status: 'succeeded' });
    expect(call?.attempts_log[0]).toMatchObject({ status_code: 200, succeeded: true });
    expect(call?.attempts_log[0]?.response).toBe('x'.repeat(64 * 1024));
    // The emulator hung up long before the 50 MB were out (socket buffers hold a few MB at most).
    await waitUntil(
      () => huge.written(),
      (written) => written > 0,
      { what: 'the receiver to start writing' },
    );
    expect(huge.written()).toBeLessThan(20 * 1024 * 1024);
    // And the API answers at once meanwhile and after.
    const started = performance.now();
    ok(await api().get('/api/email-lists'));
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});

describe('redirects, as Guzzle follows them', () => {
  it('301, 302 and 303 turn the POST into a GET without body (headers kept but Content-Length); the final 200 counts', async () => {
    receiver().respondWith(
      byPath({
        '/from/301': redirectTo(301, '/to/301'),
        '/from/302': redirectTo(302, '/to/302'),
        '/from/303': redirectTo(303, `${receiver().url}/to/303`),
      }),
    );
    const configurations = [await configure('/from/301'), await configure('/from/302'), await configure('/from/303')];
    await unsubscribeSomeone();
    const received = await receiver().waitForCalls(6);
    for (const status of [301, 302, 303]) {
      const first = received.find((call) => call.path === `/from/${status}`) as ReceivedCall;
      const second = received.find((call) => call.path === `/to/${status}`) as ReceivedCall;
      expect(first.method).toBe('POST');
      expect(second.method, `after a ${status}`).toBe('GET');
      expect(second.bytes.length).toBe(0);
      expect(second.rawHeaders.map(([name]) => name.toLowerCase()).sort()).toEqual([
        'content-type',
        'host',
        'signature',
        'user-agent',
      ]);
      expect(second.headers.signature).toBe(signed(first));
    }
    for (const configuration of configurations) {
      const [call] = await finalCalls(configuration);
      expect(call?.attempts_log).toEqual([expect.objectContaining({ status_code: 200, succeeded: true })]);
    }
  });

  it('307 and 308 keep the POST, its body and its signature', async () => {
    receiver().respondWith(
      byPath({ '/from/307': redirectTo(307, '/to/307'), '/from/308': redirectTo(308, '/to/308') }),
    );
    const configurations = [await configure('/from/307'), await configure('/from/308')];
    await unsubscribeSomeone();
    const received = await receiver().waitForCalls(4);
    for (const status of [307, 308]) {
      const first = received.find((call) => call.path === `/from/${status}`) as ReceivedCall;
      const second = received.find((call) => call.path === `/to/${status}`) as ReceivedCall;
      expect(second.method).toBe('POST');
      expect(second.body).toBe(first.body);
      expect(second.headers.signature).toBe(signed(second));
      expect(second.headers['content-length']).toBe(String(first.bytes.length));
    }
    for (const configuration of configurations) expect((await finalCalls(configuration))[0]?.status).toBe('succeeded');
  });

  it('a redirect loop stops after 5 redirects (6 requests): a failure with the last status', async () => {
    receiver().respondWith(byPath({ '/loop': redirectTo(307, '/loop') }));
    const configuration = await configure('/loop');
    await unsubscribeSomeone();
    const [call] = await finalCalls(configuration);
    expect(call?.attempts_log).toEqual([
      expect.objectContaining({ status_code: 307, succeeded: false, error: 'Will not follow more than 5 redirects' }),
    ]);
    expect(receiver().calls.filter((received) => received.path === '/loop')).toHaveLength(6);
  });
});

describe('order', () => {
  it("many events in a row reach each configuration one at a time, in Mailcoach's order, whatever the receiver's pace", async () => {
    // Answers take 0 to 20 ms, varying, so that calls made side by side would overtake each other.
    let n = 0;
    const inFlight = { now: 0, most: 0 };
    receiver().respondWith((call, res: ServerResponse) => {
      inFlight.now++;
      inFlight.most = Math.max(inFlight.most, inFlight.now);
      answerAfter((n++ * 7) % 21, (c, r) => {
        inFlight.now--;
        answerOk(c, r);
      })(call, res);
    });
    await configure('/ordered');
    const emails: string[] = [];
    for (let i = 0; i < 40; i++) emails.push(await unsubscribeSomeone());
    const received = await receiver().waitForCalls(40, 30_000);
    expect(received.map((call) => (JSON.parse(call.body) as { email: string }).email)).toEqual(emails);
    expect(inFlight.most).toBe(1);
  }, 60_000);
});
