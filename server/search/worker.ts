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
 * otherwise searches run in this thread, as they always did. The worker starts with the first search it takes,
 * which waits for it (some 100 ms, once). A worker that cannot start (under a TypeScript test runner, this module
 * cannot be loaded in one) leaves everything here; one that dies later fails its searches with an error (a 500)
 * and is started again for the next one.
 */
import { isMainThread, parentPort, Worker, workerData, type MessagePort } from 'node:worker_threads';
import type { LogItemFilters } from '../db/log-items-store.js';
import { usesFullText, type MessageFilter } from '../db/messages-search.js';
import type { SearchPage } from '../db/messages-store.js';
import type { LogItemRow } from '../db/rows.js';
import type { ListResult, PageWindow, SortTerm } from '../db/statements.js';
import { openSearchReader } from '../db/store.js';

const ROLE = 'mailcoach-emulator:search';

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

type Reader = ReturnType<typeof openSearchReader>;

type Query =
  | { kind: 'messages'; workspaceId: number; filter: MessageFilter; window: PageWindow }
  | { kind: 'log-items'; workspaceId: number; filters: LogItemFilters; sort: SortTerm[]; window: PageWindow };

type Answer = SearchPage | ListResult<LogItemRow>;

/** Runs a query on a reader: the same code in the worker and, when there is none, in this thread. */
function run(reader: Pick<Reader, 'messages' | 'logItems'>, query: Query): Answer {
  if (query.kind === 'messages') return reader.messages.searchIndexed(query.workspaceId, query.filter, query.window);
  return reader.logItems.list(query.workspaceId, query.filters, query.sort, query.window);
}

interface WorkerData {
  role: typeof ROLE;
  moduleUrl: string;
  databaseFile: string;
}

type Request = { id: number; query: Query };
type Reply = { id: number; answer: Answer } | { id: number; failure: string } | { ready: true };

interface Running {
  worker: Worker;
  ready: boolean;
  pending: Map<number, { resolve: (answer: Answer) => void; reject: (error: Error) => void }>;
  whenReady: Array<(ready: boolean) => void>;
}

/** How long the first search waits for the worker to start (some 100 ms) before it runs in this thread. */
const READY_WAIT_MS = 5_000;

export function createSearchWorker(options: {
  store: Reader;
  databaseFile: string | null;
  enabled: boolean;
}): SearchWorker {
  const { store, databaseFile } = options;
  const here = async (query: Query): Promise<Answer> => run(store, query);
  if (!options.enabled || databaseFile === null) return api(here, async () => undefined);

  let running: Running | null = null;
  /** Set when the worker died before it was ready: searches stay in this thread from then on. */
  let unavailable = false;
  let closed = false;
  let nextId = 0;

  /** Resolves once the worker is ready, or false when it died first or took longer than READY_WAIT_MS. */
  const readyWorker = (entry: Running): Promise<boolean> =>
    entry.ready
      ? Promise.resolve(true)
      : new Promise((resolve) => {
          const timer = setTimeout(() => resolve(false), READY_WAIT_MS);
          entry.whenReady.push((ready) => {
            clearTimeout(timer);
            resolve(ready);
          });
        });

  const start = (): Running => {
    const data: WorkerData = { role: ROLE, moduleUrl: import.meta.url, databaseFile };
    // Evaluated as CommonJS, which can import() an ES module by URL: this module, in its worker role.
    const worker = new Worker(`import(require('node:worker_threads').workerData.moduleUrl)`, {
      eval: true,
      workerData: data,
    });
    const entry: Running = { worker, ready: false, pending: new Map(), whenReady: [] };
    const fail = (reason: string) => {
      if (running === entry) running = null;
      if (!entry.ready) unavailable = true;
      for (const settle of entry.whenReady.splice(0)) settle(false);
      for (const { reject } of entry.pending.values()) reject(new Error(`the search worker stopped: ${reason}`));
      entry.pending.clear();
    };
    worker.on('message', (reply: Reply) => {
      if ('ready' in reply) {
        entry.ready = true;
        for (const settle of entry.whenReady.splice(0)) settle(true);
        return;
      }
      const waiting = entry.pending.get(reply.id);
      if (waiting === undefined) return;
      entry.pending.delete(reply.id);
      if ('failure' in reply) waiting.reject(new Error(reply.failure));
      else waiting.resolve(reply.answer);
    });
    worker.on('error', (error) => fail(error.message));
    worker.on('exit', (code) => fail(`exit code ${code}`));
    // An idle worker must not keep a process alive that is otherwise done.
    worker.unref();
    return entry;
  };

  const onWorker = async (query: Query): Promise<Answer> => {
    if (closed || unavailable) return here(query);
    running ??= start();
    const entry = running;
    // A worker that died meanwhile (its searches failed) takes no more.
    if (!(await readyWorker(entry)) || closed || running !== entry) return here(query);
    const id = nextId++;
    return new Promise((resolve, reject) => {
      entry.pending.set(id, { resolve, reject });
      entry.worker.postMessage({ id, query } satisfies Request);
    });
  };

  return api(
    (query) => (query.kind === 'messages' && !usesFullText(query.filter) ? here(query) : onWorker(query)),
    async () => {
      closed = true;
      const entry = running;
      running = null;
      if (entry !== null) await entry.worker.terminate();
    },
  );
}

function api(ask: (query: Query) => Promise<Answer>, close: () => Promise<void>): SearchWorker {
  return {
    search: (workspaceId, filter, window) =>
      ask({ kind: 'messages', workspaceId, filter, window }) as Promise<SearchPage>,
    logItems: (workspaceId, filters, sort, window) =>
      ask({ kind: 'log-items', workspaceId, filters, sort, window }) as Promise<ListResult<LogItemRow>>,
    close,
  };
}

/** The worker role: a read connection, and one search at a time, in order. */
function serveSearches(port: MessagePort, data: WorkerData): void {
  const reader = openSearchReader(data.databaseFile);
  port.on('message', ({ id, query }: Request) => {
    try {
      port.postMessage({ id, answer: run(reader, query) } satisfies Reply);
    } catch (error) {
      port.postMessage({ id, failure: error instanceof Error ? error.message : String(error) } satisfies Reply);
    }
  });
  port.postMessage({ ready: true } satisfies Reply);
}

if (!isMainThread && parentPort !== null && (workerData as { role?: string } | null)?.role === ROLE) {
  serveSearches(parentPort, workerData as WorkerData);
}
