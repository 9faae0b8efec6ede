/** The emulator's controls: settings, the clock, the event stream, fault rules, fixtures and seeding. */

import type { EmailList, SubscriberStatus } from './audience.js';
import type { MessageSummary } from './messages.js';
import type { Suppression } from './records.js';

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
  /** A campaign was created, changed, scheduled or deleted through /api. */
  | { type: 'campaigns.changed' }
  /** An automation was triggered (its triggers recorded). */
  | { type: 'automations.changed' }
  /** Transactional mail log items were created (a stored send, a seed); `uuids` null: any. */
  | { type: 'log.changed'; uuids: string[] | null }
  /** Fault rules were added, removed, or fired (their counts changed). */
  | { type: 'faults.changed' }
  /** Webhook configurations were created, changed or deleted. */
  | { type: 'webhooks.changed' }
  /** Webhook calls were queued, tried or resent; `uuids` null: any (a reset, a deleted configuration). */
  | { type: 'webhook-calls.changed'; uuids: string[] | null }
  /** Lists, subscribers, tags, segments or imports changed (a Mailcoach event about a subscriber too); uuids: the subscribers, null: any. */
  | { type: 'audience.changed'; uuids: string[] | null }
  /** The clock was frozen, advanced or resumed. */
  | { type: 'clock.changed'; now: string; frozen: boolean };

/** The emulator's settings that a client (the web UI) needs to know. */
/** Where apps send mail over SMTP (README "SMTP"); ports are null when off. */
interface SmtpSettings {
  port: number | null;
  smtps_port: number | null;
  /** STARTTLS is offered on `port` (--smtp-starttls). */
  starttls: boolean;
  /** AUTH with an accepted API token as the password is required (bound beyond loopback). */
  auth_required: boolean;
}

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
  /** The URLs --webhook calls with every event of every list (each workspace has a configuration per URL). */
  webhooks: string[];
  /** How failed webhook calls are tried again (--webhook-retries). */
  webhook_retries: 'mailcoach' | 'fast' | 'off';
  /** The SMTP intake: where it listens and what it asks of clients. */
  smtp: SmtpSettings;
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
  /** Makes it an SMTP rule answering this command, with `reply` (and none of the HTTP fields). */
  smtp?: FaultSmtpCommand;
  /** SMTP rules: matches MAIL FROM, case-insensitive; `*` matches any characters. */
  sender?: string;
  /** SMTP rules: the reply, 4xx or 5xx; without a message, a standard one. */
  reply?: { code: number; message?: string };
}

/**
 * The SMTP commands a fault rule answers: MAIL, RCPT (that recipient only), DATA (after the final dot), AUTH (before
 * the credentials are judged).
 */
export type FaultSmtpCommand = 'MAIL' | 'RCPT' | 'DATA' | 'AUTH';

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
  smtp: FaultSmtpCommand | null;
  sender: string | null;
  reply: { code: number; message: string } | null;
  /** How many more times it applies; null when unlimited. */
  remaining: number | null;
  /** How many times it has applied. */
  fired: number;
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

/** A fixture file's JSON (fixtures/README.md). */
export interface FixtureFile {
  templates?: Array<Record<string, unknown>>;
  suppressions?: Array<{ email: string; reason?: Suppression['reason']; uuid?: string; created_at?: string }>;
  transactional_mails?: Array<Record<string, unknown>>;
  sends?: Array<Record<string, unknown>>;
  /** Email lists with their `subscribers`, `tags` and `segments` (fixtures/README.md "email_lists"). */
  email_lists?: EmailListFixture[];
  campaign_templates?: Array<{
    name: string;
    html?: string;
    structured_html?: string | null;
    uuid?: string;
    created_at?: string;
  }>;
}

/** One entry of a fixture file's `email_lists` (the fields of EmailList that can be set, and what the list holds). */
export interface EmailListFixture
  extends Partial<Omit<EmailList, 'uuid' | 'active_subscribers_count' | 'created_at' | 'updated_at'>> {
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
  tags?: Array<{
    name: string;
    type?: 'default' | 'mailcoach';
    visible_in_preferences?: boolean;
    uuid?: string;
    created_at?: string;
  }>;
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
  webhooks: number;
}
