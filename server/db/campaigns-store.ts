/** SQL for campaigns and their numbers (mailcoach_campaigns + content item; docs/spec/mailcoach-audience-campaigns.md#5-campaigns). */
import { rowAccess } from './row-access.js';
import type { CampaignRow, CampaignStatus } from './rows.js';
import { fuzzyCondition, inCondition, Where } from './sql.js';
import {
  listPage,
  WORKSPACE_CONDITION,
  type ListResult,
  type PageWindow,
  type SortTerm,
  type Statements,
} from './statements.js';

export interface CampaignFilters {
  search?: string[];
  /** CampaignStatusFilter: sent (sending or sent), scheduled, draft (not scheduled). */
  status?: 'sent' | 'scheduled' | 'draft';
  emailListIds?: string[];
  emailListUuids?: string[];
  templateUuids?: string[];
}

const COLUMNS = [
  'workspace_id',
  'uuid',
  'name',
  'email_list_id',
  'status',
  'segment_class',
  'segment_id',
  'segment_description',
  'sent_at',
  'scheduled_at',
  'summary_mail_sent_at',
  'disable_webview',
  'from_email',
  'from_name',
  'reply_to_email',
  'reply_to_name',
  'subject',
  'template_id',
  'html',
  'structured_html',
  'email_html',
  'webview_html',
  'utm_tags',
  'add_subscriber_tags',
  'add_subscriber_link_tags',
  'sent_to_number_of_subscribers',
  'statistics_calculated_at',
  'created_at',
  'updated_at',
] as const;

/** The numbers of a campaign, from its sends (and their simulated feedback). */
export interface CampaignCounts {
  open_count: number;
  unique_open_count: number;
  click_count: number;
  unique_click_count: number;
  bounce_count: number;
  unsubscribe_count: number;
}

const STATUS_CONDITIONS: Record<NonNullable<CampaignFilters['status']>, string> = {
  sent: "status IN ('sending', 'sent')",
  scheduled: "status = 'draft' AND scheduled_at IS NOT NULL",
  draft: "status = 'draft' AND scheduled_at IS NULL",
};

/** A count over the campaign's sends, as an ORDER BY term (the statistics sorts, a 500 on v8: decisions.md). */
const sendsOf = (expression: string) =>
  `(SELECT ${expression} FROM sends s WHERE s.workspace_id = campaigns.workspace_id AND s.campaign_uuid = campaigns.uuid)`;

export const CAMPAIGN_SORT_COLUMNS: Record<string, string> = {
  name: 'name',
  email_list_id: 'email_list_id',
  unique_open_count: sendsOf('COUNT(*) FILTER (WHERE s.open_count > 0)'),
  unique_click_count: sendsOf('COUNT(*) FILTER (WHERE s.click_count > 0)'),
  unsubscribe_rate: 'sent_to_number_of_subscribers',
  sent_to_number_of_subscribers: 'sent_to_number_of_subscribers',
  // CampaignSort `sent`: unscheduled drafts first (by last change), then by COALESCE(scheduled_at, sent_at,
  // updated_at), all descending; one key, so that `sort=sent` reverses both, as v8's does.
  sent: "(CASE WHEN status = 'draft' AND scheduled_at IS NULL THEN 100000000000 + updated_at ELSE COALESCE(scheduled_at, sent_at, updated_at) END)",
  created_at: 'created_at',
  id: 'id',
};

