/**
 * waitForWebhook's choice among the calls (server/testing/wait-for-webhook.ts), on stand-in deps: the oldest match
 * across pages (the list is newest first), the stages (`attempted` by default), `after`, and that it reads again on
 * the events that can change the answer, and only then. The contract test (webhook-client.test.ts) runs it against
 * a real emulator.
 */
import { describe, expect, it } from 'vitest';
import {
  WaitForWebhookTimeoutError,
  type EmulatorEvent,
  type WebhookCall,
  type WebhookCallFilter,
} from '../../server/testing/client.js';
import { waitForWebhook, type WebhookWaitDeps } from '../../server/testing/wait-for-webhook.js';

function call(n: number, fields: Partial<WebhookCall> = {}): WebhookCall {
  return {
    uuid: `call-${n}`,
    event: 'UnsubscribedEvent',
    status: 'pending',
    attempts: 0,
    next_attempt_at: null,
    configuration: { uuid: 'c', name: 'App' },
    email_list_uuid: null,
    subscriber_uuid: null,
    email: 'jane@acme.test',
    send_uuid: null,
    campaign_uuid: null,
    request: {
      method: 'POST',
      url: 'http://app.test/hooks',
      headers: { 'Content-Type': 'application/json', Signature: 'x', 'User-Agent': 'GuzzleHttp/7' },
      body: '{}',
    },
    attempts_log: [],
    created_at: `2025-03-01T10:00:${String(n).padStart(2, '0')}.000Z`,
    updated_at: '2025-03-01T10:00:00.000Z',
    ...fields,
  };
}

/** Deps over a mutable list of calls (oldest first; answered newest first, as the server does), with events pushed by hand. */
function fakeDeps(initial: WebhookCall[]) {
  let calls = initial;
  let listener: ((event: EmulatorEvent) => void) | null = null;
  const filters: WebhookCallFilter[] = [];
  let reads = 0;
  const deps: WebhookWaitDeps = {
    list: async (filter, { page, perPage }) => {
      reads++;
      filters.push(filter);
      const matching = calls
        .filter((c) => filter.event === undefined || c.event === filter.event)
        .slice()
        .reverse();
      return {
        data: matching.slice((page - 1) * perPage, page * perPage),
        meta: { page, per_page: perPage, total: matching.length },
      };
    },
    call: async (uuid) => calls.find((c) => c.uuid === uuid)!,
    subscribe: (onEvent, { onOpen }) => {
      listener = onEvent;
      queueMicrotask(onOpen);
      return { close: () => (listener = null) };
    },
  };
  return {
    deps,
    filters,
    reads: () => reads,
    set: (next: WebhookCall[]) => (calls = next),
    emit: (event: EmulatorEvent) => listener?.(event),
    listening: () => listener !== null,
  };
}

describe('waitForWebhook', () => {
  it('answers the oldest call whose first try happened, over several pages', async () => {
    const calls = Array.from({ length: 1_200 }, (_, i) =>
      call(i % 60, { uuid: `call-${i}`, attempts: i >= 3 ? 1 : 0, status: i >= 3 ? 'failed' : 'pending' }),
    );
    const fake = fakeDeps(calls);
    expect((await waitForWebhook(fake.deps, {}, 1_000)).uuid).toBe('call-3');
    expect((await waitForWebhook(fake.deps, { status: 'any' }, 1_000)).uuid).toBe('call-0');
    expect(fake.listening()).toBe(false);
  });

  it('reads again on webhook-calls.changed and workspace.reset only, and passes the filter on', async () => {
    const fake = fakeDeps([]);
    const waiting = waitForWebhook(
      fake.deps,
      { event: 'TagAddedEvent', email: 'jane@acme.test', status: 'succeeded' },
      2_000,
    );
    await new Promise((resolve) => setTimeout(resolve, 0));
    const before = fake.reads();
    fake.emit({ type: 'sends.changed', uuids: null });
    expect(fake.reads()).toBe(before);
    fake.set([call(1, { event: 'TagAddedEvent', status: 'succeeded', attempts: 1 })]);
    fake.emit({ type: 'webhook-calls.changed', uuids: ['call-1'] });
    expect((await waiting).uuid).toBe('call-1');
    expect(fake.filters[0]).toEqual({ event: 'TagAddedEvent', email: 'jane@acme.test' });
  });

  it('leaves out calls made before `after` (an instant, or a call)', async () => {
    const fake = fakeDeps([call(1, { attempts: 1 }), call(2, { attempts: 1 }), call(3, { attempts: 1 })]);
    expect((await waitForWebhook(fake.deps, { after: 'call-1' }, 1_000)).uuid).toBe('call-2');
    expect((await waitForWebhook(fake.deps, { after: new Date('2025-03-01T10:00:02.000Z') }, 1_000)).uuid).toBe(
      'call-3',
    );
  });

  it('times out with what matched, and refuses an unknown status at once', async () => {
    const fake = fakeDeps([call(1, { attempts: 1, status: 'pending' })]);
    const error = await waitForWebhook(fake.deps, { status: 'failed' }, 50).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(WaitForWebhookTimeoutError);
    expect((error as WaitForWebhookTimeoutError).matched.map((c) => c.uuid)).toEqual(['call-1']);
    expect((error as Error).message).toContain('1 matched the filter but is not failed yet:');
    await expect(waitForWebhook(fake.deps, { status: 'done' as 'any' }, 50)).rejects.toThrow(TypeError);
  });
});
