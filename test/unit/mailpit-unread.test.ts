/**
 * Migration 30's unread counter (server/db/migrations/030-mailpit-unread-count.ts), which Mailpit's list and search
 * answer as `unread`: after every kind of write it equals a count of the rows, per workspace, and a database that
 * had messages before the migration starts from their count.
 */
import type BetterSqlite3 from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { sqliteDriver } from '../../server/db/driver.js';
import { MIGRATIONS } from '../../server/db/migrations/index.js';
import { migrate, openDatabase } from '../../server/db/open.js';

type Db = BetterSqlite3.Database;

function insert(db: Db, workspaceId: number, uuid: string, read = 0): void {
  db.prepare(
    `INSERT INTO messages (workspace_id, uuid, message_id, envelope_from, envelope_to_json, from_json, to_json, cc_json,
       bcc_json, reply_to_json, subject, size, created_at_ms, read)
     VALUES (?, ?, 'm@x', 'a@x', '[]', '[]', '[]', '[]', '[]', '[]', 's', 1, 1, ?)`,
  ).run(workspaceId, uuid, read);
}

const counted = (db: Db) =>
  db.prepare('SELECT workspace_id, unread FROM mailpit_unread WHERE unread > 0 ORDER BY workspace_id').all();
const actual = (db: Db) =>
  db
    .prepare('SELECT workspace_id, count(*) AS unread FROM messages WHERE read = 0 GROUP BY workspace_id ORDER BY 1')
    .all();

describe("the Mailpit surface's unread counter", () => {
  it('follows captures, read marks, deletes and a workspace cleared, per workspace', () => {
    const db = openDatabase(':memory:');
    db.exec("INSERT INTO workspaces (key, created_at) VALUES ('default', 1), ('other', 1)");
    for (let i = 0; i < 5; i++) insert(db, 1, `a${i}`);
    insert(db, 1, 'read', 1);
    for (let i = 0; i < 3; i++) insert(db, 2, `b${i}`);
    expect(counted(db)).toEqual(actual(db));
    db.prepare("UPDATE messages SET read = 1 WHERE uuid IN ('a0', 'a1', 'b0')").run();
    db.prepare("UPDATE messages SET read = 1 WHERE uuid = 'a0'").run(); // no change: no count
    db.prepare("UPDATE messages SET read = 0 WHERE uuid = 'read'").run();
    expect(counted(db)).toEqual(actual(db));
    db.prepare("DELETE FROM messages WHERE uuid IN ('a2', 'a1')").run();
    expect(counted(db)).toEqual(actual(db));
    db.prepare('DELETE FROM messages WHERE workspace_id = 2').run();
    expect(counted(db)).toEqual(actual(db));
    expect(counted(db)).toEqual([{ workspace_id: 1, unread: 3 }]);
    db.close();
  });

  it('starts from the unread messages a database already had', () => {
    const Database = sqliteDriver();
    const db = new Database(':memory:');
    db.pragma('foreign_keys = ON');
    db.pragma('recursive_triggers = ON');
    migrate(
      db,
      MIGRATIONS.filter((migration) => migration.version < 30),
    );
    db.exec("INSERT INTO workspaces (key, created_at) VALUES ('default', 1)");
    insert(db, 1, 'x');
    insert(db, 1, 'y', 1);
    insert(db, 1, 'z');
    migrate(db, MIGRATIONS);
    expect(counted(db)).toEqual([{ workspace_id: 1, unread: 2 }]);
    db.close();
  });
});
