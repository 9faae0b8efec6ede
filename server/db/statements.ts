/** Prepared-statement cache and the one paging query shape shared by every list endpoint. */
import type { Statement } from 'better-sqlite3';
import type { Db } from './open.js';
import { inCondition } from './sql.js';

const MAX_CACHED_STATEMENTS = 1_000;

/**
 * Prepares each distinct SQL text once. List queries vary with their filters, so their SQL is assembled from a
 * fixed set of fragments and cached here rather than prepared at start-up.
 */
export class Statements {
  readonly #cache = new Map<string, Statement>();
  readonly #transaction: (work: () => unknown) => unknown;

  constructor(readonly db: Db) {
    this.#transaction = db.transaction((work: () => unknown) => work());
  }

  /** Runs `work` in one read transaction (a savepoint inside a caller's transaction). */
  read<T>(work: () => T): T {
    return this.#transaction(work) as T;
  }

  get(sql: string): Statement {
    let statement = this.#cache.get(sql);
    if (statement === undefined) {
      statement = this.db.prepare(sql);
      // The shapes are few (sql.ts bounds the lists), but a cache must not be what grows without bound.
      if (this.#cache.size >= MAX_CACHED_STATEMENTS) this.#cache.delete(this.#cache.keys().next().value as string);
      this.#cache.set(sql, statement);
    }
    return statement;
  }
}

/** An ORDER BY term. `column` must be a trusted column name, never request input. */
export interface SortTerm {
  column: string;
  descending: boolean;
}

export interface PageWindow {
  offset: number;
  limit: number;
}

export interface ListResult<Row> {
  rows: Row[];
  total: number;
}

export interface ListSpec {
  table: string;
  /** The select list of the rows returned; `*` when not given. */
  columns?: string;
  /**
   * SQL conditions ANDed together, each with `?` placeholders. The first is always WORKSPACE_CONDITION, with the
   * workspace id as the first param.
   */
  conditions: string[];
  params: unknown[];
  orderBy: SortTerm[];
  window: PageWindow;
  /**
   * The total when it is known, or a cheaper query for it than COUNT(*) over `conditions` (such as keptTotal());
   * either must count exactly the rows the conditions select, in the same read transaction.
   */
  total?: number | TotalQuery;
}

export const WORKSPACE_CONDITION = 'workspace_id = ?';

/**
 * A query returning one row with an integer `total` column, and optionally `everywhere`: the same count over all
 * workspaces. listPage() uses it when the conditions are WORKSPACE_CONDITION alone.
 */
export interface TotalQuery {
  sql: string;
  params: unknown[];
}

/**
 * The trigger-kept row count (table list_totals, migration 2) of each of `lists` (a table name, or
 * 'suppressions:<reason>'), summed, for the workspace and everywhere. A list nothing was ever written to has no
 * row and counts 0.
 */
export function keptTotal(workspaceId: number, lists: string[]): TotalQuery {
  const among = inCondition('list', lists);
  return {
    sql:
      'SELECT COALESCE(SUM(CASE WHEN workspace_id = ? THEN total END), 0) AS total, COALESCE(SUM(total), 0) AS everywhere ' +
      `FROM list_totals WHERE ${among.sql}`,
    params: [workspaceId, ...among.params],
  };
}

/**
 * One page plus the total, as Laravel's LengthAwarePaginator needs. The total and the page come from one read
 * transaction, so that a write in between cannot make them disagree. Paging costs one step per skipped index
 * entry (SQLite cannot jump to the n-th entry), so:
 *
 * - the page's ids are chosen first from an index alone, so that a deep OFFSET skips index entries, not rows;
 * - past the middle of the list they are chosen in the opposite order from the other end, so that no page skips
 *   more than half the rows; the rows are the same, because an order that includes id is total;
 * - when the workspace condition is the only one and the workspace holds every row of the table (the only
 *   workspace until tokens are isolated), it is dropped and the order starts with workspace_id instead: SQLite
 *   then walks the whole index without comparing each entry with the end of the workspace's range, three times
 *   faster. Every row has that workspace_id, so the order and the rows are the same.
 */
export function listPage<Row>(statements: Statements, spec: ListSpec): ListResult<Row> {
  return statements.read(() => readPage<Row>(statements, spec));
}

function readPage<Row>(statements: Statements, spec: ListSpec): ListResult<Row> {
  const where = spec.conditions.join(' AND ');
  const totalQuery = spec.total ?? {
    sql: `SELECT COUNT(*) AS total FROM ${spec.table} WHERE ${where}`,
    params: spec.params,
  };
  const counted =
    typeof totalQuery === 'number'
      ? { total: totalQuery }
      : (statements.get(totalQuery.sql).get(...totalQuery.params) as { total: number; everywhere?: number });
  const { total } = counted;
  const { offset, limit } = spec.window;
  if (offset >= total) return { rows: [], total };

  const wholeTable =
    counted.everywhere === total &&
    spec.conditions.length === 1 &&
    spec.conditions[0] === WORKSPACE_CONDITION &&
    spec.params.length === 1;
  const after = total - offset - limit;
  const fromEnd = after < offset && spec.orderBy.some((term) => term.column === 'id');
  let idOrder = fromEnd ? spec.orderBy.map((term) => ({ ...term, descending: !term.descending })) : spec.orderBy;
  if (wholeTable) idOrder = [{ column: 'workspace_id', descending: idOrder[0]?.descending ?? false }, ...idOrder];
  const sql =
    `SELECT ${spec.columns ?? '*'} FROM ${spec.table} WHERE id IN (` +
    `SELECT id FROM ${spec.table}${wholeTable ? '' : ` WHERE ${where}`} ORDER BY ${orderSql(idOrder)} LIMIT ? OFFSET ?) ` +
    `ORDER BY ${orderSql(spec.orderBy)}`;
  const window = fromEnd ? [Math.min(limit, total - offset), Math.max(after, 0)] : [limit, offset];
  const rows = statements.get(sql).all(...(wholeTable ? [] : spec.params), ...window) as Row[];
  return { rows, total };
}

/**
 * One page of rows an aggregate query makes (a campaign's opens, bounces...: a few rows per subscriber, not a table
 * of its own), with their total. `sql` selects the rows; `orderBy` must make the order total.
 */
export function aggregatePage<Row>(
  statements: Statements,
  spec: { sql: string; params: unknown[]; orderBy: SortTerm[]; window: PageWindow },
): ListResult<Row> {
  return statements.read(() => {
    const total = statements.get(`SELECT COUNT(*) AS total FROM (${spec.sql})`).get(...spec.params) as {
      total: number;
    };
    const rows = statements
      .get(`SELECT * FROM (${spec.sql}) ORDER BY ${orderSql(spec.orderBy)} LIMIT ? OFFSET ?`)
      .all(...spec.params, spec.window.limit, spec.window.offset) as Row[];
    return { rows, total: total.total };
  });
}

function orderSql(terms: SortTerm[]): string {
  return terms.map((term) => `${term.column} ${term.descending ? 'DESC' : 'ASC'}`).join(', ');
}
