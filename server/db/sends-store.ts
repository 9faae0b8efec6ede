/** SQL for sends (mailcoach_sends): one row per sent message. */
import { rowAccess } from './row-access.js';
import type { SendRow } from './rows.js';
import { inCondition, Where } from './sql.js';
import {
  keptTotal, listPage, WORKSPACE_CONDITION, type ListResult, type PageWindow, type SortTerm, type Statements,
} from './statements.js';

/** The owner-uuid columns GET /api/sends can filter on; each has its own index. */
export const SEND_OWNER_FILTERS = [
  'subscriber_uuid',
  'campaign_uuid',
  'automation_mail_uuid',
  'transactional_mail_log_item_uuid',
] as const;
export type SendOwnerFilter = (typeof SEND_OWNER_FILTERS)[number];

export type SendFilters = Partial<Record<SendOwnerFilter, string[]>>;

const COLUMNS = [
  'workspace_id', 'uuid', 'transport_message_id', 'campaign_uuid', 'automation_mail_uuid',
  'transactional_mail_log_item_uuid', 'subscriber_uuid', 'sent_at', 'failed_at', 'failure_reason',
  'open_count', 'click_count', 'first_opened_at', 'last_opened_at', 'first_clicked_at', 'last_clicked_at',
  'created_at', 'updated_at',
] as const;

/** `suppressed`: a campaign send to a suppressed address, which got no mail (§5.9). */
export type SendFeedbackType = 'bounce' | 'soft_bounce' | 'complaint' | 'suppressed';

export function createSendStore(statements: Statements) {
  const db = statements.db;
  const table = rowAccess<SendRow>(statements, 'sends', COLUMNS);
  const engagement = (count: string, first: string, last: string) =>
    db.prepare(
      `UPDATE sends SET ${count} = ${count} + 1, ${first} = COALESCE(${first}, @at), ${last} = @at, updated_at = @at WHERE id = @id`,
    );
  const registerOpen = engagement('open_count', 'first_opened_at', 'last_opened_at');
  const registerClick = engagement('click_count', 'first_clicked_at', 'last_clicked_at');
  const addFeedback = db.prepare('INSERT INTO send_feedback (send_id, type, created_at) VALUES (?, ?, ?)');
  const feedbackOf = db.prepare('SELECT type, created_at FROM send_feedback WHERE send_id = ? ORDER BY id');

  return {
    list(workspaceId: number, filters: SendFilters, sort: SortTerm[], window: PageWindow): ListResult<SendRow> {
      const where = new Where().and(WORKSPACE_CONDITION, workspaceId);
      for (const column of SEND_OWNER_FILTERS) {
        const values = filters[column];
        if (values !== undefined) where.and(inCondition(column, values));
      }
      // Unfiltered, the total is the trigger-kept count.
      const total = where.conditions.length === 1 ? keptTotal(workspaceId, ['sends']) : undefined;
      return listPage(statements, { table: 'sends', ...where, orderBy: sort, window, total });
    },

    findByUuid: table.rows.findByUuid,

    insert: table.rows.insert,

    insertOnly: table.insertOnly,

    delete: table.rows.delete,

    /** A deleted campaign's sends (its content item's, in v8, which cascade). */
    deleteOfCampaign: (workspaceId: number, campaignUuid: string): void =>
      void statements.get('DELETE FROM sends WHERE workspace_id = ? AND campaign_uuid = ?').run(workspaceId, campaignUuid),

    /** The uuids of a subscriber's sends: those its deletion takes (migration 20's trigger). */
    uuidsOfSubscriber: (workspaceId: number, subscriberUuid: string) =>
      statements.get('SELECT uuid FROM sends WHERE workspace_id = ? AND subscriber_uuid = ?').pluck().all(workspaceId, subscriberUuid) as string[],

    /** The campaigns (by uuid) with a send to the subscriber, or to any subscriber of the list. */
    campaignsOfSubscriber: (workspaceId: number, subscriberUuid: string) =>
      statements.get('SELECT DISTINCT campaign_uuid FROM sends WHERE workspace_id = ? AND subscriber_uuid = ? AND campaign_uuid IS NOT NULL')
        .pluck().all(workspaceId, subscriberUuid) as string[],
    campaignsOfList: (listId: number) =>
      statements.get(
        `SELECT DISTINCT s.campaign_uuid FROM subscribers sub JOIN sends s ON s.workspace_id = sub.workspace_id AND s.subscriber_uuid = sub.uuid
         WHERE sub.email_list_id = ? AND s.campaign_uuid IS NOT NULL`,
      ).pluck().all(listId) as string[],
    /** Whether any subscriber of the list has a send. */
    anyOfList: (listId: number): boolean =>
      statements.get(
        'SELECT 1 FROM subscribers sub JOIN sends s ON s.workspace_id = sub.workspace_id AND s.subscriber_uuid = sub.uuid WHERE sub.email_list_id = ? LIMIT 1',
      ).pluck().get(listId) !== undefined,

    /** The subscribers (by uuid) that already have a send of this campaign. */
    subscribersSentTo: (workspaceId: number, campaignUuid: string) =>
      new Set(statements.get('SELECT subscriber_uuid FROM sends WHERE workspace_id = ? AND campaign_uuid = ? AND subscriber_uuid IS NOT NULL').pluck().all(workspaceId, campaignUuid) as string[]),
    countOfCampaign: (workspaceId: number, campaignUuid: string) =>
      statements.get('SELECT COUNT(*) FROM sends WHERE workspace_id = ? AND campaign_uuid = ? AND sent_at IS NOT NULL').pluck().get(workspaceId, campaignUuid) as number,

    /** A simulated bounce, soft bounce or complaint on the send (send_feedback, migration 11). */
    addFeedback: (id: number, type: SendFeedbackType, at: number): void => void addFeedback.run(id, type, at),

    feedbackOf: (id: number) => feedbackOf.all(id) as Array<{ type: SendFeedbackType; created_at: number }>,

    /** An open or a click (Send::registerOpen/registerClick): one more, the first time kept, the last one now. */
    registerEngagement(id: number, kind: 'open' | 'click', at: number): SendRow {
      (kind === 'open' ? registerOpen : registerClick).run({ id, at });
      return table.rows.findById(id) as SendRow;
    },
  };
}

export type SendStore = ReturnType<typeof createSendStore>;
