/** Small helpers that assemble SQL fragments with placeholders; values always travel as parameters. */

function placeholders(count: number): string {
  return Array.from({ length: count }, () => '?').join(', ');
}

export interface Condition {
  sql: string;
  params: string[];
}

/**
 * Lists up to this long are written out with a placeholder each (SQLite plans `col IN (?)` as `col = ?`, and a
 * few placeholders keep the plans the benchmarks measured); longer ones travel as one JSON array parameter read
 * with json_each. So no number of values can pass SQLite's limit on bound variables (32,766: 41,666 recipients
 * in one send were a 500), and the statement cache sees at most this many shapes of each query.
 */
const INLINE_VALUES = 8;

/** `column IN (...)` over `values` (at least one). */
export function inCondition(column: string, values: readonly string[]): Condition {
  if (values.length <= INLINE_VALUES)
    return { sql: `${column} IN (${placeholders(values.length)})`, params: [...values] };
  return { sql: `${column} IN (SELECT value FROM json_each(?))`, params: [JSON.stringify(values)] };
}

/**
 * Values no longer than this are matched with SQLite's own LIKE, which is three times faster than calling
 * like_linear() (a 100,000-row scan: 6 against 19 ms) and, on text this short, costs at most about 64 x 64
 * character comparisons a row; longer text goes to like_linear() (linear-like.ts), linear in its length.
 */
const NATIVE_LIKE_CHARS = 64;

/** `column LIKE pattern` in bounded time (see NATIVE_LIKE_CHARS); `pattern` is SQL, used twice. */
function like(column: string, pattern: string): string {
  return `CASE WHEN length(${column}) <= ${NATIVE_LIKE_CHARS} THEN ${column} LIKE ${pattern} ELSE like_linear(${column}, ${pattern}) END`;
}

/** `(col LIKE ? OR col LIKE ? ...)` over every column for every value: Mailcoach's FuzzyFilter. */
export function fuzzyCondition(columns: string[], values: string[]): Condition {
  // A value given twice matches the same rows: searched once (`a,a,a,...` repeats a scan per copy otherwise).
  const patterns = [...new Set(values)].map((value) => `%${value}%`);
  if (patterns.length > INLINE_VALUES) {
    const any = columns.map((column) => like(column, 'pattern.value')).join(' OR ');
    return { sql: `EXISTS (SELECT 1 FROM json_each(?) AS pattern WHERE ${any})`, params: [JSON.stringify(patterns)] };
  }
  const terms = patterns.flatMap((pattern) => columns.map((column) => ({ column, pattern })));
  return {
    sql: `(${terms.map(({ column }) => like(column, '?')).join(' OR ')})`,
    params: terms.flatMap(({ pattern }) => [pattern, pattern]),
  };
}

/** Builds `INSERT INTO table (...) VALUES (...)` for a row's own keys, in a stable order. */
export function insertSql(table: string, columns: readonly string[]): string {
  return `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map((c) => `@${c}`).join(', ')})`;
}

/** Builds `UPDATE table SET col = @col, ... WHERE id = @id` for these columns, in their order. */
export function updateSql(table: string, columns: readonly string[]): string {
  return `UPDATE ${table} SET ${columns.map((c) => `${c} = @${c}`).join(', ')} WHERE id = @id`;
}

/**
 * A list query's conditions (ListSpec's `conditions` and `params`), ANDed one filter at a time: each condition's
 * `?` placeholders take its params, in order. Spread into a ListSpec, it gives exactly those two fields.
 */
export class Where {
  readonly conditions: string[] = [];
  readonly params: unknown[] = [];

  and(condition: { sql: string; params: readonly unknown[] }): this;
  and(sql: string, ...params: unknown[]): this;
  and(condition: string | { sql: string; params: readonly unknown[] }, ...params: unknown[]): this {
    const { sql, params: values } = typeof condition === 'string' ? { sql: condition, params } : condition;
    this.conditions.push(sql);
    this.params.push(...values);
    return this;
  }
}

/**
 * The FTS5 query for suppressions_email_trigrams (migration 2) that matches exactly the rows fuzzyCondition()
 * matches for `values`, or null when one of them cannot be expressed: shorter than three characters (no
 * trigram), or holding LIKE's wildcards `%` and `_`, which fuzzyCondition() passes on as wildcards. The index
 * holds lower(email), and lower() folds ASCII letters only, as LIKE does; so an ASCII-lower-cased value occurring
 * as a phrase (consecutive trigrams) is a LIKE '%value%' match and nothing else is.
 */
export function trigramQuery(values: string[]): string | null {
  if (values.some((value) => [...value].length < 3 || /[%_\0]/.test(value))) return null;
  return values
    .map((value) => `"${value.replace(/[A-Z]/g, (letter) => letter.toLowerCase()).replaceAll('"', '""')}"`)
    .join(' OR ');
}
