/** Row types exactly as stored (snake_case columns, epoch-second timestamps, JSON kept as text). */

export const SUPPRESSION_REASONS = ['hard_bounce', 'spam_complaint', 'manual'] as const;
export type SuppressionReason = (typeof SUPPRESSION_REASONS)[number];

/**
 * Why a suppression exists, as far as the emulator knows (Mailcoach does not keep it): seeded from the fixtures or
 * POST /_emulator/seed, added through POST /api/suppressions or the web UI (POST /_emulator/suppressions), or by a
 * simulated bounce or complaint. Null for rows
 * written before the emulator kept it (migration 10).
 */
export const SUPPRESSION_ORIGINS = ['fixture', 'seed', 'api', 'emulator', 'bounce', 'complaint'] as const;
export type SuppressionOrigin = (typeof SUPPRESSION_ORIGINS)[number];

/** A subscriber's status, as Mailcoach derives it from its subscribed_at and unsubscribed_at. */
export const SUBSCRIBER_STATUSES = ['subscribed', 'unconfirmed', 'unsubscribed'] as const;

/** Feedback recorded on a send: simulated bounces and complaints, and a campaign send to a suppressed address. */
export const SEND_FEEDBACK_TYPES = ['bounce', 'soft_bounce', 'complaint', 'suppressed'] as const;

export interface SuppressionRow {
  id: number;
  workspace_id: number;
  uuid: string;
  email: string;
  reason: SuppressionReason;
  origin: SuppressionOrigin | null;
  created_at: number;
  updated_at: number;
}

export const TEMPLATE_TYPES = ['html', 'markdown', 'mjml', 'blade'] as const;
export type TemplateType = (typeof TEMPLATE_TYPES)[number];

export interface TemplateRow {
  id: number;
  workspace_id: number;
  uuid: string;
  name: string;
  label: string | null;
  type: TemplateType;
  subject: string;
  body: string;
  from_address: string | null;
  /** JSON array of address strings, or null for a template whose recipients were never saved. */
  to_json: string | null;
  cc_json: string | null;
  bcc_json: string | null;
  store_mail: 0 | 1;
  created_at: number;
  updated_at: number;
}

export interface LogItemRow {
  id: number;
  workspace_id: number;
  uuid: string;
  mail_name: string | null;
  subject: string;
  /** JSON arrays of {name, email} objects. */
  from_json: string;
  to_json: string;
  cc_json: string;
  bcc_json: string;
  /** The stored HTML, or the text of a text-only mail. */
  body: string | null;
  /** 1: body is not stored in the row but read from the captured message (migration 5); reads fill it in. */
  body_in_message: 0 | 1;
  attachments_json: string;
  mailer: string | null;
  fake: 0 | 1;
  message_id: number | null;
  created_at: number;
  updated_at: number;
}

export interface SendRow {
  id: number;
  workspace_id: number;
  uuid: string;
  transport_message_id: string | null;
  campaign_uuid: string | null;
  automation_mail_uuid: string | null;
  transactional_mail_log_item_uuid: string | null;
  subscriber_uuid: string | null;
  sent_at: number | null;
  failed_at: number | null;
  failure_reason: string | null;
  open_count: number;
  click_count: number;
  first_opened_at: number | null;
  last_opened_at: number | null;
  first_clicked_at: number | null;
  last_clicked_at: number | null;
  created_at: number;
  updated_at: number;
}

/** A row about to be inserted: the database assigns the id. */
export type NewRow<Row> = Omit<Row, 'id'>;

/** mailcoach_email_lists, as the API reads and writes it (docs/spec/mailcoach-audience-campaigns.md#11-model-mailcoach_email_lists-v8-migration-domainaudiencemodelsemaillistphp). Flags are 0/1. */
export interface EmailListRow {
  id: number;
  workspace_id: number;
  uuid: string;
  name: string;
  campaigns_feed_enabled: 0 | 1;
  default_from_email: string | null;
  default_from_name: string | null;
  default_reply_to_email: string | null;
  default_reply_to_name: string | null;
  allow_form_subscriptions: 0 | 1;
  honeypot_field: string | null;
  redirect_after_subscribed: string | null;
  redirect_after_already_subscribed: string | null;
  redirect_after_subscription_pending: string | null;
  redirect_after_unsubscribed: string | null;
  requires_confirmation: 0 | 1;
  confirmation_mailable_class: string | null;
  campaign_mailer: string | null;
  automation_mailer: string | null;
  transactional_mailer: string | null;
  report_recipients: string | null;
  report_campaign_sent: 0 | 1;
  report_campaign_summary: 0 | 1;
  report_email_list_summary: 0 | 1;
  email_list_summary_sent_at: number | null;
  /** A JSON object. */
  extra_attributes: string;
  created_at: number;
  updated_at: number;
}

