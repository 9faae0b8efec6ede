/** SQL for the transactional mail log (mailcoach_transactional_mail_log_items). */
import { rowAccess } from './row-access.js';
import type { LogItemRow } from './rows.js';
import { fuzzyCondition, inCondition, Where } from './sql.js';
import {
  keptTotal,
  listPage,
  WORKSPACE_CONDITION,
  type ListResult,
  type PageWindow,
  type SortTerm,
  type Statements,
} from './statements.js';

export interface LogItemFilters {
  /** FuzzyFilter on the subject (Mailcoach's default transactional.search_fields). */
  search?: string[];
  /** Exact, through the log item's sends. */
  transportMessageIds?: string[];
}

const COLUMNS = [
  'workspace_id',
  'uuid',
  'mail_name',
  'subject',
  'from_json',
  'to_json',
  'cc_json',
  'bcc_json',
  'body',
  'body_in_message',
  'attachments_json',
  'mailer',
  'fake',
  'message_id',
  'created_at',
  'updated_at',
] as const;

/** Every column, with the body of a send that keeps it in its captured message read from there (migration 5). */
const SELECT_COLUMNS =
  'id, workspace_id, uuid, mail_name, subject, from_json, to_json, cc_json, bcc_json, ' +
  'CASE WHEN body_in_message = 1 THEN (SELECT coalesce(m.html_body, m.text_body) FROM messages m ' +
  'WHERE m.id = log_items.message_id) ELSE body END AS body, ' +
  'body_in_message, attachments_json, mailer, fake, message_id, created_at, updated_at';

/** The length of Mailcoach's content item subject column, VARCHAR(255). */
const MAILCOACH_SUBJECT_CHARS = 255;

export function createLogItemStore(statements: Statements) {
  const table = rowAccess<LogItemRow>(statements, 'log_items', COLUMNS, SELECT_COLUMNS);

  return {
    list(workspaceId: number, filters: LogItemFilters, sort: SortTerm[], window: PageWindow): ListResult<LogItemRow> {
      const where = new Where().and(WORKSPACE_CONDITION, workspaceId);
      // Mailcoach searches its content item's subject, a VARCHAR(255) column (`$table->string('subject')` in its
      // migrations), which never holds more: so do we, whatever the length of the subject a send captured.
      if (filters.search !== undefined)
        where.and(fuzzyCondition([`substr(subject, 1, ${MAILCOACH_SUBJECT_CHARS})`], filters.search));
      if (filters.transportMessageIds !== undefined) {
        const ids = inCondition('transport_message_id', filters.transportMessageIds);
        where.and(
          `uuid IN (SELECT transactional_mail_log_item_uuid FROM sends WHERE workspace_id = ? AND ${ids.sql})`,
          workspaceId,
          ...ids.params,
        );
      }
      // Unfiltered, the total is the trigger-kept count.
      const total = where.conditions.length === 1 ? keptTotal(workspaceId, ['log_items']) : undefined;
      return listPage(statements, {
        table: 'log_items',
        columns: SELECT_COLUMNS,
        ...where,
        orderBy: sort,
        window,
        total,
      });
    },

    findByUuid: table.rows.findByUuid,

    insert: table.rows.insert,

    insertOnly: table.insertOnly,
  };
}

export type LogItemStore = ReturnType<typeof createLogItemStore>;
