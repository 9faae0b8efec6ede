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
