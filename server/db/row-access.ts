/**
 * The statements every store of a workspace-scoped table (an id, a workspace_id and a uuid per row) prepares
 * alike: the insert that reads the row back, the row by id, by workspace and uuid, the delete by id, and updates
 * by id. Prepared once, when the store is created; the table is one of RowTable's, never input.
 */
import type { NewRow } from './rows.js';
import { insertSql, updateSql } from './sql.js';
import type { Statements } from './statements.js';

/** The tables whose stores use rowAccess(). */
export type RowTable =
  | 'automations'
  | 'campaign_templates'
  | 'campaigns'
  | 'email_lists'
  | 'log_items'
  | 'segments'
  | 'sends'
  | 'subscriber_imports'
  | 'subscribers'
  | 'suppressions'
  | 'tags'
  | 'templates';

/** The columns set once, by the insert: an update writes the others. */
const FIXED_COLUMNS = ['workspace_id', 'uuid', 'created_at'] as const;
type FixedColumn = (typeof FIXED_COLUMNS)[number];

/** `columns` without the fixed ones, in their order: what a full replace writes. */
export function updatableColumns<Column extends string>(
  columns: readonly Column[],
): Array<Exclude<Column, FixedColumn>> {
  return columns.filter(
    (column): column is Exclude<Column, FixedColumn> => !(FIXED_COLUMNS as readonly string[]).includes(column),
  );
}

/** A change of some of a row's columns: any but the id and the fixed ones. */
export type RowChange<Row> = Partial<Omit<Row, 'id' | FixedColumn>>;

/**
 * `insert` (the row as stored, read back), `findById`, `findByUuid` and `delete` of `table`, which stores
 * spread into theirs (or take the ones they offer), and `update`/`change` for the updates they offer. `columns`
 * are the insert's; `select` is the select list of the rows read (log_items reads its body from elsewhere).
 */
export function rowAccess<Row extends { id: number }>(
  statements: Statements,
  table: RowTable,
  columns: ReadonlyArray<keyof NewRow<Row> & string>,
  select = '*',
) {
  const db = statements.db;
  const insert = db.prepare(insertSql(table, columns));
  const byId = db.prepare(`SELECT ${select} FROM ${table} WHERE id = ?`);
  const byUuid = db.prepare(`SELECT ${select} FROM ${table} WHERE workspace_id = ? AND uuid = ?`);
  const remove = db.prepare(`DELETE FROM ${table} WHERE id = ?`);
  const read = (id: number | bigint) => byId.get(id) as Row;

  return {
    rows: {
      insert: (row: NewRow<Row>): Row => read(insert.run(row).lastInsertRowid),
      findById: (id: number) => byId.get(id) as Row | undefined,
      findByUuid: (workspaceId: number, uuid: string) => byUuid.get(workspaceId, uuid) as Row | undefined,
      delete: (id: number): void => void remove.run(id),
    },

    /** The same insert, without reading the row back (the send path needs nothing of it). */
    insertOnly: (row: NewRow<Row>): void => void insert.run(row),

    /** An update of these columns, prepared now: writes them (all given) and returns the row. */
    update<Column extends keyof RowChange<Row> & string>(updated: readonly Column[]) {
      const update = db.prepare(updateSql(table, updated));
      return (id: number, fields: Pick<Row, Column>): Row => {
        update.run({ ...fields, id });
        return read(id);
      };
    },

    /** Writes the given columns only (one statement per set of columns, cached) and returns the row. */
    change: (id: number, change: RowChange<Row>): Row => {
      const changed = Object.keys(change);
      if (changed.length > 0) statements.get(updateSql(table, changed)).run({ ...change, id });
      return read(id);
    },
  };
}
