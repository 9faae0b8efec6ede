/**
 * The typed client's webhook methods (server/testing/client.ts) against a real spawned emulator: configurations
 * made, changed and deleted, the calls read and resent, the built-in sink, and waitForWebhook, which follows the
 * event stream: it resolves once the first try has happened (the receiver has the request), or at the status
 * asked for, and fails at its timeout with a typed error naming what matched.
 */
import { createHmac } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  createClient,
  EmulatorApiError,
  WaitForWebhookTimeoutError,
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENT_NAMES,
  type EmulatorClient,
} from '../../server/testing/index.js';
import { WEBHOOK_EVENTS } from '../../server/mailcoach-events.js';
import { useEmulator } from '../support/emulator-process.js';
import { answerOk, useWebhookReceiver } from '../support/webhook-receiver.js';

const emulator = useEmulator({ fixtures: null, args: ['--webhook-retries', 'off'] });
const receiver = useWebhookReceiver();
const client = (): EmulatorClient => createClient({ url: emulator().url, token: emulator().token });

async function listWithJane() {
  const list = await client().mailcoach.createEmailList({ name: 'Newsletter', default_from_email: 'news@acme.test' });
  const jane = await client().mailcoach.subscribe(list.uuid, { email: 'jane@acme.test', skip_confirmation: true });
  return { list, jane };
}

async function unsubscribe(uuid: string) {
  const response = await client().mailcoach.request('POST', `/subscribers/${uuid}/unsubscribe`);
  expect(response.status).toBe(204);
}

beforeEach(async () => {
  await client().reset();
  receiver().clear();
  receiver().respondWith(answerOk);
});

describe('the event names', () => {
  it("are the server's, each with Mailcoach's label", () => {
    expect([...WEBHOOK_EVENT_NAMES]).toEqual([...WEBHOOK_EVENTS]);
    expect(Object.keys(WEBHOOK_EVENT_LABELS)).toEqual([...WEBHOOK_EVENTS]);
  });
});

describe('configurations', () => {
  it("are created with Mailcoach's defaults, changed field by field, listed and deleted", async () => {
    const created = await client().createWebhook({ name: 'App', url: 'http://localhost:3000/hooks' });
    expect(created).toMatchObject({
      name: 'App',
      enabled: true,
      use_for_all_lists: true,
      use_for_all_events: true,
      events: [],
      email_lists: [],
      origin: 'api',
    });
    expect(created.secret).toMatch(/^[A-Za-z0-9]{16}$/);
    const { list } = await listWithJane();
    const changed = await client().updateWebhook(created.uuid, {
      enabled: false,
      use_for_all_lists: false,
      email_lists: [list.uuid],
      events: ['UnsubscribedEvent'],
    });
    expect(changed).toMatchObject({
      name: 'App',
      secret: created.secret,
      enabled: false,
      use_for_all_lists: false,
      email_lists: [list.uuid],
      events: ['UnsubscribedEvent'],
    });
    expect(await client().webhooks()).toEqual([changed]);
    expect(await client().webhook(created.uuid)).toEqual(changed);
    await client().deleteWebhook(created.uuid);
    expect(await client().webhooks()).toEqual([]);
    await expect(client().deleteWebhook(created.uuid)).rejects.toMatchObject({ name: 'EmulatorApiError', status: 404 });
  });

  it('are refused with each bad field named (an EmulatorApiError with the 422)', async () => {
    const error = await client()
      .createWebhook({ name: '', url: 'ftp://x' })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(EmulatorApiError);
    expect((error as EmulatorApiError).status).toBe(422);
    expect(Object.keys((error as EmulatorApiError & { body: { errors: object } }).body.errors).sort()).toEqual([
      'name',
      'url',
    ]);
    expect((error as Error).message).toContain('url: The url field must be a valid http:// or https:// URL.');
  });

  it('can be limited to the lists emailLists() gives, by name', async () => {
    await client().mailcoach.createEmailList({ name: 'Zebra news', default_from_email: 'z@acme.test' });
    const { list } = await listWithJane();
    // Each with more besides (its counts by status, sender, double opt-in: the Lists page's).
    expect(await client().emailLists()).toEqual([
      expect.objectContaining({ uuid: list.uuid, name: 'Newsletter', active_subscribers_count: 1 }),
      expect.objectContaining({ uuid: expect.any(String), name: 'Zebra news', active_subscribers_count: 0 }),
    ]);
  });
});

