/**
 * GET /_emulator/wait-for: a long poll that answers as soon as `count` messages of the workspace match `query`
 * (optionally only those captured after `after`), or with 408 and what did match at `timeout_ms`. It re-runs the
 * search right after every capture in the workspace, so it answers within a few milliseconds of the capture that
 * completes it; it stops listening when the client goes away.
 */
import { Hono, type Context } from 'hono';
import type { MessageFilter } from '../db/messages-search.js';
import type { AppDeps } from '../deps.js';
import { ValidationError, waitTimedOut } from '../errors.js';
import type { AppEnv } from '../http/env.js';
import { isUuid } from '../ids.js';
import { messageSummary } from './message-resource.js';
import { parseInstant } from '../instant.js';
import { caughtUpFor } from '../search/caught-up.js';
import { parseSearchQuery } from '../search/query.js';
import { MAX_PER_PAGE, readInteger, readQuery } from './query-params.js';

const DEFAULT_TIMEOUT_MS = 5_000;
/** Well under Node's 300 s request timeout, so that the emulator, not the HTTP server, ends a long wait. */
const MAX_TIMEOUT_MS = 120_000;

export function waitForRoutes(deps: AppDeps) {
  return new Hono<AppEnv>().get('/', async (c) => {
    const workspaceId = c.get('workspaceId');
    const input = c.get('input');
    const filter = parseSearchQuery(readQuery(input));
    const count = readInteger(input, 'count', { min: 1, max: MAX_PER_PAGE, fallback: 1 });
    const timeoutMs = readInteger(input, 'timeout_ms', { min: 0, max: MAX_TIMEOUT_MS, fallback: DEFAULT_TIMEOUT_MS });
    const scoped = withAfter(deps, workspaceId, filter, input.after);
    /** The `count` newest matches, and whether there are that many. */
    const check = async () => {
      await caughtUpFor(deps, scoped);
      const { rows, total } = await deps.searchWorker.search(workspaceId, scoped, { offset: 0, limit: count });
      return { data: rows.map(messageSummary), done: total >= count };
    };

    const first = await check();
    if (first.done || c.req.raw.signal.aborted) return c.json({ data: first.data });
    return waitForMatches(c, deps, { workspaceId, timeoutMs, count, check });
  });
}

/** How often a wait searches again without a capture event (a safety net; the events do the waking). */
const RECHECK_MS = 250;

interface Wait {
  workspaceId: number;
  timeoutMs: number;
  count: number;
  check: () => Promise<{ data: unknown[]; done: boolean }>;
}

function waitForMatches(c: Context<AppEnv>, deps: AppDeps, wait: Wait): Promise<Response> {
  const signal = c.req.raw.signal;
  return new Promise((resolve, reject) => {
    let settled = false;
    let checkQueued = false;
    /** The answer, or what to throw to the error formatter (a 408 ApiError, or a failed search). */
    const finish = (outcome: Response | unknown) => {
      if (settled) return;
      settled = true;
      stopListening();
      clearTimeout(timer);
      clearInterval(recheck);
      signal.removeEventListener('abort', onAbort);
      if (outcome instanceof Response) resolve(outcome);
      else reject(outcome);
    };
    // The search runs just after the capture's own request has answered, not inside it: a sender never waits for
    // the waiters, and a burst of captures costs one search.
    const queueCheck = () => {
      if (checkQueued) return;
      checkQueued = true;
      setImmediate(() => {
        checkQueued = false;
        if (settled) return;
        wait.check().then((result) => {
          if (result.done) finish(c.json({ data: result.data }));
        }, finish);
      });
    };
    const stopListening = deps.events.on('message.captured', ({ workspaceId }) => {
      if (workspaceId === wait.workspaceId) queueCheck();
    });
    // A safety net under the capture events: once in CI the search run after the matching capture's event found
    // nothing, though the message was there at the timeout 10 s later (the cause is not found yet). A wake-up that
    // is missed so costs at most this, not the whole timeout.
    const recheck = setInterval(queueCheck, RECHECK_MS);
    const timer = setTimeout(() => {
      // Thrown to the error formatter like any error answer: a 408 carrying what did match.
      wait.check().then((result) => finish(waitTimedOut(wait.timeoutMs, wait.count, result.data)), finish);
    }, wait.timeoutMs);
    // The client went away: nobody reads the answer, so stop listening now rather than at the timeout.
    const onAbort = () => finish(new Response(null, { status: 499 }));
    signal.addEventListener('abort', onAbort);
  });
}

/**
 * `after`: an ISO date or date-time (messages captured strictly later) or a message's uuid (messages captured
 * after that one). A uuid of no message of the workspace is a 422: the wait could otherwise never be meant.
 */
function withAfter(deps: AppDeps, workspaceId: number, filter: MessageFilter, after: unknown): MessageFilter {
  if (after === undefined || after === null) return filter;
  const invalid = (message: string) => new ValidationError({ after: [message] });
  if (typeof after !== 'string') throw invalid('The after field must be a string.');
  if (isUuid(after)) {
    const id = deps.store.messages.idOf(workspaceId, after);
    if (id === undefined) throw invalid(`No message with uuid ${after}.`);
    return { ...filter, capturedAfterId: id };
  }
  const at = parseInstant(after);
  if (at === null) throw invalid('The after field must be an ISO 8601 date or date-time, or a message uuid.');
  return { ...filter, terms: [...filter.terms, { negated: false, condition: { kind: 'after', at } }] };
}
