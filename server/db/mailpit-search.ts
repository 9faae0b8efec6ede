/**
 * Mailpit's search over its trigram index (migration 31): the index's upkeep, which the background indexer drives
 * (search/indexer.ts), and the matches of a compiled search (search/mailpit-query.ts), newest first, with how many
 * match. The index is built once the surface is first searched (enable); meanwhile, and for the messages it does
 * not hold (those above its mark, and those whose search text is too long to index in one step), a search reads
 * the rows with LIKE, so that it always sees every message.
 */
import type { IndexStep } from './message-rows.js';
import type { Statements } from './statements.js';
import { writeTransaction } from './write-transaction.js';

/**
 * The longest search text the index takes: indexing costs about 0.3 us a character (350 us for the 1.1 kB of a
 * usual mail), so one this long costs about 20 ms, what a step of the indexer may hold the server for. A longer
 * one (a hostile or unusual mail) is matched by LIKE, as the messages above the mark are.
 */
const MAX_INDEXED_CHARS = 65_536;
/** Exactly the condition of the partial index messages_mailpit_unindexed (migration 31), which SQLite then uses. */
const LONG = `length(mailpit_search_text) > ${MAX_INDEXED_CHARS}`;
/** Above this many messages to index, a search reads with LIKE rather than collect the unindexed matches. */
const MAX_UNINDEXED = 2_000;

const INDEX_COLUMNS =
  'text, subject, message_id, from_addresses, to_addresses, cc_addresses, bcc_addresses, reply_to_addresses';
const SOURCE_COLUMNS = 'mailpit_search_text, subject, message_id, from_json, to_json, cc_json, bcc_json, reply_to_json';

/**
 * Empties the index, for a delete of most messages (messages-inbox.ts): cheaper than removing each message from
 * it, and the rest is indexed again in the background.
 */
export const DROP_MAILPIT_SEARCH_INDEX = `INSERT INTO mailpit_search (mailpit_search) VALUES ('delete-all');
  UPDATE mailpit_search_state SET indexed_through = 0;`;

/**
 * A WHERE clause over `messages m` and its parameters; `indexed`, when given, is the same condition for the
 * messages in Mailpit's trigram index (db/mailpit-search.ts): a phrase of that index (null: none) and the rest.
 */
export interface MailpitWhere {
  sql: string;
  params: unknown[];
  indexed?: MailpitIndexedWhere;
}

export interface MailpitIndexedWhere {
  match: string | null;
  rest: { sql: string; params: unknown[] };
}

/** A match of a search: the message and whether it is unread. */
interface Match {
  id: number;
  read: number;
}

/** One page of a search's matches, newest first, and how many (and how many unread) match in all. */
export interface MatchedIds {
  ids: number[];
  matched: number;
  unread: number;
}

