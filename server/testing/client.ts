/**
 * A typed client for the emulator's own API (`/_emulator`, server/emulator/README.md) and a few helpers for the
 * Mailcoach API it emulates, over the global fetch. It runs anywhere fetch does (Node 20+, Playwright, Deno, Bun)
 * and loads no server code, so it can talk to an emulator started in-process (startEmulator) or to one running
 * elsewhere (`createClient({ url })`).
 */

import { readEventStream } from './event-stream.js';

// ---- Wire types, mirroring server/emulator/README.md --------------------------------------------------------

export interface MailAddress {
  /** The display name; empty when the address has none. */
  name: string;
  email: string;
}

/** One captured message as lists, wait-for and events show it. */
export interface MessageSummary {
  uuid: string;
  message_id: string;
  /** ISO 8601 with milliseconds. */
  created_at: string;
  /** Null only for a message without a From. */
  from: MailAddress | null;
  to: MailAddress[];
  cc: MailAddress[];
  /** From the envelope: every recipient not in To or Cc. */
  bcc: MailAddress[];
  subject: string;
  /** The first 200 characters of the text part. */
  snippet: string;
  /** Size of the raw message in bytes. */
  size: number;
  /** How many attachments the message has. */
  attachments: number;
  /** The template (`mail_name`) it was rendered from, or null. */
  template: string | null;
  log_item_uuid: string | null;
  send_uuid: string | null;
  /** Opened in the web inbox, or marked read (client.setRead). */
  read: boolean;
}

export interface MessageHeader {
  name: string;
  value: string;
}

export interface MessageAttachment {
  index: number;
  filename: string;
  content_type: string;
  content_id: string | null;
  size: number;
  /** Where its bytes are served (`/_emulator/messages/{uuid}/attachments/{index}`). */
  url: string;
}

/** A captured message with everything: the summary plus its parts, headers, links and one-time codes. */
export interface Message extends Omit<MessageSummary, 'attachments'> {
  reply_to: MailAddress[];
  envelope: { from: string; to: string[] };
  headers: MessageHeader[];
  text: string | null;
  html: string | null;
  attachments: MessageAttachment[];
  replacements: Record<string, unknown> | null;
  /** The campaign a campaign mail (or a test of it) came from; `name` is null once the campaign is deleted. */
  campaign: { uuid: string; name: string | null } | null;
  /** The email list of a campaign or double opt-in mail. */
  email_list: { uuid: string; name: string | null } | null;
  /** The subscriber a campaign or double opt-in mail went to. */
  subscriber_uuid: string | null;
  /** Every link of the HTML (`href`s) and the text, in order, without duplicates. */
  links: string[];
  /** One-time codes standing alone in the text: 4 to 8 digits, or 6 to 8 upper-case letters and digits. */
  codes: string[];
}

export interface MessagePage {
  data: MessageSummary[];
  meta: { page: number; per_page: number; total: number };
}

export interface ClockState {
  /** ISO 8601 with milliseconds. */
  now: string;
  frozen: boolean;
}

/** What `GET /_emulator/events` sends (README "Events"), as subscribe() hands it over. */
export type EmulatorEvent =
  | { type: 'message.captured'; uuid: string; summary: MessageSummary }
  | { type: 'message.updated'; uuid: string; summary: MessageSummary }
  | { type: 'messages.deleted'; uuids: string[] | null }
  | { type: 'workspace.reset' }
  /** Templates were created, changed or deleted (the studio, a seed, a watched fixture file); `uuids` null: any. */
  | { type: 'templates.changed'; uuids: string[] | null }
  /** `--watch` read the fixtures again: `problems` is empty when they loaded (and the changed templates applied). */
  | { type: 'fixtures.reloaded'; problems: FixtureProblem[] }
  /** Suppressions were added or deleted (the API, a simulated bounce or complaint, a seed); `uuids` null: any. */
  | { type: 'suppressions.changed'; uuids: string[] | null }
  /** Sends were created (a stored send), changed (a simulated open or click) or deleted; `uuids` null: any. */
  | { type: 'sends.changed'; uuids: string[] | null }
  /** Transactional mail log items were created (a stored send, a seed); `uuids` null: any. */
  | { type: 'log.changed'; uuids: string[] | null }
  /** Fault rules were added, removed, or fired (their counts changed). */
  | { type: 'faults.changed' }
  /** The clock was frozen, advanced or resumed. */
  | { type: 'clock.changed'; now: string; frozen: boolean };

export interface SubscribeOptions {
  /** The stream is (again) in place: events from now on arrive. After a reconnect, refetch what may have been missed. */
  onOpen?: () => void;
  /** The stream broke or was refused (an EmulatorApiError for a 401 or 403); it is tried again after `retryMs`. */
  onError?: (error: unknown) => void;
  /** Wait before reconnecting; default 1000 ms. */
  retryMs?: number;
}

/** The emulator's settings that a client (the web UI) needs to know. */
export interface EmulatorSettings {
  /** One workspace per token (--isolate). */
  isolate: boolean;
  /** Any non-empty token is accepted (--any-token). */
  any_token: boolean;
  /** The accepted tokens; empty when the UI and /_emulator need a token (they are then secrets to share, not show). */
  tokens: string[];
  /** Whether the UI and /_emulator need a token (bound beyond loopback, or --ui-token required). */
  token_required: boolean;
  /** DELETE /api/suppressions may remove spam_complaint rows (--allow-spam-complaint-deletion). */
  allow_spam_complaint_deletion: boolean;
  /** Mailer names the send endpoint accepts (--mailers). */
  mailers: string[];
  /** Requests per minute per token (--rate-limit), or null: no limit. */
  rate_limit: number | null;
  /** The largest request body accepted (--max-body-mb), in bytes. */
  max_body_bytes: number;
  /** Threads rendering sends (--render-workers). */
  render_workers: number;
  /** The fixtures directory, or null (--no-fixtures). */
  fixtures: string | null;
  /** Whether --watch follows the fixtures. */
  watch: boolean;
}

