/** Opens the SQLite database, sets its pragmas and brings its schema up to date. */
import type Database from 'better-sqlite3';
import { nativeBindingPath, sqliteDriver } from './driver.js';
import { likeLinear } from './linear-like.js';
import { MIGRATIONS, type Migration } from './migrations/index.js';
import { writeTransaction } from './write-transaction.js';

export type Db = Database.Database;

export function openDatabase(path: string): Db {
  const Driver = sqliteDriver();
  const binding = nativeBindingPath();
  const db = new Driver(path, binding === undefined ? {} : { nativeBinding: binding });
  // WAL lets readers (the inbox, tests polling) run while a send writes; NORMAL sync is durable across
  // application crashes and only risks the last transactions on power loss, which is fine for a dev tool.
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  // The commit that takes the WAL past this many pages copies them into the database and fsyncs twice, inside a
  // request. SQLite's 1,000 pages meant a checkpoint every ~30 sends; 10,000 (a WAL of up to ~40 MB) copies the
  // hot pages (indexes, list_totals) once instead of ten times (docs/performance.md#2026-11-22-41c013f-wal_autocheckpoint--10000).
  // Durability is the same (synchronous = NORMAL in WAL mode does not depend on checkpoints).
  db.pragma('wal_autocheckpoint = 10000');
  // SQLite leaves foreign keys off by default; deleting a workspace or a message relies on the cascades.
  db.pragma('foreign_keys = ON');
  // The list_totals and trigram-index triggers (migration 2) must also see the rows INSERT OR REPLACE deletes;
  // SQLite fires delete triggers for those only with recursive triggers on. No trigger here recurses.
  db.pragma('recursive_triggers = ON');
  // A second process (a CLI inspecting the file, a test) may hold a lock briefly; wait instead of failing.
  db.pragma('busy_timeout = 5000');
  // Mailcoach's FuzzyFilter in linear time (sql.ts fuzzyCondition()).
  db.function('like_linear', { deterministic: true }, likeLinear);
  migrate(db, MIGRATIONS);
  return db;
}

export function migrate(db: Db, migrations: readonly Migration[]): void {
  const current = db.pragma('user_version', { simple: true }) as number;
  const latest = migrations.at(-1)?.version ?? 0;
  if (current > latest) {
    throw new Error(`the database schema (version ${current}) is newer than this emulator (version ${latest})`);
  }
  for (const migration of migrations) {
    if (migration.version <= current) continue;
    if (migration.rebuildsTables === true)
      rebuildingTables(db, migration.version, (check) => run(db, migration, check));
    else run(db, migration);
  }
}

function run(db: Db, migration: Migration, check: () => void = () => {}): void {
  writeTransaction(db, () => {
    db.exec(migration.sql);
    check();
    db.pragma(`user_version = ${migration.version}`);
  });
}

/**
 * SQLite's table rebuild (https://sqlite.org/lang_altertable.html#otheralter): foreign keys off around the
 * transaction (the pragma is a no-op inside one), since with them on DROP TABLE first deletes every row and runs
 * the ON DELETE actions of the tables that reference it; then back to what they were, also when it fails.
 */
function rebuildingTables(db: Db, version: number, migrate: (check: () => void) => void): void {
  if (db.inTransaction) throw new Error(`migration ${version} rebuilds tables and cannot run inside a transaction`);
  const foreignKeys = db.pragma('foreign_keys', { simple: true }) as number;
  db.pragma('foreign_keys = OFF');
  try {
    migrate(() => {
      const broken = db.pragma('foreign_key_check') as Array<{ table: string; parent: string }>;
      if (broken.length > 0) {
        const first = broken[0] as { table: string; parent: string };
        throw new Error(
          `migration ${version} would leave ${broken.length} rows whose parent is missing (first: ${first.table} -> ${first.parent})`,
        );
      }
    });
  } finally {
    db.pragma(`foreign_keys = ${foreignKeys === 1 ? 'ON' : 'OFF'}`);
  }
}
