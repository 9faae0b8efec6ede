/**
 * SQL of the Mailpit surface over the captured messages (docs/spec/mailpit-api.md#23-messages): its list and
 * search pages (newest first by capture time), totals, read state, deletes, and the Mailpit facts of messages
 * stored before migration 27. The search condition comes compiled (search/mailpit-query.ts).
 */
import type { MailpitFactColumns, MessageRow } from './message-rows.js';
import { createMailpitSearch, type MailpitWhere } from './mailpit-search.js';
import type { Statements } from './statements.js';
import { writeTransaction } from './write-transaction.js';

export type { MailpitIndexedWhere, MailpitWhere } from './mailpit-search.js';

/** What a MessageSummary is made of. */
export type MailpitSummaryRow = Pick<
  MessageRow,
  | 'id'
  | 'uuid'
  | 'message_id'
  | 'read'
  | 'from_json'
  | 'to_json'
  | 'cc_json'
  | 'bcc_json'
  | 'reply_to_json'
  | 'subject'
  | 'created_at_ms'
  | 'username'
  | 'size'
  | 'mailpit_attachments'
  | 'mailpit_snippet'
  | 'mailpit_size'
>;

/** The fields the Mailpit facts are computed from (mail/mailpit-facts.ts). */
export type MailpitFactsSourceRow = Pick<
  MessageRow,
  | 'id'
  | 'from_json'
  | 'to_json'
  | 'cc_json'
  | 'bcc_json'
  | 'reply_to_json'
  | 'subject'
  | 'envelope_from'
  | 'html_body'
  | 'text_body'
  | 'attachments_json'
>;

export interface MailpitPageRequest {
  where: MailpitWhere | null;
  /** Only messages captured strictly before this instant (the undocumented `before` parameter). */
  beforeMs: number | null;
  start: number;
  /** null: every message from `start`. */
  limit: number | null;
}

export interface MailpitPage {
  rows: MailpitSummaryRow[];
  matched: number;
  matchedUnread: number;
}

const SUMMARY_COLUMNS = `m.id, m.uuid, m.message_id, m.read, m.from_json, m.to_json, m.cc_json, m.bcc_json,
  m.reply_to_json, m.subject, m.created_at_ms, m.username, m.size, m.mailpit_attachments, m.mailpit_snippet, m.mailpit_size`;