/** A Laravel paginated list, as the Mailcoach API's index endpoints (and GET /_emulator/suppressions) answer it. */
export interface MailcoachPage<T> {
  data: T[];
  links: { first: string; last: string; prev: string | null; next: string | null };
  meta: { current_page: number; from: number | null; last_page: number; path: string; per_page: number; to: number | null; total: number };
}

/** One of `meta.links`, the page links Laravel's paginator lists (the sends list only, as the API). */
export interface MailcoachPageLink {
  url: string | null;
  label: string;
  active: boolean;
}

/** Why the emulator holds a suppression (null: from before it kept track). */
export type SuppressionOrigin = 'fixture' | 'seed' | 'api' | 'emulator' | 'bounce' | 'complaint';

/** A transactional mail log item as GET /api/transactional-mails shows it. */
export interface LogItem {
  uuid: string;
  subject: string;
  from: MailAddress[];
  to: MailAddress[];
  cc: MailAddress[];
  bcc: MailAddress[];
  body: string | null;
  html: string | null;
  created_at: string;
}

/** A log item with its captured message and its Send (GET /_emulator/log-items). */
export interface LogItemWithLinks extends LogItem {
  message_uuid: string | null;
  send_uuid: string | null;
}

/** The filters, sort and page of GET /api/transactional-mails (and /_emulator/log-items). */
export interface LogItemQuery {
  search?: string;
  transportMessageId?: string;
  sort?: 'subject' | '-subject' | 'created_at' | '-created_at';
  page?: number;
}

/** The filters, sort and page of GET /api/sends (and /_emulator/sends). */
export interface SendQuery {
  campaignUuid?: string;
  automationMailUuid?: string;
  logItemUuid?: string;
  subscriberUuid?: string;
  /** `sent_at` or `-sent_at` (the default: newest first). */
  sort?: 'sent_at' | '-sent_at';
  page?: number;
}

/** A send with what the emulator knows beyond the Mailcoach resource. */
export interface SendWithState extends Send {
  /** The furthest it got. */
  state: 'failed' | 'complained' | 'bounced' | 'soft_bounced' | 'clicked' | 'opened' | 'sent' | 'pending';
  /** Bounces and complaints simulated on it (and `suppressed`: a campaign send to a suppressed address), in order. */
  feedback: Array<{ type: 'bounce' | 'soft_bounce' | 'complaint' | 'suppressed'; created_at: string }>;
  /** The captured message of a transactional send; null otherwise. */
  message_uuid: string | null;
}

/** The filters, sort and page of GET /api/suppressions (and /_emulator/suppressions). */
export interface SuppressionQuery {
  /** filter[search]: part of the email. */
  search?: string;
  reason?: Suppression['reason'];
  /** `created_at` or `-created_at` (newest first). */
  sort?: 'created_at' | '-created_at';
  page?: number;
}

export type TemplateType = 'html' | 'markdown' | 'mjml' | 'blade';

/** A transactional mail template as the studio sees it (`GET /_emulator/templates`). */
export interface StudioTemplate {
  uuid: string;
  name: string;
  label: string | null;
  type: TemplateType;
  subject: string;
  body: string;
  from: string | null;
  to: string[] | null;
  cc: string[] | null;
  bcc: string[] | null;
  store_mail: boolean;
  /**
   * `fixture`: as the fixtures have it; `edited`: a fixture template changed through /_emulator (a reset puts the
   * fixture back); `created`: not in the fixtures (a reset removes it).
   */
  origin: 'fixture' | 'edited' | 'created';
  /** The fixture file holding its body (`body_file`), relative to the working directory; null when inline or none. */
  fixture_file: string | null;
  /** ISO 8601. */
  created_at: string;
  updated_at: string;
  /** Captured mails rendered from it (by its name), and when the last one was captured (ISO 8601) or null. */
  mails_sent: number;
  last_used_at: string | null;
}

/** The fields `POST /_emulator/templates` takes (name and type required) and `PATCH` changes. */
export interface TemplateInput {
  name?: string;
  label?: string | null;
  type?: TemplateType;
  subject?: string;
  body?: string;
  from?: string | null;
  to?: string[] | null;
  cc?: string[] | null;
  bcc?: string[] | null;
  store_mail?: boolean;
}

/** One problem of a render: where (line and column count from 1 in the field's text) and what. */
export interface RenderDiagnostic {
  field: 'body' | 'subject';
  line: number | null;
  column: number | null;
  message: string;
  /** `mjml`: MJML's validator or parser; `structure`: an MJML tag left open or closed twice; `twig`: Twig's compiler. */
  source: 'mjml' | 'structure' | 'twig';
}

/** `POST /_emulator/templates/{uuid or name}/render`: what a send with these replacements would capture. */
export interface TemplateRender {
  subject: string;
  /** Null when a send would fail (the MJML cannot be parsed at all): `errors` says why. */
  html: string | null;
  text: string | null;
  /** `::key::` placeholders and Twig variables the subject and body use, in order of appearance. */
  placeholders: string[];
  /** Replacement keys that no placeholder uses. */
  unused_replacements: string[];
  /** Placeholders that no replacement fills (they stay in the mail as written). */
  unreplaced_placeholders: string[];
  /** What the template's author must fix; the send still captures `html` as shown when it is not null. */
  errors: RenderDiagnostic[];
  /** MJML's validation messages: the mail renders, maybe not as meant. */
  warnings: RenderDiagnostic[];
}

