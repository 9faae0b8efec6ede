/** SQL for transactional mail templates (mailcoach_transactional_mails and their content items). */
import type { NewRow, TemplateRow } from './rows.js';
import { fuzzyCondition, insertSql, placeholders } from './sql.js';
import {
  keptTotal, listPage, WORKSPACE_CONDITION, type ListResult, type PageWindow, type SortTerm, type Statements,
} from './statements.js';

export interface TemplateFilters {
  uuids?: string[];
  /** decisions.md: "search by template name", a case-insensitive substring match. */
  names?: string[];
  /** FuzzyFilter on the subject or the name. */
  search?: string[];
}

const COLUMNS = [
  'workspace_id', 'uuid', 'name', 'label', 'type', 'subject', 'body', 'from_address',
  'to_json', 'cc_json', 'bcc_json', 'store_mail', 'created_at', 'updated_at',
] as const;

export function createTemplateStore(statements: Statements) {
  const db = statements.db;
  const insert = db.prepare(insertSql('templates', COLUMNS));
  const update = db.prepare(
    `UPDATE templates SET ${COLUMNS.filter((c) => !['workspace_id', 'uuid', 'created_at'].includes(c))
      .map((c) => `${c} = @${c}`)
      .join(', ')} WHERE id = @id`,
  );
  const byUuid = db.prepare('SELECT * FROM templates WHERE workspace_id = ? AND uuid = ?');
  const byName = db.prepare('SELECT * FROM templates WHERE workspace_id = ? AND name = ?');
  const byId = db.prepare('SELECT * FROM templates WHERE id = ?');
  // Index-only (templates_name, templates_uuid): the send validation asks on every templated send.
  const existsByNameOrUuid = db
    .prepare('SELECT EXISTS (SELECT 1 FROM templates WHERE workspace_id = ? AND name = ?) OR EXISTS (SELECT 1 FROM templates WHERE workspace_id = ? AND uuid = ?)')
    .pluck();

  return {
    /** Whether a template has this name or this uuid, without reading it. */
    existsByNameOrUuid: (workspaceId: number, value: string): boolean =>
      existsByNameOrUuid.get(workspaceId, value, workspaceId, value) === 1,

    list(workspaceId: number, filters: TemplateFilters, sort: SortTerm[], window: PageWindow): ListResult<TemplateRow> {
      const conditions = [WORKSPACE_CONDITION];
      const params: unknown[] = [workspaceId];
      if (filters.uuids !== undefined) {
        conditions.push(`uuid IN (${placeholders(filters.uuids.length)})`);
        params.push(...filters.uuids);
      }
      for (const [columns, values] of [[['name'], filters.names], [['subject', 'name'], filters.search]] as const) {
        if (values === undefined) continue;
        const fuzzy = fuzzyCondition([...columns], values);
        conditions.push(fuzzy.sql);
        params.push(...fuzzy.params);
      }
      // Unfiltered, the total is the trigger-kept count.
      const total = conditions.length === 1 ? keptTotal(workspaceId, ['templates']) : undefined;
      return listPage(statements, { table: 'templates', conditions, params, orderBy: sort, window, total });
    },

    findByUuid: (workspaceId: number, uuid: string) => byUuid.get(workspaceId, uuid) as TemplateRow | undefined,

    findByName: (workspaceId: number, name: string) => byName.get(workspaceId, name) as TemplateRow | undefined,

    insert(row: NewRow<TemplateRow>): TemplateRow {
      const { lastInsertRowid } = insert.run(row);
      return byId.get(lastInsertRowid) as TemplateRow;
    },

    /** Replaces every field but the identity and creation time (fixtures are the templates' source of truth). */
    update(id: number, row: NewRow<TemplateRow>): void {
      const { workspace_id: _w, uuid: _u, created_at: _c, ...fields } = row;
      update.run({ ...fields, id });
    },
  };
}

export type TemplateStore = ReturnType<typeof createTemplateStore>;
