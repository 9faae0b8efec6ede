/**
 * Mailcoach's outgoing webhooks as the emulator's own API shows them (`/_emulator/webhooks`, `/_emulator/webhook-calls`,
 * `/_emulator/webhook-sink/{name}`; mailcoach-webhooks.md, decisions.md "Webhooks"): the configurations, each call
 * (one per event and configuration) with the request exactly as sent and every attempt, and the built-in sink.
 */

/** The eleven event names, as a call's `event` (the body's last key) and a configuration's `events` hold them. */
export const WEBHOOK_EVENT_NAMES = [
  'SubscribedEvent',
  'ResubscribedEvent',
  'UnconfirmedSubscriberCreatedEvent',
  'UnsubscribedEvent',
  'TagAddedEvent',
  'TagRemovedEvent',
  'CampaignSentEvent',
  'ContentOpenedEvent',
  'LinkClickedEvent',
  'BounceRegisteredEvent',
  'SoftBounceRegisteredEvent',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENT_NAMES)[number];

/** Mailcoach's labels of the events (its edit form's checkboxes, docs/spec/mailcoach-webhooks.md#30-overview-domainsettingsenumswebhookeventtypesphp-domainsettingseventsubscriberswebhookeventsubscriberphp). */
export const WEBHOOK_EVENT_LABELS: Record<WebhookEvent, string> = {
  SubscribedEvent: 'Subscribed',
  ResubscribedEvent: 'Subscriber resubscribed',
  UnconfirmedSubscriberCreatedEvent: 'Unconfirmed subscriber created',
  UnsubscribedEvent: 'Unsubscribed',
  TagAddedEvent: 'Tag added',
  TagRemovedEvent: 'Tag removed',
  CampaignSentEvent: 'Campaign sent',
  ContentOpenedEvent: 'Email opened',
  LinkClickedEvent: 'Link clicked',
  BounceRegisteredEvent: 'Bounced',
  SoftBounceRegisteredEvent: 'Soft bounced',
};

/** A webhook configuration (Mailcoach's fields, docs/spec/mailcoach-webhooks.md#11-tables-v8-databasemigrationscreate_mailcoach_tablesphp) and where it came from. */
export interface WebhookConfiguration {
  uuid: string;
  name: string;
  url: string;
  /** The Signature's HMAC key, in clear (as Mailcoach uses it). */
  secret: string;
  enabled: boolean;
  use_for_all_lists: boolean;
  /** List uuids; only read when `use_for_all_lists` is false. */
  email_lists: string[];
  /** Stored and shown; as in Mailcoach only `events` filters: empty means every event. */
  use_for_all_events: boolean;
  events: WebhookEvent[];
  /** The fixtures, the CLI's --webhook, or the API (and so the web UI). */
  origin: 'fixture' | 'cli' | 'api';
  created_at: string;
  updated_at: string;
}

/**
 * What POST /_emulator/webhooks (create: name and url required, the rest Mailcoach's defaults: enabled, all lists,
 * all events, a random 16-character secret) and PUT/PATCH (only the fields given change) take.
 */
export interface WebhookConfigurationInput {
  name?: string;
  /** http:// or https:// (a local app is fine). */
  url?: string;
  secret?: string;
  enabled?: boolean;
  use_for_all_lists?: boolean;
  /** Required (non-empty) when `use_for_all_lists` is false; each an existing list of the workspace. */
  email_lists?: string[];
  use_for_all_events?: boolean;
  events?: WebhookEvent[];
}

/** `pending`: not tried yet, or failed with a retry due; `succeeded`: a 2xx; `failed`: every try failed. */
export type WebhookCallStatus = 'pending' | 'succeeded' | 'failed';

/** The headers Mailcoach's Guzzle sends besides Host and Content-Length. */
export interface WebhookRequestHeaders {
  'Content-Type': 'application/json';
  /** Lower-case hex HMAC-SHA256 of the exact body with the configuration's secret. */
  Signature: string;
  'User-Agent': 'GuzzleHttp/7';
}

/** One try of a call (a row of v8's webhook log, docs/spec/mailcoach-webhooks.md#27-the-log-mailcoach_webhook_logs-domainsettingseventsubscriberswebhooklogeventsubscriberphp-modelswebhooklogphp-v7-test-webhooklogeventsubscribertestphp). */
export interface WebhookAttempt {
  uuid: string;
  /** 1-5; null for a manual resend ("Manual"). */
  attempt: number | null;
  manual: boolean;
  url: string;
  /** Null when no response came (connection error, timeout, too many redirects). */
  status_code: number | null;
  /** A 2xx. */
  succeeded: boolean;
  /** The response body's first 64 KiB, as text; '' without one. */
  response: string;
  /** Why no response came, or why this one did not count; null on a 2xx. */
  error: string | null;
  duration_ms: number;
  /** What a resend sent (the payload re-encoded as v8 does, signed with the current secret); null: the call's request. */
  request: { headers: WebhookRequestHeaders; body: string } | null;
  created_at: string;
}

/** One webhook call: an event for one configuration, its request as sent, and its attempts. */
export interface WebhookCall {
  /** v8's webhook_call_uuid: shared by its retries and resends. */
  uuid: string;
  event: WebhookEvent;
  status: WebhookCallStatus;
  /** Automatic tries made so far (resends not counted). */
  attempts: number;
  /** When the next try is due, on the emulator's clock; null once succeeded or failed. */
  next_attempt_at: string | null;
  /** Null once the configuration is gone. */
  configuration: { uuid: string; name: string } | null;
  email_list_uuid: string | null;
  subscriber_uuid: string | null;
  email: string | null;
  send_uuid: string | null;
  campaign_uuid: string | null;
  request: { method: 'POST'; url: string; headers: WebhookRequestHeaders; body: string };
  /** Oldest first. */
  attempts_log: WebhookAttempt[];
  created_at: string;
  updated_at: string;
}

/** The filters of GET /_emulator/webhook-calls (and waitForWebhook's). */
export interface WebhookCallFilter {
  event?: WebhookEvent;
  /** The subscriber's address, exactly, in any case. */
  email?: string;
  subscriberUuid?: string;
  sendUuid?: string;
  campaignUuid?: string;
  /** A configuration's uuid. */
  configuration?: string;
  status?: WebhookCallStatus;
}

/** A page of calls, newest first. */
export interface WebhookCallPage {
  data: WebhookCall[];
  meta: { page: number; per_page: number; total: number };
}

/** A request the sink (`/_emulator/webhook-sink/{name}`) received. */
export interface WebhookSinkRequest {
  received_at: string;
  method: string;
  url: string;
  /** Lower-cased names. */
  headers: Record<string, string>;
  body: string;
}

/** An email list as the UI picks it (GET /_emulator/email-lists). */
export interface EmailListChoice {
  uuid: string;
  name: string;
  active_subscribers_count: number;
}
