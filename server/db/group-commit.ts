/**
 * Group commit: writes queued during one turn of the event loop are committed together, in one transaction, at
 * the end of that turn (setImmediate runs after the I/O callbacks that queued them).
 *
 * Why: in WAL mode every commit appends each page it changed to the log and updates the WAL index. A send
 * changes ~15 pages (three tables, their indexes, the kept totals), so committing each send alone cost more than
 * its inserts: `npm run bench` measured ~0.3-0.5 ms per send alone against ~0.15 ms in batches of 25, which
 * is what 50 concurrent clients produce. A write that throws is rolled back alone and its caller gets the
 * error; the others commit. Callers resolve only after the commit, so an answer is never sent for a write that
 * could still be lost. Writes must touch nothing but the database: a failed batch runs each of them again.
 */
import type { Db } from './open.js';

interface Pending {
  work: () => unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

export type GroupCommit = <T>(work: () => T) => Promise<T>;

export function createGroupCommit(db: Db): GroupCommit {
  let queue: Pending[] = [];
  // The common case: every write of the batch succeeds, in one transaction without savepoints (two statements
  // less per write). A write that throws aborts it: then the batch is run again write by write, each in a
  // transaction of its own, so that only the failing write fails.
  const allInOne = db.transaction((batch: Pending[]) => batch.map(({ work }) => work()));
  const oneByOne = (batch: Pending[]): Outcome[] =>
    batch.map(({ work }): Outcome => {
      try {
        return { ok: true, value: db.transaction(work)() };
      } catch (error) {
        return { ok: false, error };
      }
    });

  const flush = () => {
    const batch = queue;
    queue = [];
    let outcomes: Outcome[];
    try {
      outcomes = allInOne(batch).map((value): Outcome => ({ ok: true, value }));
    } catch {
      outcomes = oneByOne(batch);
    }
    batch.forEach((pending, index) => {
      const outcome = outcomes[index] as Outcome;
      if (outcome.ok) pending.resolve(outcome.value);
      else pending.reject(outcome.error);
    });
  };

  return <T>(work: () => T) =>
    new Promise<T>((resolve, reject) => {
      if (queue.length === 0) setImmediate(flush);
      queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
    });
}
