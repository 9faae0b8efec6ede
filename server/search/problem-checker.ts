/**
 * Counts each captured mail's problems in the background (README "Mail checks": has:problems and the inbox's
 * marker; migration 25), never on the send path: checking costs about a millisecond for a 4 kB mail and 90 ms for
 * 1 MB of HTML (htmlparser2's DOM, at some 11 MB/s), so it runs on a capture worker (mail/capture/index.ts checkProblems():
 * its own connection; idle then, since captures have paused; a search worker started for it cost ~28 MiB of RSS in
 * `BENCH_ONLY=memory`) and the counts are recorded here through the group commit. Like the search index (indexer.ts) it
 * waits for captures to pause, then goes through the backlog in steps, oldest first; a search for has:problems
 * (or a wait for one) asks it to catch up at once. A mail whose count is over 0 is announced as message.updated,
 * so the open inbox shows its marker.
 *
 * Without the worker (`--render-workers 0`, an in-memory database) the steps run in this thread; STEP bounds what
 * a request arriving meanwhile waits for (one mail of megabytes is one step all the same).
 */
import type { CheckedMessage } from '../db/message-checks-store.js';
import type { IndexStep } from '../db/messages-store.js';
import type { Store } from '../db/store.js';
import type { EventBus } from '../events.js';
import type { Logger } from '../logger.js';
import type { Capture } from '../mail/capture/index.js';

export interface ProblemChecker {
  /** Resolves once every message captured before the call has its problem count (or checking failed). */
  caughtUp(): Promise<void>;
  /** Stops listening and stepping (before the store closes); the searches still waiting are let go. */
  stop(): void;
}

/** As the search index's: a pause in captures, not a stall of the server. */
const QUIET_MS = 200;
/** Some 25-50 ms of checking at a millisecond a mail: what a request waits for at most without the worker. */
const STEP: IndexStep = { messages: 50, chars: 250_000 };
/** Steps that found nothing while a search still waits, before it is let go (see check()). */
const MAX_EMPTY_STEPS = 3;

export function startProblemChecker(deps: {
  store: Store;
  events: EventBus;
  logger: Logger;
  capture: Pick<Capture, 'checkProblems'>;
}): ProblemChecker {
  const { store } = deps;
  let quiet: NodeJS.Timeout | null = null;
  let checking = false;
  let stopped = false;
  let waiters: { through: number; resolve: () => void }[] = [];

  const release = (all: boolean) => {
    const through = all ? Number.POSITIVE_INFINITY : store.messageChecks.checkedThrough();
    const done = waiters.filter((waiter) => waiter.through <= through);
    if (done.length === 0) return;
    waiters = waiters.filter((waiter) => waiter.through > through);
    for (const waiter of done) waiter.resolve();
  };

  const record = (checked: CheckedMessage[]) => store.groupCommit(() => store.messageChecks.record(checked));

  /** One step: `done` once the worker finds none left (as of its read), `failed` on an error (logged). */
  const step = async (): Promise<'progress' | 'done' | 'failed'> => {
    try {
      const checked = await deps.capture.checkProblems(STEP);
      if (stopped || checked.length === 0) return 'done';
      for (const message of await record(checked)) {
        if (message.problems > 0)
          deps.events.emit('message.updated', { workspaceId: message.workspaceId, uuid: message.uuid });
      }
      return 'progress';
    } catch (error) {
      if (!stopped) deps.logger.error('checking captured messages for problems failed', error);
      return 'failed';
    }
  };

  /**
   * Steps until nothing is left; a capture pauses it unless a search is waiting. The worker's "none left" can
   * predate a capture a search is waiting for, so a search still waiting after it gets a few more steps (the
   * message may have been deleted meanwhile) before it is let go; a failure lets it go at once.
   */
  const check = async () => {
    quiet = null;
    if (checking) return;
    checking = true;
    try {
      let emptySteps = 0;
      while (!stopped && (quiet === null || waiters.length > 0)) {
        const outcome = await step();
        release(outcome === 'failed');
        if (outcome === 'progress') {
          emptySteps = 0;
          continue;
        }
        if (outcome === 'failed' || waiters.length === 0 || ++emptySteps >= MAX_EMPTY_STEPS) break;
      }
    } finally {
      checking = false;
      // Whoever still waits is let go: checking stopped, failed, or found nothing more a few times over.
      release(true);
    }
  };

  const armQuietTimer = () => {
    if (quiet === null) {
      quiet = setTimeout(() => void check(), QUIET_MS);
      quiet.unref();
    } else {
      quiet.refresh();
    }
  };
  const stopListening = deps.events.on('message.captured', armQuietTimer);

  return {
    caughtUp() {
      if (stopped) return Promise.resolve();
      const through = store.messages.highestId();
      if (store.messageChecks.checkedThrough() >= through) return Promise.resolve();
      return new Promise((resolve) => {
        waiters.push({ through, resolve });
        if (quiet !== null) clearTimeout(quiet);
        quiet = null;
        void check();
      });
    },
    stop() {
      stopped = true;
      stopListening();
      if (quiet !== null) clearTimeout(quiet);
      quiet = null;
      release(true);
    },
  };
}
