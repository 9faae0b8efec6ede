/**
 * Keeps the inbox's search index (migration 3) close to the captured messages without charging the senders for
 * it: indexing costs about 100 us a message, a fifth of an inline send's CPU in `npm run bench`, so it runs
 * when captures pause rather than between them. A search never depends on this: it indexes whatever is left
 * first (messages-store.ts), so this only keeps that work small.
 *
 * - Captures re-arm a short quiet timer; when it fires (no capture for QUIET_MS) the backlog is indexed in
 *   steps of STEP messages, one step per turn of the event loop, so that requests arriving meanwhile wait
 *   for one step at most.
 * - Under captures that never pause, once BACKLOG_LIMIT messages wait, a small step (LOADED_STEP) runs every
 *   LOADED_INTERVAL_MS: some 500 messages a second, each step short enough (~5 ms) not to show in the senders'
 *   latency, so that a long burst leaves less for the first search after it.
 */
import type { AppDeps } from '../deps.js';

/**
 * Long enough that a stall of the server itself (a GC, a slow disk write) does not pass for a pause, which
 * would add indexing to the stall; short enough that a test's search after its sends finds little to index.
 */
const QUIET_MS = 200;
/** About 20 ms of indexing: what a request that arrives meanwhile waits at most. */
const STEP = 200;
const BACKLOG_LIMIT = 5_000;
const LOADED_STEP = 50;
const LOADED_INTERVAL_MS = 100;

export function indexInBackground(deps: AppDeps): void {
  let quiet: NodeJS.Timeout | null = null;
  let draining = false;
  /** Captures since the index last caught up: an upper bound on the backlog (searches index too). */
  let waiting = 0;
  let lastForcedStep = Number.NEGATIVE_INFINITY;

  const counted = (size: number, indexed: number): boolean => {
    if (indexed < size) waiting = 0;
    else waiting = Math.max(0, waiting - indexed);
    return indexed === size;
  };
  const failed = (error: unknown): false => {
    deps.logger.error('indexing captured messages failed', error);
    return false;
  };

  /** A step once captures paused: no capture worker is writing then, the write lock is free. */
  const step = (size = STEP): boolean => {
    try {
      return counted(size, deps.store.messages.indexPending(size));
    } catch (error) {
      return failed(error);
    }
  };

  /**
   * A step among captures that never pause: through the group commit, which waits for the write lock (a capture
   * worker's connection holds it for each of its commits) on a timer; a write of its own would sleep in SQLite's
   * busy handler, and every request with it.
   */
  const stepAmongCaptures = (size: number): void => {
    deps.store.groupCommit(() => deps.store.messages.indexPending(size)).then((indexed) => counted(size, indexed), failed);
  };

  const drain = () => {
    quiet = null;
    if (draining) return;
    draining = true;
    const next = () => {
      // A capture re-armed the quiet timer: it drains again once they pause.
      if (quiet === null && step()) setImmediate(next);
      else draining = false;
    };
    next();
  };

  deps.events.on('message.captured', () => {
    waiting++;
    if (quiet === null) {
      quiet = setTimeout(drain, QUIET_MS);
      quiet.unref();
    } else {
      quiet.refresh();
    }
    const now = performance.now();
    if (waiting >= BACKLOG_LIMIT && now - lastForcedStep >= LOADED_INTERVAL_MS) {
      lastForcedStep = now;
      // The group commit defers it to the end of this turn, with the captures' own writes.
      stepAmongCaptures(LOADED_STEP);
    }
  });
}
