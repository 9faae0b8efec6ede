/** SQL for suppressions (mailcoach_suppressions). */
import { rowAccess } from './row-access.js';
import type { SuppressionRow } from './rows.js';
import { fuzzyCondition, inCondition, trigramQuery, Where } from './sql.js';
import {
  keptTotal,
  listPage,
  WORKSPACE_CONDITION,
  type ListResult,
  type ListSpec,
  type PageWindow,
  type SortTerm,
  type Statements,
} from './statements.js';

export interface SuppressionFilters {
  /** FuzzyFilter on email: any value as a substring. */
  search?: string[];
  /** Exact reasons, ORed. */
  reasons?: string[];
}

const COLUMNS = ['workspace_id', 'uuid', 'email', 'reason', 'origin', 'created_at', 'updated_at'] as const;

/**
 * filter[search] looks rows up through the trigram index only when it has few candidates: each costs a row
 * lookup, about as much as LIKE-scanning 20 to 30 emails, so beyond a 25th of the workspace's rows the page is
 * found by scanning instead (the first page then stops early anyway). Small workspaces always take the index when
 * it has at most CANDIDATE_FLOOR candidates.
 */
const CANDIDATE_SHARE = 25;
const CANDIDATE_FLOOR = 1_000;
const TRIGRAMS = 'suppressions_email_trigrams';

export function createSuppressionStore(statements: Statements) {
  const { insert, findByUuid, delete: remove } = rowAccess<SuppressionRow>(statements, 'suppressions', COLUMNS).rows;
  const byEmail = statements.db.prepare('SELECT * FROM suppressions WHERE workspace_id = ? AND email = ?');
  const totals = statements.db.prepare(keptTotal(0, ['suppressions']).sql);
  const candidateIds = statements.db.prepare(`SELECT rowid FROM ${TRIGRAMS} WHERE ${TRIGRAMS} MATCH ? LIMIT ?`).pluck();
  const matches = statements.db.prepare(`SELECT COUNT(*) AS n FROM ${TRIGRAMS} WHERE ${TRIGRAMS} MATCH ?`);

  /**
   * How to find the rows matching filter[search]: the index's candidate ids when they are few (a JSON array, so
   * that the index is read once), and the number of matches when the index alone knows it, that is when this
   * workspace holds every suppression (the index spans all workspaces). The index's matches are exactly the
   * LIKE's (trigramQuery), so the LIKE stays in the query only as the filter it always was.
   */
  const planSearch = (workspaceId: number, values: string[]): { candidates: string | null; matching?: number } => {
    const query = trigramQuery(values);
    if (query === null) return { candidates: null };
    const { total: workspace, everywhere } = totals.get(workspaceId, 'suppressions') as {
      total: number;
      everywhere: number;
    };
    const holdsAll = workspace === everywhere;
    const limit = Math.max(CANDIDATE_FLOOR, Math.floor(workspace / CANDIDATE_SHARE));
    const ids = candidateIds.all(query, limit + 1) as number[];
    if (ids.length <= limit) {
      const candidates = JSON.stringify(ids);
      return holdsAll ? { candidates, matching: ids.length } : { candidates };
    }
    return holdsAll ? { candidates: null, matching: (matches.get(query) as { n: number }).n } : { candidates: null };
  };

  return {
    list(
      workspaceId: number,
      filters: SuppressionFilters,
      sort: SortTerm[],
      window: PageWindow,
    ): ListResult<SuppressionRow> {
      return statements.read(() => {
        const where = new Where().and(WORKSPACE_CONDITION, workspaceId);
        // Without a search, the total is the trigger-kept count of the workspace's suppressions or of the reasons.
        let total: ListSpec['total'] = keptTotal(
          workspaceId,
          filters.reasons?.map((reason) => `suppressions:${reason}`) ?? ['suppressions'],
        );
        if (filters.search !== undefined) {
          const search = planSearch(workspaceId, filters.search);
          if (search.candidates !== null) where.and('id IN (SELECT value FROM json_each(?))', search.candidates);
          where.and(fuzzyCondition(['email'], filters.search));
          total = filters.reasons === undefined ? search.matching : undefined;
        }
        if (filters.reasons !== undefined) where.and(inCondition('reason', filters.reasons));
        return listPage<SuppressionRow>(statements, { table: 'suppressions', ...where, orderBy: sort, window, total });
      });
    },

    findByUuid,

    findByEmail: (workspaceId: number, email: string) => byEmail.get(workspaceId, email) as SuppressionRow | undefined,

    /** The first suppressed address among `emails`, as the send endpoint's `email IN (...)` check finds it. */
    findFirstAmong(workspaceId: number, emails: readonly string[]): SuppressionRow | undefined {
      if (emails.length === 0) return undefined;
      const among = inCondition('email', emails);
      const sql = `SELECT * FROM suppressions WHERE workspace_id = ? AND ${among.sql} ORDER BY id LIMIT 1`;
      return statements.get(sql).get(workspaceId, ...among.params) as SuppressionRow | undefined;
    },

    insert,

    delete: remove,
  };
}

export type SuppressionStore = ReturnType<typeof createSuppressionStore>;
