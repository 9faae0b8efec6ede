/** SQL for sends (mailcoach_sends): one row per sent message. */
import { rowAccess } from './row-access.js';
import type { SEND_FEEDBACK_TYPES, SendRow } from './rows.js';
import { inCondition, Where } from './sql.js';
import {
  keptTotal,
  listPage,
  WORKSPACE_CONDITION,
  type ListResult,
  type PageWindow,
  type SortTerm,
  type Statements,
} from './statements.js';

/** The owner-uuid columns GET /api/sends can filter on; each has its own index. */
export const SEND_OWNER_FILTERS = [
  'subscriber_uuid',
  'campaign_uuid',
  'automation_mail_uuid',
  'transactional_mail_log_item_uuid',
] as const;
type SendOwnerFilter = (typeof SEND_OWNER_FILTERS)[number];

/** `emails`: GET /_emulator/sends's filter[email] (the API has no such filter), any of these recipients. */
export type SendFilters = Partial<Record<SendOwnerFilter, string[]>> & { emails?: string[] };

/** What the web UI's sends page shows of a send beyond its row (GET /_emulator/sends), read for a page at once. */
export interface SendRecords {
  /** The subscriber's address (a campaign or automation send), or the log item's first To (a transactional one). */
  email: string | null;
  /** The captured mail's subject, else the log item's, else the campaign's (its subject, or its name). */
  subject: string | null;
  campaign_name: string | null;
  /** The template the mail was rendered from, else the log item's mail_name as the app gave it. */
  template_name: string | null;
  /** The captured message: the log item's, or a campaign mail found by its Message-ID (migration 22). */
  message_uuid: string | null;
}

/**
 * A transactional send's recipient is its log item's first To address, a campaign send's its subscriber's: both
 * lower-cased and matched exactly, each through its index (log_items_first_to, subscribers_list_email).
 */
const RECIPIENT_CONDITION = `(
  transactional_mail_log_item_uuid IN (SELECT uuid FROM log_items WHERE workspace_id = ?
    AND lower(to_json ->> '$[0].email') IN (SELECT lower(value) FROM json_each(?)))
  OR subscriber_uuid IN (SELECT uuid FROM subscribers WHERE email_list_id IN (SELECT id FROM email_lists WHERE workspace_id = ?)
    AND email COLLATE NOCASE IN (SELECT value FROM json_each(?)))
)`;

const COLUMNS = [
  'workspace_id',
  'uuid',
  'transport_message_id',
  'campaign_uuid',
  'automation_mail_uuid',
  'transactional_mail_log_item_uuid',
  'subscriber_uuid',
  'sent_at',
  'failed_at',
  'failure_reason',
  'open_count',
  'click_count',
  'first_opened_at',
  'last_opened_at',
  'first_clicked_at',
  'last_clicked_at',
  'created_at',
  'updated_at',
] as const;

