/**
 * Mailcoach's retries on the emulator's frozen clock (docs/spec/mailcoach-webhooks.md#24-retries-ws-callwebhookjobhandle-exponentialbackoffstrategy: 5 tries, 10^n s after failed
 * attempt n; decisions.md "Webhooks": measured on the emulator's clock), v8's resend (docs/spec/mailcoach-webhooks.md#28-resend-domainsettingsactionsresendwebhookcallactionphp-ui-resend-on-a-log-row) and the routing of one
 * event to the configurations that want it (docs/spec/mailcoach-webhooks.md#14-selection-algorithm-domainsettingsactionssendwebhookactionphp-domainaudiencemodelsemaillistphpwebhookconfigurations), against a real receiver.
 */
import { createHmac } from 'node:crypto';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useEmulator } from '../support/emulator-process.js';
import { apiClient, ok } from '../support/http.js';
import { waitUntil } from '../support/wait.js';
import { answerOk, answerStatus, useWebhookReceiver, type ReceivedCall } from '../support/webhook-receiver.js';

const emulator = useEmulator({ fixtures: null });
const receiver = useWebhookReceiver();
const api = () => apiClient(emulator().url, emulator().token);

interface Call {
  uuid: string;
  status: 'pending' | 'succeeded' | 'failed';
  attempts: number;
  next_attempt_at: string | null;
  configuration: { uuid: string; name: string } | null;
  request: { url: string; body: string; headers: Record<string, string> };
  attempts_log: Array<{
    attempt: number | null;
    manual: boolean;
    url: string;
    status_code: number | null;
    succeeded: boolean;
    created_at: string;
    request: { headers: Record<string, string>; body: string } | null;
  }>;
}

const T0 = '2025-03-01T12:00:00.000Z';
const at = (seconds: number) => new Date(Date.parse(T0) + seconds * 1000).toISOString();
const hmac = (secret: string, body: string | Buffer) => createHmac('sha256', secret).update(body).digest('hex');

async function createList(name: string): Promise<string> {
  return ok(await api().post('/api/email-lists', { json: { name, default_from_email: 'news@acme.test' } }), 201).data
    .uuid;
}

async function configure(name: string, extra: Record<string, unknown> = {}): Promise<{ uuid: string; name: string }> {
  // Only UnsubscribedEvent (unless told otherwise): the subscribes that set each test up queue nothing.
  const body = { name, url: `${receiver().url}/${name}`, secret: 's3cr3t', events: ['UnsubscribedEvent'], ...extra };
  return ok(await api().post('/_emulator/webhooks', { json: body }), 201);
}

let counter = 0;
async function unsubscribeSomeone(list: string): Promise<{ uuid: string; email: string }> {
  const email = `person${++counter}@acme.test`;
  const subscriber = ok(await api().post(`/api/email-lists/${list}/subscribers`, { json: { email } }), 201).data;
  ok(await api().post(`/api/subscribers/${subscriber.uuid}/unsubscribe`), 204);
  return { uuid: subscriber.uuid, email };
}

async function calls(query = ''): Promise<Call[]> {
  return ok(await api().get(`/_emulator/webhook-calls?per_page=100${query}`)).data;
}

async function callOf(configuration: { uuid: string }, until: (call: Call) => boolean, what: string): Promise<Call> {
  const found = await waitUntil(
    () => calls(`&configuration=${configuration.uuid}`),
    (list) => list.length === 1 && until(list[0] as Call),
    { what },
  );
  return found[0] as Call;
}

const advance = async (ms: number) => ok(await api().post('/_emulator/clock', { json: { advance_ms: ms } }));

beforeAll(async () => {
  ok(await api().post('/_emulator/clock', { json: { freeze: T0 } }));
});

beforeEach(async () => {
  ok(await api().post('/_emulator/reset'), 204);
  ok(await api().post('/_emulator/clock', { json: { freeze: T0 } }));
  receiver().clear();
  receiver().respondWith(answerOk);
});

