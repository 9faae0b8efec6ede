/**
 * The CPU-heavy half of a send, as a pure function of plain data: render the content (a template, or inline
 * html/text with its generated text part) and write the RFC 5322 message. It reads no database, clock or id
 * generator, so it runs on a capture worker (jobs.ts) as well as in the request's own thread, with the same result:
 * everything that must be decided once (uuids, Message-ID, Date) comes in with the job.
 */
import type { TemplateType } from '../../db/rows.js';
import { buildMessage } from '../mime/build-message.js';
import type { OutgoingMail } from '../mime/outgoing-mail.js';
import { inlineContent, type MailContent, renderTemplateContent } from '../render/mail-content.js';
import type { Replacements } from '../render/replacements.js';

/** A mail to render and capture: what a send, a campaign or a confirmation mail decided. */
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

/** A rendered mail: of its content, what is stored; and the message's bytes. */
export interface RenderedMail {
  content: Pick<MailContent, 'subject' | 'html' | 'text'>;
  raw: Buffer;
}

export async function renderMail(job: CaptureJob): Promise<RenderedMail> {
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

/** The rendered mail as the message row stores it: the job's envelope with the rendered content. */
export function renderedOutgoingMail(job: CaptureJob, content: RenderedMail['content']): OutgoingMail {
  return { ...job.envelope, subject: content.subject, html: content.html, text: content.text };
}
