/** SQL for the transactional mail log (mailcoach_transactional_mail_log_items). */
import type { LogItemRow, NewRow } from './rows.js';
import { fuzzyCondition, inCondition, insertSql } from './sql.js';
import {
  keptTotal, listPage, WORKSPACE_CONDITION, type ListResult, type PageWindow, type SortTerm, type Statements,
} from './statements.js';

export interface LogItemFilters {
  /** FuzzyFilter on the subject (Mailcoach's default transactional.search_fields). */
  search?: string[];
  /** Exact, through the log item's sends. */
  transportMessageIds?: string[];
}

const COLUMNS = [
  'workspace_id', 'uuid', 'mail_name', 'subject', 'from_json', 'to_json', 'cc_json', 'bcc_json', 'body',
  'body_in_message', 'attachments_json', 'mailer', 'fake', 'message_id', 'created_at', 'updated_at',
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
  const db = statements.db;
  const insert = db.prepare(insertSql('log_items', COLUMNS));
  const byUuid = db.prepare(`SELECT ${SELECT_COLUMNS} FROM log_items WHERE workspace_id = ? AND uuid = ?`);
  const byId = db.prepare(`SELECT ${SELECT_COLUMNS} FROM log_items WHERE id = ?`);

  return {
    list(workspaceId: number, filters: LogItemFilters, sort: SortTerm[], window: PageWindow): ListResult<LogItemRow> {
      const conditions = [WORKSPACE_CONDITION];
      const params: unknown[] = [workspaceId];
      if (filters.search !== undefined) {
        // Mailcoach searches its content item's subject, a VARCHAR(255) column (`$table->string('subject')` in its
        // migrations), which never holds more: so do we, whatever the length of the subject a send captured.
        const fuzzy = fuzzyCondition([`substr(subject, 1, ${MAILCOACH_SUBJECT_CHARS})`], filters.search);
        conditions.push(fuzzy.sql);
        params.push(...fuzzy.params);
      }
      if (filters.transportMessageIds !== undefined) {
        const ids = inCondition('transport_message_id', filters.transportMessageIds);
        conditions.push(`uuid IN (SELECT transactional_mail_log_item_uuid FROM sends WHERE workspace_id = ? AND ${ids.sql})`);
        params.push(workspaceId, ...ids.params);
      }
      // Unfiltered, the total is the trigger-kept count.
      const total = conditions.length === 1 ? keptTotal(workspaceId, ['log_items']) : undefined;
      return listPage(statements, {
        table: 'log_items', columns: SELECT_COLUMNS, conditions, params, orderBy: sort, window, total,
      });
    },

    findByUuid: (workspaceId: number, uuid: string) => byUuid.get(workspaceId, uuid) as LogItemRow | undefined,

    insert(row: NewRow<LogItemRow>): LogItemRow {
      const { lastInsertRowid } = insert.run(row);
      return byId.get(lastInsertRowid) as LogItemRow;
    },

    /** The same insert, without reading the row back (the send path needs nothing of it). */
    insertOnly: (row: NewRow<LogItemRow>): void => void insert.run(row),
  };
}

export type LogItemStore = ReturnType<typeof createLogItemStore>;