describe('retries on the emulator clock', () => {
  it('a receiver answering 500 gets attempts at +10 s, +110 s, +1110 s and +11110 s, then the call has failed', async () => {
    const serverError = answerStatus(500, 'Server Error');
    receiver().respondWith((call, res) => (call.path === '/failing' ? serverError : answerOk)(call, res));
    const failing = await configure('failing');
    const list = await createList('Newsletter');
    await unsubscribeSomeone(list);
    const first = await callOf(failing, (call) => call.attempts === 1, 'attempt 1');
    expect(first).toMatchObject({ status: 'pending', next_attempt_at: at(10) });

    // Not a millisecond early: advanced to 1 ms before, a call that is due meanwhile (another configuration, another
    // list) goes out, and this one does not.
    const otherList = await createList('Other');
    const barrier = await configure('barrier', { use_for_all_lists: false, email_lists: [otherList] });
    ok(
      await api().patch(`/_emulator/webhooks/${failing.uuid}`, {
        json: { use_for_all_lists: false, email_lists: [list] },
      }),
    );
    await advance(9_999);
    await unsubscribeSomeone(otherList);
    await callOf(barrier, (call) => call.status === 'succeeded', 'the barrier call');
    expect(receiver().calls.filter((call) => call.path === '/failing')).toHaveLength(1);
    await advance(1);

    const schedule = [10, 110, 1_110, 11_110];
    for (const [index, seconds] of schedule.entries()) {
      if (index > 0) await advance((seconds - (schedule[index - 1] as number)) * 1000);
      const call = await callOf(failing, (c) => c.attempts === index + 2, `attempt ${index + 2}`);
      expect(call.next_attempt_at).toBe(index === 3 ? null : at(schedule[index + 1] as number));
    }
    const failed = await callOf(failing, (call) => call.status === 'failed', 'the call failed');
    expect(failed).toMatchObject({ attempts: 5, next_attempt_at: null });
    expect(
      failed.attempts_log.map(({ attempt, status_code, succeeded, created_at }) => ({
        attempt,
        status_code,
        succeeded,
        created_at,
      })),
    ).toEqual(
      [0, ...schedule].map((seconds, i) => ({
        attempt: i + 1,
        status_code: 500,
        succeeded: false,
        created_at: at(seconds),
      })),
    );
    // Five requests, the same bytes and Signature each time (docs/spec/mailcoach-webhooks.md#24-retries-ws-callwebhookjobhandle-exponentialbackoffstrategy).
    const received = receiver().calls.filter((call) => call.path === '/failing');
    expect(received).toHaveLength(5);
    expect(new Set(received.map((call) => call.body)).size).toBe(1);
    expect(new Set(received.map((call) => call.headers.signature)).size).toBe(1);
    expect(received[0]?.headers.signature).toBe(hmac('s3cr3t', received[0]?.bytes as Buffer));
  });

  it('a 2xx stops the retries', async () => {
    receiver().respondWith(answerStatus(503));
    const flaky = await configure('flaky');
    await unsubscribeSomeone(await createList('Newsletter'));
    await callOf(flaky, (call) => call.attempts === 1, 'attempt 1');
    receiver().respondWith(answerOk);
    await advance(10_000);
    const done = await callOf(flaky, (call) => call.status === 'succeeded', 'the retry to succeed');
    expect(done).toMatchObject({ attempts: 2, next_attempt_at: null });
    expect(done.attempts_log.map((attempt) => [attempt.attempt, attempt.status_code])).toEqual([
      [1, 503],
      [2, 200],
    ]);
    await advance(20_000_000);
    expect((await calls(`&configuration=${flaky.uuid}`))[0]).toMatchObject({ status: 'succeeded', attempts: 2 });
  });
});

