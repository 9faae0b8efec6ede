/**
 * The write path's two pieces around SQLite: group commit (writes queued in one turn of the event loop commit
 * together, each in a savepoint of its own) and the checkpointer thread (WAL pages reach the database file
 * without the main connection's help).
 */
import type BetterSqlite3 from 'better-sqlite3';
import { sqliteDriver } from '../../server/db/driver.js';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startCheckpointer } from '../../server/db/checkpointer.js';
import { createGroupCommit } from '../../server/db/group-commit.js';
import { waitUntil } from '../support/wait.js';

/** better-sqlite3 in the release line this Node runs (server/db/driver.ts). */
const Database = sqliteDriver();

const dirs: string[] = [];
const open: BetterSqlite3.Database[] = [];

afterEach(() => {
  for (const db of open.splice(0)) if (db.open) db.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function fileDatabase(): BetterSqlite3.Database {
  const dir = mkdtempSync(join(tmpdir(), 'mce-group-commit-'));
  dirs.push(dir);
  const db = new Database(join(dir, 'db.sqlite'));
  open.push(db);
  db.pragma('journal_mode = WAL');
  db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT NOT NULL UNIQUE)');
  return db;
}

describe('createGroupCommit', () => {
  it('commits the writes of one turn in one transaction, and answers each after the commit', async () => {
    const db = fileDatabase();
    const insert = db.prepare('INSERT INTO t (v) VALUES (?)');
    const groupCommit = createGroupCommit(db);
    // Inside the batch each write sees the rows of the writes before it: one shared transaction.
    const seen: number[] = [];
    const writes = ['a', 'b', 'c'].map((v) =>
      groupCommit(() => {
        insert.run(v);
        seen.push((db.prepare('SELECT COUNT(*) AS n FROM t').get() as { n: number }).n);
        return v.toUpperCase();
      }),
    );
    expect(db.inTransaction).toBe(false);
    // Nothing is written before the turn ends.
    expect((db.prepare('SELECT COUNT(*) AS n FROM t').get() as { n: number }).n).toBe(0);
    await expect(Promise.all(writes)).resolves.toEqual(['A', 'B', 'C']);
    expect(seen).toEqual([1, 2, 3]);
    expect(db.inTransaction).toBe(false);
    // A reader on another connection sees all three once they resolved.
    const reader = new Database(db.name, { readonly: true });
    open.push(reader);
    expect(reader.prepare('SELECT v FROM t ORDER BY id').pluck().all() as string[]).toEqual(['a', 'b', 'c']);
  });

  it('rolls back only the write that threw; the others of its batch land', async () => {
    const db = fileDatabase();
    const insert = db.prepare('INSERT INTO t (v) VALUES (?)');
    const groupCommit = createGroupCommit(db);
    const first = groupCommit(() => insert.run('x').changes);
    const failing = groupCommit(() => {
      insert.run('y');
      insert.run('x'); // UNIQUE violation: 'y' must go too
    });
    const third = groupCommit(() => insert.run('z').changes);
    await expect(first).resolves.toBe(1);
    await expect(failing).rejects.toThrow(/UNIQUE/);
    await expect(third).resolves.toBe(1);
    expect(db.prepare('SELECT v FROM t ORDER BY id').pluck().all()).toEqual(['x', 'z']);
  });

  it('rejects every write of a batch whose commit fails, and writes nothing', async () => {
    const db = fileDatabase();
    const insert = db.prepare('INSERT INTO t (v) VALUES (?)');
    const groupCommit = createGroupCommit(db);
    const writes = [groupCommit(() => insert.run('a')), groupCommit(() => insert.run('b'))];
    db.close();
    for (const write of writes) await expect(write).rejects.toThrow(/not open/);
  });

  /** A group commit on a connection with `busyTimeoutMs`, and a second connection holding the write lock. */
  function lockedElsewhere(busyTimeoutMs: number) {
    const db = fileDatabase();
    db.pragma(`busy_timeout = ${busyTimeoutMs}`);
    const insert = db.prepare('INSERT INTO t (v) VALUES (?)');
    const groupCommit = createGroupCommit(db);
    const other = new Database(db.name);
    open.push(other);
    other.exec('BEGIN IMMEDIATE');
    return { db, insert, groupCommit, other, started: performance.now() };
  }

  it('waits for a write lock held elsewhere on a timer, never asleep in SQLite: the event loop goes on', async () => {
    const { db, insert, groupCommit, other } = lockedElsewhere(5000);
    let settled = false;
    const first = groupCommit(() => insert.run('a').changes).finally(() => (settled = true));
    // Timers fire while the write waits. SQLite's busy handler would have slept in this thread until the lock came
    // free, which only this test can make happen, or until the busy timeout failed the write: either way no timer
    // could fire before the write settled. (No bound on the timers' time: a loaded machine is slow either way.)
    for (let i = 0; i < 5; i++) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(settled).toBe(false);
    // Writes queued while the batch waits join it.
    const second = groupCommit(() => insert.run('b').changes);
    other.exec('COMMIT');
    await expect(Promise.all([first, second])).resolves.toEqual([1, 1]);
    expect(db.prepare('SELECT v FROM t ORDER BY id').pluck().all()).toEqual(['a', 'b']);
    // The connection's own busy timeout is back for every other statement.
    expect(db.pragma('busy_timeout', { simple: true })).toBe(5000);
  });

  it("gives up with SQLITE_BUSY after the connection's busy timeout, as a blocking wait would, and writes nothing", async () => {
    const { db, insert, groupCommit, other, started } = lockedElsewhere(60);
    await expect(groupCommit(() => insert.run('a'))).rejects.toMatchObject({ code: 'SQLITE_BUSY' });
    expect(performance.now() - started).toBeGreaterThanOrEqual(60);
    other.exec('COMMIT');
    expect(db.prepare('SELECT COUNT(*) FROM t').pluck().get()).toBe(0);
    // The next write, with the lock free, lands.
    await expect(groupCommit(() => insert.run('b').changes)).resolves.toBe(1);
  });

  it('starts a new batch for writes queued after a flush', async () => {
    const db = fileDatabase();
    const insert = db.prepare('INSERT INTO t (v) VALUES (?)');
    const groupCommit = createGroupCommit(db);
    await groupCommit(() => insert.run('a'));
    await groupCommit(() => insert.run('b'));
    expect(db.prepare('SELECT v FROM t ORDER BY id').pluck().all()).toEqual(['a', 'b']);
  });
});

describe('startCheckpointer', () => {
  it('copies the WAL into the database file from its own thread', async () => {
    const db = fileDatabase();
    const checkpointer = startCheckpointer(db);
    try {
      const before = statSync(db.name).size;
      const insert = db.prepare('INSERT INTO t (v) VALUES (?)');
      db.transaction(() => {
        for (let i = 0; i < 2_000; i++) insert.run(`value ${i} ${'x'.repeat(200)}`);
      })();
      // The main connection checkpoints only past 100,000 pages now: the file grows only by the worker's hand.
      expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(100_000);
      // Every page of the database, as the main connection sees it through the WAL, is in the file once the worker's
      // checkpoint is complete. Waiting for the file to grow at all was not that: it grows page by page during the
      // copy, and a loaded machine was caught in the middle of it.
      const pages = db.pragma('page_count', { simple: true }) as number;
      const copied = pages * (db.pragma('page_size', { simple: true }) as number);
      expect(copied).toBeGreaterThan(before + 400_000);
      await waitUntil(
        () => statSync(db.name).size,
        (size) => size >= copied,
        { what: `the database file to hold all ${pages} pages (${copied} bytes)` },
      );
      expect(statSync(db.name).size).toBe(copied);
    } finally {
      checkpointer.stop();
    }
  });

  it('starts nothing for an in-memory database', () => {
    const db = new Database(':memory:');
    open.push(db);
    startCheckpointer(db).stop();
    expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(1000);
  });
});
