/**
 * Where a capture is rendered, built (buildCapture(), build-job.ts) and stored: in the request's thread, or on
 * worker threads. Every stored message, built here or not (a resend's copy), is announced here once committed.
 *
 * Why workers: rendering, the generated text part, MIME encoding and storing the result are most of a send's
 * CPU that is not HTTP (well over half of an MJML send in `npm run bench`), and they need nothing of the
 * server's state but the database file. On worker threads they use the machine's other cores while the main
 * thread parses and validates the next requests. `--render-workers` sets how many (default: one per core
 * beyond the first, at most two; 0 runs everything in-process, as startEmulator() does by default).
 *
 * The pool starts its workers with the first job and runs inline jobs in-process until a worker says it is
 * ready, so that no inline send waits for a worker's start. A template job waits for the worker instead (at most
 * READY_WAIT_MS): rendering it here as well made both threads load the renderers and compile the template, and
 * MJML's compiler alone takes most of a second to load. A CLI's first two MJML sends took a median 1,116 and
 * 1,073 ms; now 1,143 and 9 ms (`BENCH_ONLY=startup npm run bench`, "first template sends of a CLI"), and the
 * main thread never loads MJML, so that its other requests do not wait for it.
 *
 * A job that a worker cannot answer (it crashed or was stopped) fails with an error, which the send answers as
 * Mailcoach does a failed send (500); the next job starts a new worker.
 * A worker that dies before it is ready (this module cannot be loaded in a worker, as under a TypeScript test
 * runner) turns the pool off: every job then runs in-process.
 *
 * A worker loads this very module (by its own URL, which is also right inside the esbuild bundle's chunks) and
 * answers jobs when it finds itself started in the worker role. The bundle makes this module an entry of its own
 * (esbuild.config.mjs), so that the chunk a worker loads holds what a capture needs and not the HTTP server.
 */
import { isMainThread, parentPort, Worker, workerData, type MessagePort } from 'node:worker_threads';
import { openCaptureStore } from '../../db/store.js';
import type { EventBus } from '../../events.js';
import { buildAndStoreCapture, buildCapture, storeCapture, type CaptureJob, type CaptureResult } from './build-job.js';
import {
  firstSuppressed,
  writeCapture,
  type CaptureOutcome,
  type CaptureRecords,
  type CaptureWriter,
} from './write-records.js';
import type { OutgoingMail } from '../mime/outgoing-mail.js';
import { previewTemplate, type PreviewJob, type TemplatePreview } from '../render/template-preview.js';
import { parseReceivedMail, UnreadableMessageError, type ReceivedAt, type SmtpEnvelope } from './received-mail.js';
import { stubUnusedRenderModules } from '../render/mjml-stubs.js';
import { checkNextMessages } from './problem-step.js';
import type { CheckedMessage } from '../../db/message-checks-store.js';
import type { IndexStep } from '../../db/messages-store.js';

const ROLE = 'mailcoach-emulator:capture-builder';

export interface CaptureBuilder {
  /**
   * Checks the records' suppressible recipients, renders the job, writes its message and stores both with their
   * records; resolves once committed, or with the suppressed recipient when one refused it (nothing stored).
   */
  capture(job: CaptureJob, records: CaptureRecords): Promise<CaptureOutcome>;
  /** Stores a message built elsewhere (a resend's copy of a stored mail) with its records, as capture() does. */
  store(mail: OutgoingMail, raw: Buffer, records: CaptureRecords): Promise<void>;
  /**
   * Parses a message received as it is (over SMTP) and stores it, raw bytes untouched, with its records; rejects
   * with UnreadableMessageError when it is no MIME at all, storing nothing.
   */
  receive(raw: Buffer, received: ReceivedJob, records: CaptureRecords): Promise<void>;
  /** The template studio's render, by the same renderers on the same threads as a capture. */
  preview(job: PreviewJob): Promise<TemplatePreview>;
  /**
   * One step of the background problem checks (checks/problem-step.ts) on a worker's connection: a worker is
   * idle when they run (captures have paused), and no other thread need load what they use. Null when no worker
   * has a connection of its own (none, or an in-memory database): the caller checks in its own thread.
   */
  checkProblems(step: IndexStep): Promise<CheckedMessage[] | null>;
  close(): Promise<void>;
}

