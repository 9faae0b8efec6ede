/**
 * What runs on a capture worker, as one table of jobs (server/workers/jobs.ts): the same functions run in the
 * request's thread when no worker takes them (`--render-workers 0`, a worker still starting, the pool off).
 * index.ts chooses the job; the pool (server/workers/pool.ts) chooses the thread.
 *
 * Why workers: rendering, the generated text part, MIME encoding and storing the result are most of a send's CPU
 * that is not HTTP, and they need nothing of the server's state but the database file. On worker threads they use
 * the machine's other cores while the main thread parses and validates the next requests.
 *
 * With a database file a worker stores what it renders or parses through a connection of its own (openCaptureStore):
 * the rendered HTML and the message never cross back to the main thread, nor do the inserts and their commit.
 * With an in-memory database, which no other connection can open, a worker has no connection: it only renders
 * (`render`) or parses (`parse`), and the main thread stores.
 *
 * A worker loads this very module (by its own URL, which is also right inside the esbuild bundle's chunks) and
 * serves the table when it finds itself started in the capture role (serveWhenWorker, at the end). The bundle makes
 * this module an entry of its own (esbuild.config.mjs), so that the chunk a worker loads holds what a capture needs
 * and not the HTTP server.
 */
import { checkNextMessages, type ProblemReader } from '../../checks/problem-step.js';
import { openCaptureStore } from '../../db/store.js';
import type { IndexStep } from '../../db/messages-store.js';
import type { Crossing, Job, WorkerRole } from '../../workers/jobs.js';
import { serveWhenWorker } from '../../workers/serve.js';
import type { OutgoingMail } from '../mime/outgoing-mail.js';
import { type PreviewJob, previewTemplate } from '../render/template-preview.js';
import { stubUnusedRenderModules } from '../render/mjml-stubs.js';
import { parseReceivedMail, type ReceivedAt, type SmtpEnvelope, UnreadableMessageError } from './received-mail.js';
import { type CaptureJob, type RenderedMail, renderedOutgoingMail, renderMail } from './render-mail.js';
import {
  type CaptureOutcome,
  type CaptureRecords,
  type CaptureWriter,
  commitCapture,
  firstSuppressed,
} from './write-records.js';

/** What the capture jobs store through and read from: the main store, or a worker's own connection. */
export type CaptureStore = CaptureWriter & ProblemReader;

/** Where a capture job runs: its thread's connection, or null on a worker of an in-memory database. */
export interface CaptureThread {
  store: CaptureStore | null;
}

/** What a received message's parse needs besides its bytes. */
export interface ReceivedJob {
  envelope: SmtpEnvelope;
  at: ReceivedAt;
}

const defineJob = <Input, Output>(job: Job<CaptureThread, Input, Output>) => job;

function storeOf(thread: CaptureThread): CaptureStore {
  if (thread.store === null) throw new Error('no database connection on this worker');
  return thread.store;
}

/** A template job waits for a starting worker: rendering it here as well would load MJML in both threads. */
const waitsIfTemplate = (job: CaptureJob) => job.template !== null;
/** The jobs that load much on first use (postal-mime, the renderers, the checks) wait, so that only a worker loads it. */
const alwaysWaits = () => true;

