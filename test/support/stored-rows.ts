/**
 * How many rows each table of an emulator's database holds, read straight from its SQLite file (read-only; WAL
 * lets it read while the server writes). One read of a few milliseconds, where asking the API for each total took
 * five requests and, once the workspace held hundreds of megabyte-sized log items, over half a second.
 */
import { sqliteDriver } from '../../server/db/driver.js';

/** better-sqlite3 in the release line this Node runs (server/db/driver.ts). */
const Database = sqliteDriver();

/**
 * Tables whose rows no request stores: the full-text indexes' internals mirror `messages` and `suppressions`, and
 * `list_totals`, `messages_search_state` and `messages_time_regressions` are caches the triggers keep of them.
 * `message_checks` is what the background checker (server/db/message-checks-store.ts) wrote about mail already
 * captured, whenever it gets to it: counting it would make a refused request look as if it had stored something.
 */
const NOT_STORED_BY_A_REQUEST = new Set([
  'list_totals',
  'messages_search_state',
  'messages_time_regressions',
  'message_checks',
]);

/** Every table's row count, by table name, but the internals and caches above; a new table is counted too. */
export function storedRowCounts(dbPath: string): Record<string, number> {
  const db = new Database(dbPath, { readonly: true, fileMustExist: true });
  try {
    const virtual = db
      .prepare("SELECT name FROM sqlite_schema WHERE type = 'table' AND sql LIKE 'CREATE VIRTUAL TABLE%'")
      .pluck()
      .all() as string[];
    const tables = (
      db
        .prepare("SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
        .pluck()
        .all() as string[]
    ).filter(
      (name) =>
        !NOT_STORED_BY_A_REQUEST.has(name) && !virtual.some((fts) => name === fts || name.startsWith(`${fts}_`)),
    );
    // One statement, so that every count comes from the same snapshot of the database.
    const row = db
      .prepare(`SELECT ${tables.map((name, i) => `(SELECT count(*) FROM "${name}") AS c${i}`).join(', ')}`)
      .get() as Record<string, number>;
    return Object.fromEntries(tables.map((name, i) => [name, row[`c${i}`] as number]));
  } finally {
    db.close();
  }
}
