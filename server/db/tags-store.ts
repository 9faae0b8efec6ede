/** SQL for an email list's tags (mailcoach_tags; mailcoach-audience-campaigns.md §3). */
import type { NewRow, TagRow, TagType } from './rows.js';
import { fuzzyCondition, insertSql } from './sql.js';
import { listPage, WORKSPACE_CONDITION, type ListResult, type PageWindow, type SortTerm, type Statements } from './statements.js';

export interface TagFilters {
  search?: string[];
  type?: TagType;
}

const COLUMNS = ['workspace_id', 'email_list_id', 'uuid', 'name', 'type', 'visible_in_preferences', 'created_at', 'updated_at'] as const;

/** The number of subscribers with the tag: the `subscriber_count` sort (a 500 on v8; decisions.md: make it work). */
export const TAG_SUBSCRIBER_COUNT_SQL = '(SELECT COUNT(*) FROM subscriber_tags st WHERE st.tag_id = tags.id)';

export function createTagStore(statements: Statements) {
  const db = statements.db;
  const insert = db.prepare(insertSql('tags', COLUMNS));
  const byId = db.prepare('SELECT * FROM tags WHERE id = ?');
  const byUuid = db.prepare('SELECT * FROM tags WHERE workspace_id = ? AND uuid = ?');
  const byName = db.prepare('SELECT * FROM tags WHERE email_list_id = ? AND name = ? AND type = ?');
  const byNameAnyType = db.prepare('SELECT * FROM tags WHERE email_list_id = ? AND name = ? ORDER BY id LIMIT 1');
  const ofList = db.prepare('SELECT * FROM tags WHERE email_list_id = ? ORDER BY name, id');
  const update = db.prepare('UPDATE tags SET name = @name, visible_in_preferences = @visible_in_preferences, updated_at = @updated_at WHERE id = @id');
  const remove = db.prepare('DELETE FROM tags WHERE id = ?');

  return {
    insert(row: NewRow<TagRow>): TagRow {
      return byId.get(insert.run(row).lastInsertRowid) as TagRow;
    },
    update(id: number, fields: Pick<TagRow, 'name' | 'visible_in_preferences' | 'updated_at'>): TagRow {
      update.run({ ...fields, id });
      return byId.get(id) as TagRow;
    },
    delete: (id: number): void => void remove.run(id),
    findByUuid: (workspaceId: number, uuid: string) => byUuid.get(workspaceId, uuid) as TagRow | undefined,
    findByName: (listId: number, name: string, type: TagType) => byName.get(listId, name, type) as TagRow | undefined,
    /** The list's tag with exactly this name, whatever its type (v8's firstOrCreate when adding tags ignores type). */
    findByNameAnyType: (listId: number, name: string) => byNameAnyType.get(listId, name) as TagRow | undefined,
    ofList: (listId: number) => ofList.all(listId) as TagRow[],

    list(workspaceId: number, listId: number, filters: TagFilters, sort: SortTerm[], window: PageWindow): ListResult<TagRow> {
      const conditions = [WORKSPACE_CONDITION, 'email_list_id = ?'];
      const params: unknown[] = [workspaceId, listId];
      if (filters.type !== undefined) {
        conditions.push('type = ?');
        params.push(filters.type);
      }
      if (filters.search !== undefined) {
        const fuzzy = fuzzyCondition(['name'], filters.search);
        conditions.push(fuzzy.sql);
        params.push(...fuzzy.params);
      }
      return listPage(statements, { table: 'tags', conditions, params, orderBy: sort, window });
    },
  };
}

export type TagStore = ReturnType<typeof createTagStore>;
