/**
 * The CPU-heavy half of a send, as a pure function of plain data: render the content (a template, or inline
 * html/text with its generated text part) and write the RFC 5322 message. It reads no database, clock or id
 * generator, so it can run on a worker thread (capture/worker-pool.ts) as well as in the request's own thread, with
 * the same result: everything that must be decided once (uuids, Message-ID, Date) comes in with the job.
 * Storing it (buildAndStoreCapture) needs a connection: the main thread's, or a capture worker's own.
 */
import type { TemplateType } from '../../db/rows.js';
import { buildMessage } from '../mime/build-message.js';
import type { OutgoingMail } from '../mime/outgoing-mail.js';
import { inlineContent, renderTemplateContent, type MailContent } from '../render/mail-content.js';
import type { Replacements } from '../render/replacements.js';
import {
  firstSuppressed,
  writeCapture,
  type CaptureOutcome,
  type CaptureRecords,
  type CaptureWriter,
} from './write-records.js';

export interface CaptureJob {
  /** The template's fields that rendering reads; null for inline content. */
  template: { body: string; type: TemplateType; subject: string } | null;
  /** The request's subject (wins over the template's when not empty), html, text and replacements. */
  subject: string | null;
  html: string | null;
  text: string | null;
  replacements: Replacements;
  /** Everything of the message but its content. */
  envelope: Omit<OutgoingMail, 'subject' | 'html' | 'text'>;
}

export interface CaptureResult {
  content: MailContent;
  raw: Buffer;
}

export async function buildCapture(job: CaptureJob): Promise<CaptureResult> {
  const content = job.template
    ? await renderTemplateContent(job.template, job.subject, job.replacements)
    : inlineContent(job.subject ?? '', job.html, job.text);
  const raw = await buildMessage({
    ...job.envelope,
    subject: content.subject,
    html: content.html,
    htmlParts: content.htmlParts,
    text: content.text,
  });
  return { content, raw };
}

/**
 * The suppression check (before rendering, as Mailcoach refuses a suppressed recipient before it renders),
 * buildCapture(), then the message and its records written through `writer`'s group commit: resolves once
 * committed.
 */
export async function buildAndStoreCapture(
  job: CaptureJob,
  records: CaptureRecords,
  writer: CaptureWriter,
): Promise<CaptureOutcome> {
  const suppressed = firstSuppressed(writer, records);
  if (suppressed !== undefined) return { suppressed };
  const { content, raw } = await buildCapture(job);
  await storeCapture(job, records, content, raw, writer);
  return { stored: true };
}

/** Writes a built capture through `writer`'s group commit. */
export function storeCapture(
  job: CaptureJob,
  records: CaptureRecords,
  content: MailContent,
  raw: Buffer,
  writer: CaptureWriter,
): Promise<number> {
  const mail: OutgoingMail = { ...job.envelope, subject: content.subject, html: content.html, text: content.text };
  return writer.groupCommit(() => writeCapture(writer, records, mail, raw));
}
