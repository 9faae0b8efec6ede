/**
 * A pool of worker threads that run named jobs from a table (jobs.ts), or the same jobs in this thread when no
 * worker can take them. It knows nothing of what the jobs do: a role (WorkerRole) brings the table, the module a
 * worker loads and what a worker opens for itself.
 *
 * What it guarantees:
 * - Size 0 runs every job in this thread, with `here` as the context; nothing is started.
 * - Workers start with the first job. Until one says it is ready, a job runs in this thread at once, unless the
 *   job waits for a worker (Job.waitsForWorker): then it waits, at most `readyWaitMs`, and runs here after all if
 *   none got ready. A job that loads much on its first run (a renderer) is thus loaded by the worker only.
 * - A job goes to the ready worker with the fewest jobs in flight.
 * - A worker that dies before it is ready (its module cannot be loaded in a worker, as under a TypeScript test
 *   runner, or its context cannot be opened) turns the pool off: every job from then on runs in this thread, and
 *   the jobs waiting for a worker run here at once.
 * - A worker that dies later fails the jobs it had with an error ("the <label> worker stopped: ..."); the next job
 *   starts a new one.
 * - A job's error comes back as an Error with its message, or as its own class when the role names it (errors).
 * - Idle workers keep no process alive (unref). close() terminates them; jobs after it run in this thread. Letting
 *   the jobs under way finish first is the caller's business (it knows which it must wait for).
 */
import { Worker } from 'node:worker_threads';
import type { InputOf, JobTable, OutputOf, WorkerRole } from './jobs.js';
import type { JobRequest, WorkerReply, WorkerStart } from './protocol.js';

export interface WorkerPool<Jobs> {
  /** Runs the job on a worker, or in this thread when none can take it (see above). */
  run<Name extends keyof Jobs & string>(name: Name, input: InputOf<Jobs[Name]>): Promise<OutputOf<Jobs[Name]>>;
  /** Runs the job in this thread whatever the workers, e.g. when only this thread's context can serve it. */
  runHere<Name extends keyof Jobs & string>(name: Name, input: InputOf<Jobs[Name]>): Promise<OutputOf<Jobs[Name]>>;
  close(): Promise<void>;
}

export interface WorkerPoolOptions<Context, Setup> {
  /** How many worker threads; 0 runs every job in this thread. */
  size: number;
  /** What each worker opens its context from (WorkerRole.open); structured-cloned to it. */
  setup: Setup;
  /** The context the jobs run with in this thread. */
  here: Context;
  /** How long a job that waits for a worker waits for a starting one before it runs in this thread. */
  readyWaitMs: number;
}

interface PoolWorker {
  worker: Worker;
  ready: boolean;
  pending: Map<number, { resolve: (output: unknown) => void; reject: (error: Error) => void }>;
}

