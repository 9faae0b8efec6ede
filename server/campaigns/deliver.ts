/**
 * Sending a campaign (SendCampaignAction and SendMailAction; docs/spec/mailcoach-audience-campaigns.md#59-post-apicampaignsuuidsend), run right after
 * the 204 (decisions.md: no queue): one Send per subscribed subscriber of the list in the segment, by id, skipping
 * those that have one; a suppressed address gets a Send with `sent_at` and a `suppressed` feedback item but no
 * mail; every other one a personal mail, captured, its Send in /api/sends with `campaign_uuid` and
 * `subscriber_uuid`. Then the campaign is `sent`, and with it comes `CampaignSentEvent` (once; routed by the
 * campaign's list), whose statistics are those read before it was marked sent (docs/spec/mailcoach-webhooks.md#33-campaignsentevent-domaincampaignactionssendcampaignactionphpmarkcampaignassent-httpapiresourcescampaignresourcephp).
 */
import type { AppDeps } from '../deps.js';
import type { CampaignRow, EmailListRow, SegmentCondition, SubscriberRow } from '../db/rows.js';
import { toEpochSeconds } from '../instant.js';
import type { CaptureJob, CaptureRecords } from '../mail/capture/index.js';
import { publishMailcoachEvent } from '../mailcoach-events.js';
import { campaignLinks, personalize, type Recipient } from './personalize.js';
import { listUnsubscribeTag } from './unsubscribe-tag.js';

/** Enough for the capture worker's queue and the group commit to batch; few enough to keep the API answering. */
const MAILS_IN_FLIGHT = 32;

/** What one campaign mail needs: the records, the time and ids, and the capture path. */
export type CampaignMailDeps = Pick<AppDeps, 'store' | 'clock' | 'ids' | 'capture'>;

/** What sending a campaign needs: a mail's, and the events its end announces. */
export type DeliveryDeps = CampaignMailDeps & Pick<AppDeps, 'events'>;

export async function deliverCampaign(deps: DeliveryDeps, campaign: CampaignRow, baseUrl: string): Promise<void> {
  const { store } = deps;
  const list = campaign.email_list_id === null ? undefined : store.emailLists.findById(campaign.email_list_id);
  const conditions = segmentConditions(deps, campaign, list);
  const reached = list === undefined || conditions === null ? [] : store.subscribers.audienceIds(list.id, conditions);
  const already = store.sends.subscribersSentTo(campaign.workspace_id, campaign.uuid);
  // Up to MAILS_IN_FLIGHT mails at once, started in the subscribers' order (their ids and Message-IDs are taken
  // in it, before the first await): one at a time, each mail waited for its capture's round trip to the worker and
  // a commit of its own, and the campaign ran at a fraction of the inline send rate (BENCH_ONLY=campaign).
  const inFlight = new Set<Promise<void>>();
  let failed = false;
  let firstError: unknown;
  for (const id of reached) {
    if (failed) break;
    const subscriber = store.subscribers.findById(id);
    if (subscriber === undefined || already.has(subscriber.uuid)) continue;
    const sending = sendOne(deps, campaign, list as EmailListRow, subscriber, baseUrl).catch((error: unknown) => {
      if (!failed) firstError = error;
      failed = true;
    });
    inFlight.add(sending);
    void sending.then(() => inFlight.delete(sending));
    if (inFlight.size >= MAILS_IN_FLIGHT) await Promise.race(inFlight);
  }
  await Promise.all(inFlight);
  // As before: a mail that could not be captured stops the campaign before it is marked sent.
  if (failed) throw firstError;
  const now = toEpochSeconds(deps.clock());
  store.transaction(() => {
    // markCampaignAsSent: the content item's statistics were loaded before markAsSent, so the payload shows them
    // (and statistics_calculated_at) as they were then: normally zeros and null.
    const counts = store.campaigns.counts(campaign);
    const sent = store.campaigns.update(campaign.id, {
      status: 'sent',
      sent_at: now,
      statistics_calculated_at: now,
      updated_at: now,
      sent_to_number_of_subscribers: store.sends.countOfCampaign(campaign.workspace_id, campaign.uuid),
    });
    if (list !== undefined) {
      publishMailcoachEvent(deps.events, campaign.workspace_id, {
        type: 'CampaignSentEvent',
        campaign: { ...sent, statistics_calculated_at: campaign.statistics_calculated_at },
        counts,
      });
    }
  });
  // After the campaign reads `sent`: the typed client's waitForCampaignSent reads the campaign again on this event.
  deps.events.emit('sends.changed', { workspaceId: campaign.workspace_id, uuids: null });
}

/**
 * The segment's conditions; [] for every subscriber (no segment, or a deleted one: v8 then sends to the whole
 * list); null when the segment belongs to another list, which reaches nobody (docs/spec/mailcoach-webhooks.md#55-not-found--no-source).
 */
