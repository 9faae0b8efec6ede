/**
 * CampaignResource (v8 Http/Api/Resources/CampaignResource.php; docs/spec/mailcoach-audience-campaigns.md#52-resource-campaignresource-keys-in-order-httpapiresourcescampaignresourcephp), keys in
 * its order, v8's quirks kept (decisions.md): `from_name` holds the subject and there is no `subject` key; the
 * nested `email_list` is always there; `template` is there (null) only when the campaign has no template; rates
 * are integers in basis points.
 */
import { campaignFields } from '../../campaigns/content.js';
import type { CampaignCounts } from '../../db/campaigns-store.js';
import type { CampaignRow } from '../../db/rows.js';
import { laravelTimestamp } from '../../http/timestamps.js';
import type { emailListResource } from './audience.js';

export const CAMPAIGN_MODEL_CLASS = 'Spatie\\Mailcoach\\Domain\\Campaign\\Models\\Campaign';

export interface CampaignRelations {
  list: ReturnType<typeof emailListResource> | null;
  templateUuid: string | null;
  counts: CampaignCounts;
}

/** CalculateStatisticsAction: round(x / sent, 4) * 10000, 0 without sends. */
export function rate(count: number, sent: number): number {
  return sent === 0 ? 0 : Math.round((count / sent) * 10_000);
}

export function campaignResource(row: CampaignRow, { list, templateUuid, counts }: CampaignRelations) {
  const sent = row.sent_to_number_of_subscribers;
  return {
    uuid: row.uuid,
    name: row.name,
    email_list_uuid: list?.uuid ?? null,
    email_list: list,
    template_uuid: templateUuid,
    ...(row.template_id === null ? { template: null } : {}),
    from_email: row.from_email,
    from_name: row.subject,
    status: row.status,
    html: row.html,
    structured_html: row.structured_html,
    email_html: row.email_html,
    webview_html: row.webview_html,
    fields: campaignFields(row.structured_html),
    mailable_class: null,
    utm_tags: row.utm_tags === 1,
    sent_to_number_of_subscribers: sent,
    segment_class: row.segment_class,
    segment_description: row.segment_description,
    open_count: counts.open_count,
    unique_open_count: counts.unique_open_count,
    open_rate: rate(counts.unique_open_count, sent),
    click_count: counts.click_count,
    unique_click_count: counts.unique_click_count,
    click_rate: rate(counts.unique_click_count, sent),
    unsubscribe_count: counts.unsubscribe_count,
    unsubscribe_rate: rate(counts.unsubscribe_count, sent),
    bounce_count: counts.bounce_count,
    bounce_rate: rate(counts.bounce_count, sent),
    sent_at: laravelTimestamp(row.sent_at),
    statistics_calculated_at: laravelTimestamp(row.statistics_calculated_at),
    scheduled_at: laravelTimestamp(row.scheduled_at),
    summary_mail_sent_at: laravelTimestamp(row.summary_mail_sent_at),
    created_at: laravelTimestamp(row.created_at),
    updated_at: laravelTimestamp(row.updated_at),
  };
}
