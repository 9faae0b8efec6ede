/** Campaigns as the Mailcoach API answers them (CampaignResource, docs/spec/mailcoach-audience-campaigns.md#52-resource-campaignresource-keys-in-order-httpapiresourcescampaignresourcephp). */

import type { EmailList } from './audience.js';

/** `paused` and `cancelled` are reachable from Mailcoach's UI only; a scheduled campaign is a `draft` with `scheduled_at`. */
export type CampaignStatus = 'draft' | 'sending' | 'sent' | 'paused' | 'cancelled';

/** A campaign, keys in v8's order, its quirks kept (server/mailcoach/quirks.md). */
export interface Campaign {
  uuid: string;
  name: string;
  email_list_uuid: string | null;
  /** The whole list, or null once it is deleted. */
  email_list: EmailList | null;
  template_uuid: string | null;
  /** There (null) only when the campaign has no template. */
  template?: null;
  /** Null until a send copies the list's default in. */
  from_email: string | null;
  /** The campaign's **subject** (v8's resource writes the subject under this key; there is no `subject` key). */
  from_name: string | null;
  status: CampaignStatus;
  html: string | null;
  /** A JSON string: `{"templateValues": {...}}`. */
  structured_html: string | null;
  /** Null until a test send or a send prepares it. */
  email_html: string | null;
  /** Null until a send prepares it (and after one, when the campaign disables its webview). */
  webview_html: string | null;
  /** The template's field values; `[]` (PHP's empty array) when there are none. */
  fields: Record<string, unknown> | [];
  mailable_class: string | null;
  utm_tags: boolean;
  sent_to_number_of_subscribers: number;
  segment_class: string;
  segment_description: string;
  open_count: number;
  unique_open_count: number;
  /** Rates are integers in basis points: 2534 is 25.34 %. */
  open_rate: number;
  click_count: number;
  unique_click_count: number;
  click_rate: number;
  unsubscribe_count: number;
  unsubscribe_rate: number;
  bounce_count: number;
  bounce_rate: number;
  sent_at: string | null;
  statistics_calculated_at: string | null;
  /** UTC. */
  scheduled_at: string | null;
  summary_mail_sent_at: string | null;
  created_at: string;
  updated_at: string;
}

/** The web UI's campaign records (GET /_emulator/campaigns): a campaign with its list and counts. */
export interface CampaignRecord {
  uuid: string;
  name: string;
  subject: string | null;
  status: CampaignStatus;
  email_list: { uuid: string; name: string } | null;
  segment_description: string;
  scheduled_at: string | null;
  sent_at: string | null;
  created_at: string;
  sent_to_number_of_subscribers: number;
  sends_count: number;
  open_count: number;
  unique_open_count: number;
  click_count: number;
  unique_click_count: number;
  unsubscribe_count: number;
  bounce_count: number;
}

/** A subscriber to preview a campaign as. */
interface CampaignRecipientChoice {
  uuid: string;
  email: string;
  first_name: string | null;
  last_name: string | null;
}

/** GET /_emulator/campaigns/{uuid}: the record, who a send now reaches, the clicked links, subscribers to preview as. */
export interface CampaignDetail extends CampaignRecord {
  from_email: string | null;
  audience_count: number;
  links: { url: string; unique_click_count: number; click_count: number }[];
  subscribers: CampaignRecipientChoice[];
}

/** GET /_emulator/campaigns/{uuid}/preview: the mail as the subscriber (null: the list has none) would get it. */
export interface CampaignPreview {
  subscriber: CampaignRecipientChoice | null;
  subject: string;
  html: string | null;
  text: string | null;
}

/** GET /_emulator/automations: an automation from the fixtures with its recorded triggers. */
export interface AutomationRecord {
  uuid: string;
  name: string;
  email_list_uuid: string | null;
  status: 'started' | 'paused';
  webhook_trigger: boolean;
  repeat_enabled: boolean;
  triggers: {
    subscriber_uuid: string;
    subscriber_email: string | null;
    entered: boolean;
    reason: string | null;
    created_at: string;
  }[];
}

/** GET /_emulator/campaign-templates: a campaign template with its fields. */
export interface CampaignTemplateRecord {
  uuid: string;
  name: string;
  fields: Array<{ name: string; type: string }>;
}

/** GET /_emulator/campaign-templates/{uuid}/preview: the template rendered with the given field values. */
export interface CampaignTemplatePreview extends CampaignTemplateRecord {
  html: string | null;
  text: string | null;
}
