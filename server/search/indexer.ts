/**
 * Keeps the inbox's search index (migration 3) close to the captured messages without charging the senders for
 * it, and brings it up to date for a search without holding the server: indexing costs about 100 us a message,
 * a fifth of an inline send's CPU in `npm run bench`, so it runs when captures pause rather than between them,
 * and always in bounded steps, one per turn of the event loop.
 *
 * - A step indexes at most STEP.messages messages and about STEP.chars characters of their text (migration 6
 *   bounds what one message contributes), so a request arriving meanwhile waits for one step at most (~20 ms),
 *   even when the backlog holds megabytes of hostile text (a search after a burst of 250 kB mails
 *   indexed them all at once and held /healthz for 15 s).
 * - Captures re-arm a short quiet timer; when it fires (no capture for QUIET_MS) the backlog is drained.
 * - Under captures that never pause, once BACKLOG_LIMIT messages wait, a small step (LOADED_STEP) runs every
 *   LOADED_INTERVAL_MS: some 500 messages a second, each step short enough (~5 ms) not to show in the senders'
 *   latency, so that a long burst leaves less for the first search after it.
 * - caughtUp() is what a search awaits: it resolves once every message captured before the call is indexed,
 *   stepping through the backlog even while captures go on.
 */
import type { IndexStep } from '../db/messages-store.js';
import type { Store } from '../db/store.js';
import type { EventBus } from '../events.js';
import type { Logger } from '../logger.js';

export interface SearchIndexer {
  /** Resolves once every message captured before the call is in the search index. */
  caughtUp(): Promise<void>;
  /** Indexes the backlog at the next pause of the captures (an index just turned on). */
  wake(): void;
  /** Stops listening and stepping (before the store closes); the searches still waiting are let go. */
  stop(): void;
}

/**
 * Long enough that a stall of the server itself (a GC, a slow disk write) does not pass for a pause, which
 * would add indexing to the stall; short enough that a test's search after its sends finds little to index.
 */
const QUIET_MS = 200;
/** A search index kept behind the captures: the inbox's (migration 3) or Mailpit's (migration 31). */
export interface IndexedMessages {
  /** Indexes one step of the messages above the index's mark; returns how many. */
  indexPending(step: IndexStep): number;
  /** The highest message id in the index. */
  indexedThrough(): number;
  highestId(): number;
}

/** How much a step indexes: `step` once captures paused, `loadedStep` among captures that never pause. */
export interface IndexSteps {
  step: IndexStep;
  loadedStep: IndexStep;
}

/** About 20 ms of the inbox's indexing: what a request that arrives meanwhile waits at most. */
const INBOX_STEPS: IndexSteps = {
  step: { messages: 200, chars: 2_000_000 },
  loadedStep: { messages: 50, chars: 500_000 },
};

/**
 * Mailpit's trigram index (migration 31): about 20 ms a step once captures pause (0.3 us a character of search
 * text, 350 us for a usual mail: `npm run bench`, docs/performance.md), about 5 ms among captures that never pause.
 */
export const MAILPIT_INDEX_STEPS: IndexSteps = {
  step: { messages: 100, chars: 60_000 },
  loadedStep: { messages: 25, chars: 15_000 },
};

const BACKLOG_LIMIT = 5_000;
const LOADED_INTERVAL_MS = 100;

interface Waiter {
  /** The highest message id when the search asked. */
  through: number;
  resolve: () => void;
}

/**
 * Started with the app's services (deps.ts), not by a route: it follows every capture, whichever intake made it,
 * and the inbox's search and wait-for share it.
 */