export function segmentConditions(
  deps: Pick<AppDeps, 'store'>,
  campaign: CampaignRow,
  list: EmailListRow | undefined,
): SegmentCondition[] | null {
  if (campaign.segment_id === null) return [];
  const segment = deps.store.segments.findById(campaign.segment_id);
  if (segment === undefined) return [];
  if (list === undefined || segment.email_list_id !== list.id) return null;
  return JSON.parse(segment.stored_conditions) as SegmentCondition[];
}

async function sendOne(
  deps: CampaignMailDeps,
  campaign: CampaignRow,
  list: EmailListRow,
  subscriber: SubscriberRow,
  baseUrl: string,
): Promise<void> {
  const now = deps.clock();
  const at = toEpochSeconds(now);
  const sendUuid = deps.ids();
  const send = {
    workspace_id: campaign.workspace_id,
    uuid: sendUuid,
    transport_message_id: null as string | null,
    campaign_uuid: campaign.uuid,
    automation_mail_uuid: null,
    transactional_mail_log_item_uuid: null,
    subscriber_uuid: subscriber.uuid,
    sent_at: at,
    failed_at: null,
    failure_reason: null,
    open_count: 0,
    click_count: 0,
    first_opened_at: null,
    last_opened_at: null,
    first_clicked_at: null,
    last_clicked_at: null,
    created_at: at,
    updated_at: at,
  };
  if (deps.store.suppressions.findByEmail(campaign.workspace_id, subscriber.email) !== undefined) {
    deps.store.transaction(() => {
      const row = deps.store.sends.insert(send);
      deps.store.sends.addFeedback(row.id, 'suppressed', at);
    });
    return;
  }
  const tags = deps.store.subscribers.tagsOf(subscriber.id).map((tag) => tag.name);
  const { job, messageId } = campaignMail(deps, campaign, list, { ...subscriber, tags }, baseUrl, sendUuid, null);
  const messageUuid = deps.ids();
  const records: CaptureRecords = {
    workspaceId: campaign.workspace_id,
    messageUuid,
    logItem: null,
    meta: {
      templateName: null,
      replacements: null,
      origin: { campaignUuid: campaign.uuid, emailListUuid: list.uuid, subscriberUuid: subscriber.uuid },
    },
    send: { ...send, transport_message_id: messageId },
  };
  await deps.capture.send(job, records);
}

/**
 * One campaign mail to one recipient: the content item's sender and reply-to (the list's defaults were copied in
 * when the campaign was sent), the subject and html made personal, and List-Unsubscribe with its RFC 8058 one-click
 * POST (MailcoachMail::addUnsubscribeHeaders): the unsubscribe-tag URL of the first `unsubscribeTag['<tag>']`, else
 * the first `::unsubscribeTag::<tag>::`, of the campaign's html, else the unsubscribe URL; so a one-click POST to a
 * mail that offers leaving a tag removes the tag and leaves the subscriber subscribed. `subjectPrefix`: `[Test] `
 * for a test send.
 */
export function campaignMail(
  deps: Pick<AppDeps, 'clock' | 'ids'>,
  campaign: CampaignRow,
  list: EmailListRow,
  recipient: Recipient,
  baseUrl: string,
  sendUuid: string | null,
  subjectPrefix: string | null,
): { job: CaptureJob; messageId: string } {
  const links = campaignLinks(baseUrl, campaign, recipient, sendUuid);
  const headerTag = listUnsubscribeTag(campaign.html);
  const listUnsubscribe = headerTag === null ? links.urls.unsubscribeUrl : links.unsubscribeTagUrl(headerTag);
  const fromEmail = campaign.from_email ?? list.default_from_email ?? 'mailcoach@localhost';
  const replyName = campaign.reply_to_name ?? list.default_reply_to_name ?? '';
  const replyTo = (campaign.reply_to_email ?? list.default_reply_to_email ?? '')
    .split(',')
    .map((email) => email.trim())
    .filter((email) => email !== '')
    .map((email) => ({ name: replyName, email }));
  const messageId = `${deps.ids().replaceAll('-', '')}@${fromEmail.split('@')[1] ?? 'localhost'}`;
  const job: CaptureJob = {
    template: null,
    subject: `${subjectPrefix ?? ''}${personalize(campaign.subject ?? campaign.name, recipient, links)}`,
    html: personalize(campaign.email_html ?? campaign.html ?? '', recipient, links),
    text: null,
    replacements: {},
    envelope: {
      from: { name: campaign.from_name ?? list.default_from_name ?? '', email: fromEmail },
      to: [{ name: '', email: recipient.email }],
      cc: [],
      bcc: [],
      replyTo,
      attachments: [],
      messageId,
      date: deps.clock(),
      headers: {
        'List-Unsubscribe': { prepared: true, value: `<${listUnsubscribe}>` },
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        ...(sendUuid === null ? {} : { 'mailcoach-send-uuid': sendUuid }),
      },
    },
  };
  return { job, messageId };
}