describe('resend (v8 ResendWebhookCallAction)', () => {
  it('tries once, now, at the current URL with the current secret, whatever enabled says; the payload re-encoded ({} → [])', async () => {
    const app = await configure('app');
    const list = await createList('Newsletter');
    await unsubscribeSomeone(list);
    const original = await callOf(app, (call) => call.status === 'succeeded', 'the first delivery');
    expect(original.request.body).toContain('"extra_attributes":{}');

    ok(
      await api().patch(`/_emulator/webhooks/${app.uuid}`, {
        json: { url: `${receiver().url}/moved`, secret: 'n3w-s3cr3t', enabled: false },
      }),
    );
    const resent: Call = ok(await api().post(`/_emulator/webhook-calls/${original.uuid}/resend`));
    // Synchronous: the answer comes after the attempt.
    const [moved] = receiver().calls.filter((call) => call.path === '/moved') as [ReceivedCall];
    const expectedBody = original.request.body.replace('"extra_attributes":{}', '"extra_attributes":[]');
    expect(moved.body).toBe(expectedBody);
    expect(moved.headers.signature).toBe(hmac('n3w-s3cr3t', moved.bytes));
    expect(resent).toMatchObject({ status: 'succeeded', attempts: 1 });
    expect(resent.attempts_log).toHaveLength(2);
    expect(resent.attempts_log[1]).toMatchObject({
      attempt: null,
      manual: true,
      url: `${receiver().url}/moved`,
      status_code: 200,
      succeeded: true,
      request: {
        body: expectedBody,
        headers: {
          'Content-Type': 'application/json',
          Signature: hmac('n3w-s3cr3t', expectedBody),
          'User-Agent': 'GuzzleHttp/7',
        },
      },
    });
  });

  it('a failed resend is logged, and schedules nothing', async () => {
    const app = await configure('app');
    await unsubscribeSomeone(await createList('Newsletter'));
    const original = await callOf(app, (call) => call.status === 'succeeded', 'the first delivery');
    receiver().respondWith(answerStatus(500));
    const resent: Call = ok(await api().post(`/_emulator/webhook-calls/${original.uuid}/resend`));
    expect(resent).toMatchObject({ status: 'succeeded', attempts: 1, next_attempt_at: null });
    expect(resent.attempts_log[1]).toMatchObject({ attempt: null, status_code: 500, succeeded: false });
  });
});

// docs/spec/mailcoach-webhooks.md#14-selection-algorithm-domainsettingsactionssendwebhookactionphp-domainaudiencemodelsemaillistphpwebhookconfigurations
describe('routing', () => {
  it('by list, by event filter and by enabled; every configuration that wants it gets one call signed with its own secret', async () => {
    const listA = await createList('A');
    const listB = await createList('B');
    const onlyA = await configure('only-a', { use_for_all_lists: false, email_lists: [listA] });
    const all = await configure('all');
    const second = await configure('second', { secret: 'another' });
    await configure('subscribed-only', { events: ['SubscribedEvent'] });
    await configure('disabled', { enabled: false });

    // The calls are stored with the change that caused them: the log shows the routing as soon as the API answered.
    const onB = await unsubscribeSomeone(listB);
    const routedB = await calls(`&event=UnsubscribedEvent&email=${onB.email}`);
    expect(routedB.map((call) => call.configuration?.name).sort()).toEqual(['all', 'second']);
    const onA = await unsubscribeSomeone(listA);
    const routedA = await calls(`&event=UnsubscribedEvent&email=${onA.email}`);
    expect(routedA.map((call) => call.configuration?.name).sort()).toEqual(['all', 'only-a', 'second']);

    // The subscribes before the unsubscribes fire SubscribedEvent too (every configuration but the disabled one
    // wants it): the unsubscribes' calls are the ones routed here.
    const unsubscribed = (call: ReceivedCall) => call.body.endsWith('"event":"UnsubscribedEvent"}');
    const received = await waitUntil(
      () => receiver().calls.filter(unsubscribed),
      (seen) => seen.length >= 5,
      { what: 'the 5 UnsubscribedEvent calls' },
    );
    const forB = received.filter((call) => call.body.includes(onB.email));
    expect(forB.map((call) => call.path).sort()).toEqual(['/all', '/second']);
    expect(forB[0]?.body).toBe(forB[1]?.body);
    for (const call of received) {
      expect(call.headers.signature).toBe(hmac(call.path === '/second' ? 'another' : 's3cr3t', call.bytes));
    }
    for (const configuration of [onlyA, all, second]) {
      await waitUntil(
        () => calls(`&configuration=${configuration.uuid}`),
        (list) => list.every((call) => call.status === 'succeeded'),
        { what: 'deliveries' },
      );
    }
    // Nothing else arrives: the stored calls are the ones received, the 5 unsubscribes among them.
    expect(receiver().calls.filter(unsubscribed)).toHaveLength(5);
    expect(receiver().calls).toHaveLength((await calls()).length);
  });
});