/** mailcoach_subscribers (docs/spec/mailcoach-audience-campaigns.md#21-model-and-status-mailcoach_subscribers-domainaudiencemodelssubscriberphp). */
export interface SubscriberRow {
  id: number;
  workspace_id: number;
  email_list_id: number;
  uuid: string;
  email: string;
  first_name: string | null;
  last_name: string | null;
  /** A JSON object. */
  extra_attributes: string;
  subscribed_at: number | null;
  unsubscribed_at: number | null;
  created_at: number;
  updated_at: number;
}

/** One condition of a segment: v8's `subscriber_tags` condition with its operator and tag ids (docs/spec/mailcoach-audience-campaigns.md#4-segments-apiemail-listsuuidsegments). */
export interface SegmentCondition {
  operator: 'in' | 'all' | 'not-in' | 'none';
  tagIds: number[];
}

/** mailcoach_segments (docs/spec/mailcoach-audience-campaigns.md#4-segments-apiemail-listsuuidsegments). */
export interface SegmentRow {
  id: number;
  workspace_id: number;
  email_list_id: number;
  uuid: string;
  name: string;
  /** JSON: SegmentCondition[]. */
  stored_conditions: string;
  created_at: number;
  updated_at: number;
}

/** mailcoach_templates: campaign templates (docs/spec/mailcoach-audience-campaigns.md#6-campaign-templates-apitemplates), not the transactional ones. */
export interface CampaignTemplateRow {
  id: number;
  workspace_id: number;
  uuid: string;
  name: string;
  html: string;
  structured_html: string | null;
  created_at: number;
  updated_at: number;
}