export function createWorkerPool<Context, Jobs extends JobTable<Context>, Setup>(
  role: WorkerRole<Context, Jobs, Setup>,
  options: WorkerPoolOptions<Context, Setup>,
): WorkerPool<Jobs> {
  const { size, here } = options;
  const runHere = async <Name extends keyof Jobs & string>(name: Name, input: InputOf<Jobs[Name]>) =>
    (await (role.jobs[name] as Jobs[Name]).run(here, input)) as OutputOf<Jobs[Name]>;
  if (size <= 0) return { run: runHere, runHere, close: async () => undefined };

  const pool: PoolWorker[] = [];
  let nextId = 0;
  let closed = false;
  /** Set when a worker dies before it was ready (it cannot load, say): from then on, everything runs here. */
  let unavailable = false;
  /** Jobs waiting for a worker to be ready: told true once one is, false when none will be. */
  let waitingForReady: Array<(ready: boolean) => void> = [];
  const tellWaiting = (ready: boolean) => {
    for (const settle of waitingForReady.splice(0)) settle(ready);
  };
  const aWorkerReady = (): Promise<boolean> =>
    new Promise((resolve) => {
      const timer = setTimeout(() => {
        waitingForReady = waitingForReady.filter((settle) => settle !== done);
        resolve(false);
      }, options.readyWaitMs);
      const done = (ready: boolean) => {
        clearTimeout(timer);
        resolve(ready);
      };
      waitingForReady.push(done);
    });

  const failureOf = (reply: { failure: string; knownError?: string }): Error => {
    const known = reply.knownError === undefined ? undefined : role.errors?.[reply.knownError];
    return known === undefined ? new Error(reply.failure) : new known(reply.failure);
  };

  const start = (): PoolWorker => {
    const data: WorkerStart<Setup> = { role: role.name, moduleUrl: role.moduleUrl, setup: options.setup };
    // Evaluated as CommonJS, which can import() an ES module by URL: the role's module, which serves when it
    // finds itself in a worker of its role (serve.ts). Inside the bundle the URL is that of the chunk holding it.
    const worker = new Worker(`import(require('node:worker_threads').workerData.moduleUrl)`, {
      eval: true,
      workerData: data,
    });
    const entry: PoolWorker = { worker, ready: false, pending: new Map() };
    const fail = (reason: string) => {
      const index = pool.indexOf(entry);
      if (index !== -1) pool.splice(index, 1);
      if (!entry.ready) {
        unavailable = true;
        tellWaiting(false);
      }
      for (const { reject } of entry.pending.values()) reject(new Error(`the ${role.label} worker stopped: ${reason}`));
      entry.pending.clear();
    };
    worker.on('message', (reply: WorkerReply) => {
      if ('ready' in reply) {
        entry.ready = true;
        tellWaiting(true);
        return;
      }
      const waiting = entry.pending.get(reply.id);
      if (waiting === undefined) return;
      entry.pending.delete(reply.id);
      if ('failure' in reply) waiting.reject(failureOf(reply));
      else waiting.resolve(reply.output);
    });
    worker.on('error', (error) => fail(error.message));
    worker.on('exit', (code) => fail(`exit code ${code}`));
    // Idle workers must not keep a process alive that is otherwise done (a CLI stopped, a test run over).
    worker.unref();
    pool.push(entry);
    return entry;
  };

  /**
   * The worker with the fewest jobs in flight, once one is ready; null to work in this thread: the pool is off or
   * closed, or no worker is ready and the job does not wait for one, or none got ready in time.
   */
  const pick = async (waitForReady: boolean): Promise<PoolWorker | null> => {
    if (closed || unavailable) return null;
    while (pool.length < size) start();
    let ready = pool.filter((entry) => entry.ready);
    if (ready.length === 0) {
      if (!waitForReady || !(await aWorkerReady())) return null;
      ready = pool.filter((entry) => entry.ready);
      if (ready.length === 0) return null;
    }
    return ready.reduce((least, candidate) => (candidate.pending.size < least.pending.size ? candidate : least));
  };

  const post = (entry: PoolWorker, name: string, input: unknown): Promise<unknown> => {
    const id = nextId++;
    const job = role.jobs[name] as Jobs[string];
    return new Promise((resolve, reject) => {
      entry.pending.set(id, { resolve, reject });
      if (job.input === undefined) {
        entry.worker.postMessage({ id, job: name, input } satisfies JobRequest);
        return;
      }
      const packed = job.input.pack(input);
      entry.worker.postMessage({ id, job: name, input: packed.message } satisfies JobRequest, packed.transfer ?? []);
    });
  };

  return {
    async run(name, input) {
      const job = role.jobs[name] as Jobs[typeof name];
      const entry = await pick(job.waitsForWorker?.(input) ?? false);
      if (entry === null) return runHere(name, input);
      const output = await post(entry, name, input);
      return (job.output === undefined ? output : job.output.unpack(output)) as OutputOf<Jobs[typeof name]>;
    },
    runHere,
    async close() {
      closed = true;
      await Promise.all(pool.splice(0).map((entry) => entry.worker.terminate()));
    },
  };
}
