/**
 * WAL checkpoints on a thread of their own. A checkpoint copies the pages the log holds back into the database
 * file; SQLite's automatic one runs inside whichever commit takes the log past the threshold, so one send in a
 * few hundred waited tens of milliseconds for it (docs/performance.md#2026-11-22-1607b1a-61e67a6-wal-checkpoints-on-a-thread-of-their-own). Here the main connection
 * leaves checkpoints to a worker thread with a connection of its own, every CHECKPOINT_INTERVAL_MS:
 *
 * - a PASSIVE checkpoint, which never waits for nor blocks readers and writers, copies what the log holds;
 * - then, when the log is past RESTART_FRAMES, a RESTART checkpoint copies the little written meanwhile and
 *   starts the log over. Under sends that never pause a PASSIVE checkpoint never finishes with nothing left (a
 *   commit always lands during it), and SQLite only starts the log over after one that did: the log grew
 *   without bound until the fallback below made the main thread checkpoint hundreds of megabytes at once. RESTART holds new writers back while it runs (group-commit.ts waits for it without blocking).
 * - Most of RESTART's time was fsync, of the database pages the PASSIVE passes had copied: a PASSIVE pass syncs
 *   the database file only when it caught up with the log, which sends that never pause prevent, so everything
 *   copied since the last RESTART was still to sync, with writers held back. So the worker first flushes both
 *   files itself, holding no lock, then runs one more PASSIVE pass for what was written meanwhile: RESTART then
 *   syncs little.
 *
 * The automatic checkpoint stays on at a much higher threshold, as a bound on the log's size should the worker
 * fall behind. In-memory databases have no log and no second connection: nothing is started for them.
 */
import { Worker } from 'node:worker_threads';
import type { Db } from './open.js';
import { driverModulePath } from './driver.js';

/**
 * Short enough that the log stays small (the pages written in a quarter second) and each RESTART has little left
 * to copy; each checkpoint copies the pages changed since the last one.
 */
const CHECKPOINT_INTERVAL_MS = 250;
/**
 * Frames (4 KB pages) in the log after the PASSIVE pass beyond which the log is started over (about 32 MB): a
 * RESTART blocks writers for some 30 ms, so it should not come every quarter second.
 */
const RESTART_FRAMES = 8_000;
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
// RESTART waits for the writer of the moment to commit (a group commit takes milliseconds).
db.pragma('busy_timeout = 2000');
const fs = require('node:fs');
// fdatasync through a descriptor of our own: it flushes the file's dirty pages whoever wrote them.
const flushToDisk = (file) => {
  let fd;
  try {
    fd = fs.openSync(file, 'r');
    fs.fdatasyncSync(fd);
  } catch {
    // No log yet, say: RESTART syncs whatever is left itself.
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
};
const checkpoint = () => {
  try {
    const [passive] = db.pragma('wal_checkpoint(PASSIVE)');
    if (passive.log <= workerData.restartFrames) return;
    flushToDisk(workerData.path);
    flushToDisk(workerData.path + '-wal');
    db.pragma('wal_checkpoint(PASSIVE)');
    db.pragma('wal_checkpoint(RESTART)');
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

/** The schedule; tests shorten it. */
export interface CheckpointSchedule {
  intervalMs: number;
  restartFrames: number;
}

const SCHEDULE: CheckpointSchedule = { intervalMs: CHECKPOINT_INTERVAL_MS, restartFrames: RESTART_FRAMES };

/**
 * For a connection that writes beside the main one (a capture worker's): it too leaves checkpoints to the
 * checkpointer thread, its own automatic checkpoint staying only as the same bound on the log's size.
 */
export function leaveCheckpointsToCheckpointer(db: Db): void {
  db.pragma(`wal_autocheckpoint = ${FALLBACK_AUTOCHECKPOINT_PAGES}`);
}

export function startCheckpointer(db: Db, schedule: CheckpointSchedule = SCHEDULE): Checkpointer {
  if (db.memory || db.pragma('journal_mode', { simple: true }) !== 'wal') return NONE;
  const driver = driverModulePath();
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { driver, path: db.name, intervalMs: schedule.intervalMs, restartFrames: schedule.restartFrames },
  });
  // The process may exit while the worker runs (a CLI killed, a test that forgot to stop): never keep it alive.
  worker.unref();
  leaveCheckpointsToCheckpointer(db);
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