const CAMPAIGN_STATUSES = ['draft', 'sending', 'paused', 'sent', 'cancelled'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

/** mailcoach_campaigns with its content item's columns (migration 14). */
export interface CampaignRow {
  id: number;
  workspace_id: number;
  uuid: string;
  name: string;
  email_list_id: number | null;
  status: CampaignStatus;
  segment_class: string;
  segment_id: number | null;
  segment_description: string;
  sent_at: number | null;
  scheduled_at: number | null;
  summary_mail_sent_at: number | null;
  disable_webview: 0 | 1;
  from_email: string | null;
  from_name: string | null;
  reply_to_email: string | null;
  reply_to_name: string | null;
  subject: string | null;
  template_id: number | null;
  html: string | null;
  structured_html: string | null;
  email_html: string | null;
  webview_html: string | null;
  utm_tags: 0 | 1;
  add_subscriber_tags: 0 | 1;
  add_subscriber_link_tags: 0 | 1;
  sent_to_number_of_subscribers: number;
  statistics_calculated_at: number | null;
  created_at: number;
  updated_at: number;
}

/** An automation as its fixture describes it (the API cannot list or create them; docs/spec/mailcoach-audience-campaigns.md#7-automations-post-apiautomationsuuidtrigger). */
export interface AutomationRow {
  id: number;
  workspace_id: number;
  uuid: string;
  name: string;
  email_list_id: number | null;
  segment_id: number | null;
  status: 'started' | 'paused';
  webhook_trigger: 0 | 1;
  repeat_enabled: 0 | 1;
  repeat_only_after_halt: 0 | 1;
  created_at: number;
  updated_at: number;
}

/** One subscriber given to POST /api/automations/{uuid}/trigger, and whether the automation would run for them. */
export interface AutomationTriggerRow {
  id: number;
  workspace_id: number;
  automation_id: number;
  subscriber_uuid: string;
  entered: 0 | 1;
  /** Why not, when not entered. */
  reason: string | null;
  created_at: number;
}

/** mailcoach_subscriber_imports (docs/spec/mailcoach-audience-campaigns.md#8-subscriber-imports-not-used-by-the-sdk-lower-priority). */
export interface SubscriberImportRow {
  id: number;
  workspace_id: number;
  uuid: string;
  email_list_id: number;
  status: 'draft' | 'pending' | 'importing' | 'completed' | 'failed';
  subscribers_csv: string | null;
  subscribe_unsubscribed: 0 | 1;
  unsubscribe_others: 0 | 1;
  replace_tags: 0 | 1;
  imported_subscribers_count: number;
  error_count: number;
  created_at: number;
  updated_at: number;
}

export const TAG_TYPES = ['default', 'mailcoach'] as const;
export type TagType = (typeof TAG_TYPES)[number];

/** mailcoach_tags (docs/spec/mailcoach-audience-campaigns.md#3-tags-apiemail-listsuuidtags). */
export interface TagRow {
  id: number;
  workspace_id: number;
  email_list_id: number;
  uuid: string;
  name: string;
  type: TagType;
  visible_in_preferences: 0 | 1;
  created_at: number;
  updated_at: number;
}

/** A webhook configuration (mailcoach_webhook_configurations, docs/spec/mailcoach-webhooks.md#11-tables-v8-databasemigrationscreate_mailcoach_tablesphp). Flags are 0/1. */
export interface WebhookConfigurationRow {
  id: number;
  workspace_id: number;
  uuid: string;
  name: string;
  url: string;
  secret: string;
  enabled: 0 | 1;
  use_for_all_lists: 0 | 1;
  /** Stored and shown, never read by the routing (docs/spec/mailcoach-webhooks.md#14-selection-algorithm-domainsettingsactionssendwebhookactionphp-domainaudiencemodelsemaillistphpwebhookconfigurations): a non-empty `events` filters. */
  use_for_all_events: 0 | 1;
  /** JSON array of list uuids (use_for_all_lists off). */
  email_list_uuids: string;
  /** JSON array of event names; empty: every event. */
  events: string;
  /** Where it came from: the fixtures, the CLI's --webhook, or the API/UI. */
  origin: 'fixture' | 'cli' | 'api';
  created_at: number;
  updated_at: number;
}

type WebhookCallStatus = 'pending' | 'succeeded' | 'failed';

/** One event delivered to one configuration, with the bytes sent on every attempt (decisions.md "Webhooks"). */
export interface WebhookCallRow {
  id: number;
  workspace_id: number;
  /** v8's webhook_call_uuid: shared by the call's attempts and its resends. */
  uuid: string;
  configuration_id: number;
  event: string;
  /** The configuration's URL when the event fired: its retries go there (v8 queues the URL with the job, docs/spec/mailcoach-webhooks.md#21-request-line-headers-body-ws-webhookcallphp-callwebhookjobphp-configwebhook-serverphp-gz). */
  url: string;
  body: string;
  signature: string;
  status: WebhookCallStatus;
  attempts: number;
  /** When the next attempt is due, on the emulator's clock (epoch ms); null once succeeded or failed. */
  next_attempt_at_ms: number | null;
  email_list_uuid: string | null;
  subscriber_uuid: string | null;
  email: string | null;
  send_uuid: string | null;
  campaign_uuid: string | null;
  created_at_ms: number;
  updated_at_ms: number;
}

/** One HTTP attempt of a call (v8's mailcoach_webhook_logs row, docs/spec/mailcoach-webhooks.md#27-the-log-mailcoach_webhook_logs-domainsettingseventsubscriberswebhooklogeventsubscriberphp-modelswebhooklogphp-v7-test-webhooklogeventsubscribertestphp). */
export interface WebhookAttemptRow {
  id: number;
  workspace_id: number;
  uuid: string;
  call_id: number;
  /** 1-5; null for a manual resend. */
  attempt: number | null;
  url: string;
  /** What a resend sent (re-encoded, signed with the current secret); null: the call's body and signature. */
  body: string | null;
  signature: string | null;
  /** Null when no response came (connection error, timeout, too many redirects). */
  status_code: number | null;
  /** The response body's first bytes, as text. */
  response: string;
  /** Why no response came, or why a response did not count. */
  error: string | null;
  duration_ms: number;
  created_at_ms: number;
}
