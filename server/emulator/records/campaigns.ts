/**
 * /_emulator/campaigns: the web UI's Campaigns pages. The list with each campaign's counts; one campaign
 * with what its send reaches and its clicked links; its content rendered for a chosen subscriber of its list through
 * the send's own code (campaigns/deliver.ts campaignMail, with the html a send prepares); and its two actions, a
 * test send and the send, through the very functions POST /api/campaigns/{uuid}/send-test and /send run
 * (mailcoach/campaigns.ts), so that events, webhooks and captures are the API's.
 */
import { Hono, type Context } from 'hono';
import { campaignMail, segmentConditions } from '../../campaigns/deliver.js';
import { preparedEmailHtml } from '../../campaigns/prepare.js';
import type { Recipient } from '../../campaigns/personalize.js';
import type { AppDeps } from '../../deps.js';
import type { CampaignRow, EmailListRow, SubscriberRow } from '../../db/rows.js';
import { ApiError, ValidationError } from '../../errors.js';
import type { AppEnv } from '../../http/env.js';
import { laravelTimestamp } from '../../http/timestamps.js';
import { inlineContent } from '../../mail/render/mail-content.js';
import { sendTestChecked, startSending } from '../../campaigns/actions.js';
import { readJsonObject } from '../request-body.js';
import type { CampaignDetail, CampaignPreview, CampaignRecord } from '../schemas/campaigns.js';
import { rate } from '../../mailcoach/resources/campaign.js';
import { audienceChoices, campaignActivity, subscriberChoice } from './campaign-activity.js';

/** More campaigns than a workspace under test holds; the page lists them all, newest first. */
const LIMIT = 1_000;

export function campaignRecordRoutes(deps: AppDeps) {
  const { store } = deps;
  const find = (c: Context<AppEnv>): CampaignRow => {
    const uuid = c.req.param('uuid') ?? '';
    const row = store.campaigns.findByUuid(c.get('workspaceId'), uuid);
    if (row === undefined) throw new ApiError(404, `No campaign ${uuid} in this workspace.`);
    return row;
  };
  const listOf = (campaign: CampaignRow) =>
    campaign.email_list_id === null ? undefined : store.emailLists.findById(campaign.email_list_id);
  const summary = (campaign: CampaignRow): CampaignRecord => {
    const list = listOf(campaign);
    const counts = store.campaigns.counts(campaign);
    return {
      uuid: campaign.uuid,
      name: campaign.name,
      subject: campaign.subject,
      status: campaign.status,
      email_list: list === undefined ? null : { uuid: list.uuid, name: list.name },
      segment_description: campaign.segment_description,
      scheduled_at: laravelTimestamp(campaign.scheduled_at),
      sent_at: laravelTimestamp(campaign.sent_at),
      created_at: laravelTimestamp(campaign.created_at),
      sent_to_number_of_subscribers: campaign.sent_to_number_of_subscribers,
      sends_count: store.sends.countOfCampaign(campaign.workspace_id, campaign.uuid),
      ...counts,
      // The rates GET /api/campaigns/{uuid} answers (its presenter's), over the same counts.
      open_rate: rate(counts.unique_open_count, campaign.sent_to_number_of_subscribers),
      click_rate: rate(counts.unique_click_count, campaign.sent_to_number_of_subscribers),
      unsubscribe_rate: rate(counts.unsubscribe_count, campaign.sent_to_number_of_subscribers),
      bounce_rate: rate(counts.bounce_count, campaign.sent_to_number_of_subscribers),
    };
  };
  const origin = (c: Context<AppEnv>) => new URL(c.req.url).origin;

  return new Hono<AppEnv>()
    .get('/', (c) => {
      const { rows } = store.campaigns.list(
        c.get('workspaceId'),
        {},
        [
          { column: 'created_at', descending: true },
          { column: 'id', descending: true },
        ],
        { offset: 0, limit: LIMIT },
      );
      return c.json({ data: rows.map(summary) });
    })
    .get('/:uuid', (c) => {
      const campaign = find(c);
      const list = listOf(campaign);
      const conditions = segmentConditions(deps, campaign, list);
      const links = store.campaignStatistics.links(
        campaign,
        undefined,
        [
          { column: 'unique_click_count', descending: true },
          { column: 'id', descending: false },
        ],
        { offset: 0, limit: LIMIT },
      );
      return c.json({
        ...summary(campaign),
        from_email: campaign.from_email ?? list?.default_from_email ?? null,
        // What a send now reaches (SendCampaignAction's audience): the confirmation dialog states it.
        audience_count:
          list === undefined || conditions === null ? 0 : store.subscribers.audienceIds(list.id, conditions).length,
        links: links.rows.map((link) => ({
          url: link.url,
          unique_click_count: link.unique_click_count,
          click_count: link.click_count,
        })),
        subscribers: audienceChoices(deps, campaign, list, '').data,
        activity: campaignActivity(deps, campaign),
      } satisfies CampaignDetail);
    })
    .get('/:uuid/audience', (c) => {
      const campaign = find(c);
      return c.json(audienceChoices(deps, campaign, listOf(campaign), c.req.query('search') ?? ''));
    })
    .get('/:uuid/preview', (c) => {
      const campaign = find(c);
      const list = listOf(campaign);
      const wanted = c.req.query('subscriber');
      const subscriber =
        wanted === undefined || wanted === ''
          ? firstSubscriber(deps, campaign, list)
          : chosen(deps, campaign, list, wanted);
      // The html a send prepares (prepare.ts), made personal by the send's own campaignMail: what this subscriber gets.
      const prepared = {
        ...campaign,
        email_html: campaign.status === 'draft' ? preparedEmailHtml(campaign) : campaign.email_html,
      };
      const recipient: Recipient = subscriber ?? { email: '' };
      const { job } = campaignMail(deps, prepared, list ?? ({} as EmailListRow), recipient, origin(c), null, null);
      // The body as capture makes it (the html wrapped, the text part derived from it): the captured mail's own.
      const content = inlineContent(job.subject ?? '', job.html, job.text);
      return c.json({
        subscriber: subscriber === undefined ? null : subscriberChoice(subscriber),
        subject: content.subject,
        html: content.html,
        text: content.text,
      } satisfies CampaignPreview);
    })
    .post('/:uuid/send-test', async (c) => {
      const campaign = find(c);
      await sendTestChecked(deps, campaign, await readJsonObject(c), origin(c));
      return c.body(null, 204);
    })
    .post('/:uuid/send', (c) => {
      startSending(deps, find(c), origin(c));
      return c.body(null, 204);
    });
}

/** The first subscriber a send reaches (the segment's first member), as the preview shows by default. */
function firstSubscriber(
  deps: AppDeps,
  campaign: CampaignRow,
  list: EmailListRow | undefined,
): SubscriberRow | undefined {
  const first = audienceChoices(deps, campaign, list, '').data[0];
  return first === undefined ? undefined : deps.store.subscribers.findByUuid(campaign.workspace_id, first.uuid);
}

/** The subscriber named in the URL: one of this campaign's list (another list's would not receive it). */
function chosen(deps: AppDeps, campaign: CampaignRow, list: EmailListRow | undefined, uuid: string): SubscriberRow {
  const row = deps.store.subscribers.findByUuid(campaign.workspace_id, uuid);
  if (row === undefined) throw new ApiError(404, `No subscriber ${uuid} in this workspace.`);
  if (list === undefined || row.email_list_id !== list.id)
    throw new ValidationError({ subscriber: [`The subscriber ${uuid} is not on this campaign's list.`] });
  return row;
}
