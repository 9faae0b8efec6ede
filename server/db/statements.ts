/** Prepared-statement cache and the one paging query shape shared by every list endpoint. */
import type { Statement } from 'better-sqlite3';
import type { Db } from './open.js';

/**
 * Prepares each distinct SQL text once. List queries vary with their filters, so their SQL is assembled from a
 * fixed set of fragments and cached here rather than prepared at start-up.
 */
export class Statements {
  readonly #cache = new Map<string, Statement>();
  constructor(readonly db: Db) {}

  get(sql: string): Statement {
    let statement = this.#cache.get(sql);
    if (statement === undefined) {
      statement = this.db.prepare(sql);
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
  /** SQL conditions ANDed together, each with `?` placeholders. */
  conditions: string[];
  params: unknown[];
  orderBy: SortTerm[];
  window: PageWindow;
}

/**
 * One page plus the total, as Laravel's LengthAwarePaginator needs. The page's ids are chosen first from the
 * index alone, so that a deep OFFSET skips index entries rather than whole rows.
 */
export function listPage<Row>(statements: Statements, spec: ListSpec): ListResult<Row> {
  const where = spec.conditions.join(' AND ');
  const { total } = statements.get(`SELECT COUNT(*) AS total FROM ${spec.table} WHERE ${where}`).get(...spec.params) as {
    total: number;
  };
  if (spec.window.offset >= total) return { rows: [], total };
  const order = spec.orderBy.map((term) => `${term.column} ${term.descending ? 'DESC' : 'ASC'}`).join(', ');
  const sql =
    `SELECT * FROM ${spec.table} WHERE id IN (` +
    `SELECT id FROM ${spec.table} WHERE ${where} ORDER BY ${order} LIMIT ? OFFSET ?) ORDER BY ${order}`;
  const rows = statements.get(sql).all(...spec.params, spec.window.limit, spec.window.offset) as Row[];
  return { rows, total };
}
