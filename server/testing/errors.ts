/** What the typed client throws: a non-2xx answer of either API, and a wait for messages that timed out. */
import type { MessageSummary } from './wire/messages.js';

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
  const errors = 'errors' in body && body.errors !== null && typeof body.errors === 'object' ? Object.entries(body.errors) : [];
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

function describeTimeout(query: string, count: number, timeoutMs: number | undefined, matched: MessageSummary[], recent: MessageSummary[]): string {
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
      ? 'the emulator\'s event stream (GET /_emulator/events) did not open in time'
      : status === 'draft'
        ? 'it is still a draft: POST /api/campaigns/{uuid}/send sends it, and a scheduled one goes once its scheduled_at has come on the emulator\'s clock'
        : status === 'sending'
          ? 'it is still sending (a large list, or a delivery that failed: see the emulator\'s log)'
          : `its status is \`${status}\``;
  return `Timed out after ${timeoutMs} ms waiting for campaign ${uuid} to be sent: ${why}.`;
}
