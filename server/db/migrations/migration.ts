/** One forward-only schema migration (index.ts lists them in order; db/open.ts migrate() runs them). */
export interface Migration {
  version: number;
  name: string;
  sql: string;
  /**
   * The migration drops and recreates tables that others reference (SQLite's rebuild procedure): migrate() runs it
   * with foreign_keys off, so that DROP TABLE deletes no rows and cascades nothing, and commits it only if
   * PRAGMA foreign_key_check then finds no row pointing nowhere.
   */
  rebuildsTables?: true;
}
