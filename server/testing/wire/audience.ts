/** Email lists and subscribers as the Mailcoach API answers and takes them (mailcoach-audience-campaigns.md §1-2). */

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
