/**
 * Who did what with a campaign's mail, for its page (issue 41 finding 10): the subscribers who opened it, clicked
 * in it and unsubscribed from it, from the simulations on its sends (emulator/simulate.ts), read through the same
 * statistics store as GET /api/campaigns/{uuid}/opens, /clicks and /unsubscribes; and the subscribers it reaches
 * (its segment's members, what a send mails) to preview it as, found by email or name.
 */
import type { AppDeps } from '../../deps.js';
import type { CampaignRow, EmailListRow, SubscriberRow } from '../../db/rows.js';
import { laravelTimestamp } from '../../http/timestamps.js';
import { segmentConditions } from '../../campaigns/deliver.js';
import type { CampaignActivity, CampaignRecipientChoice } from '../schemas/campaigns.js';

/** More than a page shows of each; the Mailcoach API's statistics endpoints page through them all. */
const ACTIVITY_LIMIT = 100;
/** The subscribers offered to preview as at once: a search finds any other. */
const CHOICES = 50;

export function campaignActivity(deps: AppDeps, campaign: CampaignRow): CampaignActivity {
  const statistics = deps.store.campaignStatistics;
  const window = { offset: 0, limit: ACTIVITY_LIMIT };
  const opens = statistics.opens(campaign, undefined, [{ column: 'first_opened_at', descending: false }], window);
  const clickers = new Map<string, { click_count: number; urls: string[] }>();
  const links = statistics.links(campaign, undefined, [{ column: 'id', descending: false }], {
    offset: 0,
    limit: 1_000,
  });
  for (const link of links.rows) {
    for (const click of statistics.clicksOf(link.id)) {
      if (click.subscriber_uuid === null) continue;
      const clicker = clickers.get(click.subscriber_uuid) ?? { click_count: 0, urls: [] };
      clicker.click_count += 1;
      if (!clicker.urls.includes(link.url)) clicker.urls.push(link.url);
      clickers.set(click.subscriber_uuid, clicker);
    }
  }
  const unsubscribes = statistics.unsubscribes(campaign, undefined, [{ column: 'id', descending: false }], window);
  return {
    opened: opens.rows.map((row) => ({
      subscriber_uuid: row.subscriber_uuid,
      email: row.email,
      open_count: row.open_count,
      first_opened_at: laravelTimestamp(row.first_opened_at),
    })),
    clicked: [...clickers].slice(0, ACTIVITY_LIMIT).map(([uuid, clicker]) => ({
      subscriber_uuid: uuid,
      email: deps.store.subscribers.findByUuid(campaign.workspace_id, uuid)?.email ?? null,
      ...clicker,
    })),
    unsubscribed: unsubscribes.rows.map((row) => ({
      subscriber_uuid: deps.store.subscribers.findById(row.subscriber_id)?.uuid ?? null,
      email: row.email,
      unsubscribed_at: laravelTimestamp(row.created_at),
    })),
  };
}

/**
 * The subscribers a send of the campaign reaches (its list, narrowed by its segment: SendCampaignAction's audience)
 * whose email or name contains `search` (case-insensitive), in the list's order: the first CHOICES, and how many.
 */
export function audienceChoices(
  deps: AppDeps,
  campaign: CampaignRow,
  list: EmailListRow | undefined,
  search: string,
): { data: CampaignRecipientChoice[]; total: number } {
  const conditions = segmentConditions(deps, campaign, list);
  if (list === undefined || conditions === null) return { data: [], total: 0 };
  const wanted = search.trim().toLowerCase();
  const found: SubscriberRow[] = [];
  let total = 0;
  for (const id of deps.store.subscribers.audienceIds(list.id, conditions)) {
    const row = deps.store.subscribers.findById(id);
    if (row === undefined) continue;
    if (wanted !== '' && ![row.email, row.first_name, row.last_name].some((v) => v?.toLowerCase().includes(wanted)))
      continue;
    total += 1;
    if (found.length < CHOICES) found.push(row);
  }
  return { data: found.map(subscriberChoice), total };
}

export function subscriberChoice(row: SubscriberRow): CampaignRecipientChoice {
  return { uuid: row.uuid, email: row.email, first_name: row.first_name, last_name: row.last_name };
}