export interface CaptureBuilderOptions {
  /** How many worker threads; 0 captures everything in the calling thread. */
  workers: number;
  /** The main connection's store: what runs in this thread is stored through it. */
  store: CaptureWriter;
  /**
   * The database file, which each worker opens a connection of its own to, to store what it renders; null (an
   * in-memory database, which no other connection can open): workers render, and this thread stores.
   */
  databaseFile: string | null;
  /**
   * Where each stored message is announced (`message.captured`, once committed): here rather than in each caller,
   * so that every intake (a send, a resend, a campaign, a confirmation mail, an SMTP intake one day) is heard by
   * the inbox's stream, wait-for and the search indexer without remembering to tell them.
   */
  events: Pick<EventBus, 'emit'>;
}

/** What a received message's parse needs besides its bytes. */
export interface ReceivedJob {
  envelope: SmtpEnvelope;
  at: ReceivedAt;
}

/** What createBuilder() makes: the capture in this thread or on a worker; storing a built message is the same everywhere. */
type Builder = Omit<CaptureBuilder, 'store'>;

interface WorkerData {
  role: typeof ROLE;
  moduleUrl: string;
  databaseFile: string | null;
}

type JobMessage =
  | { id: number; problems: IndexStep }
  | { id: number; job: CaptureJob; records?: CaptureRecords }
  | { id: number; preview: PreviewJob }
  | { id: number; received: ReceivedJob; raw: Uint8Array; records: CaptureRecords };

type Reply =
  | { id: number; checked: CheckedMessage[] }
  | { id: number; stored: true }
  | { id: number; suppressed: string }
  | { id: number; result: { content: CaptureResult['content']; raw: Uint8Array } }
  | { id: number; preview: TemplatePreview }
  | { id: number; parsed: OutgoingMail }
  | { id: number; failure: string; unreadable?: true };

type Answer =
  | { checked: CheckedMessage[] }
  | CaptureOutcome
  | CaptureResult
  | { preview: TemplatePreview }
  | { parsed: OutgoingMail };

interface PoolWorker {
  worker: Worker;
  ready: boolean;
  pending: Map<number, { resolve: (answer: Answer) => void; reject: (error: Error) => void }>;
}

/** How long a template job waits for a starting worker before it runs in this thread after all. */
const READY_WAIT_MS = 10_000;

/** How long close() waits for the captures under way before it stops the workers and lets the store close. */
const CLOSE_WAIT_MS = 5_000;

/**
 * The server stops answering before it closes the builder, so no capture starts after close(); the ones under
 * way are let finish (for at most CLOSE_WAIT_MS): a worker terminated mid-job failed it with an error in the log,
 * and a store closed under a pending group commit fails that.
 */
export function createCaptureBuilder(options: CaptureBuilderOptions): CaptureBuilder {
  const builder = createBuilder(options);
  const underWay = new Set<Promise<unknown>>();
  /** Follows a capture until it is committed, then announces its message (unless a suppression refused it). */
  const track = <T>(stored: Promise<T>, records: CaptureRecords): Promise<T> => {
    const capture = stored.then((outcome) => {
      const refused = typeof outcome === 'object' && outcome !== null && 'suppressed' in outcome;
      if (!refused)
        options.events.emit('message.captured', { workspaceId: records.workspaceId, uuid: records.messageUuid });
      return outcome;
    });
    underWay.add(capture);
    const done = () => void underWay.delete(capture);
    capture.then(done, done);
    return capture;
  };
  return {
    preview: (job) => builder.preview(job),
    checkProblems: (step) => builder.checkProblems(step),
    capture: (job, records) => track(builder.capture(job, records), records),
    store: (mail, raw, records) =>
      track(
        options.store.groupCommit(() => void writeCapture(options.store, records, mail, raw)),
        records,
      ),
    receive: (raw, received, records) => track(builder.receive(raw, received, records), records),
    async close() {
      await settledWithin([...underWay], CLOSE_WAIT_MS);
      await builder.close();
    },
  };
}

