/** Email lists and subscribers as the Mailcoach API answers and takes them (docs/spec/mailcoach-audience-campaigns.md#1-email-lists to docs/spec/mailcoach-audience-campaigns.md#2-subscribers). */

/** An email list as the Mailcoach API answers it (EmailListResource, docs/spec/mailcoach-audience-campaigns.md#12-resource-emaillistresource-keys-in-order). */
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

/** Derived from the timestamps: `unsubscribed_at` set, else `subscribed_at` set, else unconfirmed (docs/spec/mailcoach-audience-campaigns.md#21-model-and-status-mailcoach_subscribers-domainaudiencemodelssubscriberphp). */
export type SubscriberStatus = 'subscribed' | 'unconfirmed' | 'unsubscribed';

/** A subscriber as the Mailcoach API answers it (SubscriberResource, docs/spec/mailcoach-audience-campaigns.md#22-resource-subscriberresource-keys-in-order). */
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

// ---- The web UI's views of the audience (/_emulator/email-lists, /_emulator/subscribers) ----

/** An email list as the web UI's Lists page shows it (GET /_emulator/email-lists). */
export interface EmailListOverview {
  uuid: string;
  name: string;
  /** Subscribed and not unsubscribed. */
  active_subscribers_count: number;
  subscribers_counts: Record<SubscriberStatus, number>;
  /** Null for a list not made through the API (a fixture's without one). */
  default_from_email: string | null;
  default_from_name: string | null;
  requires_confirmation: boolean;
  created_at: string;
}

/** One list with its tags, segments and imports (GET /_emulator/email-lists/{uuid}). */
export interface EmailListDetail extends EmailListOverview {
  /** By name; `subscriber_count`: the subscribers with the tag, any status. */
  tags: Array<{ uuid: string; name: string; type: 'default' | 'mailcoach'; subscriber_count: number }>;
  /** By name; `subscriber_count`: the subscribed subscribers meeting its conditions (what a campaign to it reaches). */
  segments: Array<{ uuid: string; name: string; subscriber_count: number }>;
  /** Newest first (at most 100). */
  imports: SubscriberImportSummary[];
}

interface SubscriberImportSummary {
  uuid: string;
  status: 'draft' | 'pending' | 'importing' | 'completed' | 'failed';
  imported_subscribers_count: number;
  /** Rows whose address was not valid. */
  error_count: number;
  created_at: string;
  updated_at: string;
}

/** A subscriber in a list's page of the web UI: the API's, with its status. */
export interface SubscriberWithStatus extends Subscriber {
  status: SubscriberStatus;
}

/** The web UI's subscriber page (GET /_emulator/subscribers/{uuid}). */
export interface SubscriberDetail extends SubscriberWithStatus {
  /** Each tag's type, by name. */
  tag_types: Record<string, 'default' | 'mailcoach'>;
  email_list: { uuid: string; name: string; requires_confirmation: boolean };
}

/** GET /_emulator/email-lists/{uuid}/subscribers: the API's filters (docs/spec/mailcoach-audience-campaigns.md#23-get-apiemail-listsuuidsubscribers-httpapiqueriesemaillistsubscribersqueryphp-queriesfilterssearchfilterphp-subscriberstatusfilterphp). */
export interface ListSubscriberQuery {
  /** The exact address, any case. */
  email?: string;
  /** Part of the address. */
  search?: string;
  status?: SubscriberStatus;
  /** Tag names or uuids; `tagType: 'all'` asks for every one of them, else any. */
  tags?: string[];
  tagType?: 'any' | 'all';
  sort?: string;
  page?: number;
}

/** The state actions the subscriber page offers, as the API's. */
export type SubscriberAction = 'confirm' | 'unsubscribe' | 'resubscribe' | 'resend-confirmation';