export function createCampaignStore(statements: Statements) {
  const db = statements.db;
  const table = rowAccess<CampaignRow>(statements, 'campaigns', COLUMNS);
  const byUuidAnywhere = db.prepare('SELECT * FROM campaigns WHERE uuid = ? ORDER BY id LIMIT 1');
  const anyScheduled = db
    .prepare("SELECT 1 FROM campaigns WHERE scheduled_at IS NOT NULL AND status = 'draft' LIMIT 1")
    .pluck();
  const due = db.prepare(
    "SELECT * FROM campaigns WHERE scheduled_at IS NOT NULL AND scheduled_at <= ? AND status = 'draft' ORDER BY scheduled_at, id",
  );
  const counts = db.prepare(
    `SELECT COALESCE(SUM(open_count), 0) AS open_count, COUNT(*) FILTER (WHERE open_count > 0) AS unique_open_count,
       COALESCE(SUM(click_count), 0) AS click_count, COUNT(*) FILTER (WHERE click_count > 0) AS unique_click_count,
       (SELECT COUNT(DISTINCT f.send_id) FROM send_feedback f JOIN sends b ON b.id = f.send_id
        WHERE b.workspace_id = ? AND b.campaign_uuid = ? AND f.type = 'bounce') AS bounce_count,
       (SELECT COUNT(*) FROM campaign_unsubscribes u WHERE u.campaign_id = ?) AS unsubscribe_count
     FROM sends WHERE workspace_id = ? AND campaign_uuid = ?`,
  );
  const addUnsubscribe = db.prepare(
    'INSERT INTO campaign_unsubscribes (workspace_id, campaign_id, subscriber_id, created_at) VALUES (?, ?, ?, ?)',
  );

  return {
    ...table.rows,
    /** Writes the given columns only. */
    update: table.change,
    /** For the webview link, which names no workspace. */
    findByUuidAnywhere: (uuid: string) => byUuidAnywhere.get(uuid) as CampaignRow | undefined,
    /** Whether any draft is scheduled (the scheduler reads the clock only then: a `stepping:` clock moves on each read). */
    anyScheduled: (): boolean => anyScheduled.get() !== undefined,
    /** Drafts whose schedule has come, in every workspace. */
    due: (now: number) => due.all(now) as CampaignRow[],
    counts: (campaign: CampaignRow) =>
      counts.get(
        campaign.workspace_id,
        campaign.uuid,
        campaign.id,
        campaign.workspace_id,
        campaign.uuid,
      ) as CampaignCounts,
    /** An unsubscribe that came from the campaign's mail. */
    addUnsubscribe: (campaign: CampaignRow, subscriberId: number, at: number): void =>
      void addUnsubscribe.run(campaign.workspace_id, campaign.id, subscriberId, at),
    /**
     * CalculateStatisticsAction on a sent campaign: `sent_to_number_of_subscribers` becomes the number of its Sends
     * (sent ones, as the end of sending counts them), unless none is left (v8 then calculates nothing).
     */
    recalculateSentTo(workspaceId: number, uuid: string, sends: number, at: number): void {
      if (sends === 0) return;
      statements
        .get(
          "UPDATE campaigns SET sent_to_number_of_subscribers = ?, statistics_calculated_at = ? WHERE workspace_id = ? AND uuid = ? AND status = 'sent'",
        )
        .run(sends, at, workspaceId, uuid);
    },
    setStatus: (id: number, status: CampaignStatus, at: number) =>
      statements.get('UPDATE campaigns SET status = ?, updated_at = ? WHERE id = ?').run(status, at, id),

    list(workspaceId: number, filters: CampaignFilters, sort: SortTerm[], window: PageWindow): ListResult<CampaignRow> {
      const where = new Where().and(WORKSPACE_CONDITION, workspaceId);
      if (filters.search !== undefined) where.and(fuzzyCondition(['name'], filters.search));
      if (filters.status !== undefined) where.and(STATUS_CONDITIONS[filters.status]);
      const among = (sql: (inner: string) => string, values: string[] | undefined, column: string) => {
        if (values === undefined) return;
        const condition = inCondition(column, values);
        where.and(sql(condition.sql), ...condition.params);
      };
      // The internal integer id (v8 leaks it here); the column's integer affinity applies to the text values.
      among((inner) => inner, filters.emailListIds, 'email_list_id');
      among((inner) => `email_list_id IN (SELECT id FROM email_lists WHERE ${inner})`, filters.emailListUuids, 'uuid');
      among(
        (inner) => `template_id IN (SELECT id FROM campaign_templates WHERE ${inner})`,
        filters.templateUuids,
        'uuid',
      );
      return listPage(statements, { table: 'campaigns', ...where, orderBy: sort, window });
    },
  };
}

export type CampaignStore = ReturnType<typeof createCampaignStore>;