export const captureJobs = {
  /**
   * The suppression check (before rendering, as Mailcoach refuses a suppressed recipient before it renders:
   * docs/spec/mailcoach-reference.md#2-suppressions), the render, then the message and its records committed: on the connection that stores, whose
   * page cache its own commits keep.
   */
  capture: defineJob({
    async run(thread, { job, records }: { job: CaptureJob; records: CaptureRecords }): Promise<CaptureOutcome> {
      const store = storeOf(thread);
      const suppressed = firstSuppressed(store, records);
      if (suppressed !== undefined) return { suppressed };
      const { content, raw } = await renderMail(job);
      await commitCapture(store, records, renderedOutgoingMail(job, content), raw);
      return { stored: true };
    },
    waitsForWorker: ({ job }) => waitsIfTemplate(job),
    input: {
      pack: ({ job, records }) => ({ message: { job: withOwnAttachmentBytes(job), records } }),
      unpack: (message) => {
        const { job, records } = message as { job: CaptureJob; records: CaptureRecords };
        return { job: { ...job, envelope: withBufferAttachments(job.envelope) }, records };
      },
    },
  }),
  /** Renders only: a worker without a connection of its own (an in-memory database); the caller stores. */
  render: defineJob({
    run: (_thread, job: CaptureJob): Promise<RenderedMail> => renderMail(job),
    waitsForWorker: waitsIfTemplate,
    input: {
      pack: (job) => ({ message: withOwnAttachmentBytes(job) }),
      unpack: (message) => {
        const job = message as CaptureJob;
        return { ...job, envelope: withBufferAttachments(job.envelope) };
      },
    },
    output: {
      pack: ({ content, raw }) => {
        // A copy of its own, moved (not copied again) to the main thread; of the content, what is stored.
        const bytes = new Uint8Array(raw);
        return {
          message: { content: { subject: content.subject, html: content.html, text: content.text }, raw: bytes },
          transfer: [bytes.buffer],
        };
      },
      unpack: (message) => {
        const { content, raw } = message as { content: RenderedMail['content']; raw: Uint8Array };
        return { content, raw: asBuffer(raw) };
      },
    },
  }),
  /**
   * A message received as it is (over SMTP), parsed and stored, raw bytes untouched, with its records; rejects with
   * UnreadableMessageError when it is no MIME at all, storing nothing.
   */
  receive: defineJob({
    async run(thread, { raw, received, records }: ReceivedInput & { records: CaptureRecords }): Promise<void> {
      const mail = await parseReceivedMail(raw, received.envelope, received.at);
      await commitCapture(storeOf(thread), records, mail, raw);
    },
    waitsForWorker: alwaysWaits,
    input: receivedInput<ReceivedInput & { records: CaptureRecords }>(),
  }),
  /** Parses only: a worker without a connection of its own; the caller stores. */
  parse: defineJob({
    run: (_thread, { raw, received }: ReceivedInput): Promise<OutgoingMail> =>
      parseReceivedMail(raw, received.envelope, received.at),
    waitsForWorker: alwaysWaits,
    input: receivedInput(),
    output: {
      pack: (mail) => ({ message: mail }),
      unpack: (message) => withBufferAttachments(message as OutgoingMail),
    },
  }),
  /** The template studio's render, by the same renderers on the same threads as a capture. */
  preview: defineJob({
    run: (_thread, job: PreviewJob) => previewTemplate(job),
    waitsForWorker: alwaysWaits,
  }),
  /**
   * One step of the background problem checks (checks/problem-step.ts): on a worker, which is idle when they run
   * (captures have paused), and no other thread need load what they use.
   */
  checkProblems: defineJob({
    run: (thread, step: IndexStep) => checkNextMessages(storeOf(thread), step),
    waitsForWorker: alwaysWaits,
  }),
  /**
   * A Mailpit thumbnail (mailpit-view/thumbnail.ts): decoding a photo in JavaScript takes a second or more, which
   * no request may hold the main thread for. Its decoders load on first use, on the thread that runs it.
   */
  thumbnail: defineJob({
    async run(_thread, { contentType, content }: ThumbnailJob): Promise<Buffer> {
      const { thumbnail } = await import('../mailpit-view/thumbnail.js');
      return thumbnail(contentType, content);
    },
    waitsForWorker: alwaysWaits,
    input: {
      pack: ({ contentType, content }) => {
        const bytes = new Uint8Array(content);
        return { message: { contentType, content: bytes }, transfer: [bytes.buffer] };
      },
      unpack: (message) => {
        const { contentType, content } = message as { contentType: string; content: Uint8Array };
        return { contentType, content: asBuffer(content) };
      },
    },
    output: {
      pack: (jpeg) => {
        const bytes = new Uint8Array(jpeg);
        return { message: bytes, transfer: [bytes.buffer] };
      },
      unpack: (message) => asBuffer(message as Uint8Array),
    },
  }),
};

/** An attachment to make a thumbnail of: its media type and decoded bytes. */
export interface ThumbnailJob {
  contentType: string;
  content: Buffer;
}

export type CaptureJobs = typeof captureJobs;

type ReceivedInput = { raw: Buffer; received: ReceivedJob };

/** A received message's bytes cross as a copy of their own, moved (not copied again) to the worker. */
function receivedInput<T extends ReceivedInput>(): Crossing<T> {
  return {
    pack: (input) => {
      const raw = new Uint8Array(input.raw);
      return { message: { ...input, raw }, transfer: [raw.buffer] };
    },
    unpack: (message) => {
      const input = message as Omit<T, 'raw'> & { raw: Uint8Array };
      return { ...input, raw: asBuffer(input.raw) } as T;
    },
  };
}

export const captureRole: WorkerRole<CaptureThread, CaptureJobs, { databaseFile: string | null }> = {
  name: 'mailcoach-emulator:capture',
  label: 'capture',
  moduleUrl: import.meta.url,
  open({ databaseFile }) {
    // This isolate is ours: what MJML loads but never runs for us stays unloaded (render/mjml-stubs.ts).
    stubUnusedRenderModules();
    return { store: databaseFile === null ? null : openCaptureStore(databaseFile) };
  },
  jobs: captureJobs,
  errors: { unreadable: UnreadableMessageError },
};

function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** A mail's attachments back as Buffers after structured cloning turned them into plain Uint8Arrays. */
function withBufferAttachments<T extends Pick<OutgoingMail, 'attachments'>>(mail: T): T {
  const attachments = mail.attachments.map((attachment) => ({ ...attachment, content: asBuffer(attachment.content) }));
  return { ...mail, attachments };
}

/**
 * Attachment contents as Uint8Arrays of their own: structured cloning a Buffer would copy the whole 8 KB pool
 * slab a small Buffer lives in, and the worker gets a plain Uint8Array back either way.
 */
function withOwnAttachmentBytes(job: CaptureJob): CaptureJob {
  if (job.envelope.attachments.length === 0) return job;
  const attachments = job.envelope.attachments.map((attachment) => ({
    ...attachment,
    content: new Uint8Array(attachment.content) as Buffer,
  }));
  return { ...job, envelope: { ...job.envelope, attachments } };
}

serveWhenWorker(captureRole);