/** `suppressed`: a campaign send to a suppressed address, which got no mail (docs/spec/mailcoach-audience-campaigns.md#59-post-apicampaignsuuidsend). */
export type SendFeedbackType = (typeof SEND_FEEDBACK_TYPES)[number];

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
  // Each join is a lookup by a unique index (log_items_uuid, subscribers_uuid, campaigns_uuid, the messages' primary
  // key or messages_campaign_mail): one statement for a page of sends.
  const recordsOf = db.prepare(
    `SELECT s.id,
       coalesce(sub.email, li.to_json ->> '$[0].email') AS email,
       coalesce(m.subject, li.subject, c.subject, c.name) AS subject,
       c.name AS campaign_name,
       coalesce(m.template_name, li.mail_name) AS template_name,
       m.uuid AS message_uuid
     FROM sends s
     LEFT JOIN log_items li ON li.workspace_id = s.workspace_id AND li.uuid = s.transactional_mail_log_item_uuid
     LEFT JOIN subscribers sub ON sub.workspace_id = s.workspace_id AND sub.uuid = s.subscriber_uuid
     LEFT JOIN campaigns c ON c.workspace_id = s.workspace_id AND c.uuid = s.campaign_uuid
     LEFT JOIN messages m ON m.id = coalesce(li.message_id, CASE WHEN s.campaign_uuid IS NOT NULL AND s.transport_message_id IS NOT NULL THEN
       (SELECT cm.id FROM messages cm WHERE cm.workspace_id = s.workspace_id AND cm.message_id = s.transport_message_id
          AND cm.campaign_uuid IS NOT NULL ORDER BY cm.id LIMIT 1) END)
     WHERE s.id IN (SELECT value FROM json_each(?))`,
  );

  return {
    list(workspaceId: number, filters: SendFilters, sort: SortTerm[], window: PageWindow): ListResult<SendRow> {
      const where = new Where().and(WORKSPACE_CONDITION, workspaceId);
      for (const column of SEND_OWNER_FILTERS) {
        const values = filters[column];
        if (values !== undefined) where.and(inCondition(column, values));
      }
      if (filters.emails !== undefined) {
        const emails = JSON.stringify(filters.emails);
        where.and(RECIPIENT_CONDITION, workspaceId, emails, workspaceId, emails);
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
      void statements
        .get('DELETE FROM sends WHERE workspace_id = ? AND campaign_uuid = ?')
        .run(workspaceId, campaignUuid),

    /** The uuids of a subscriber's sends: those its deletion takes (migration 20's trigger). */
    uuidsOfSubscriber: (workspaceId: number, subscriberUuid: string) =>
      statements
        .get('SELECT uuid FROM sends WHERE workspace_id = ? AND subscriber_uuid = ?')
        .pluck()
        .all(workspaceId, subscriberUuid) as string[],

    /** The campaigns (by uuid) with a send to the subscriber, or to any subscriber of the list. */
    campaignsOfSubscriber: (workspaceId: number, subscriberUuid: string) =>
      statements
        .get(
          'SELECT DISTINCT campaign_uuid FROM sends WHERE workspace_id = ? AND subscriber_uuid = ? AND campaign_uuid IS NOT NULL',
        )
        .pluck()
        .all(workspaceId, subscriberUuid) as string[],
    campaignsOfList: (listId: number) =>
      statements
        .get(
          `SELECT DISTINCT s.campaign_uuid FROM subscribers sub JOIN sends s ON s.workspace_id = sub.workspace_id AND s.subscriber_uuid = sub.uuid
         WHERE sub.email_list_id = ? AND s.campaign_uuid IS NOT NULL`,
        )
        .pluck()
        .all(listId) as string[],
    /** Whether any subscriber of the list has a send. */
    anyOfList: (listId: number): boolean =>
      statements
        .get(
          'SELECT 1 FROM subscribers sub JOIN sends s ON s.workspace_id = sub.workspace_id AND s.subscriber_uuid = sub.uuid WHERE sub.email_list_id = ? LIMIT 1',
        )
        .pluck()
        .get(listId) !== undefined,

    /** The subscribers (by uuid) that already have a send of this campaign. */
    subscribersSentTo: (workspaceId: number, campaignUuid: string) =>
      new Set(
        statements
          .get(
            'SELECT subscriber_uuid FROM sends WHERE workspace_id = ? AND campaign_uuid = ? AND subscriber_uuid IS NOT NULL',
          )
          .pluck()
          .all(workspaceId, campaignUuid) as string[],
      ),
    countOfCampaign: (workspaceId: number, campaignUuid: string) =>
      statements
        .get('SELECT COUNT(*) FROM sends WHERE workspace_id = ? AND campaign_uuid = ? AND sent_at IS NOT NULL')
        .pluck()
        .get(workspaceId, campaignUuid) as number,

    /** A simulated bounce, soft bounce or complaint on the send (send_feedback, migration 11). */
    addFeedback: (id: number, type: SendFeedbackType, at: number): void => void addFeedback.run(id, type, at),

    feedbackOf: (id: number) => feedbackOf.all(id) as Array<{ type: SendFeedbackType; created_at: number }>,

    /** The recipient, subject, names and captured message of these sends (by id), for GET /_emulator/sends. */
    recordsOf(ids: readonly number[]): Map<number, SendRecords> {
      const rows = recordsOf.all(JSON.stringify(ids)) as Array<SendRecords & { id: number }>;
      return new Map(rows.map(({ id, ...records }) => [id, records]));
    },

    /** An open or a click (Send::registerOpen/registerClick): one more, the first time kept, the last one now. */
    registerEngagement(id: number, kind: 'open' | 'click', at: number): SendRow {
      (kind === 'open' ? registerOpen : registerClick).run({ id, at });
      return table.rows.findById(id) as SendRow;
    },
  };
}

export type SendStore = ReturnType<typeof createSendStore>;