export interface RenderRequest {
  replacements?: Record<string, unknown>;
  /** Unsaved source fields to render instead of the stored ones. */
  template?: { type?: TemplateType; subject?: string; body?: string };
}

/** A fixture file that did not load: the file, and the line and column when known. */
export interface FixtureProblem {
  file: string;
  line: number | null;
  column: number | null;
  message: string;
}

/** `GET /_emulator/fixtures`: where the fixtures come from and whether `--watch` follows them. */
export interface FixturesStatus {
  directory: string | null;
  watching: boolean;
  /** The last reload's problems; empty when it loaded (the last good version stays in use while not). */
  problems: FixtureProblem[];
  /** ISO 8601 of the last reload attempt, null before any. */
  reloaded_at: string | null;
}

/** A fault rule as `POST /_emulator/faults` takes it. */
export interface FaultRuleInput {
  /** HTTP method to match (default: any). */
  method?: string;
  /** Path pattern such as `/api/transactional-mails/send`; `*` matches one segment (default: any). */
  route?: string;
  /** Matches a send's to/cc/bcc, case-insensitive. */
  recipient?: string;
  status?: number;
  /** A string, or JSON. */
  body?: unknown;
  /** Values are strings or numbers (sent as written). */
  headers?: Record<string, string | number>;
  delay_ms?: number;
  /** Close the connection without an answer. */
  drop?: boolean;
  /** How many requests the rule applies to (default: unlimited). */
  times?: number;
  /** 0..1. */
  probability?: number;
  preset?: 'rate-limited' | 'server-error';
}

/** The methods a fault rule matches, as the emulator answers them (upper-case). */
export type FaultMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS';

/** A fault rule as the emulator answers it: every field, null when not set. */
export interface FaultRule {
  id: number;
  method: FaultMethod | null;
  route: string | null;
  recipient: string | null;
  status: number | null;
  body: unknown;
  headers: Record<string, string> | null;
  delay_ms: number | null;
  drop: boolean;
  times: number | null;
  probability: number | null;
  preset: 'rate-limited' | 'server-error' | null;
  /** How many more times it applies; null when unlimited. */
  remaining: number | null;
  /** How many times it has applied. */
  fired: number;
}

/** A send as `GET /api/sends/{uuid}` shows it. */
export interface Send {
  uuid: string;
  transport_message_id: string | null;
  campaign_uuid: string | null;
  automation_mail_uuid: string | null;
  transactional_mail_log_item_uuid: string | null;
  subscriber_uuid: string | null;
  sent_at: string | null;
  failed_at: string | null;
  failure_reason: string | null;
  open_count: number;
  click_count: number;
  first_opened_at: string | null;
  last_opened_at: string | null;
  first_clicked_at: string | null;
  last_clicked_at: string | null;
  created_at: string | null;
  updated_at: string | null;
}

export interface Suppression {
  uuid: string;
  email: string;
  reason: 'hard_bounce' | 'spam_complaint' | 'manual';
  created_at: string;
  updated_at: string;
}

/** A fixture file's JSON (fixtures/README.md). */
export interface FixtureFile {
  templates?: Array<Record<string, unknown>>;
  suppressions?: Array<{ email: string; reason?: Suppression['reason']; uuid?: string; created_at?: string }>;
  transactional_mails?: Array<Record<string, unknown>>;
  sends?: Array<Record<string, unknown>>;
  /** Email lists with their `subscribers`, `tags` and `segments` (fixtures/README.md "email_lists"). */
  email_lists?: EmailListFixture[];
  campaign_templates?: Array<{ name: string; html?: string; structured_html?: string | null; uuid?: string; created_at?: string }>;
}

/** One entry of a fixture file's `email_lists` (the fields of EmailList that can be set, and what the list holds). */
export interface EmailListFixture extends Partial<Omit<EmailList, 'uuid' | 'active_subscribers_count' | 'created_at' | 'updated_at'>> {
  name: string;
  default_from_email: string;
  uuid?: string;
  created_at?: string;
  extra_attributes?: Record<string, unknown>;
  subscribers?: Array<{
    email: string;
    first_name?: string | null;
    last_name?: string | null;
    extra_attributes?: Record<string, unknown>;
    /** Tag names. */
    tags?: string[];
    /** Default `subscribed`. */
    status?: SubscriberStatus;
    subscribed_at?: string;
    unsubscribed_at?: string;
    uuid?: string;
    created_at?: string;
  }>;
  tags?: Array<{ name: string; type?: 'default' | 'mailcoach'; visible_in_preferences?: boolean; uuid?: string; created_at?: string }>;
  segments?: Array<{
    name: string;
    positive_tags?: string[];
    negative_tags?: string[];
    all_positive_tags_required?: boolean;
    all_negative_tags_required?: boolean;
    uuid?: string;
    created_at?: string;
  }>;
}

export interface SeedCounts {
  templates: number;
  suppressions: number;
  transactional_mails: number;
  sends: number;
  email_lists: number;
  /** Of every list of the document. */
  subscribers: number;
  campaign_templates: number;
  automations: number;
  campaigns: number;
}

