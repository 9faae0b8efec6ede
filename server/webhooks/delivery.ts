/**
 * Sends the stored webhook calls (docs/spec/mailcoach-webhooks.md#2-the-http-request; decisions.md "Webhooks"):
 * - after the work that queued them (queue.ts wakes it with setImmediate: the transaction has committed and the
 *   API answer has been written by then), never inside a request;
 * - one call at a time per configuration, oldest first, so that a receiver sees Mailcoach's order (docs/spec/mailcoach-webhooks.md#38-sequences-order-in-which-jobs-are-queued); other
 *   configurations go on meanwhile, so a hanging receiver delays only its own calls;
 * - a 2xx within 10 s succeeds; anything else is tried again after 10 s, 100 s, 1000 s and 10000 s on the
 *   emulator's clock (retries.ts), so that advancing a frozen clock makes a retry due;
 * - every attempt is logged (v8's webhook logs, docs/spec/mailcoach-webhooks.md#27-the-log-mailcoach_webhook_logs-domainsettingseventsubscriberswebhooklogeventsubscriberphp-modelswebhooklogphp-v7-test-webhooklogeventsubscribertestphp), and resend() is v8's ResendWebhookCallAction (docs/spec/mailcoach-webhooks.md#28-resend-domainsettingsactionsresendwebhookcallactionphp-ui-resend-on-a-log-row).
 */
import type { Clock } from '../clock.js';
import type { WebhookAttemptRow, WebhookCallRow } from '../db/rows.js';
import type { Store } from '../db/store.js';
import type { EventBus } from '../events.js';
import type { IdGenerator } from '../ids.js';
import type { Logger } from '../logger.js';
import { decodePhpJson } from '../php-array.js';
import { phpJsonEncode } from '../php-json.js';
import { callWebhook, type WebhookResponse } from './http-call.js';
import { retryDelayMs, type WebhookRetries } from './retries.js';
import { webhookSignature } from './sign.js';

export interface DeliveryDeps {
  store: Store;
  clock: Clock;
  /** Whether the emulator's clock stands still: then only a clock change can make a retry due. */
  clockFrozen(): boolean;
  events: EventBus;
  ids: IdGenerator;
  logger: Logger;
  retries: WebhookRetries;
}

/** Calls in flight at once, over every configuration. */
const MAX_IN_FLIGHT = 16;
/** How soon a due call held back by a busy configuration is looked at again, besides when that call ends. */
const HELD_BACK_RECHECK_MS = 1_000;
/** setTimeout's largest delay. */
const MAX_TIMER_MS = 2 ** 31 - 1;

