/**
 * Builds the RFC 5322 message the emulator captures instead of delivering, with nodemailer's MailComposer
 * (headers encoded per RFC 2047, MIME alternatives, attachments, inline `cid:` parts). Bcc recipients stay in the
 * envelope and never appear in the headers.
 */
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import type { MailAddress } from './addresses.js';
import { serializeMimeTree } from './mime-serialize.js';

export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
  /** Set for inline parts: the Content-ID, referenced from the HTML as `cid:<contentId>`. */
  contentId: string | null;
}

export interface OutgoingMail {
  from: MailAddress;
  to: MailAddress[];
  cc: MailAddress[];
  bcc: MailAddress[];
  replyTo: MailAddress[];
  subject: string;
  html: string | null;
  text: string | null;
  attachments: MailAttachment[];
  /** Without angle brackets. */
  messageId: string;
  date: Date;
  /** Extra headers; `prepared` values are written verbatim (only for values we generate ourselves). */
  headers: Record<string, string | { prepared: true; value: string }>;
}

export function buildMessage(mail: OutgoingMail): Promise<Buffer> {
  const address = (a: MailAddress) => ({ name: a.name, address: a.email });
  const composer = new MailComposer({
    from: address(mail.from),
    to: mail.to.map(address),
    cc: mail.cc.map(address),
    replyTo: mail.replyTo.map(address),
    subject: mail.subject,
    ...(mail.html !== null ? { html: mail.html } : {}),
    ...(mail.text !== null ? { text: mail.text } : {}),
    attachments: mail.attachments.map((attachment) => ({
      filename: attachment.filename,
      content: attachment.content,
      contentType: attachment.contentType,
      ...(attachment.contentId !== null ? { cid: attachment.contentId, contentDisposition: 'inline' as const } : {}),
    })),
    messageId: `<${mail.messageId}>`,
    date: mail.date,
    headers: mail.headers,
    // RFC 5322 allows CR and LF only as CRLF: bare LFs in the html/text bodies (MJML output, `\n` in text) too.
    newline: 'windows',
  });
  // The same bytes as composer.compile().build(), without the stream machinery (mime-serialize.ts).
  return serializeMimeTree(composer.compile());
}

/** The envelope: every recipient, Bcc included, as SMTP would have received them. */
export function envelopeRecipients(mail: OutgoingMail): string[] {
  return [...mail.to, ...mail.cc, ...mail.bcc].map((a) => a.email);
}
