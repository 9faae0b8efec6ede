/**
 * Presenters of the audience: EmailListResource, SubscriberResource and TagResource, keys in the order of v8's
 * classes (docs/spec/mailcoach-audience-campaigns.md#12-resource-emaillistresource-keys-in-order, docs/spec/mailcoach-audience-campaigns.md#22-resource-subscriberresource-keys-in-order, docs/spec/mailcoach-audience-campaigns.md#3-tags-apiemail-listsuuidtags). The SDK types these fields: the ones it declares
 * non-nullable never get null (docs/spec/mailcoach-audience-campaigns.md#03-what-the-php-sdk-calls-and-reads-sdk-195).
 */
import type { CampaignTemplateRow, EmailListRow, SegmentRow, SubscriberRow, TagRow } from '../../db/rows.js';
import { laravelTimestamp } from '../../http/timestamps.js';
import { templateFields } from '../../campaigns/template-placeholders.js';
import type { AppDeps } from '../../deps.js';
import { shownExtraAttributes } from '../../audience/extra-attributes.js';

export const AUDIENCE_MODEL_CLASSES = {
  emailList: 'Spatie\\Mailcoach\\Domain\\Audience\\Models\\EmailList',
  subscriber: 'Spatie\\Mailcoach\\Domain\\Audience\\Models\\Subscriber',
  tag: 'Spatie\\Mailcoach\\Domain\\Audience\\Models\\Tag',
  segment: 'Spatie\\Mailcoach\\Domain\\Audience\\Models\\TagSegment',
  template: 'Spatie\\Mailcoach\\Domain\\Template\\Models\\Template',
} as const;

export function emailListResource(row: EmailListRow, activeSubscribersCount: number) {
  const flag = (value: 0 | 1) => value === 1;
  return {
    uuid: row.uuid,
    name: row.name,
    active_subscribers_count: activeSubscribersCount,
    campaigns_feed_enabled: flag(row.campaigns_feed_enabled),
    // Null only for lists not made through the API; the SDK types it string, so never null here.
    default_from_email: row.default_from_email ?? '',
    default_from_name: row.default_from_name,
    default_reply_to_email: row.default_reply_to_email,
    default_reply_to_name: row.default_reply_to_name,
    allow_form_subscriptions: flag(row.allow_form_subscriptions),
    honeypot_field: row.honeypot_field,
    redirect_after_subscribed: row.redirect_after_subscribed,
    redirect_after_already_subscribed: row.redirect_after_already_subscribed,
    redirect_after_subscription_pending: row.redirect_after_subscription_pending,
    redirect_after_unsubscribed: row.redirect_after_unsubscribed,
    requires_confirmation: flag(row.requires_confirmation),
    confirmation_mailable_class: row.confirmation_mailable_class,
    campaign_mailer: row.campaign_mailer,
    automation_mailer: row.automation_mailer,
    transactional_mailer: row.transactional_mailer,
    report_recipients: row.report_recipients,
    report_campaign_sent: flag(row.report_campaign_sent),
    report_campaign_summary: flag(row.report_campaign_summary),
    report_email_list_summary: flag(row.report_email_list_summary),
    email_list_summary_sent_at: laravelTimestamp(row.email_list_summary_sent_at),
    created_at: laravelTimestamp(row.created_at),
    updated_at: laravelTimestamp(row.updated_at),
  };
}

/**
 * `extra_attributes` is the stored array in its key order, `{}` when empty (the resource casts it); `tags` are
 * names.
 */
export function subscriberResource(row: SubscriberRow, listUuid: string, tagNames: string[]) {
  return {
    uuid: row.uuid,
    email_list_uuid: listUuid,
    email: row.email,
    first_name: row.first_name,
    last_name: row.last_name,
    extra_attributes: shownExtraAttributes(row.extra_attributes),
    tags: tagNames,
    subscribed_at: laravelTimestamp(row.subscribed_at),
    unsubscribed_at: laravelTimestamp(row.unsubscribed_at),
    created_at: laravelTimestamp(row.created_at),
    updated_at: laravelTimestamp(row.updated_at),
  };
}

/**
 * TagResource and SegmentResource, which v8 writes alike: `email_list` only with `?include=emailList`; a tag's
 * type, visibility and description and a segment's conditions (docs/spec/mailcoach-audience-campaigns.md#4-segments-apiemail-listsuuidsegments) are not shown.
 */
function listScopedResource(
  row: TagRow | SegmentRow,
  listUuid: string,
  emailList?: ReturnType<typeof emailListResource>,
) {
  return {
    uuid: row.uuid,
    name: row.name,
    ...(emailList === undefined ? {} : { email_list: emailList }),
    email_list_uuid: listUuid,
    created_at: laravelTimestamp(row.created_at),
    updated_at: laravelTimestamp(row.updated_at),
  };
}

export const tagResource = listScopedResource;
export const segmentResource = listScopedResource;

/** TemplateResource (campaign templates, docs/spec/mailcoach-audience-campaigns.md#6-campaign-templates-apitemplates): `fields` derived from the html's `[[[name:type]]]` placeholders. */
export function campaignTemplateResource(row: CampaignTemplateRow) {
  return {
    uuid: row.uuid,
    name: row.name,
    html: row.html,
    fields: templateFields(row.html),
    structured_html: row.structured_html,
    created_at: laravelTimestamp(row.created_at),
    updated_at: laravelTimestamp(row.updated_at),
  };
}

/**
 * SubscriberResource for a row: its tags by name unless given, and its list's uuid, read unless given (a list's
 * index knows it: no lookup per row).
 */
export function subscriberPresenter(deps: AppDeps) {
  return (row: SubscriberRow, tagNames?: string[], listUuid?: string) => {
    const uuid = listUuid ?? (deps.store.emailLists.findById(row.email_list_id) as EmailListRow).uuid;
    return subscriberResource(row, uuid, tagNames ?? deps.store.subscribers.tagsOf(row.id).map((tag) => tag.name));
  };
}
