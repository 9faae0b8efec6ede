/** SQL for subscriber imports (mailcoach_subscriber_imports; mailcoach-audience-campaigns.md §8). */
import type { NewRow, SubscriberImportRow } from './rows.js';
import { inCondition, insertSql } from './sql.js';
import { listPage, WORKSPACE_CONDITION, type ListResult, type PageWindow, type SortTerm, type Statements } from './statements.js';

const COLUMNS = [
  'workspace_id', 'uuid', 'email_list_id', 'status', 'subscribers_csv', 'subscribe_unsubscribed', 'unsubscribe_others',
  'replace_tags', 'imported_subscribers_count', 'error_count', 'created_at', 'updated_at',
] as const;

export interface SubscriberImportFilters {
  /** filter[email_list_uuid]: lists' uuids (a callback on the list in v8). */
  listUuids?: string[];
  statuses?: string[];
}

export function createSubscriberImportStore(statements: Statements) {
  const db = statements.db;
  const insert = db.prepare(insertSql('subscriber_imports', COLUMNS));
  const byId = db.prepare('SELECT * FROM subscriber_imports WHERE id = ?');
  const byUuid = db.prepare('SELECT * FROM subscriber_imports WHERE workspace_id = ? AND uuid = ?');
  const remove = db.prepare('DELETE FROM subscriber_imports WHERE id = ?');
  return {
    insert: (row: NewRow<SubscriberImportRow>) => byId.get(insert.run(row).lastInsertRowid) as SubscriberImportRow,
    update(id: number, change: Partial<Omit<SubscriberImportRow, 'id' | 'workspace_id' | 'uuid' | 'created_at'>>): SubscriberImportRow {
      const columns = Object.keys(change);
      if (columns.length > 0) statements.get(`UPDATE subscriber_imports SET ${columns.map((c) => `${c} = @${c}`).join(', ')} WHERE id = @id`).run({ ...change, id });
      return byId.get(id) as SubscriberImportRow;
    },
    delete: (id: number): void => void remove.run(id),
    findByUuid: (workspaceId: number, uuid: string) => byUuid.get(workspaceId, uuid) as SubscriberImportRow | undefined,
    list(workspaceId: number, filters: SubscriberImportFilters, sort: SortTerm[], window: PageWindow): ListResult<SubscriberImportRow> {
      const conditions = [WORKSPACE_CONDITION];
      const params: unknown[] = [workspaceId];
      if (filters.statuses !== undefined) {
        const among = inCondition('status', filters.statuses);
        conditions.push(among.sql);
        params.push(...among.params);
      }
      if (filters.listUuids !== undefined) {
        const among = inCondition('uuid', filters.listUuids);
        conditions.push(`email_list_id IN (SELECT id FROM email_lists WHERE workspace_id = ? AND ${among.sql})`);
        params.push(workspaceId, ...among.params);
      }
      return listPage(statements, { table: 'subscriber_imports', conditions, params, orderBy: sort, window });
    },
  };
}

export type SubscriberImportStore = ReturnType<typeof createSubscriberImportStore>;