async function settledWithin(promises: Promise<unknown>[], ms: number): Promise<void> {
  if (promises.length === 0) return;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)));
  await Promise.race([Promise.allSettled(promises), timeout]);
  clearTimeout(timer);
}

function createBuilder(options: CaptureBuilderOptions): Builder {
  const { workers, store, databaseFile } = options;
  const inThisThread = (job: CaptureJob, records: CaptureRecords) => buildAndStoreCapture(job, records, store);
  const receiveInThisThread = async (raw: Buffer, received: ReceivedJob, records: CaptureRecords) => {
    const mail = await parseReceivedMail(raw, received.envelope, received.at);
    await store.groupCommit(() => writeCapture(store, records, mail, raw));
  };
  const noWorker = async () => null;
  if (workers <= 0) {
    return {
      capture: inThisThread,
      receive: receiveInThisThread,
      preview: previewTemplate,
      checkProblems: noWorker,
      close: async () => undefined,
    };
  }
  const pool: PoolWorker[] = [];
  let nextId = 0;
  let closed = false;
  /** Set when a worker dies before it was ready (it cannot load, say): from then on, everything runs here. */
  let unavailable = false;
  /** Template jobs waiting for a worker to be ready: told true once one is, false when none will be. */
  let waitingForReady: Array<(ready: boolean) => void> = [];
  const tellWaiting = (ready: boolean) => {
    for (const settle of waitingForReady.splice(0)) settle(ready);
  };
  const aWorkerReady = (): Promise<boolean> =>
    new Promise((resolve) => {
      const timer = setTimeout(() => {
        waitingForReady = waitingForReady.filter((settle) => settle !== done);
        resolve(false);
      }, READY_WAIT_MS);
      const done = (ready: boolean) => {
        clearTimeout(timer);
        resolve(ready);
      };
      waitingForReady.push(done);
    });

  const start = (): PoolWorker => {
    // Evaluated as CommonJS, which can import() an ES module by URL: this module, in its worker role.
    const data: WorkerData = { role: ROLE, moduleUrl: import.meta.url, databaseFile };
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
      for (const { reject } of entry.pending.values()) reject(new Error(`the capture worker stopped: ${reason}`));
      entry.pending.clear();
    };
    worker.on('message', (message: Reply | { ready: true }) => {
      if ('ready' in message && message.ready === true) {
        entry.ready = true;
        tellWaiting(true);
        return;
      }
      const reply = message as Reply;
      const waiting = entry.pending.get(reply.id);
      if (waiting === undefined) return;
      entry.pending.delete(reply.id);
      if ('failure' in reply)
        waiting.reject(
          reply.unreadable === true ? new UnreadableMessageError(reply.failure) : new Error(reply.failure),
        );
      else if ('stored' in reply) waiting.resolve({ stored: true });
      else if ('suppressed' in reply) waiting.resolve({ suppressed: reply.suppressed });
      else if ('checked' in reply) waiting.resolve({ checked: reply.checked });
      else if ('parsed' in reply) waiting.resolve({ parsed: restoreAttachments(reply.parsed) });
      else if ('preview' in reply) waiting.resolve({ preview: reply.preview });
      else
        waiting.resolve({
          content: reply.result.content,
          raw: Buffer.from(reply.result.raw.buffer, reply.result.raw.byteOffset, reply.result.raw.byteLength),
        });
    });
    worker.on('error', (error) => fail(error.message));
    worker.on('exit', (code) => fail(`exit code ${code}`));
    // Idle workers must not keep a process alive that is otherwise done (a CLI stopped, a test run over).
    worker.unref();
    pool.push(entry);
    return entry;
  };

  type Job =
    | { job: CaptureJob; records?: CaptureRecords }
    | { preview: PreviewJob }
    | { problems: IndexStep }
    | { received: ReceivedJob; raw: Buffer; records: CaptureRecords };
  const post = (entry: PoolWorker, message: Job): Promise<Answer> => {
    const id = nextId++;
    return new Promise<Answer>((resolve, reject) => {
      entry.pending.set(id, { resolve, reject });
      if ('received' in message) {
        // A copy of the bytes of its own, moved (not copied again) to the worker.
        const raw = new Uint8Array(message.raw);
        entry.worker.postMessage(
          { id, received: message.received, raw, records: message.records } satisfies JobMessage,
          [raw.buffer],
        );
        return;
      }
      const sent: JobMessage =
        'preview' in message
          ? { id, preview: message.preview }
          : 'problems' in message
            ? { id, problems: message.problems }
            : { id, job: transferable(message.job), records: message.records };
      entry.worker.postMessage(sent);
    });
  };

  /**
   * The worker with the fewest jobs in flight, once one is ready; null to work in this thread: the pool is off or
   * closed, or no worker is ready and the job does not wait for one (an inline capture), or none got ready in time.
   */
  const pick = async (waitForReady: boolean): Promise<PoolWorker | null> => {
    if (closed || unavailable) return null;
    while (pool.length < workers) start();
    let ready = pool.filter((entry) => entry.ready);
    if (ready.length === 0) {
      if (!waitForReady || !(await aWorkerReady())) return null;
      ready = pool.filter((entry) => entry.ready);
      if (ready.length === 0) return null;
    }
    return ready.reduce((least, candidate) => (candidate.pending.size < least.pending.size ? candidate : least));
  };

  return {
    async capture(job, records) {
      const entry = await pick(job.template !== null);
      if (entry === null) return inThisThread(job, records);
      if (databaseFile !== null) return (await post(entry, { job, records })) as CaptureOutcome;
      // The worker only renders: the connection that stores checks the suppressions.
      const suppressed = firstSuppressed(store, records);
      if (suppressed !== undefined) return { suppressed };
      const answer = (await post(entry, { job })) as CaptureResult;
      await storeCapture(job, records, answer.content, answer.raw, store);
      return { stored: true };
    },
    async receive(raw, received, records) {
      // Parsing and storing are most of a received message's cost (postal-mime, ~0.25 ms for a 4 KB mail, and the
      // inserts): on a worker, this thread only speaks SMTP. The first message waits for the worker's start (some
      // 100 ms, once), so that where a message is parsed does not depend on how soon it came.
      const entry = await pick(true);
      if (entry === null) return receiveInThisThread(raw, received, records);
      if (databaseFile !== null) {
        await post(entry, { received, raw, records });
        return;
      }
      const { parsed } = (await post(entry, { received, raw, records })) as { parsed: OutgoingMail };
      await store.groupCommit(() => writeCapture(store, records, parsed, raw));
    },
    async preview(job) {
      // A template render waits for a worker, as a template capture does: MJML stays off this thread.
      const entry = await pick(true);
      if (entry === null) return previewTemplate(job);
      return ((await post(entry, { preview: job })) as { preview: TemplatePreview }).preview;
    },
    async checkProblems(step) {
      if (databaseFile === null) return null;
      const entry = await pick(true);
      if (entry === null) return null;
      return ((await post(entry, { problems: step })) as { checked: CheckedMessage[] }).checked;
    },
    async close() {
      closed = true;
      await Promise.all(pool.splice(0).map((entry) => entry.worker.terminate()));
    },
  };
}

