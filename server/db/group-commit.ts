/**
 * Group commit: writes queued during one turn of the event loop are committed together, in one transaction, at
 * the end of that turn (setImmediate runs after the I/O callbacks that queued them).
 *
 * Why: in WAL mode every commit appends each page it changed to the log and updates the WAL index. A send
 * changes ~15 pages (three tables, their indexes, the kept totals), so committing each send alone cost more than
 * its inserts, by a factor of two to three against batches of 25, which is what 50 concurrent clients produce
 * (docs/performance.md#2026-11-22-b82bbf7-61e67a6-group-commit-and-no-sleeping-on-the-write-lock). A write that
 * throws is rolled back alone and its caller gets the error; the others commit. Callers resolve only after the commit, so an answer is never sent for a write that
 * could still be lost. Writes must touch nothing but the database: a failed batch runs each of them again.
 *
 * The event loop never sleeps on the write lock. When another connection holds it (the checkpointer's RESTART,
 * checkpointer.ts; a second process), SQLite's busy handler sleeps 1, 2, 5, 10, 15, 20... ms between tries, in
 * this thread, so a lock held for a few milliseconds stopped every request for longer, and those sleeps were the
 * bench's p99. So the batch's BEGIN IMMEDIATE runs without a busy timeout; while the lock is taken the batch
 * waits on a short timer, the server goes on answering, and writes queued meanwhile join the batch. Past the connection's busy timeout the
 * batch fails with SQLITE_BUSY, as a blocking wait would have.
 */
import type { Db } from './open.js';
import { writeTransaction } from './write-transaction.js';

interface Pending {
  work: () => unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

export type GroupCommit = <T>(work: () => T) => Promise<T>;

/** How often a batch tries the write lock again while another connection holds it. */
const LOCK_RETRY_MS = 1;

export function createGroupCommit(db: Db): GroupCommit {
  let queue: Pending[] = [];
  let scheduled = false;
  /** When the waiting batch first found the write lock taken (performance.now()), or null. */
  let lockedSince: number | null = null;
  const busyTimeoutMs = db.pragma('busy_timeout', { simple: true }) as number;
  const beginImmediate = db.prepare('BEGIN IMMEDIATE');
  const commit = db.prepare('COMMIT');
  const rollback = db.prepare('ROLLBACK');

  /** 'begun' holding the write lock, 'locked' when another connection holds it, or the error that stopped it. */
  const begin = (): 'begun' | 'locked' | { failure: unknown } => {
    try {
      // db.pragma(), not a prepared statement: SQLite applies busy_timeout when the pragma is compiled.
      db.pragma('busy_timeout = 0');
      try {
        beginImmediate.run();
      } finally {
        db.pragma(`busy_timeout = ${busyTimeoutMs}`);
      }
      return 'begun';
    } catch (error) {
      return isBusy(error) ? 'locked' : { failure: error };
    }
  };

  // A write that throws aborts the shared transaction: then the batch is run again write by write, each in a
  // transaction of its own, so that only the failing write fails.
  const oneByOne = (batch: Pending[]): Outcome[] =>
    batch.map(({ work }): Outcome => {
      try {
        return { ok: true, value: writeTransaction(db, work) };
      } catch (error) {
        return { ok: false, error };
      }
    });

  const allInOne = (batch: Pending[]): Outcome[] => {
    try {
      // The common case: every write succeeds, in one transaction without savepoints (two statements less each).
      const values = batch.map(({ work }) => work());
      commit.run();
      return values.map((value): Outcome => ({ ok: true, value }));
    } catch {
      if (db.open && db.inTransaction) rollback.run();
      return oneByOne(batch);
    }
  };

  const schedule = (delayMs: number) => {
    if (scheduled) return;
    scheduled = true;
    if (delayMs === 0) setImmediate(flush);
    else setTimeout(flush, delayMs);
  };

  const flush = () => {
    scheduled = false;
    const started = begin();
    if (started === 'locked') {
      const now = performance.now();
      lockedSince ??= now;
      if (now - lockedSince < busyTimeoutMs) return schedule(LOCK_RETRY_MS);
    }
    const batch = queue;
    queue = [];
    let outcomes: Outcome[];
    lockedSince = null;
    if (started === 'begun') outcomes = allInOne(batch);
    else if (started === 'locked') outcomes = batch.map(() => ({ ok: false, error: busyError() }));
    else outcomes = batch.map(() => ({ ok: false, error: started.failure }));
    batch.forEach((pending, index) => {
      const outcome = outcomes[index] as Outcome;
      if (outcome.ok) pending.resolve(outcome.value);
      else pending.reject(outcome.error);
    });
  };

  return <T>(work: () => T) =>
    new Promise<T>((resolve, reject) => {
      queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
      schedule(0);
    });
}

/** better-sqlite3's SqliteError carries SQLite's extended result code: SQLITE_BUSY, SQLITE_BUSY_SNAPSHOT... */
function isBusy(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('SQLITE_BUSY');
}

function busyError(): Error {
  return Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' });
}
