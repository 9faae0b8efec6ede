/** SQL for suppressions (mailcoach_suppressions). */
import type { NewRow, SuppressionRow } from './rows.js';
import { fuzzyCondition, insertSql, placeholders, trigramQuery } from './sql.js';
import { keptTotal, listPage, type ListResult, type PageWindow, type SortTerm, type Statements } from './statements.js';

export interface SuppressionFilters {
  /** FuzzyFilter on email: any value as a substring. */
  search?: string[];
  /** Exact reasons, ORed. */
  reasons?: string[];
}

const COLUMNS = ['workspace_id', 'uuid', 'email', 'reason', 'created_at', 'updated_at'] as const;

/**
 * filter[search] narrows to the trigram index's candidates only when they are few: each candidate costs a row
 * lookup, about as much as LIKE-scanning 20 to 30 emails of the index, so beyond a 25th of the workspace's rows a
 * plain scan is cheaper. Small workspaces always take the index when it has at most this many candidates.
 */
const CANDIDATE_SHARE = 25;
const CANDIDATE_FLOOR = 1_000;

export function createSuppressionStore(statements: Statements) {
  const insert = statements.db.prepare(insertSql('suppressions', COLUMNS));
  const byUuid = statements.db.prepare('SELECT * FROM suppressions WHERE workspace_id = ? AND uuid = ?');
  const byEmail = statements.db.prepare('SELECT * FROM suppressions WHERE workspace_id = ? AND email = ?');
  const byId = statements.db.prepare('SELECT * FROM suppressions WHERE id = ?');
  const remove = statements.db.prepare('DELETE FROM suppressions WHERE id = ?');
  const candidateCount = statements.db.prepare(
    'SELECT COUNT(*) AS n FROM (SELECT 1 FROM suppressions_email_trigrams WHERE suppressions_email_trigrams MATCH ? LIMIT ?)',
  );
  const workspaceTotal = statements.db.prepare(keptTotal(0, ['suppressions']).sql);

  /** Whether the trigram index has few enough candidates for `match` to be worth looking them up one by one. */
  const fewCandidates = (workspaceId: number, match: string): boolean => {
    const { total } = workspaceTotal.get(workspaceId, 'suppressions') as { total: number };
    const limit = Math.max(CANDIDATE_FLOOR, Math.floor(total / CANDIDATE_SHARE));
    return (candidateCount.get(match, limit + 1) as { n: number }).n <= limit;
  };

  return {
    list(workspaceId: number, filters: SuppressionFilters, sort: SortTerm[], window: PageWindow): ListResult<SuppressionRow> {
      const conditions = ['workspace_id = ?'];
      const params: unknown[] = [workspaceId];
      if (filters.search !== undefined) {
        const match = trigramQuery(filters.search);
        if (match !== null && fewCandidates(workspaceId, match)) {
          conditions.push('id IN (SELECT rowid FROM suppressions_email_trigrams WHERE suppressions_email_trigrams MATCH ?)');
          params.push(match);
        }
        const fuzzy = fuzzyCondition(['email'], filters.search);
        conditions.push(fuzzy.sql);
        params.push(...fuzzy.params);
      }
      if (filters.reasons !== undefined) {
        conditions.push(`reason IN (${placeholders(filters.reasons.length)})`);
        params.push(...filters.reasons);
      }
      // Without a search, the total is the trigger-kept count of the workspace's suppressions or of the reasons.
      const total =
        filters.search !== undefined
          ? undefined
          : keptTotal(workspaceId, filters.reasons?.map((reason) => `suppressions:${reason}`) ?? ['suppressions']);
      return listPage(statements, { table: 'suppressions', conditions, params, orderBy: sort, window, total });
    },

    findByUuid: (workspaceId: number, uuid: string) => byUuid.get(workspaceId, uuid) as SuppressionRow | undefined,

    findByEmail: (workspaceId: number, email: string) => byEmail.get(workspaceId, email) as SuppressionRow | undefined,

    /** The first suppressed address among `emails`, as the send endpoint's `email IN (...)` check finds it. */
    findFirstAmong(workspaceId: number, emails: string[]): SuppressionRow | undefined {
      if (emails.length === 0) return undefined;
      const sql = `SELECT * FROM suppressions WHERE workspace_id = ? AND email IN (${placeholders(emails.length)}) ORDER BY id LIMIT 1`;
      return statements.get(sql).get(workspaceId, ...emails) as SuppressionRow | undefined;
    },

    insert(row: NewRow<SuppressionRow>): SuppressionRow {
      const { lastInsertRowid } = insert.run(row);
      return byId.get(lastInsertRowid) as SuppressionRow;
    },

    delete: (id: number) => void remove.run(id),
  };
}

export type SuppressionStore = ReturnType<typeof createSuppressionStore>;
