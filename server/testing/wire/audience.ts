/** Email lists and subscribers as the Mailcoach API answers and takes them (docs/spec/mailcoach-audience-campaigns.md#1-email-lists to docs/spec/mailcoach-audience-campaigns.md#2-subscribers). */

import type { Subscriber, SubscriberStatus } from '../../emulator/schemas/audience.js';

/**
 * The shapes `/_emulator` answers (the subscriber, derived from SubscriberResource, docs/spec/mailcoach-audience-campaigns.md#22-resource-subscriberresource-keys-in-order;
 * the web UI's views of lists and subscribers), from their schemas (types only: the client loads no zod).
 */
export type {
  EmailListDetail,
  EmailListOverview,
  Subscriber,
  SubscriberDetail,
  SubscriberStatus,
  SubscriberWithStatus,
} from '../../emulator/schemas/audience.js';

// The Mailcoach API's own list and inputs, which no /_emulator route answers or takes: written here.

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