/** An email list as the Mailcoach API answers it (EmailListResource, mailcoach-audience-campaigns.md §1.2). */
export interface EmailList {
  uuid: string;
  name: string;
  /** Subscribed and not unsubscribed. */
  active_subscribers_count: number;
  campaigns_feed_enabled: boolean;
  default_from_email: string;
  default_from_name: string | null;
  /** One address, or several separated by commas. */
  default_reply_to_email: string | null;
  default_reply_to_name: string | null;
  allow_form_subscriptions: boolean;
  honeypot_field: string | null;
  redirect_after_subscribed: string | null;
  redirect_after_already_subscribed: string | null;
  redirect_after_subscription_pending: string | null;
  redirect_after_unsubscribed: string | null;
  /** Double opt-in: a new subscriber stays unconfirmed until the link of the confirmation mail is followed. */
  requires_confirmation: boolean;
  confirmation_mailable_class: string | null;
  campaign_mailer: string | null;
  automation_mailer: string | null;
  transactional_mailer: string | null;
  report_recipients: string | null;
  report_campaign_sent: boolean;
  report_campaign_summary: boolean;
  report_email_list_summary: boolean;
  email_list_summary_sent_at: string | null;
  created_at: string;
  updated_at: string;
}

/**
 * The fields `POST /api/email-lists` takes (name and default_from_email required). The API's update is a full
 * replace: an omitted flag goes back to false.
 */
export interface EmailListInput {
  name: string;
  default_from_email: string;
  default_from_name?: string;
  default_reply_to_email?: string;
  default_reply_to_name?: string;
  requires_confirmation?: boolean;
  allow_form_subscriptions?: boolean;
  campaigns_feed_enabled?: boolean;
  redirect_after_subscribed?: string;
  redirect_after_already_subscribed?: string;
  redirect_after_subscription_pending?: string;
  redirect_after_unsubscribed?: string;
  campaign_mailer?: string;
  automation_mailer?: string;
  transactional_mailer?: string;
  report_recipients?: string;
  report_campaign_sent?: boolean;
  report_campaign_summary?: boolean;
  report_email_list_summary?: boolean;
  extra_attributes?: Record<string, unknown>;
}

/** Derived from the timestamps: `unsubscribed_at` set, else `subscribed_at` set, else unconfirmed (§2.1). */
export type SubscriberStatus = 'subscribed' | 'unconfirmed' | 'unsubscribed';

/** A subscriber as the Mailcoach API answers it (SubscriberResource, §2.2). */
export interface Subscriber {
  uuid: string;
  email_list_uuid: string;
  /** Lower-cased. */
  email: string;
  first_name: string | null;
  last_name: string | null;
  /** `{}` when none. */
  extra_attributes: Record<string, unknown>;
  /** Tag names. */
  tags: string[];
  subscribed_at: string | null;
  unsubscribed_at: string | null;
  created_at: string;
  updated_at: string;
}

/**
 * `POST /api/email-lists/{uuid}/subscribers`, an upsert by email. On a double opt-in list the subscriber stays
 * unconfirmed and the confirmation mail is captured, unless `skip_confirmation`.
 */
export interface SubscribeInput {
  email: string;
  first_name?: string;
  last_name?: string;
  extra_attributes?: Record<string, unknown>;
  /** Replaces the subscriber's tags when given. */
  tags?: string[];
  skip_confirmation?: boolean;
}

/** A subscriber's status, as Mailcoach derives it. */
export function subscriberStatus(subscriber: Pick<Subscriber, 'subscribed_at' | 'unsubscribed_at'>): SubscriberStatus {
  if (subscriber.unsubscribed_at !== null) return 'unsubscribed';
  return subscriber.subscribed_at !== null ? 'subscribed' : 'unconfirmed';
}

/** The double opt-in mail's subject starts so (mailcoach-audience-campaigns.md §2.10). */
const CONFIRMATION_SUBJECT = 'Confirm your subscription';

/** The body of `POST /api/transactional-mails/send`. */
export interface TransactionalMailRequest {
  /** A template's name; or give `subject` and `html`/`text`. */
  mail_name?: string;
  subject?: string;
  html?: string;
  text?: string;
  from: string;
  /** One address or several, comma-separated. */
  to: string;
  cc?: string;
  bcc?: string;
  reply_to?: string;
  replacements?: Record<string, unknown>;
  attachments?: Array<{ name: string; content: string; content_type: string; content_id?: string | null }>;
  mailer?: string;
  store?: boolean;
  fake?: boolean;
}

// ---- Search queries ----------------------------------------------------------------------------------------

/** What to look for, turned into a search query (README "Search") by buildQuery. Every field must match. */
export interface MessageFilter {
  /** A recipient in To (address or name, word prefix). */
  to?: string;
  from?: string;
  cc?: string;
  bcc?: string;
  subject?: string;
  /** The template name (`template:`, or `mail:`). */
  template?: string;
  /** A phrase anywhere in the subject, text or addresses. */
  contains?: string;
  hasAttachment?: boolean;
  /** A raw search query, ANDed with the fields above, e.g. `-from:noreply@example.com`. */
  query?: string;
}

/** A value that can stand bare after a filter: no whitespace, no double quote, and no leading `-` or `"`. */
const BARE_VALUE = /^[^\s"-][^\s"]*$/u;

/**
 * Quotes one search value when it needs it: a value with whitespace, a double quote or a leading `-` becomes
 * `"..."`. The search syntax has no escapes inside quotes, and a double quote is never part of a searched word
 * (the index splits on punctuation), so each `"` becomes a space, which matches the same messages. Throws on an
 * empty value, which would otherwise match everything.
 */
