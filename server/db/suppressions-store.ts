/** SQL for suppressions (mailcoach_suppressions). */
import type { NewRow, SuppressionRow } from './rows.js';
import { fuzzyCondition, insertSql, placeholders } from './sql.js';
import { listPage, type ListResult, type PageWindow, type SortTerm, type Statements } from './statements.js';

export interface SuppressionFilters {
  /** FuzzyFilter on email: any value as a substring. */
  search?: string[];
  /** Exact reasons, ORed. */
  reasons?: string[];
}

const COLUMNS = ['workspace_id', 'uuid', 'email', 'reason', 'created_at', 'updated_at'] as const;

export function createSuppressionStore(statements: Statements) {
  const insert = statements.db.prepare(insertSql('suppressions', COLUMNS));
  const byUuid = statements.db.prepare('SELECT * FROM suppressions WHERE workspace_id = ? AND uuid = ?');
  const byEmail = statements.db.prepare('SELECT * FROM suppressions WHERE workspace_id = ? AND email = ?');
  const byId = statements.db.prepare('SELECT * FROM suppressions WHERE id = ?');
  const remove = statements.db.prepare('DELETE FROM suppressions WHERE id = ?');

  return {
    list(workspaceId: number, filters: SuppressionFilters, sort: SortTerm[], window: PageWindow): ListResult<SuppressionRow> {
      const conditions = ['workspace_id = ?'];
      const params: unknown[] = [workspaceId];
      if (filters.search !== undefined) {
        const fuzzy = fuzzyCondition(['email'], filters.search);
        conditions.push(fuzzy.sql);
        params.push(...fuzzy.params);
      }
      if (filters.reasons !== undefined) {
        conditions.push(`reason IN (${placeholders(filters.reasons.length)})`);
        params.push(...filters.reasons);
      }
      return listPage(statements, { table: 'suppressions', conditions, params, orderBy: sort, window });
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
