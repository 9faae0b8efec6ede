/** SQL for segments (mailcoach_segments; docs/spec/mailcoach-audience-campaigns.md#4-segments-apiemail-listsuuidsegments). */
import { rowAccess } from './row-access.js';
import type { SegmentRow } from './rows.js';
import { fuzzyCondition, Where } from './sql.js';
import {
  listPage,
  WORKSPACE_CONDITION,
  type ListResult,
  type PageWindow,
  type SortTerm,
  type Statements,
} from './statements.js';

const COLUMNS = [
  'workspace_id',
  'email_list_id',
  'uuid',
  'name',
  'stored_conditions',
  'created_at',
  'updated_at',
] as const;

export function createSegmentStore(statements: Statements) {
  const table = rowAccess<SegmentRow>(statements, 'segments', COLUMNS);
  return {
    ...table.rows,
    update: table.update(['name', 'stored_conditions', 'updated_at']),
    list(
      workspaceId: number,
      listId: number,
      search: string[] | undefined,
      sort: SortTerm[],
      window: PageWindow,
    ): ListResult<SegmentRow> {
      const where = new Where().and(WORKSPACE_CONDITION, workspaceId).and('email_list_id = ?', listId);
      if (search !== undefined) where.and(fuzzyCondition(['name'], search));
      return listPage(statements, { table: 'segments', ...where, orderBy: sort, window });
    },
  };
}
