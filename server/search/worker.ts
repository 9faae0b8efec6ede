/**
 * Where the searches that read what clients wrote run: an inbox search with a full-text term, and
 * GET /api/transactional-mails with filter[search] (a scan of every log item's subject). On a worker thread with
 * a read connection of its own to the database file, so that no search holds the server's thread, whatever the
 * captured mail holds.
 *
 * Why: the cost of an FTS5 phrase is the length of its words' position lists, which the captured text decides.
 * After a burst of hostile mail a phrase took seconds, during which /healthz, the inbox and every send waited
 * (docs/performance.md#2026-11-25-66e223d-searches-that-read-what-clients-wrote-run-on-a-search-worker). On the worker only that
 * search waits. Searches without a full-text term (the inbox's newest first, dates) read a page off an index
 * and stay in this thread.
 *
 * The caller brings the index up to date first (SearchIndexer.caughtUp(), in steps on this thread: the
 * worker's connection only reads). It runs with render workers (`--render-workers`, not 0) and a database file;
 * otherwise searches run in this thread, as they always did. The worker is one of a pool of one
 * (server/workers/pool.ts), which runs this module's two jobs there or here: it starts with the first search it
 * takes, which waits for it (some 100 ms, once). A worker that cannot start (under a TypeScript test runner, this
 * module cannot be loaded in one) leaves everything here; one that dies later fails its searches with an error (a
 * 500) and is started again for the next one.
 */
import type { LogItemFilters } from '../db/log-items-store.js';
import { type MessageFilter, usesFullText } from '../db/messages-search.js';
import type { SearchPage } from '../db/messages-store.js';
import type { LogItemRow } from '../db/rows.js';
import type { ListResult, PageWindow, SortTerm } from '../db/statements.js';
import { openSearchReader } from '../db/store.js';
import type { Job, WorkerRole } from '../workers/jobs.js';
import { createWorkerPool } from '../workers/pool.js';
import { serveWhenWorker } from '../workers/serve.js';

export interface SearchWorker {
  /** One page of the messages the filter matches among those indexed (MessageStore.searchIndexed()). */
  search(workspaceId: number, filter: MessageFilter, window: PageWindow): Promise<SearchPage>;
  /** GET /api/transactional-mails: with filter[search], a scan of every log item's subject. */
  logItems(
    workspaceId: number,
    filters: LogItemFilters,
    sort: SortTerm[],
    window: PageWindow,
  ): Promise<ListResult<LogItemRow>>;
  close(): Promise<void>;
}

type Reader = Pick<ReturnType<typeof openSearchReader>, 'messages' | 'logItems'>;

/** How long the first search waits for the worker to start (some 100 ms) before it runs in this thread. */
const READY_WAIT_MS = 5_000;

const defineJob = <Input, Output>(job: Job<Reader, Input, Output>) => job;

/** The searches, the same code on the worker's read connection and, when there is none, on this thread's. */
const searchJobs = {
  messages: defineJob({
    run: (reader, query: { workspaceId: number; filter: MessageFilter; window: PageWindow }) =>
      reader.messages.searchIndexed(query.workspaceId, query.filter, query.window),
    waitsForWorker: () => true,
  }),
  logItems: defineJob({
    run: (reader, query: { workspaceId: number; filters: LogItemFilters; sort: SortTerm[]; window: PageWindow }) =>
      reader.logItems.list(query.workspaceId, query.filters, query.sort, query.window),
    waitsForWorker: () => true,
  }),
};

/** The worker's side: a read connection, and one search at a time, in order (the jobs are synchronous). */
const searchRole: WorkerRole<Reader, typeof searchJobs, { databaseFile: string }> = {
  name: 'mailcoach-emulator:search',
  label: 'search',
  moduleUrl: import.meta.url,
  open: ({ databaseFile }) => openSearchReader(databaseFile),
  jobs: searchJobs,
};

export function createSearchWorker(options: {
  store: Reader;
  databaseFile: string | null;
  enabled: boolean;
}): SearchWorker {
  const { store, databaseFile } = options;
  const pool = createWorkerPool(searchRole, {
    size: options.enabled && databaseFile !== null ? 1 : 0,
    setup: { databaseFile: databaseFile ?? '' },
    here: store,
    readyWaitMs: READY_WAIT_MS,
  });
  return {
    search: (workspaceId, filter, window) =>
      // Without a full-text term a search reads a page off an index: in this thread.
      usesFullText(filter)
        ? pool.run('messages', { workspaceId, filter, window })
        : pool.runHere('messages', { workspaceId, filter, window }),
    logItems: (workspaceId, filters, sort, window) => pool.run('logItems', { workspaceId, filters, sort, window }),
    close: () => pool.close(),
  };
}

serveWhenWorker(searchRole);
