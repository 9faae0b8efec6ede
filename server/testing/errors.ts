/** What the typed client throws: a non-2xx answer of either API, and a wait (for messages, a campaign, a webhook call) that timed out. */
import type { MessageSummary } from './wire/messages.js';
import type { WebhookCall } from './wire/webhooks.js';

/** A non-2xx answer from the emulator's own API. */
export class EmulatorApiError extends Error {
  constructor(
    readonly method: string,
    readonly path: string,
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`${method} ${path} answered ${status}: ${describeErrorBody(body)}`);
    this.name = 'EmulatorApiError';
  }
}

/** `{"message"}`, with a 422's field errors appended: "The given data was invalid. (query: ...)". */
function describeErrorBody(body: unknown): string {
  if (body === null || body === '') return '(no body)';
  if (typeof body !== 'object' || !('message' in body)) return String(body);
  const errors =
    'errors' in body && body.errors !== null && typeof body.errors === 'object' ? Object.entries(body.errors) : [];
  const details = errors.map(([field, messages]) => `${field}: ${([] as unknown[]).concat(messages).join(' ')}`);
  return `${String(body.message)}${details.length === 0 ? '' : ` (${details.join('; ')})`}`;
}

/** A non-2xx answer from the Mailcoach API (through the `mailcoach` helpers that throw). */
export class MailcoachApiError extends Error {
  constructor(
    readonly method: string,
    readonly path: string,
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`Mailcoach ${method} ${path} answered ${status}: ${typeof body === 'string' ? body : JSON.stringify(body)}`);
    this.name = 'MailcoachApiError';
  }
}

/** waitForMessage(s) gave up: fewer messages than asked for matched before the timeout. */
export class WaitForMessageTimeoutError extends Error {
  constructor(
    readonly query: string,
    readonly count: number,
    readonly timeoutMs: number | undefined,
    /** What did match, newest first. */
    readonly matched: MessageSummary[],
    /** The newest messages of the inbox, whatever they match, to show near misses. */
    readonly recent: MessageSummary[],
  ) {
    super(describeTimeout(query, count, timeoutMs, matched, recent));
    this.name = 'WaitForMessageTimeoutError';
  }
}

function describeTimeout(
  query: string,
  count: number,
  timeoutMs: number | undefined,
  matched: MessageSummary[],
  recent: MessageSummary[],
): string {
  const wanted = `${count} message${count === 1 ? '' : 's'}${query === '' ? '' : ` matching \`${query}\``}`;
  const within = timeoutMs === undefined ? 'the default timeout' : `${timeoutMs} ms`;
  const lines = [`Timed out after ${within} waiting for ${wanted}: ${matched.length} matched.`];
  if (matched.length > 0) lines.push('Matched:', ...matched.map(describeSummary));
  lines.push(recent.length === 0 ? 'The inbox is empty.' : `Newest messages in the inbox (${recent.length} shown):`);
  lines.push(...recent.map(describeSummary));
  return lines.join('\n');
}

function describeSummary(message: MessageSummary): string {
  const to = message.to.map((address) => address.email).join(', ');
  return `  - ${message.created_at} ${JSON.stringify(message.subject)} from ${message.from?.email ?? '(none)'} to ${to || '(none)'} [${message.uuid}]`;
}

/** waitForCampaignSent gave up: the campaign was not `sent` at the timeout. */
export class WaitForCampaignSentTimeoutError extends Error {
  constructor(
    readonly uuid: string,
    readonly timeoutMs: number,
    /** The status it last had (null when it was never read: the event stream did not open in time). */
    readonly status: string | null,
  ) {
    super(describeCampaignTimeout(uuid, timeoutMs, status));
    this.name = 'WaitForCampaignSentTimeoutError';
  }
}

function describeCampaignTimeout(uuid: string, timeoutMs: number, status: string | null): string {
  const why =
    status === null
      ? "the emulator's event stream (GET /_emulator/events) did not open in time"
      : status === 'draft'
        ? "it is still a draft: POST /api/campaigns/{uuid}/send sends it, and a scheduled one goes once its scheduled_at has come on the emulator's clock"
        : status === 'sending'
          ? "it is still sending (a large list, or a delivery that failed: see the emulator's log)"
          : `its status is \`${status}\``;
  return `Timed out after ${timeoutMs} ms waiting for campaign ${uuid} to be sent: ${why}.`;
}

/** waitForWebhook gave up: no call matched (with the status asked for) before the timeout. */
export class WaitForWebhookTimeoutError extends Error {
  constructor(
    /** The filter, as given (`after` as an ISO string). */
    readonly filter: Record<string, string>,
    /** What was waited for: `attempted`, `any`, `pending`, `succeeded` or `failed`. */
    readonly status: string,
    readonly timeoutMs: number,
    /** Calls that matched the filter but had not reached `status`, oldest first. */
    readonly matched: WebhookCall[],
    /** The workspace's newest calls, whatever they match, to show near misses (null: never read). */
    readonly recent: WebhookCall[] | null,
  ) {
    super(describeWebhookTimeout(filter, status, timeoutMs, matched, recent));
    this.name = 'WaitForWebhookTimeoutError';
  }
}

function describeWebhookTimeout(
  filter: Record<string, string>,
  status: string,
  timeoutMs: number,
  matched: WebhookCall[],
  recent: WebhookCall[] | null,
): string {
  const terms = Object.entries(filter)
    .map(([key, value]) => `${key}=${value}`)
    .join(', ');
  const stage = status === 'any' ? '' : ` that is ${status}`;
  const lines = [
    `Timed out after ${timeoutMs} ms waiting for a webhook call${terms === '' ? '' : ` (${terms})`}${stage}.`,
  ];
  if (matched.length > 0)
    lines.push(
      `${matched.length} matched the filter but ${matched.length === 1 ? 'is' : 'are'} not ${status} yet:`,
      ...matched.map(describeCall),
    );
  if (recent === null) lines.push("The emulator's event stream (GET /_emulator/events) did not open in time.");
  else if (recent.length === 0)
    lines.push(
      'The workspace has no webhook call: is a configuration there (GET /_emulator/webhooks), for this list and this event?',
    );
  else lines.push(`Newest calls of the workspace (${recent.length} shown):`, ...recent.map(describeCall));
  return lines.join('\n');
}

function describeCall(call: WebhookCall): string {
  const last = call.attempts_log.at(-1);
  const outcome =
    last === undefined
      ? 'not tried yet'
      : last.status_code === null
        ? `last try: ${last.error ?? 'no response'}`
        : `last try: ${last.status_code}`;
  return `  - ${call.created_at} ${call.event} ${call.email ?? ''} to ${call.configuration?.name ?? '(deleted configuration)'}: ${call.status}, ${call.attempts} tries, ${outcome} [${call.uuid}]`;
}