describe('waitForWebhook', () => {
  it('resolves with the call once its first try has happened: the sink has the exact body, signed', async () => {
    const sink = client().webhookSink('app');
    await client().createWebhook({ name: 'Sink', url: sink.url, secret: 's3cr3t' });
    const { jane } = await listWithJane();
    // Waiting first, acting after: the wait is in place before the event.
    const waiting = client().waitForWebhook({ event: 'UnsubscribedEvent', email: 'JANE@acme.test' });
    await unsubscribe(jane.uuid);
    const call = await waiting;
    expect(call).toMatchObject({
      event: 'UnsubscribedEvent',
      status: 'succeeded',
      attempts: 1,
      email: 'jane@acme.test',
      subscriber_uuid: jane.uuid,
    });
    expect(call.attempts_log).toEqual([
      expect.objectContaining({ attempt: 1, manual: false, status_code: 200, succeeded: true, request: null }),
    ]);
    const [received] = await sink.requests();
    expect(received?.body).toBe(call.request.body);
    expect(received?.headers.signature).toBe(createHmac('sha256', 's3cr3t').update(call.request.body).digest('hex'));
    expect(call.request.headers).toEqual({
      'Content-Type': 'application/json',
      Signature: received?.headers.signature,
      'User-Agent': 'GuzzleHttp/7',
    });
    // Acting first: the call is there already, and is answered at once.
    expect((await client().waitForWebhook({ subscriberUuid: jane.uuid, event: 'UnsubscribedEvent' })).uuid).toBe(
      call.uuid,
    );
    await sink.clear();
    expect(await sink.requests()).toEqual([]);
  });

  it('waits for the status asked for; `after` leaves older calls out', async () => {
    await client().createWebhook({ name: 'Receiver', url: `${receiver().url}/hooks` });
    const { list, jane } = await listWithJane();
    await unsubscribe(jane.uuid);
    const first = await client().waitForWebhook({ event: 'UnsubscribedEvent', status: 'succeeded' });
    await client().mailcoach.request('POST', `/subscribers/${jane.uuid}/resubscribe`);
    const bob = await client().mailcoach.subscribe(list.uuid, { email: 'bob@acme.test', skip_confirmation: true });
    await unsubscribe(bob.uuid);
    const second = await client().waitForWebhook({ event: 'UnsubscribedEvent', after: first.uuid });
    expect(second.email).toBe('bob@acme.test');
    expect(
      (await client().waitForWebhook({ event: 'UnsubscribedEvent', after: new Date(first.created_at) })).uuid,
    ).toBe(second.uuid);
    expect((await client().waitForWebhook({ event: 'UnsubscribedEvent', status: 'any' })).uuid).toBe(first.uuid);
  });

  it('fails at its timeout with WaitForWebhookTimeoutError naming the call that did not get there', async () => {
    receiver().respondWith((_call, res) => {
      res.writeHead(500);
      res.end('broken');
    });
    await client().createWebhook({ name: 'Broken app', url: `${receiver().url}/hooks` });
    const { jane } = await listWithJane();
    await unsubscribe(jane.uuid);
    // With --webhook-retries off, one try: failed.
    const failed = await client().waitForWebhook({
      event: 'UnsubscribedEvent',
      email: 'jane@acme.test',
      status: 'failed',
    });
    expect(failed.attempts_log).toEqual([
      expect.objectContaining({ attempt: 1, status_code: 500, response: 'broken', succeeded: false }),
    ]);
    const error = await client()
      .waitForWebhook({ event: 'UnsubscribedEvent', email: 'jane@acme.test', status: 'succeeded', timeoutMs: 300 })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(WaitForWebhookTimeoutError);
    const timeout = error as WaitForWebhookTimeoutError;
    expect(timeout).toMatchObject({
      status: 'succeeded',
      timeoutMs: 300,
      filter: { event: 'UnsubscribedEvent', email: 'jane@acme.test' },
    });
    expect(timeout.matched.map((call) => call.uuid)).toEqual([failed.uuid]);
    expect(timeout.message).toContain(
      'Timed out after 300 ms waiting for a webhook call (event=UnsubscribedEvent, email=jane@acme.test) that is succeeded.',
    );
    expect(timeout.message).toContain('UnsubscribedEvent jane@acme.test to Broken app: failed, 1 tries, last try: 500');
    // Nothing at all: the message says where to look.
    const none = (await client()
      .waitForWebhook({ event: 'CampaignSentEvent', timeoutMs: 200 })
      .catch((caught: unknown) => caught)) as Error;
    expect(none).toBeInstanceOf(WaitForWebhookTimeoutError);
    expect(none.message).toContain('Newest calls of the workspace (2 shown)');
  });

  it('rejects at once what waiting would not mend: an unknown event name', async () => {
    const error = await client()
      .waitForWebhook({ event: 'Nope' as 'SubscribedEvent' })
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({ name: 'EmulatorApiError', status: 422 });
  });
});

describe('the calls', () => {
  it('are listed by filter, read one by one, and resent: the resend is a manual attempt', async () => {
    const sink = client().webhookSink('resend');
    const hook = await client().createWebhook({ name: 'Sink', url: sink.url, secret: 'first' });
    const { jane } = await listWithJane();
    await unsubscribe(jane.uuid);
    const call = await client().waitForWebhook({ event: 'UnsubscribedEvent' });
    expect(
      (
        await client().webhookCalls({ configuration: hook.uuid, event: 'UnsubscribedEvent', status: 'succeeded' })
      ).data.map((c) => c.uuid),
    ).toEqual([call.uuid]);
    expect(await client().webhookCalls({ email: 'nobody@acme.test' })).toEqual({
      data: [],
      meta: { page: 1, per_page: 50, total: 0 },
    });
    expect(await client().webhookCall(call.uuid)).toEqual(call);
    // Resent with the configuration's current secret.
    await client().updateWebhook(hook.uuid, { secret: 'second' });
    const resent = await client().resendWebhookCall(call.uuid);
    expect(resent.attempts).toBe(1);
    const manual = resent.attempts_log[1];
    expect(manual).toMatchObject({ attempt: null, manual: true, status_code: 200, succeeded: true });
    expect(manual?.request?.headers.Signature).toBe(
      createHmac('sha256', 'second')
        .update(manual?.request?.body ?? '')
        .digest('hex'),
    );
    // Newest first; the SubscribedEvent of the subscribe before the unsubscribe came first of all.
    const signatures = (await sink.requests()).map((request) => request.headers.signature);
    expect(signatures.slice(0, 2)).toEqual([manual?.request?.headers.Signature, call.request.headers.Signature]);
    expect(signatures).toHaveLength(3);
  });
});
