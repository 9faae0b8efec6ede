/**
 * waitForWebhook: the emulator calls the app back after the work that caused the event (as Mailcoach's queue does),
 * so right after `POST /api/subscribers/{uuid}/unsubscribe` answers, the call is queued at best. This waits on the
 * emulator's event stream, not on a timer, as waitForCampaignSent does: the calls are read once the stream is open
 * (the call may be there already), then again on each `webhook-calls.changed` (queued, tried, resent) and
 * `workspace.reset`, until one matches or the timeout.
 *
 * "Matches": the server's filters (event, email, subscriber, send, campaign, configuration), created after `after`,
 * and at the stage asked for (`status`): `attempted` (the default: its first try has happened, whatever its
 * outcome: what a test usually wants, since the receiver has had the request by then), `any` (stored, maybe not
 * tried yet), or a call status: `pending` (not tried yet, or a retry due), `succeeded` (a 2xx), `failed` (every try
 * failed: with Mailcoach's retries that takes 3 hours of the emulator's clock, so start it with
 * `--webhook-retries fast|off` or advance a frozen clock). Of several, the oldest.
 */
import { WaitForWebhookTimeoutError } from './errors.js';
import { readUntil, type Subscribe } from './read-until.js';
import type { WebhookCall, WebhookCallFilter, WebhookCallPage, WebhookCallStatus } from './wire/webhooks.js';

/** How far a call must have got: `attempted` (its first try happened), `any`, or the call's own status. */
export type WebhookWaitStatus = 'attempted' | 'any' | WebhookCallStatus;

export interface WaitForWebhookOptions extends Omit<WebhookCallFilter, 'status'> {
  /** Default `attempted`: its first try has happened, whatever its outcome; `any`: stored; or the call's status. */
  status?: WebhookWaitStatus;
  /** Only calls created after this instant (on the emulator's clock), or after the call with this uuid. */
  after?: string | Date;
  /** Default 4000 ms, as the other waits. */
  timeoutMs?: number;
}

/** What the wait needs of the client: listing calls, and following the events. */
export interface WebhookWaitDeps {
  list(filter: WebhookCallFilter, page: { page: number; perPage: number }): Promise<WebhookCallPage>;
  call(uuid: string): Promise<WebhookCall>;
  subscribe: Subscribe;
}

/** An ISO 8601 date or date-time; anything else `after` holds is a call's uuid (Date.parse reads too much as a date). */
const ISO_DATE = /^\d{4}-\d{2}-\d{2}(?:$|T)/;

/** The largest page the emulator serves (emulator/query-params.ts MAX_PER_PAGE). */
const PER_PAGE = 500;

const STATUSES: readonly WebhookWaitStatus[] = ['attempted', 'any', 'pending', 'succeeded', 'failed'];

const reached = (call: WebhookCall, status: WebhookWaitStatus): boolean =>
  status === 'any'
    ? true
    : status === 'attempted'
      ? call.attempts > 0 || call.status !== 'pending'
      : call.status === status;

export function waitForWebhook(
  deps: WebhookWaitDeps,
  options: WaitForWebhookOptions,
  timeoutMs: number,
): Promise<WebhookCall> {
  const { status = 'attempted', after, timeoutMs: _timeout, ...filter } = options;
  const described: Record<string, string> = Object.fromEntries(
    Object.entries(filter).filter(([, value]) => value !== undefined && value !== ''),
  );
  if (after !== undefined) described.after = after instanceof Date ? after.toISOString() : after;
  if (!STATUSES.includes(status))
    return Promise.reject(new TypeError(`status must be one of ${STATUSES.join(', ')}, got ${String(status)}`));

  let matched: WebhookCall[] = [];
  let recent: WebhookCall[] | null = null;
  /** `after` as an instant: a Date, an ISO string, or (read once) the created_at of the call with that uuid. */
  let afterMs: number | null | undefined =
    after === undefined
      ? null
      : after instanceof Date
        ? after.getTime()
        : ISO_DATE.test(after)
          ? Date.parse(after)
          : undefined;

  /** Every call matching the filter, oldest first (the list is newest first: its pages are read back to front). */
  const matching = async (): Promise<WebhookCall[]> => {
    const first = await deps.list(filter, { page: 1, perPage: PER_PAGE });
    const pages = Math.max(1, Math.ceil(first.meta.total / PER_PAGE));
    const rows = [...first.data];
    for (let page = 2; page <= pages; page++) rows.push(...(await deps.list(filter, { page, perPage: PER_PAGE })).data);
    return rows.reverse();
  };

  return readUntil({
    subscribe: deps.subscribe,
    wakes: (event) => event.type === 'webhook-calls.changed' || event.type === 'workspace.reset',
    // A 422 (an unknown event name), a 404 (no call `after` names), a 401: the read rejects, and waiting longer
    // would not help.
    read: async () => {
      if (afterMs === undefined) afterMs = Date.parse((await deps.call(after as string)).created_at);
      const since = afterMs;
      const calls = (await matching()).filter((call) => since === null || Date.parse(call.created_at) > since);
      const found = calls.find((call) => reached(call, status));
      if (found !== undefined) return found;
      matched = calls;
      recent = (await deps.list({}, { page: 1, perPage: 5 })).data;
      return undefined;
    },
    timeoutMs,
    timedOut: () => new WaitForWebhookTimeoutError(described, status, timeoutMs, matched, recent),
  });
}