export function createMailpitMessageStore(statements: Statements) {
  const db = statements.db;
  const search = createMailpitSearch(statements);
  const total = db
    .prepare("SELECT COALESCE(SUM(total), 0) FROM list_totals WHERE workspace_id = ? AND list = 'messages'")
    .pluck();
  // Kept by migration 30's triggers: counting messages_unread read every unread entry.
  const unread = db.prepare('SELECT COALESCE(MAX(unread), 0) FROM mailpit_unread WHERE workspace_id = ?').pluck();
  const uuidById = db.prepare('SELECT uuid FROM messages WHERE id = ?').pluck();
  const uuidsByIds = db
    .prepare(
      `SELECT m.uuid FROM json_each(?) j JOIN messages m ON m.id = j.value ORDER BY m.created_at_ms DESC, m.id DESC`,
    )
    .pluck();
  const summaryByUuid = db.prepare(`SELECT ${SUMMARY_COLUMNS} FROM messages m WHERE m.workspace_id = ? AND m.uuid = ?`);
  const pendingFacts = db.prepare(
    `SELECT id, from_json, to_json, cc_json, bcc_json, reply_to_json, subject, envelope_from, html_body, text_body,
       attachments_json FROM messages INDEXED BY messages_mailpit_facts_pending
     WHERE mailpit_search_text IS NULL ORDER BY id LIMIT ?`,
  );
  const saveFacts = db.prepare(
    `UPDATE messages SET mailpit_snippet = @mailpit_snippet, mailpit_attachments = @mailpit_attachments,
       mailpit_inlines = @mailpit_inlines, mailpit_search_text = @mailpit_search_text WHERE id = @id`,
  );
  const anyPending = db
    .prepare(
      'SELECT EXISTS (SELECT 1 FROM messages INDEXED BY messages_mailpit_facts_pending WHERE mailpit_search_text IS NULL)',
    )
    .pluck();

  const conditions = (workspaceId: number, where: MailpitWhere | null, beforeMs: number | null) => {
    const sql = ['m.workspace_id = ?'];
    const params: unknown[] = [workspaceId];
    if (where !== null) {
      sql.push(`(${where.sql})`);
      params.push(...where.params);
    }
    if (beforeMs !== null) {
      sql.push('m.created_at_ms < ?');
      params.push(beforeMs);
    }
    return { sql: sql.join(' AND '), params };
  };

  /** `where` and the `before` bound, in both of its forms. */
  const beforeBound = (where: MailpitWhere, beforeMs: number | null): MailpitWhere => {
    if (beforeMs === null) return where;
    const bound = (condition: { sql: string; params: unknown[] }) => ({
      sql: `(${condition.sql}) AND m.created_at_ms < ?`,
      params: [...condition.params, beforeMs],
    });
    const indexed = where.indexed;
    return indexed === undefined
      ? bound(where)
      : { ...bound(where), indexed: { ...indexed, rest: bound(indexed.rest) } };
  };

  const byIds = (workspaceId: number, ids: number[]) => ({
    sql: 'm.workspace_id = ? AND m.id IN (SELECT value FROM json_each(?))',
    params: [workspaceId, JSON.stringify(ids)],
  });

  const totals = (workspaceId: number) => ({
    total: total.get(workspaceId) as number,
    unread: unread.get(workspaceId) as number,
  });

  const summariesByIds = db.prepare(
    `SELECT ${SUMMARY_COLUMNS} FROM messages m WHERE m.id IN (SELECT value FROM json_each(?))
     ORDER BY m.created_at_ms DESC, m.id DESC`,
  );

  const readPage = (workspaceId: number, request: MailpitPageRequest): MailpitPage => {
    if (request.where !== null) {
      const where = beforeBound(request.where, request.beforeMs);
      const found = search.matches(workspaceId, where, request);
      if (found !== null) {
        const rows = found.ids.length === 0 ? [] : summariesByIds.all(JSON.stringify(found.ids));
        return { rows: rows as MailpitSummaryRow[], matched: found.matched, matchedUnread: found.unread };
      }
    }
    const where = conditions(workspaceId, request.where, request.beforeMs);
    const rows = statements
      .get(
        `SELECT ${SUMMARY_COLUMNS} FROM messages m INDEXED BY messages_created_at WHERE ${where.sql}
           ORDER BY m.created_at_ms DESC, m.id DESC LIMIT ? OFFSET ?`,
      )
      .all(...where.params, request.limit ?? -1, request.start) as MailpitSummaryRow[];
    if (request.where === null && request.beforeMs === null) {
      const all = totals(workspaceId);
      return { rows, matched: all.total, matchedUnread: all.unread };
    }
    const counted = statements
      .get(`SELECT count(*) AS matched, COALESCE(sum(m.read = 0), 0) AS unread FROM messages m WHERE ${where.sql}`)
      .get(...where.params) as { matched: number; unread: number };
    return { rows, matched: counted.matched, matchedUnread: counted.unread };
  };

  return {
    totals,

    /** The trigram index's upkeep (db/mailpit-search.ts). */
    searchIndex: {
      enable: search.enable,
      indexPending: search.indexPending,
      indexedThrough: search.indexedThrough,
      highestId: search.highestId,
    },

    /** One page, newest first, and how many messages (and unread ones) match, in one read transaction. */
    page: (workspaceId: number, request: MailpitPageRequest): MailpitPage =>
      statements.read(() => readPage(workspaceId, request)),

    summaryByUuid: (workspaceId: number, uuid: string) =>
      summaryByUuid.get(workspaceId, uuid) as MailpitSummaryRow | undefined,

    /** The uuid of the newest message matching `where` (null: any), or undefined. */
    latestUuid: (workspaceId: number, where: MailpitWhere | null): string | undefined => {
      if (where !== null) {
        const found = statements.read(() => search.matches(workspaceId, where, { start: 0, limit: 1 }));
        if (found !== null) return found.ids.length === 0 ? undefined : (uuidById.get(found.ids[0]) as string);
      }
      const condition = conditions(workspaceId, where, null);
      return statements
        .get(
          `SELECT m.uuid FROM messages m INDEXED BY messages_created_at WHERE ${condition.sql}
           ORDER BY m.created_at_ms DESC, m.id DESC LIMIT 1`,
        )
        .pluck()
        .get(...condition.params) as string | undefined;
    },

    /** The uuids of every message matching `where`, newest first. */
    matchingUuids: (workspaceId: number, where: MailpitWhere): string[] => {
      const found = statements.read(() => search.matches(workspaceId, where, { start: 0, limit: null }));
      if (found !== null) return uuidsByIds.all(JSON.stringify(found.ids)) as string[];
      const condition = conditions(workspaceId, where, null);
      return statements
        .get(`SELECT m.uuid FROM messages m WHERE ${condition.sql} ORDER BY m.created_at_ms DESC, m.id DESC`)
        .pluck()
        .all(...condition.params) as string[];
    },

    /**
     * Sets the read state of the listed messages (null: every message, or those matching `where`), and returns
     * the uuids whose state changed: Mailpit announces an update only for those.
     */
    setRead(workspaceId: number, read: boolean, uuids: string[] | null, where: MailpitWhere | null): string[] {
      return writeTransaction(db, () => {
        // A search's matches from Mailpit's index when it can answer, as ids; else the condition over the rows.
        const found = where === null ? null : search.matches(workspaceId, where, { start: 0, limit: null });
        const condition = found === null ? conditions(workspaceId, where, null) : byIds(workspaceId, found.ids);
        const sql = [`UPDATE messages AS m SET read = ? WHERE ${condition.sql} AND m.read != ?`];
        const params: unknown[] = [read ? 1 : 0, ...condition.params, read ? 1 : 0];
        if (uuids !== null) {
          sql.push('AND m.uuid IN (SELECT value FROM json_each(?))');
          params.push(JSON.stringify(uuids));
        }
        return statements
          .get(`${sql.join(' ')} RETURNING uuid`)
          .pluck()
          .all(...params) as string[];
      });
    },

    hasPendingFacts: () => anyPending.get() === 1,

    /** Up to `limit` messages (any workspace) stored without their Mailpit facts, oldest first. */
    pendingFacts: (limit: number) => pendingFacts.all(limit) as MailpitFactsSourceRow[],

    /** Mailpit's Size is not among them: a message stored before migration 32 keeps its received size. */
    saveFacts: (facts: (Omit<MailpitFactColumns, 'mailpit_size'> & { id: number })[]) =>
      writeTransaction(db, () => {
        for (const row of facts) saveFacts.run(row);
      }),
  };
}