export function quoteValue(value: string): string {
  if (value === '') throw new TypeError('a search value must not be empty');
  if (BARE_VALUE.test(value)) return value;
  return quotePhrase(value);
}

function quotePhrase(value: string): string {
  return `"${value.replace(/"/g, ' ')}"`;
}

/** Builds the `query` string for a filter: `to:alice@example.com subject:"Reset your password"`. */
export function buildQuery(filter: MessageFilter = {}): string {
  const terms: string[] = [];
  const field = (name: string, value: string | undefined) => {
    if (value !== undefined) terms.push(`${name}:${quoteValue(checked(name, value))}`);
  };
  field('to', filter.to);
  field('from', filter.from);
  field('cc', filter.cc);
  field('bcc', filter.bcc);
  field('subject', filter.subject);
  field('template', filter.template);
  if (filter.contains !== undefined) {
    terms.push(quotePhrase(checked('contains', filter.contains)));
  }
  if (filter.hasAttachment === true) terms.push('has:attachment');
  if (filter.hasAttachment === false) terms.push('-has:attachment');
  if (filter.query !== undefined && filter.query.trim() !== '') terms.push(filter.query.trim());
  return terms.join(' ');
}

function checked(name: string, value: string): string {
  if (typeof value !== 'string') throw new TypeError(`${name} must be a string`);
  if (value.trim() === '') throw new TypeError(`${name} must not be empty`);
  return value;
}

// ---- Errors ------------------------------------------------------------------------------------------------

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

// ---- The client --------------------------------------------------------------------------------------------

export interface ClientOptions {
  /** The emulator's base URL, e.g. `http://127.0.0.1:8088` (no `/api`, no `/_emulator`). */
  url: string;
  /** The token whose workspace the client works in; without one, the default workspace. */
  token?: string | null;
  /** A fetch to use instead of the global one. */
  fetch?: typeof fetch;
}

/** The client's wait (see WaitOptions.timeoutMs); the emulator's own default, for raw HTTP, is 5000 ms. */
export const DEFAULT_WAIT_MS = 4_000;

export interface WaitOptions extends MessageFilter {
  /** Only messages captured after this instant or after the message with this uuid. */
  after?: string | Date;
  /**
   * How long the emulator waits before answering 408: 0 to 120000 ms. Default 4000: under the 5 s default test
   * timeout of Vitest and Jest, so that a missing mail fails the test with WaitForMessageTimeoutError (what did
   * match, the newest mail) rather than the runner's bare timeout.
   */
  timeoutMs?: number;
}

export interface PageOptions {
  page?: number;
  perPage?: number;
}

export interface MailcoachResponse<T = unknown> {
  status: number;
  headers: Headers;
  /** The parsed JSON, the text when the answer is not JSON, or null when empty. */
  body: T;
}

export type EmulatorClient = ReturnType<typeof createClient>;

