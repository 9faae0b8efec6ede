/** SQL for subscriber imports (mailcoach_subscriber_imports; docs/spec/mailcoach-audience-campaigns.md#8-subscriber-imports-not-used-by-the-sdk-lower-priority). */
import { rowAccess } from './row-access.js';
import type { SubscriberImportRow } from './rows.js';
import { inCondition, Where } from './sql.js';
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
  'uuid',
  'email_list_id',
  'status',
  'subscribers_csv',
  'subscribe_unsubscribed',
  'unsubscribe_others',
  'replace_tags',
  'imported_subscribers_count',
  'error_count',
  'created_at',
  'updated_at',
] as const;

export interface SubscriberImportFilters {
  /** filter[email_list_uuid]: lists' uuids (a callback on the list in v8). */
  listUuids?: string[];
  statuses?: string[];
}

export function createSubscriberImportStore(statements: Statements) {
  const table = rowAccess<SubscriberImportRow>(statements, 'subscriber_imports', COLUMNS);
  return {
    insert: table.rows.insert,
    /** Writes the given columns only. */
    update: table.change,
    delete: table.rows.delete,
    findByUuid: table.rows.findByUuid,
    list(
      workspaceId: number,
      filters: SubscriberImportFilters,
      sort: SortTerm[],
      window: PageWindow,
    ): ListResult<SubscriberImportRow> {
      const where = new Where().and(WORKSPACE_CONDITION, workspaceId);
      if (filters.statuses !== undefined) where.and(inCondition('status', filters.statuses));
      if (filters.listUuids !== undefined) {
        const among = inCondition('uuid', filters.listUuids);
        where.and(
          `email_list_id IN (SELECT id FROM email_lists WHERE workspace_id = ? AND ${among.sql})`,
          workspaceId,
          ...among.params,
        );
      }
      return listPage(statements, { table: 'subscriber_imports', ...where, orderBy: sort, window });
    },
  };
}
