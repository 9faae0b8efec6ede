/**
 * The rows of a campaign's statistics lists (docs/spec/mailcoach-audience-campaigns.md#510-statistics-endpoints-get-paginated-reference-17): opens (one per subscriber who
 * opened), links with their clicks, unsubscribes that came from its mails, and feedback (bounces, complaints,
 * suppressed) per subscriber and type. Opens and clicks come from the simulations (emulator/simulate.ts).
 */
import type { CampaignRow } from './rows.js';
import { aggregatePage, type ListResult, type PageWindow, type SortTerm, type Statements } from './statements.js';

export interface OpenRow {
  id: number;
  subscriber_uuid: string;
  list_uuid: string;
  email: string;
  open_count: number;
  first_opened_at: number | null;
  last_opened_at: number | null;
}
export interface LinkRow {
  id: number;
  uuid: string;
  url: string;
  unique_click_count: number;
  click_count: number;
}

/** @public Named in the declarations tsc emits for store.ts (a store method returns it). */
export interface ClickRow {
  uuid: string;
  send_uuid: string;
  link_uuid: string;
  subscriber_uuid: string | null;
  created_at: number;
}
export interface UnsubscribeRow {
  id: number;
  subscriber_id: number;
  created_at: number;
  email: string;
}
export interface FeedbackRow {
  id: number;
  subscriber_uuid: string;
  list_uuid: string;
  email: string;
  type: string;
  bounce_count: number;
  created_at: number;
}

/** `LIKE %search%` on the email, as a FuzzyFilter. */
function searching(search: string | undefined, columns: string[]): { sql: string; params: string[] } {
  if (search === undefined) return { sql: '', params: [] };
  return { sql: ` AND (${columns.map((c) => `${c} LIKE ?`).join(' OR ')})`, params: columns.map(() => `%${search}%`) };
}