export function createClient(options: ClientOptions) {
  const base = options.url.replace(/\/+$/, '');
  const token = options.token ?? null;
  const doFetch = options.fetch ?? globalThis.fetch;

  const headers = (extra: Record<string, string> = {}): Record<string, string> => ({
    accept: 'application/json',
    ...(token === null ? {} : { authorization: `Bearer ${token}` }),
    ...extra,
  });

  async function call(method: string, path: string, init: { query?: Record<string, unknown>; json?: unknown } = {}): Promise<Response> {
    const url = `${base}/_emulator${path}${queryString(init.query)}`;
    const response = await doFetch(url, {
      method,
      headers: headers(init.json === undefined ? {} : { 'content-type': 'application/json' }),
      ...(init.json === undefined ? {} : { body: JSON.stringify(init.json) }),
    });
    return response;
  }

  async function json<T>(method: string, path: string, init: { query?: Record<string, unknown>; json?: unknown } = {}): Promise<T> {
    const response = await call(method, path, init);
    const body = await readBody(response);
    if (!response.ok) throw new EmulatorApiError(method, path, response.status, body);
    return body as T;
  }

  async function ok(response: Response, method: string, path: string): Promise<Response> {
    if (!response.ok) throw new EmulatorApiError(method, path, response.status, await readBody(response));
    return response;
  }

  const messages = (query: string | MessageFilter = '', page: PageOptions = {}): Promise<MessagePage> =>
    json('GET', '/messages', {
      query: { query: typeof query === 'string' ? query : buildQuery(query), page: page.page, per_page: page.perPage },
    });

  const message = (uuid: string): Promise<Message> => json('GET', `/messages/${encodeURIComponent(uuid)}`);

  async function waitFor(count: number, wait: WaitOptions): Promise<MessageSummary[]> {
    if (!Number.isInteger(count) || count < 1) throw new TypeError('count must be a whole number of at least 1');
    const query = buildQuery(wait);
    const after = wait.after instanceof Date ? wait.after.toISOString() : wait.after;
    const timeoutMs = wait.timeoutMs ?? DEFAULT_WAIT_MS;
    const response = await call('GET', '/wait-for', { query: { query, count, timeout_ms: timeoutMs, after } });
    const body = (await readBody(response)) as { data?: MessageSummary[] } | null;
    if (response.status === 408) {
      const recent = await messages('', { perPage: 5 }).then((page) => page.data, () => []);
      throw new WaitForMessageTimeoutError(query, count, timeoutMs, body?.data ?? [], recent);
    }
    if (!response.ok) throw new EmulatorApiError('GET', '/wait-for', response.status, body);
    return body?.data ?? [];
  }

  async function mailcoachRequest<T = unknown>(method: string, path: string, body?: unknown): Promise<MailcoachResponse<T>> {
    const response = await doFetch(`${base}/api${path.startsWith('/') ? path : `/${path}`}`, {
      method,
      headers: headers(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, headers: response.headers, body: (await readBody(response)) as T };
  }

  async function mailcoachOk<T>(method: string, path: string, body?: unknown): Promise<MailcoachResponse<T>> {
    const response = await mailcoachRequest<T>(method, path, body);
    if (response.status >= 300) throw new MailcoachApiError(method, path, response.status, response.body);
    return response;
  }

  const clockCall = (body: Record<string, unknown>): Promise<ClockState> => json('POST', '/clock', { json: body });

  const resourceUrl = (path: string) => `${base}/_emulator${path}${queryString({ token })}`;

  function subscribe(onEvent: (event: EmulatorEvent) => void, { onOpen, onError, retryMs = 1_000 }: SubscribeOptions) {
    const controller = new AbortController();
    const follow = async () => {
      while (!controller.signal.aborted) {
        try {
          const response = await doFetch(`${base}/_emulator/events`, { headers: headers({ accept: 'text/event-stream' }), signal: controller.signal });
          if (!response.ok || response.body === null) throw new EmulatorApiError('GET', '/events', response.status, await readBody(response));
          await readEventStream(response.body, ({ event, data }) => onEvent({ type: event, ...(data as object) } as EmulatorEvent), () => onOpen?.());
        } catch (error) {
          if (controller.signal.aborted) return;
          onError?.(error);
        }
        await new Promise((resolve) => setTimeout(resolve, retryMs));
      }
    };
    void follow();
    return { close: () => controller.abort() };
  }

  return {
    /** The emulator's base URL. */
    url: base,
    /** The Mailcoach API base URL (`<url>/api`), what an app under test is configured with. */
    apiUrl: `${base}/api`,
    token,

    /** The same client for another token, i.e. (with `--isolate`) another workspace. */
    withToken: (other: string | null) => createClient({ ...options, token: other }),

    /** Captured messages, newest first; `query` is a search string or a filter. */
    messages,
    /** One captured message with its parts, headers, links and codes. */
    message,
    /** Marks a message read (the web inbox does when it is opened) or unread; answers its summary. */
    setRead: (uuid: string, read: boolean): Promise<MessageSummary> =>
      json('PATCH', `/messages/${encodeURIComponent(uuid)}`, { json: { read } }),
    /**
     * URLs of a message's parts, for places that cannot send headers (a frame, a download link): the token goes in
     * the query string.
     */
    urls: {
      html: (uuid: string) => resourceUrl(`/messages/${encodeURIComponent(uuid)}/html`),
      raw: (uuid: string) => resourceUrl(`/messages/${encodeURIComponent(uuid)}/raw`),
      attachment: (uuid: string, index: number) => resourceUrl(`/messages/${encodeURIComponent(uuid)}/attachments/${index}`),
    },
    /** The emulator's settings (isolation, accepted tokens). */
    settings: (): Promise<EmulatorSettings> => json('GET', '/settings'),
    /**
     * Follows `GET /_emulator/events` until closed, reconnecting after a break (call onOpen's refetch then). Works
     * in Node 20+ and browsers (fetch streaming, the token as a header).
     */
    subscribe: (onEvent: (event: EmulatorEvent) => void, subscribeOptions: SubscribeOptions = {}): { close(): void } =>
      subscribe(onEvent, subscribeOptions),
    /** The raw `.eml` as text. */
    raw: async (uuid: string): Promise<string> => {
      const path = `/messages/${encodeURIComponent(uuid)}/raw`;
      return (await ok(await call('GET', path), 'GET', path)).text();
    },
    /** The raw `.eml`, byte for byte. */
    rawBytes: async (uuid: string): Promise<Uint8Array> => {
      const path = `/messages/${encodeURIComponent(uuid)}/raw`;
      return new Uint8Array(await (await ok(await call('GET', path), 'GET', path)).arrayBuffer());
    },
    /** One attachment's bytes and type. */
    attachment: async (uuid: string, index: number): Promise<{ contentType: string; bytes: Uint8Array }> => {
      const path = `/messages/${encodeURIComponent(uuid)}/attachments/${index}`;
      const response = await ok(await call('GET', path), 'GET', path);
      return { contentType: response.headers.get('content-type') ?? '', bytes: new Uint8Array(await response.arrayBuffer()) };
    },
    deleteMessage: async (uuid: string): Promise<void> => {
      const path = `/messages/${encodeURIComponent(uuid)}`;
      await ok(await call('DELETE', path), 'DELETE', path);
    },
    /** Deletes every message matching `query` (every message of the workspace without one); answers how many. */
    deleteMessages: async (query: string | MessageFilter = ''): Promise<number> => {
      const text = typeof query === 'string' ? query : buildQuery(query);
      const body = await json<{ deleted: number }>('DELETE', '/messages', { query: { query: text === '' ? undefined : text } });
      return body.deleted;
    },

    /**
     * Waits (server-side, no polling) until a message matches and answers it in full. With several matches, the
     * newest. Throws WaitForMessageTimeoutError, listing what matched and the newest messages, at the timeout.
     */
    waitForMessage: async (wait: WaitOptions = {}): Promise<Message> => {
      const [newest] = await waitFor(1, wait);
      if (newest === undefined) throw new EmulatorApiError('GET', '/wait-for', 200, 'no message in the answer');
      return message(newest.uuid);
    },
    /** Waits until `count` messages match; answers them in full, oldest first. */
    waitForMessages: async (count: number, wait: WaitOptions = {}): Promise<Message[]> => {
      const summaries = await waitFor(count, wait);
      return Promise.all(summaries.slice(0, count).reverse().map((summary) => message(summary.uuid)));
    },

    /** Deletes the workspace's data (mail, sends, log, suppressions, templates) and seeds its fixtures again. */
    reset: async (): Promise<void> => {
      await ok(await call('POST', '/reset'), 'POST', '/reset');
    },
    /** Seeds a fixture file's JSON into the workspace. */
    seed: (fixture: FixtureFile): Promise<SeedCounts> => json('POST', '/seed', { json: fixture }),

    faults: {
      add: (rule: FaultRuleInput): Promise<FaultRule> => json('POST', '/faults', { json: rule }),
      list: async (): Promise<FaultRule[]> => (await json<{ data: FaultRule[] }>('GET', '/faults')).data,
      remove: async (id: number): Promise<void> => {
        const path = `/faults/${id}`;
        await ok(await call('DELETE', path), 'DELETE', path);
      },
      clear: async (): Promise<void> => {
        await ok(await call('DELETE', '/faults'), 'DELETE', '/faults');
      },
    },

    simulate: {
      open: async (sendUuid: string): Promise<Send> =>
        (await json<{ data: Send }>('POST', '/simulate/open', { json: { send_uuid: sendUuid } })).data,
      click: async (sendUuid: string): Promise<Send> =>
        (await json<{ data: Send }>('POST', '/simulate/click', { json: { send_uuid: sendUuid } })).data,
      /** A hard bounce: the address gets a `hard_bounce` suppression. */
      bounce: (target: string | { send_uuid: string }) => simulateSuppression('/simulate/bounce', target),
      softBounce: (target: string | { send_uuid: string }) => simulateSuppression('/simulate/soft-bounce', target),
      /** A spam complaint: the address gets a `spam_complaint` suppression. */
      complaint: (target: string | { send_uuid: string }) => simulateSuppression('/simulate/complaint', target),
    },

    clock: {
      get: (): Promise<ClockState> => json('GET', '/clock'),
      now: async (): Promise<Date> => new Date((await json<ClockState>('GET', '/clock')).now),
      /** Stops the clock, now or at the given instant (a Date, or an ISO 8601 date-time string). */
      freeze: (at?: Date | string): Promise<ClockState> =>
        clockCall({ freeze: at === undefined ? true : at instanceof Date ? at.toISOString() : at }),
      advance: (ms: number): Promise<ClockState> => clockCall({ advance_ms: ms }),
      resume: (): Promise<ClockState> => clockCall({ resume: true }),
    },

    /** Transactional mail templates of the workspace, as the studio edits them (the Mailcoach API only reads them). */
    templates: {
      list: async (): Promise<StudioTemplate[]> => (await json<{ data: StudioTemplate[] }>('GET', '/templates')).data,
      /** By name, or uuid. */
      get: (nameOrUuid: string): Promise<StudioTemplate> => json('GET', `/templates/${encodeURIComponent(nameOrUuid)}`),
      create: (input: TemplateInput & { name: string; type: TemplateType }): Promise<StudioTemplate> =>
        json('POST', '/templates', { json: input }),
      update: (nameOrUuid: string, input: TemplateInput): Promise<StudioTemplate> =>
        json('PATCH', `/templates/${encodeURIComponent(nameOrUuid)}`, { json: input }),
      remove: async (nameOrUuid: string): Promise<void> => {
        const path = `/templates/${encodeURIComponent(nameOrUuid)}`;
        await ok(await call('DELETE', path), 'DELETE', path);
      },
      /** Renders as a send with these replacements would; a template with errors still answers (see `errors`). */
      render: (nameOrUuid: string, request: RenderRequest = {}): Promise<TemplateRender> =>
        json('POST', `/templates/${encodeURIComponent(nameOrUuid)}/render`, { json: request }),
    },
    /** Where the fixtures come from, whether `--watch` follows them, and the last reload's problems. */
    fixtures: (): Promise<FixturesStatus> => json('GET', '/fixtures'),
    /** Adds a manual suppression as POST /api/suppressions does (201 new, 200 already there), without an API token. */
    addSuppression: (email: string): Promise<Suppression & { origin: SuppressionOrigin | null }> => json('POST', '/suppressions', { json: { email } }),
    /** Deletes a suppression (by uuid or email) under the API's spam-complaint rule (a 403 EmulatorApiError). */
    deleteSuppression: async (uuidOrEmail: string): Promise<void> => {
      const path = `/suppressions/${encodeURIComponent(uuidOrEmail)}`;
      await ok(await call('DELETE', path), 'DELETE', path);
    },
    /** The transactional mail log (GET /api/transactional-mails's answer), each item with its message and Send. */
    logItems: (query: LogItemQuery = {}): Promise<MailcoachPage<LogItemWithLinks>> =>
      json('GET', '/log-items', { query: { 'filter[search]': query.search, 'filter[transport_message_id]': query.transportMessageId, sort: query.sort, page: query.page } }),
    logItem: async (uuid: string): Promise<LogItemWithLinks> => (await json<{ data: LogItemWithLinks }>('GET', `/log-items/${encodeURIComponent(uuid)}`)).data,
    /** Resends a log item (a fresh copy is captured); answers the copy's message uuid, null for a fake log item. */
    resendLogItem: async (uuid: string): Promise<string | null> =>
      (await json<{ message_uuid: string | null }>('POST', `/log-items/${encodeURIComponent(uuid)}/resend`)).message_uuid,
    /** The Mailcoach sends list (same filters, sort and pages), each send with its state and simulated feedback. */
    sends: (query: SendQuery = {}): Promise<MailcoachPage<SendWithState> & { meta: { links: MailcoachPageLink[] } }> =>
      json('GET', '/sends', {
        query: {
          'filter[campaign_uuid]': query.campaignUuid,
          'filter[automation_mail_uuid]': query.automationMailUuid,
          'filter[transactional_mail_log_item_uuid]': query.logItemUuid,
          'filter[subscriber_uuid]': query.subscriberUuid,
          sort: query.sort,
          page: query.page,
        },
      }),
    /** The Mailcoach suppressions list (same filters, sort and pages), each row with why the emulator holds it. */
    suppressions: (query: SuppressionQuery = {}): Promise<MailcoachPage<Suppression & { origin: SuppressionOrigin | null }>> =>
      json('GET', '/suppressions', {
        query: { 'filter[search]': query.search, 'filter[reason]': query.reason, sort: query.sort, page: query.page },
      }),

    /** The emulator's OpenAPI document. */
    openapi: (): Promise<Record<string, unknown>> => json('GET', '/openapi.json'),

    /** The Mailcoach API (`/api`), with the client's token and `Accept: application/json`. */
    mailcoach: {
      /** Any request; never throws on a status. */
      request: mailcoachRequest,
      /** `POST /api/transactional-mails/send`; answers the log item uuid (null when `store` is false). Throws MailcoachApiError on an error status. */
      sendTransactional: async (body: TransactionalMailRequest): Promise<{ uuid: string | null }> => {
        const response = await mailcoachOk<{ uuid?: string } | null>('POST', '/transactional-mails/send', body);
        return { uuid: response.body?.uuid ?? null };
      },
      send: async (uuid: string): Promise<Send> =>
        (await mailcoachOk<{ data: Send }>('GET', `/sends/${encodeURIComponent(uuid)}`)).body.data,
      addSuppression: async (email: string): Promise<Suppression> =>
        (await mailcoachOk<{ data: Suppression }>('POST', '/suppressions', { email })).body.data,
      /** `DELETE /api/suppressions/{uuid or email}`; throws MailcoachApiError (a 403 for a spam complaint). */
      deleteSuppression: async (uuidOrEmail: string): Promise<void> => {
        await mailcoachOk('DELETE', `/suppressions/${encodeURIComponent(uuidOrEmail)}`);
      },
      /** `POST /api/email-lists`; answers the list. Throws MailcoachApiError on an error status (a 422 names the fields). */
      createEmailList: async (input: EmailListInput): Promise<EmailList> =>
        (await mailcoachOk<{ data: EmailList }>('POST', '/email-lists', input)).body.data,
      emailList: async (uuid: string): Promise<EmailList> =>
        (await mailcoachOk<{ data: EmailList }>('GET', `/email-lists/${encodeURIComponent(uuid)}`)).body.data,
      /** Subscribes (or updates: the API upserts by email) an address; answers the subscriber. */
      subscribe: async (listUuid: string, input: SubscribeInput): Promise<Subscriber> =>
        (await mailcoachOk<{ data: Subscriber }>('POST', `/email-lists/${encodeURIComponent(listUuid)}/subscribers`, input)).body.data,
      subscriber: async (uuid: string): Promise<Subscriber> =>
        (await mailcoachOk<{ data: Subscriber }>('GET', `/subscribers/${encodeURIComponent(uuid)}`)).body.data,
      /** The list's subscriber with this address (any case), or null: what the SDK's `findByEmail` asks. */
      findSubscriber: async (listUuid: string, email: string): Promise<Subscriber | null> => {
        const path = `/email-lists/${encodeURIComponent(listUuid)}/subscribers?filter%5Bemail%5D=${encodeURIComponent(email)}`;
        return (await mailcoachOk<{ data: Subscriber[] }>('GET', path)).body.data[0] ?? null;
      },
    },

    /**
     * Waits (server-side) for the double opt-in mail to `email` and answers its confirmation link
     * (`<emulator>/confirm-subscription/<subscriber uuid>`, with `?redirect=` when the list has one); a GET of it
     * confirms the subscriber. With several such mails, the newest; `after` limits it to mail captured later.
     */
    waitForConfirmationLink: async (email: string, wait: Omit<WaitOptions, 'to' | 'subject'> = {}): Promise<string> => {
      const [newest] = await waitFor(1, { ...wait, to: email, subject: CONFIRMATION_SUBJECT });
      if (newest === undefined) throw new EmulatorApiError('GET', '/wait-for', 200, 'no message in the answer');
      const mail = await message(newest.uuid);
      const link = mail.links.find((href) => new URL(href).pathname.startsWith('/confirm-subscription/'));
      if (link === undefined) throw new Error(`The confirmation mail ${mail.uuid} to ${email} has no /confirm-subscription/ link: ${mail.links.join(', ') || 'no links'}`);
      return link;
    },
  };

  async function simulateSuppression(path: string, target: string | { send_uuid: string }): Promise<{ suppression: Suppression | null }> {
    return json('POST', path, { json: typeof target === 'string' ? { email: target } : target });
  }
}

function queryString(query: Record<string, unknown> | undefined): string {
  if (query === undefined) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, String(value));
  }
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return null;
  if ((response.headers.get('content-type') ?? '').includes('json')) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}
