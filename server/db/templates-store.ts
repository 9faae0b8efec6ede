/** SQL for transactional mail templates (mailcoach_transactional_mails and their content items). */
import { BoundedCache } from '../bounded-cache.js';
import type { Db } from './open.js';
import { rowAccess, updatableColumns } from './row-access.js';
import type { NewRow, TemplateRow } from './rows.js';
import { fuzzyCondition, inCondition, updateSql, Where } from './sql.js';
import {
  keptTotal,
  listPage,
  WORKSPACE_CONDITION,
  type ListResult,
  type PageWindow,
  type SortTerm,
  type Statements,
} from './statements.js';

export interface TemplateFilters {
  uuids?: string[];
  /** decisions.md: "search by template name", a case-insensitive substring match. */
  names?: string[];
  /** FuzzyFilter on the subject or the name. */
  search?: string[];
}

const COLUMNS = [
  'workspace_id',
  'uuid',
  'name',
  'label',
  'type',
  'subject',
  'body',
  'from_address',
  'to_json',
  'cc_json',
  'bcc_json',
  'store_mail',
  'created_at',
  'updated_at',
] as const;

export function createTemplateStore(statements: Statements) {
  const db = statements.db;
  const { rows } = rowAccess<TemplateRow>(statements, 'templates', COLUMNS);
  // Not rowAccess's update, which reads the row back: nothing needs it here.
  const update = db.prepare(updateSql('templates', updatableColumns(COLUMNS)));
  const byName = db.prepare('SELECT * FROM templates WHERE workspace_id = ? AND name = ?');
  const allOf = db.prepare('SELECT * FROM templates WHERE workspace_id = ? ORDER BY name COLLATE NOCASE, id');
  const lookups = createLookupCache(db);
  const findByName = (workspaceId: number, name: string) =>
    lookups.get(`n${workspaceId}:${name}`, () => byName.get(workspaceId, name) as TemplateRow | undefined);
  const findByUuid = (workspaceId: number, uuid: string) =>
    lookups.get(`u${workspaceId}:${uuid}`, () => rows.findByUuid(workspaceId, uuid));

  return {
    /** Whether a template has this name or this uuid (the send validation's mail_name rule). */
    existsByNameOrUuid: (workspaceId: number, value: string): boolean =>
      findByName(workspaceId, value) !== undefined || findByUuid(workspaceId, value) !== undefined,

    list(workspaceId: number, filters: TemplateFilters, sort: SortTerm[], window: PageWindow): ListResult<TemplateRow> {
      const where = new Where().and(WORKSPACE_CONDITION, workspaceId);
      if (filters.uuids !== undefined) where.and(inCondition('uuid', filters.uuids));
      for (const [columns, values] of [
        [['name'], filters.names],
        [['subject', 'name'], filters.search],
      ] as const) {
        if (values !== undefined) where.and(fuzzyCondition([...columns], values));
      }
      // Unfiltered, the total is the trigger-kept count.
      const total = where.conditions.length === 1 ? keptTotal(workspaceId, ['templates']) : undefined;
      return listPage(statements, { table: 'templates', ...where, orderBy: sort, window, total });
    },

    findByUuid,

    findByName,

    insert(row: NewRow<TemplateRow>): TemplateRow {
      lookups.forget();
      return rows.insert(row);
    },

    /** Replaces every field but the identity and creation time (fixtures are the templates' source of truth). */
    update(id: number, row: NewRow<TemplateRow>): void {
      lookups.forget();
      const { workspace_id: _w, uuid: _u, created_at: _c, ...fields } = row;
      update.run({ ...fields, id });
    },

    /** Every template of the workspace by name (a workspace has a handful: the studio lists them whole). */
    all: (workspaceId: number) => allOf.all(workspaceId) as TemplateRow[],

    delete(id: number): void {
      lookups.forget();
      rows.delete(id);
    },

    /** For writes that reach the templates table some other way (a workspace cleared). */
    forgetLookups: () => lookups.forget(),
  };
}

/**
 * Remembered lookups, found and missed: mail_name values are the clients' to choose. A template's name is at most
 * 255 characters (Mailcoach's VARCHAR(255)), so a longer key is a miss that is not worth keeping.
 */
const LOOKUPS = { maxEntries: 10_000, maxKeyLength: 300 };

/**
 * Every templated send looks its template up twice, by name or uuid (the mail_name rule, then the send itself),
 * which read the whole row, body included, from SQLite: about a tenth of the main thread's time per MJML send in
 * `npm run bench`. Templates change only through this store's insert() and update() (fixtures, POST
 * /_emulator/seed) and a workspace's clearing, which forget every lookup. Inside a transaction nothing is
 * remembered: a rollback could take back what was read. The rows are frozen, being shared.
 */
function createLookupCache(db: Db) {
  const found = new BoundedCache<TemplateRow | null>(LOOKUPS);
  return {
    get(key: string, read: () => TemplateRow | undefined): TemplateRow | undefined {
      const known = found.get(key);
      if (known !== undefined) return known ?? undefined;
      const row = read();
      if (db.inTransaction) return row;
      found.set(key, row === undefined ? null : Object.freeze(row));
      return row;
    },
    forget: () => found.clear(),
  };
}
