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
