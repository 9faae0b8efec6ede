/**
 * Where buildCapture() (capture-job.ts) runs: in the request's thread, or on worker threads.
 *
 * Why workers: rendering, the generated text part and MIME encoding are most of a send's CPU that is not HTTP or
 * SQLite (about a third of an MJML send in `npm run bench`), and they need nothing of the server's state. On
 * worker threads they use the machine's other cores while the main thread parses, validates and commits the
 * next requests. `--render-workers` sets how many (default: one per core beyond the first, at most two; 0 runs
 * everything in-process, as startEmulator() does by default).
 *
 * The pool starts its workers with the first job and runs jobs in-process until a worker says it is ready, so
 * that no send waits for a worker's start. A job that a worker cannot answer (it crashed or was stopped) fails
 * with an error, which the send answers as Mailcoach does a failed send (500); the next job starts a new worker.
 * A worker that dies before it is ready (this module cannot be loaded in a worker, as under a TypeScript test
 * runner) turns the pool off: every job then runs in-process.
 *
 * A worker loads this very module (by its own URL, which is also right inside the esbuild bundle's chunks) and
 * answers jobs when it finds itself started in the worker role.
 */
import { isMainThread, parentPort, Worker, workerData, type MessagePort } from 'node:worker_threads';
import { buildCapture, type CaptureJob, type CaptureResult } from './capture-job.js';

const ROLE = 'mailcoach-emulator:capture-builder';

export interface CaptureBuilder {
  build(job: CaptureJob): Promise<CaptureResult>;
  close(): Promise<void>;
}

type Reply = { id: number; ready?: never } & ({ result: { content: CaptureResult['content']; raw: Uint8Array } } | { failure: string });

interface PoolWorker {
  worker: Worker;
  ready: boolean;
  pending: Map<number, { resolve: (result: CaptureResult) => void; reject: (error: Error) => void }>;
}

export function createCaptureBuilder(workers: number): CaptureBuilder {
  if (workers <= 0) return { build: buildCapture, close: async () => undefined };
  const pool: PoolWorker[] = [];
  let nextId = 0;
  let closed = false;
  /** Set when a worker dies before it was ready (it cannot load, say): from then on, everything runs here. */
  let unavailable = false;

  const start = (): PoolWorker => {
    // Evaluated as CommonJS, which can import() an ES module by URL: this module, in its worker role.
    const worker = new Worker(`import(require('node:worker_threads').workerData.moduleUrl)`, {
      eval: true,
      workerData: { role: ROLE, moduleUrl: import.meta.url },
    });
    const entry: PoolWorker = { worker, ready: false, pending: new Map() };
    const fail = (reason: string) => {
      const index = pool.indexOf(entry);
      if (index !== -1) pool.splice(index, 1);
      if (!entry.ready) unavailable = true;
      for (const { reject } of entry.pending.values()) reject(new Error(`the capture worker stopped: ${reason}`));
      entry.pending.clear();
    };
    worker.on('message', (message: Reply | { ready: true }) => {
      if ('ready' in message && message.ready === true) {
        entry.ready = true;
        return;
      }
      const reply = message as Reply;
      const waiting = entry.pending.get(reply.id);
      if (waiting === undefined) return;
      entry.pending.delete(reply.id);
      if ('failure' in reply) waiting.reject(new Error(reply.failure));
      else waiting.resolve({ content: reply.result.content, raw: Buffer.from(reply.result.raw.buffer, reply.result.raw.byteOffset, reply.result.raw.byteLength) });
    });
    worker.on('error', (error) => fail(error.message));
    worker.on('exit', (code) => fail(`exit code ${code}`));
    // Idle workers must not keep a process alive that is otherwise done (a CLI stopped, a test run over).
    worker.unref();
    pool.push(entry);
    return entry;
  };

  return {
    build(job) {
      if (closed || unavailable) return buildCapture(job);
      while (pool.length < workers) start();
      const ready = pool.filter((entry) => entry.ready);
      if (ready.length === 0) return buildCapture(job);
      // The worker with the fewest jobs in flight.
      const entry = ready.reduce((least, candidate) => (candidate.pending.size < least.pending.size ? candidate : least));
      const id = nextId++;
      return new Promise<CaptureResult>((resolve, reject) => {
        entry.pending.set(id, { resolve, reject });
        entry.worker.postMessage({ id, job: transferable(job) });
      });
    },
    async close() {
      closed = true;
      await Promise.all(pool.splice(0).map((entry) => entry.worker.terminate()));
    },
  };
}

/**
 * Attachment contents as Uint8Arrays of their own: structured cloning a Buffer would copy the whole 8 KB pool
 * slab a small Buffer lives in, and the worker gets a plain Uint8Array back either way.
 */
function transferable(job: CaptureJob): CaptureJob {
  if (job.envelope.attachments.length === 0) return job;
  const attachments = job.envelope.attachments.map((attachment) => ({ ...attachment, content: new Uint8Array(attachment.content) as Buffer }));
  return { ...job, envelope: { ...job.envelope, attachments } };
}

/** The worker role: answer jobs until the port closes. */
function serveJobs(port: MessagePort): void {
  port.on('message', async ({ id, job }: { id: number; job: CaptureJob }) => {
    try {
      const attachments = job.envelope.attachments.map((attachment) => ({
        ...attachment,
        content: Buffer.from(attachment.content.buffer, attachment.content.byteOffset, attachment.content.byteLength),
      }));
      const { content, raw } = await buildCapture({ ...job, envelope: { ...job.envelope, attachments } });
      // A copy of its own, moved (not copied again) to the main thread.
      const bytes = new Uint8Array(raw);
      port.postMessage({ id, result: { content, raw: bytes } }, [bytes.buffer]);
    } catch (error) {
      port.postMessage({ id, failure: error instanceof Error ? error.message : String(error) });
    }
  });
  port.postMessage({ ready: true });
}

if (!isMainThread && parentPort !== null && (workerData as { role?: string } | null)?.role === ROLE) serveJobs(parentPort);
