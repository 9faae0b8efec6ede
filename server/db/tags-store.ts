/** SQL for an email list's tags (mailcoach_tags; docs/spec/mailcoach-audience-campaigns.md#3-tags-apiemail-listsuuidtags). */
import { rowAccess } from './row-access.js';
import type { TagRow, TagType } from './rows.js';
import { fuzzyCondition, Where } from './sql.js';
import {
  listPage,
  WORKSPACE_CONDITION,
  type ListResult,
  type PageWindow,
  type SortTerm,
  type Statements,
} from './statements.js';

export interface TagFilters {
  search?: string[];
  type?: TagType;
}

const COLUMNS = [
  'workspace_id',
  'email_list_id',
  'uuid',
  'name',
  'type',
  'visible_in_preferences',
  'created_at',
  'updated_at',
] as const;

/** The number of subscribers with the tag: the `subscriber_count` sort (a 500 on v8; decisions.md: make it work). */
export const TAG_SUBSCRIBER_COUNT_SQL = '(SELECT COUNT(*) FROM subscriber_tags st WHERE st.tag_id = tags.id)';

export function createTagStore(statements: Statements) {
  const db = statements.db;
  const table = rowAccess<TagRow>(statements, 'tags', COLUMNS);
  const byName = db.prepare('SELECT * FROM tags WHERE email_list_id = ? AND name = ? AND type = ?');
  const byNameAnyType = db.prepare('SELECT * FROM tags WHERE email_list_id = ? AND name = ? ORDER BY id LIMIT 1');
  const ofList = db.prepare('SELECT * FROM tags WHERE email_list_id = ? ORDER BY name, id');
  const ofListCounted = db.prepare(
    `SELECT *, ${TAG_SUBSCRIBER_COUNT_SQL} AS subscriber_count FROM tags WHERE email_list_id = ? ORDER BY name, id`,
  );

  return {
    insert: table.rows.insert,
    update: table.update(['name', 'visible_in_preferences', 'updated_at']),
    delete: table.rows.delete,
    findByUuid: table.rows.findByUuid,
    findByName: (listId: number, name: string, type: TagType) => byName.get(listId, name, type) as TagRow | undefined,
    /** The list's tag with exactly this name, whatever its type (v8's firstOrCreate when adding tags ignores type). */
    findByNameAnyType: (listId: number, name: string) => byNameAnyType.get(listId, name) as TagRow | undefined,
    ofList: (listId: number) => ofList.all(listId) as TagRow[],
    /** The list's tags, each with how many subscribers have it (counted in the pivot's tag index). */
    ofListCounted: (listId: number) => ofListCounted.all(listId) as Array<TagRow & { subscriber_count: number }>,

    list(
      workspaceId: number,
      listId: number,
      filters: TagFilters,
      sort: SortTerm[],
      window: PageWindow,
    ): ListResult<TagRow> {
      const where = new Where().and(WORKSPACE_CONDITION, workspaceId).and('email_list_id = ?', listId);
      if (filters.type !== undefined) where.and('type = ?', filters.type);
      if (filters.search !== undefined) where.and(fuzzyCondition(['name'], filters.search));
      return listPage(statements, { table: 'tags', ...where, orderBy: sort, window });
    },
  };
}
