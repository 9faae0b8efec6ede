/** Small helpers that assemble SQL fragments with placeholders; values always travel as parameters. */

export function placeholders(count: number): string {
  return Array.from({ length: count }, () => '?').join(', ');
}

/** `(col LIKE ? OR col LIKE ? ...)` over every column for every value: Mailcoach's FuzzyFilter. */
export function fuzzyCondition(columns: string[], values: string[]): { sql: string; params: string[] } {
  const terms = values.flatMap((value) => columns.map((column) => ({ column, value })));
  return {
    sql: `(${terms.map(({ column }) => `${column} LIKE ?`).join(' OR ')})`,
    params: terms.map(({ value }) => `%${value}%`),
  };
}

/** Builds `INSERT INTO table (...) VALUES (...)` for a row's own keys, in a stable order. */
export function insertSql(table: string, columns: readonly string[]): string {
  return `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map((c) => `@${c}`).join(', ')})`;
}

/**
 * An FTS5 query for a trigram index that matches every row in which any of `values` occurs as a substring
 * (case-folded), or null when one of them cannot be expressed: shorter than three characters (no trigram), or
 * holding LIKE's own wildcards `%` and `_`, which fuzzyCondition() passes on as wildcards. The index may match
 * more rows than the LIKE (its folding covers more than ASCII), never fewer, so the LIKE stays the filter.
 */
export function trigramQuery(values: string[]): string | null {
  if (values.some((value) => [...value].length < 3 || /[%_\0]/.test(value))) return null;
  return values.map((value) => `"${value.replaceAll('"', '""')}"`).join(' OR ');
}