/** A mail's attachments back as Buffers after structured cloning turned them into plain Uint8Arrays. */
function restoreAttachments<T extends Pick<OutgoingMail, 'attachments'>>(mail: T): T {
  const attachments = mail.attachments.map((attachment) => ({
    ...attachment,
    content: Buffer.from(attachment.content.buffer, attachment.content.byteOffset, attachment.content.byteLength),
  }));
  return { ...mail, attachments };
}

/**
 * Attachment contents as Uint8Arrays of their own: structured cloning a Buffer would copy the whole 8 KB pool
 * slab a small Buffer lives in, and the worker gets a plain Uint8Array back either way.
 */
function transferable(job: CaptureJob): CaptureJob {
  if (job.envelope.attachments.length === 0) return job;
  const attachments = job.envelope.attachments.map((attachment) => ({
    ...attachment,
    content: new Uint8Array(attachment.content) as Buffer,
  }));
  return { ...job, envelope: { ...job.envelope, attachments } };
}

/**
 * The worker role: answer jobs until the port closes. With a database file, the worker stores what it renders
 * through a connection of its own: the rendered HTML and the message (some 20 KB for an MJML mail) never cross
 * back to the main thread, and the inserts and their commit leave it too, which had been a fifth of its time
 * under `npm run bench`'s sends. The connection opens before the worker says it is ready, so that a worker
 * that cannot open it dies unready and turns the pool off.
 */