export function startSearchIndexer(deps: {
  store: Store;
  events: EventBus;
  logger: Logger;
  /** The inbox's index unless told. */
  index?: IndexedMessages;
  steps?: IndexSteps;
}): SearchIndexer {
  const messages = deps.index ?? deps.store.messages;
  const { step: STEP, loadedStep: LOADED_STEP } = deps.steps ?? INBOX_STEPS;
  const name = deps.index === undefined ? 'the inbox' : 'Mailpit';
  let quiet: NodeJS.Timeout | null = null;
  let draining = false;
  let stopped = false;
  /** Captures since the index last caught up: an upper bound on the backlog (searches index too). */
  let waiting = 0;
  let lastForcedStep = Number.NEGATIVE_INFINITY;
  let waiters: Waiter[] = [];

  const counted = (size: number, indexed: number): boolean => {
    if (indexed < size) waiting = 0;
    else waiting = Math.max(0, waiting - indexed);
    return indexed > 0;
  };
  const failed = (error: unknown): false => {
    deps.logger.error(`indexing captured messages for ${name}'s search failed`, error);
    return false;
  };
  /** Lets go the searches whose messages are indexed; all of them once nothing is left (or indexing failed). */
  const release = (nothingLeft: boolean) => {
    if (waiters.length === 0) return;
    const through = messages.indexedThrough();
    const done = nothingLeft ? waiters : waiters.filter((waiter) => waiter.through <= through);
    if (done.length === 0) return;
    waiters = nothingLeft ? [] : waiters.filter((waiter) => waiter.through > through);
    for (const waiter of done) waiter.resolve();
  };

  /** A step once captures paused: no capture worker is writing then, the write lock is free. */
  const step = (): boolean => {
    try {
      return counted(STEP.messages, messages.indexPending(STEP));
    } catch (error) {
      return failed(error);
    }
  };

  /**
   * A step among captures that never pause: through the group commit, which waits for the write lock (a capture
   * worker's connection holds it for each of its commits) on a timer; a write of its own would sleep in SQLite's
   * busy handler, and every request with it.
   */
  const stepAmongCaptures = (size: IndexStep): Promise<boolean> =>
    deps.store
      .groupCommit(() => messages.indexPending(size))
      .then((indexed) => counted(size.messages, indexed), failed);

  /** Steps until nothing is left, one a turn; a capture pauses it unless a search is waiting. */
  const drain = () => {
    quiet = null;
    if (draining) return;
    draining = true;
    const next = async () => {
      if (stopped) {
        draining = false;
        return;
      }
      // A capture re-armed the quiet timer: the background drains again once they pause; a search does not wait.
      if (quiet !== null && waiters.length === 0) {
        draining = false;
        return;
      }
      const progressed = waiters.length > 0 ? await stepAmongCaptures(STEP) : step();
      release(!progressed);
      if (progressed) setImmediate(() => void next());
      else draining = false;
    };
    void next();
  };

  const armQuietTimer = () => {
    if (quiet === null) {
      quiet = setTimeout(drain, QUIET_MS);
      quiet.unref();
    } else {
      quiet.refresh();
    }
  };

  const stopListeningToCaptures = deps.events.on('message.captured', () => {
    waiting++;
    armQuietTimer();
    const now = performance.now();
    if (waiting >= BACKLOG_LIMIT && now - lastForcedStep >= LOADED_INTERVAL_MS) {
      lastForcedStep = now;
      // The group commit defers it to the end of this turn, with the captures' own writes.
      void stepAmongCaptures(LOADED_STEP);
    }
  });
  // A large delete empties the index to rebuild it (messages-store.ts): the rest is indexed again once quiet.
  const stopListeningToDeletes = deps.events.on('messages.deleted', armQuietTimer);

  return {
    caughtUp() {
      if (stopped) return Promise.resolve();
      const through = messages.highestId();
      if (messages.indexedThrough() >= through) return Promise.resolve();
      return new Promise((resolve) => {
        waiters.push({ through, resolve });
        if (quiet !== null) clearTimeout(quiet);
        quiet = null;
        drain();
      });
    },
    wake: armQuietTimer,
    stop() {
      stopped = true;
      stopListeningToCaptures();
      stopListeningToDeletes();
      if (quiet !== null) clearTimeout(quiet);
      quiet = null;
      release(true);
    },
  };
}