export function createMailpitSearch(statements: Statements) {
  const db = statements.db;
  const state = db.prepare('SELECT enabled, indexed_through AS mark FROM mailpit_search_state');
  const enable = db.prepare('UPDATE mailpit_search_state SET enabled = 1 WHERE enabled = 0');
  const highest = db.prepare('SELECT COALESCE(MAX(id), 0) FROM messages').pluck();
  const regressed = db.prepare('SELECT 1 FROM messages_time_regressions WHERE workspace_id = ?').pluck();
  const stepEnd = db
    .prepare(
      `SELECT id FROM (
         SELECT id, row_number() OVER (ORDER BY id) AS n,
           sum(min(coalesce(length(mailpit_search_text), 0), ${MAX_INDEXED_CHARS})) OVER (ORDER BY id) AS running
         FROM (SELECT id, mailpit_search_text FROM messages
               WHERE id > (SELECT indexed_through FROM mailpit_search_state) ORDER BY id LIMIT ?)
       ) WHERE n = 1 OR running <= ? ORDER BY id DESC LIMIT 1`,
    )
    .pluck();
  const indexUpTo = db.prepare(
    `INSERT INTO mailpit_search (rowid, ${INDEX_COLUMNS}) SELECT id, ${SOURCE_COLUMNS} FROM messages
     WHERE id > (SELECT indexed_through FROM mailpit_search_state) AND id <= ?
       AND coalesce(length(mailpit_search_text), 0) <= ${MAX_INDEXED_CHARS}`,
  );
  const setMark = db.prepare('UPDATE mailpit_search_state SET indexed_through = ?');

  const readState = () => state.get() as { enabled: number; mark: number };

  /** The messages the index does not hold that match, newest first: above the mark, or too long to index. */
  const unindexedMatches = (workspaceId: number, where: MailpitWhere, mark: number): Match[] =>
    statements
      .get(
        `SELECT m.id, m.read FROM messages m WHERE m.workspace_id = ? AND m.id IN (
           SELECT id FROM messages WHERE id > ? UNION ALL SELECT id FROM messages WHERE ${LONG} AND id <= ?)
         AND (${where.sql}) ORDER BY m.id DESC`,
      )
      .all(workspaceId, mark, mark, ...where.params) as Match[];

  /** The FROM and WHERE of the indexed matches, which come in descending id order. */
  const indexedSource = (workspaceId: number, where: Required<MailpitWhere>['indexed']) => {
    const { match, rest } = where;
    if (match !== null) {
      return {
        sql: `FROM mailpit_search s JOIN messages m INDEXED BY messages_mailpit_by_id ON m.id = s.rowid
              WHERE s.mailpit_search MATCH ? AND m.workspace_id = ? AND (${rest.sql})`,
        order: 's.rowid DESC',
        params: [match, workspaceId, ...rest.params],
      };
    }
    // No index phrase to start from: the workspace's messages in the index, in time order (id order here).
    return {
      sql: `FROM messages m INDEXED BY messages_created_at WHERE m.workspace_id = ?
              AND m.id <= (SELECT indexed_through FROM mailpit_search_state)
              AND m.id NOT IN (SELECT id FROM messages WHERE ${LONG}) AND (${rest.sql})`,
      order: 'm.created_at_ms DESC, m.id DESC',
      params: [workspaceId, ...rest.params],
    };
  };

  return {
    /** Starts building the index (once): the Mailpit surface was searched. Returns whether it was off. */
    enable: (): boolean => readState().enabled === 0 && writeTransaction(db, () => enable.run().changes > 0),

    /** The highest message id the index has seen (every message up to it is in it, or too long for it). */
    indexedThrough: () => readState().mark,

    highestId: () => highest.get() as number,

    /** Indexes one step of the messages above the mark (none while the index is off); returns how many. */
    indexPending(step: IndexStep): number {
      if (!db.open || readState().enabled === 0) return 0;
      return writeTransaction(db, () => {
        const last = stepEnd.get(step.messages, step.chars) as number | undefined;
        if (last === undefined) return 0;
        const indexed = indexUpTo.run(last).changes;
        setMark.run(last);
        // A step of messages all too long to index still moves the mark.
        return Math.max(indexed, 1);
      });
    },

    /**
     * The matches of a search from the index, or null when the index cannot answer it well: off, far behind the
     * messages, or the workspace's capture times went backwards (its newest-first order is then not id order,
     * which the merge of indexed and unindexed matches relies on). Call inside a read transaction.
     */
    matches(
      workspaceId: number,
      where: MailpitWhere,
      page: { start: number; limit: number | null },
    ): MatchedIds | null {
      const indexed = where.indexed;
      if (indexed === undefined) return null;
      const { enabled, mark } = readState();
      if (enabled === 0 || (highest.get() as number) - mark > MAX_UNINDEXED) return null;
      if (regressed.get(workspaceId) !== undefined) return null;
      const unindexed = unindexedMatches(workspaceId, where, mark);
      const source = indexedSource(workspaceId, indexed);
      const counted = statements
        .get(`SELECT count(*) AS matched, COALESCE(sum(m.read = 0), 0) AS unread ${source.sql}`)
        .get(...source.params) as { matched: number; unread: number };
      const end = page.limit === null ? Number.POSITIVE_INFINITY : page.start + page.limit;
      const ids: number[] = [];
      let next = 0;
      let position = 0;
      const take = (id: number) => {
        if (position >= page.start) ids.push(id);
        position++;
      };
      // Both lists are newest first; the unindexed ones interleave with the indexed by id.
      if (end > 0) {
        for (const row of statements
          .get(`SELECT m.id, m.read ${source.sql} ORDER BY ${source.order}`)
          .iterate(...source.params) as IterableIterator<Match>) {
          while (next < unindexed.length && unindexed[next]!.id > row.id && position < end) take(unindexed[next++]!.id);
          if (position >= end) break;
          take(row.id);
          if (position >= end) break;
        }
        while (next < unindexed.length && position < end) take(unindexed[next++]!.id);
      }
      return {
        ids,
        matched: counted.matched + unindexed.length,
        unread: counted.unread + unindexed.filter((m) => m.read === 0).length,
      };
    },
  };
}
