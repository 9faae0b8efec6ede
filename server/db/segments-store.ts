/** SQL for segments (mailcoach_segments; mailcoach-audience-campaigns.md §4). */
import type { NewRow, SegmentRow } from './rows.js';
import { fuzzyCondition, insertSql } from './sql.js';
import { listPage, WORKSPACE_CONDITION, type ListResult, type PageWindow, type SortTerm, type Statements } from './statements.js';

const COLUMNS = ['workspace_id', 'email_list_id', 'uuid', 'name', 'stored_conditions', 'created_at', 'updated_at'] as const;

export function createSegmentStore(statements: Statements) {
  const db = statements.db;
  const insert = db.prepare(insertSql('segments', COLUMNS));
  const byId = db.prepare('SELECT * FROM segments WHERE id = ?');
  const byUuid = db.prepare('SELECT * FROM segments WHERE workspace_id = ? AND uuid = ?');
  const update = db.prepare('UPDATE segments SET name = @name, stored_conditions = @stored_conditions, updated_at = @updated_at WHERE id = @id');
  const remove = db.prepare('DELETE FROM segments WHERE id = ?');
  return {
    insert: (row: NewRow<SegmentRow>) => byId.get(insert.run(row).lastInsertRowid) as SegmentRow,
    update(id: number, fields: Pick<SegmentRow, 'name' | 'stored_conditions' | 'updated_at'>): SegmentRow {
      update.run({ ...fields, id });
      return byId.get(id) as SegmentRow;
    },
    delete: (id: number): void => void remove.run(id),
    findById: (id: number) => byId.get(id) as SegmentRow | undefined,
    findByUuid: (workspaceId: number, uuid: string) => byUuid.get(workspaceId, uuid) as SegmentRow | undefined,
    list(workspaceId: number, listId: number, search: string[] | undefined, sort: SortTerm[], window: PageWindow): ListResult<SegmentRow> {
      const conditions = [WORKSPACE_CONDITION, 'email_list_id = ?'];
      const params: unknown[] = [workspaceId, listId];
      if (search !== undefined) {
        const fuzzy = fuzzyCondition(['name'], search);
        conditions.push(fuzzy.sql);
        params.push(...fuzzy.params);
      }
      return listPage(statements, { table: 'segments', conditions, params, orderBy: sort, window });
    },
  };
}

export type SegmentStore = ReturnType<typeof createSegmentStore>;