export function createCampaignStatisticsStore(statements: Statements) {
  const db = statements.db;
  const linkByUrl = db.prepare('SELECT * FROM campaign_links WHERE campaign_id = ? AND url = ?');
  const insertLink = db.prepare(
    'INSERT INTO campaign_links (workspace_id, campaign_id, uuid, url, created_at) VALUES (?, ?, ?, ?, ?)',
  );
  const insertClick = db.prepare(
    'INSERT INTO campaign_clicks (workspace_id, link_id, send_id, uuid, subscriber_uuid, created_at) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const unsubscribeOf = db
    .prepare('SELECT 1 FROM campaign_unsubscribes WHERE campaign_id = ? AND subscriber_id = ? LIMIT 1')
    .pluck();
  const clicksOf = db.prepare(
    `SELECT c.uuid, s.uuid AS send_uuid, l.uuid AS link_uuid, c.subscriber_uuid, c.created_at FROM campaign_clicks c
     JOIN sends s ON s.id = c.send_id JOIN campaign_links l ON l.id = c.link_id WHERE c.link_id = ? ORDER BY c.id`,
  );

  return {
    /**
     * A click on `url` in the campaign's mail of `send` (the link is created on its first click, Link::firstOrCreate):
     * answers the click's uuid and its link's, as LinkClickedEvent carries them (docs/spec/mailcoach-webhooks.md#35-linkclickedevent-sendregisterclick-contentmodelslinkregisterclick-handler-handlelinkclickedevent).
     */
    addClick(
      campaign: CampaignRow,
      send: { id: number; subscriber_uuid: string | null },
      url: string,
      uuids: () => string,
      at: number,
    ): { clickUuid: string; linkUuid: string } {
      let link = linkByUrl.get(campaign.id, url) as { id: number; uuid: string } | undefined;
      if (link === undefined) {
        const uuid = uuids();
        link = { id: Number(insertLink.run(campaign.workspace_id, campaign.id, uuid, url, at).lastInsertRowid), uuid };
      }
      const clickUuid = uuids();
      insertClick.run(campaign.workspace_id, link.id, send.id, clickUuid, send.subscriber_uuid, at);
      return { clickUuid, linkUuid: link.uuid };
    },

    /** Whether the subscriber's unsubscribe already counts for the campaign (CampaignUnsubscribe::firstOrCreate). */
    hasUnsubscribe: (campaign: CampaignRow, subscriberId: number): boolean =>
      unsubscribeOf.get(campaign.id, subscriberId) !== undefined,

    opens(
      campaign: CampaignRow,
      search: string | undefined,
      sort: SortTerm[],
      window: PageWindow,
    ): ListResult<OpenRow> {
      const filter = searching(search, ['email']);
      return aggregatePage(statements, {
        sql:
          `SELECT s.id, s.subscriber_uuid, l.uuid AS list_uuid, sub.email, s.open_count, s.first_opened_at, s.last_opened_at
              FROM sends s JOIN subscribers sub ON sub.workspace_id = s.workspace_id AND sub.uuid = s.subscriber_uuid
              JOIN email_lists l ON l.id = sub.email_list_id
              WHERE s.workspace_id = ? AND s.campaign_uuid = ? AND s.open_count > 0`.replace(/\s+/g, ' ') +
          filter.sql.replace('email', 'sub.email'),
        params: [campaign.workspace_id, campaign.uuid, ...filter.params],
        orderBy: sort,
        window,
      });
    },

    links(
      campaign: CampaignRow,
      search: string | undefined,
      sort: SortTerm[],
      window: PageWindow,
    ): ListResult<LinkRow> {
      const filter = searching(search, ['url']);
      return aggregatePage(statements, {
        sql: `SELECT l.id, l.uuid, l.url, (SELECT COUNT(DISTINCT c.subscriber_uuid) FROM campaign_clicks c WHERE c.link_id = l.id) AS unique_click_count,
              (SELECT COUNT(*) FROM campaign_clicks c WHERE c.link_id = l.id) AS click_count
              FROM campaign_links l WHERE l.campaign_id = ?${filter.sql.replace('url', 'l.url')}`,
        params: [campaign.id, ...filter.params],
        orderBy: sort,
        window,
      });
    },
    clicksOf: (linkId: number) => clicksOf.all(linkId) as ClickRow[],

    unsubscribes(
      campaign: CampaignRow,
      search: string | undefined,
      sort: SortTerm[],
      window: PageWindow,
    ): ListResult<UnsubscribeRow> {
      const filter = searching(search, ['sub.email', 'sub.first_name', 'sub.last_name']);
      return aggregatePage(statements, {
        sql: `SELECT u.id, u.subscriber_id, u.created_at, sub.email FROM campaign_unsubscribes u JOIN subscribers sub ON sub.id = u.subscriber_id
              WHERE u.campaign_id = ?${filter.sql}`,
        params: [campaign.id, ...filter.params],
        orderBy: sort,
        window,
      });
    },

    feedback(
      campaign: CampaignRow,
      search: string | undefined,
      type: string | undefined,
      sort: SortTerm[],
      window: PageWindow,
    ): ListResult<FeedbackRow> {
      const filter = searching(search, ['sub.email']);
      return aggregatePage(statements, {
        sql: `SELECT MIN(f.id) AS id, s.subscriber_uuid, l.uuid AS list_uuid, sub.email, f.type, COUNT(DISTINCT s.id) AS bounce_count, MIN(f.created_at) AS created_at
              FROM send_feedback f JOIN sends s ON s.id = f.send_id
              JOIN subscribers sub ON sub.workspace_id = s.workspace_id AND sub.uuid = s.subscriber_uuid
              JOIN email_lists l ON l.id = sub.email_list_id
              WHERE s.workspace_id = ? AND s.campaign_uuid = ?${type === undefined ? '' : ' AND f.type = ?'}${filter.sql}
              GROUP BY s.subscriber_uuid, f.type`,
        params: [campaign.workspace_id, campaign.uuid, ...(type === undefined ? [] : [type]), ...filter.params],
        orderBy: sort,
        window,
      });
    },
  };
}
