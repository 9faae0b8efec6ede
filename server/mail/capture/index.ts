/**
 * The one door of capture: every mail the emulator keeps comes in here, whoever made it (a transactional send, a
 * campaign, a confirmation mail, a resend's copy, a message received over SMTP), and every stored message is
 * announced here once committed (`message.captured`), so that the inbox's stream, wait-for, the search indexer and
 * the problem checker hear each intake without its caller remembering to tell them.
 *
 * Where the work runs is the pool's choice (server/workers/pool.ts) among the jobs of jobs.ts: on a capture worker
 * (`--render-workers`, default one per core beyond the first, at most two) or in this thread (0, as startEmulator()
 * does by default). A job a worker cannot answer (it crashed or was stopped) fails with an error, which a send
 * answers as Mailcoach does a failed send (500); the next job starts a new worker.
 */
import type { CheckedMessage } from '../../db/message-checks-store.js';
import type { IndexStep } from '../../db/messages-store.js';
import type { EventBus } from '../../events.js';
import { createWorkerPool } from '../../workers/pool.js';
import type { OutgoingMail } from '../mime/outgoing-mail.js';
import type { PreviewJob, TemplatePreview } from '../render/template-preview.js';
import { type CaptureStore, captureRole, type ReceivedJob, type ThumbnailJob } from './jobs.js';
import { type CaptureJob, renderedOutgoingMail } from './render-mail.js';
import { type CaptureOutcome, type CaptureRecords, commitCapture, firstSuppressed } from './write-records.js';

export type { CaptureJob } from './render-mail.js';
export type { CaptureRecords } from './write-records.js';

export interface Capture {
  /**
   * Checks the records' suppressible recipients, renders the job, writes its message and stores both with their
   * records; resolves once committed, or with the suppressed recipient when one refused it (nothing stored).
   */
  send(job: CaptureJob, records: CaptureRecords): Promise<CaptureOutcome>;
  /** Stores a message built elsewhere (a resend's copy of a stored mail) with its records, as send() does. */
  store(mail: OutgoingMail, raw: Buffer, records: CaptureRecords): Promise<void>;
  /**
   * Parses a message received as it is (over SMTP) and stores it, raw bytes untouched, with its records; rejects
   * with UnreadableMessageError (received-mail.ts) when it is no MIME at all, storing nothing.
   */
  receive(raw: Buffer, received: ReceivedJob, records: CaptureRecords): Promise<void>;
  /** The template studio's render, by the same renderers on the same threads as a capture. */
  preview(job: PreviewJob): Promise<TemplatePreview>;
  /**
   * One step of the background problem checks (checks/problem-step.ts): on a worker's connection when one has its
   * own (a database file), otherwise in this thread.
   */
  checkProblems(step: IndexStep): Promise<CheckedMessage[]>;
  /** A Mailpit thumbnail of an attachment (mailpit-view/thumbnail.ts): decoding a photo takes seconds, off this thread. */
  thumbnail(input: ThumbnailJob): Promise<Buffer>;
  /** Lets the captures under way finish (at most CLOSE_WAIT_MS), then stops the workers; before the store closes. */
  close(): Promise<void>;
}

export interface CaptureOptions {
  /** How many worker threads; 0 captures everything in the calling thread. */
  workers: number;
  /** The main connection's store: what runs in this thread is stored through it. */
  store: CaptureStore;
  /**
   * The database file, which each worker opens a connection of its own to, to store what it renders; null (an
   * in-memory database, which no other connection can open): workers render or parse, and this thread stores.
   */
  databaseFile: string | null;
  events: Pick<EventBus, 'emit'>;
}

/** How long a job that waits for a worker (a template's render, say) waits for a starting one. */
const READY_WAIT_MS = 10_000;

/** How long close() waits for the captures under way before it stops the workers and lets the store close. */
const CLOSE_WAIT_MS = 5_000;

/**
 * The server stops answering before it closes the capture, so no capture starts after close(); the ones under way
 * are let finish (for at most CLOSE_WAIT_MS): a worker terminated mid-job failed it with an error in the log, and
 * a store closed under a pending group commit fails that.
 */
export function openCapture(options: CaptureOptions): Capture {
  const { store, databaseFile, events } = options;
  const pool = createWorkerPool(captureRole, {
    size: options.workers,
    setup: { databaseFile },
    here: { store },
    readyWaitMs: READY_WAIT_MS,
  });
  /** Workers store through connections of their own; without (an in-memory database) this thread stores. */
  const workersStore = databaseFile !== null;
  const underWay = new Set<Promise<unknown>>();
  /** Follows a capture until it is committed, then announces its message (unless a suppression refused it). */
  const track = <T>(stored: Promise<T>, records: CaptureRecords): Promise<T> => {
    const capture = stored.then((outcome) => {
      const refused = typeof outcome === 'object' && outcome !== null && 'suppressed' in outcome;
      if (!refused) events.emit('message.captured', { workspaceId: records.workspaceId, uuid: records.messageUuid });
      return outcome;
    });
    underWay.add(capture);
    const done = () => void underWay.delete(capture);
    capture.then(done, done);
    return capture;
  };

  const renderThenStoreHere = async (job: CaptureJob, records: CaptureRecords): Promise<CaptureOutcome> => {
    // The worker only renders: the connection that stores checks the suppressions.
    const suppressed = firstSuppressed(store, records);
    if (suppressed !== undefined) return { suppressed };
    const { content, raw } = await pool.run('render', job);
    await commitCapture(store, records, renderedOutgoingMail(job, content), raw);
    return { stored: true };
  };
  const parseThenStoreHere = async (raw: Buffer, received: ReceivedJob, records: CaptureRecords) => {
    const mail = await pool.run('parse', { raw, received });
    await commitCapture(store, records, mail, raw);
  };

  return {
    send: (job, records) =>
      track(workersStore ? pool.run('capture', { job, records }) : renderThenStoreHere(job, records), records),
    store: (mail, raw, records) =>
      track(
        commitCapture(store, records, mail, raw).then(() => undefined),
        records,
      ),
    receive: (raw, received, records) =>
      track(
        workersStore ? pool.run('receive', { raw, received, records }) : parseThenStoreHere(raw, received, records),
        records,
      ),
    preview: (job) => pool.run('preview', job),
    checkProblems: (step) => (workersStore ? pool.run('checkProblems', step) : pool.runHere('checkProblems', step)),
    thumbnail: (input) => pool.run('thumbnail', input),
    async close() {
      await settledWithin([...underWay], CLOSE_WAIT_MS);
      await pool.close();
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
