/**
 * WAL checkpoints on a thread of their own. A checkpoint copies the pages the log holds back into the database
 * file; SQLite's automatic one runs inside whichever commit takes the log past the threshold, so one send in a
 * few hundred waited tens of milliseconds for it (the p99 of `npm run bench`). Here the main connection
 * leaves checkpoints to a worker thread with a connection of its own, which runs a PASSIVE checkpoint (it never
 * waits for, nor blocks, readers and writers) every CHECKPOINT_INTERVAL_MS. The automatic checkpoint stays on
 * at a much higher threshold, as a bound on the log's size should the worker fall behind.
 *
 * In-memory databases have no log and no second connection: nothing is started for them.
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { Db } from './open.js';

/**
 * Each checkpoint copies every page changed since the last one; the hot pages (indexes, kept totals) change with
 * every send, so a longer interval copies them fewer times. One second keeps the log to about a second of writes.
 */
const CHECKPOINT_INTERVAL_MS = 1_000;
/** Pages (4 KB): about 400 MB of log before the main connection checkpoints by itself. */
const FALLBACK_AUTOCHECKPOINT_PAGES = 100_000;
/** open.ts's setting, for a main connection that checkpoints alone. */
const MAIN_THREAD_AUTOCHECKPOINT_PAGES = 10_000;

export interface Checkpointer {
  /** Tells the worker to close its connection and end; the last connection closed checkpoints what is left. */
  stop(): void;
}

const NONE: Checkpointer = { stop: () => undefined };

/**
 * The worker's code, evaluated as CommonJS: it takes the driver's resolved path, since an evaluated worker
 * resolves modules from the working directory, not from this package.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.path, { fileMustExist: true });
const checkpoint = () => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch {
    // A locked or busy database: the next tick tries again.
  }
};
const timer = setInterval(checkpoint, workerData.intervalMs);
parentPort.on('message', () => {
  clearInterval(timer);
  db.close();
  parentPort.close();
});
`;

export function startCheckpointer(db: Db): Checkpointer {
  if (db.memory || db.pragma('journal_mode', { simple: true }) !== 'wal') return NONE;
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { driver, path: db.name, intervalMs: CHECKPOINT_INTERVAL_MS },
  });
  // The process may exit while the worker runs (a CLI killed, a test that forgot to stop): never keep it alive.
  worker.unref();
  db.pragma(`wal_autocheckpoint = ${FALLBACK_AUTOCHECKPOINT_PAGES}`);
  // Should the worker die (its connection failed to open, say), the main connection checkpoints by itself again.
  worker.on('error', () => {
    if (db.open) db.pragma(`wal_autocheckpoint = ${MAIN_THREAD_AUTOCHECKPOINT_PAGES}`);
  });
  let stopped = false;
  return {
    stop: () => {
      if (stopped) return;
      stopped = true;
      worker.postMessage('stop');
    },
  };
}