export function createWebhookDelivery(deps: DeliveryDeps) {
  const { store } = deps;
  /** Per configuration id, its call in flight. */
  const inFlight = new Map<number, Promise<void>>();
  let pumpQueued = false;
  let wakeTimer: NodeJS.Timeout | undefined;
  let stopped = false;

  const deliverSoon = () => {
    if (pumpQueued || stopped) return;
    pumpQueued = true;
    setImmediate(() => {
      pumpQueued = false;
      pump();
    });
  };

  const pump = () => {
    if (stopped) return;
    // Nothing pending (a clock change in a workspace without webhooks): the clock is not read, since a stepping
    // test clock moves on with every reading.
    if (store.webhooks.calls.nextDueAt() === null) {
      clearTimeout(wakeTimer);
      return;
    }
    for (const call of store.webhooks.calls.due(deps.clock().getTime(), MAX_IN_FLIGHT * 4)) {
      if (inFlight.size >= MAX_IN_FLIGHT) break;
      if (inFlight.has(call.configuration_id)) continue;
      const done = attempt(call)
        .catch((error: unknown) =>
          deps.logger.error(`webhook call ${call.uuid} could not be recorded: ${String(error)}`),
        )
        .finally(() => {
          inFlight.delete(call.configuration_id);
          deliverSoon();
        });
      inFlight.set(call.configuration_id, done);
    }
    scheduleWake();
  };

  /** A timer for the next retry, when the clock runs; a frozen clock's changes wake the pump instead. */
  const scheduleWake = () => {
    clearTimeout(wakeTimer);
    wakeTimer = undefined;
    const next = store.webhooks.calls.nextDueAt();
    if (next === null || deps.clockFrozen()) return;
    const wait = next - deps.clock().getTime();
    // Due now but held back (its configuration is busy, or too many in flight): a call ending pumps again; the
    // timer is a second chance that costs one query a second while calls are out.
    wakeTimer = setTimeout(pump, wait <= 0 ? HELD_BACK_RECHECK_MS : Math.min(wait, MAX_TIMER_MS));
    wakeTimer.unref();
  };

  const stopListening = deps.events.on('clock.changed', deliverSoon);

  const attempt = async (call: WebhookCallRow): Promise<void> => {
    const number = call.attempts + 1;
    const result = await callWebhook({ url: call.url, body: call.body, signature: call.signature });
    if (stopped) return;
    const finishedMs = deps.clock().getTime();
    const succeeded = isSuccess(result);
    const delay = succeeded ? null : retryDelayMs(deps.retries, number);
    const recorded = store.transaction(() => {
      // A reset (or a deleted configuration) while the call was out: nothing is left to record it on.
      if (store.webhooks.calls.findById(call.id) === undefined) return false;
      logAttempt(call, number, call.url, null, result);
      store.webhooks.calls.recordOutcome(call.id, {
        status: succeeded ? 'succeeded' : delay === null ? 'failed' : 'pending',
        attempts: number,
        next_attempt_at_ms: delay === null ? null : finishedMs + delay,
        updated_at_ms: finishedMs,
      });
      return true;
    });
    if (!recorded) return;
    if (!succeeded && delay === null)
      deps.logger.warn(
        `webhook ${call.event} to ${call.url} failed after ${number} ${number === 1 ? 'try' : 'tries'}: ${result.error}`,
      );
    deps.events.emit('webhook-calls.changed', { workspaceId: call.workspace_id, uuids: [call.uuid] });
  };

  const logAttempt = (
    call: WebhookCallRow,
    number: number | null,
    url: string,
    sent: { body: string; signature: string } | null,
    result: WebhookResponse,
  ): WebhookAttemptRow =>
    store.webhooks.attempts.insert({
      workspace_id: call.workspace_id,
      uuid: deps.ids(),
      call_id: call.id,
      attempt: number,
      url,
      body: sent?.body ?? null,
      signature: sent?.signature ?? null,
      status_code: result.statusCode,
      response: result.response,
      error: result.error,
      duration_ms: result.durationMs,
      created_at_ms: deps.clock().getTime(),
    });

  return {
    deliverSoon,

    /**
     * v8's resend (docs/spec/mailcoach-webhooks.md#28-resend-domainsettingsactionsresendwebhookcallactionphp-ui-resend-on-a-log-row): now, once, to the configuration's current URL with its current secret, whatever its
     * enabled flag and event filter; the stored payload re-encoded as v8 re-encodes it (decoded as PHP arrays, so
     * an empty object becomes `[]`). Logged as an attempt without a number ("Manual"). Undefined when the call's
     * configuration is gone.
     */
    async resend(call: WebhookCallRow): Promise<WebhookAttemptRow | undefined> {
      const configuration = store.webhooks.configurations.findById(call.configuration_id);
      if (configuration === undefined) return undefined;
      const body = phpJsonEncode(decodePhpJson(call.body));
      const signature = webhookSignature(body, configuration.secret);
      const result = await callWebhook({ url: configuration.url, body, signature });
      if (stopped || store.webhooks.calls.findById(call.id) === undefined) return undefined;
      const row = store.transaction(() => logAttempt(call, null, configuration.url, { body, signature }, result));
      deps.events.emit('webhook-calls.changed', { workspaceId: call.workspace_id, uuids: [call.uuid] });
      return row;
    },

    /** Stops sending: calls in flight are left to end unrecorded, timers cleared. */
    stop(): void {
      stopped = true;
      clearTimeout(wakeTimer);
      stopListening();
    },
  };
}

export type WebhookDelivery = ReturnType<typeof createWebhookDelivery>;

function isSuccess(result: WebhookResponse): boolean {
  return result.statusCode !== null && result.statusCode >= 200 && result.statusCode < 300;
}