function serveJobs(port: MessagePort, data: WorkerData): void {
  // This isolate is ours: what MJML loads but never runs for us stays unloaded (render/mjml-stubs.ts).
  stubUnusedRenderModules();
  const writer = data.databaseFile === null ? null : openCaptureStore(data.databaseFile);
  port.on('message', async (message: JobMessage) => {
    const { id } = message;
    if ('problems' in message) {
      try {
        if (writer === null) throw new Error('no database connection on this worker');
        port.postMessage({ id, checked: checkNextMessages(writer, message.problems) } satisfies Reply);
      } catch (error) {
        port.postMessage({ id, failure: error instanceof Error ? error.message : String(error) } satisfies Reply);
      }
      return;
    }
    if ('preview' in message) {
      try {
        port.postMessage({ id, preview: await previewTemplate(message.preview) } satisfies Reply);
      } catch (error) {
        port.postMessage({ id, failure: error instanceof Error ? error.message : String(error) } satisfies Reply);
      }
      return;
    }
    if ('received' in message) {
      const raw = Buffer.from(message.raw.buffer, message.raw.byteOffset, message.raw.byteLength);
      try {
        const mail = await parseReceivedMail(raw, message.received.envelope, message.received.at);
        if (writer !== null) {
          await writer.groupCommit(() => writeCapture(writer, message.records, mail, raw));
          port.postMessage({ id, stored: true } satisfies Reply);
        } else {
          port.postMessage({ id, parsed: mail } satisfies Reply);
        }
      } catch (error) {
        const failure = error instanceof Error ? error.message : String(error);
        port.postMessage({
          id,
          failure,
          ...(error instanceof UnreadableMessageError ? { unreadable: true as const } : {}),
        } satisfies Reply);
      }
      return;
    }
    const { job, records } = message;
    try {
      const restored = { ...job, envelope: restoreAttachments(job.envelope) };
      if (writer !== null && records !== undefined) {
        const outcome = await buildAndStoreCapture(restored, records, writer);
        port.postMessage({ id, ...outcome } satisfies Reply);
        return;
      }
      const { content, raw } = await buildCapture(restored);
      // A copy of its own, moved (not copied again) to the main thread; of the content, what is stored.
      const bytes = new Uint8Array(raw);
      const stored = { subject: content.subject, html: content.html, text: content.text };
      port.postMessage({ id, result: { content: stored, raw: bytes } } satisfies Reply, [bytes.buffer]);
    } catch (error) {
      port.postMessage({ id, failure: error instanceof Error ? error.message : String(error) } satisfies Reply);
    }
  });
  port.postMessage({ ready: true });
}

if (!isMainThread && parentPort !== null && (workerData as { role?: string } | null)?.role === ROLE) {
  serveJobs(parentPort, workerData as WorkerData);
}
