/** Campaigns as the Mailcoach API answers them (CampaignResource, docs/spec/mailcoach-audience-campaigns.md#52-resource-campaignresource-keys-in-order-httpapiresourcescampaignresourcephp). */

import type { CampaignStatus } from '../../emulator/schemas/campaigns.js';
import type { EmailList } from './audience.js';

/**
 * The web UI's campaign records, their previews, the campaign templates and the automations (`/_emulator/campaigns`,
 * `/campaign-templates`, `/automations`), from their schemas (types only: the client loads no zod).
 */
export type {
  AutomationRecord,
  CampaignAudience,
  CampaignDetail,
  CampaignPreview,
  CampaignRecord,
  CampaignStatus,
  CampaignTemplatePreview,
  CampaignTemplateRecord,
} from '../../emulator/schemas/campaigns.js';

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
