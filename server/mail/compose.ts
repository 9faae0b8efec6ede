/**
 * Builds the RFC 5322 message the emulator captures instead of delivering, byte for byte as nodemailer's
 * MailComposer builds it (headers encoded per RFC 2047, MIME alternatives, attachments, inline `cid:` parts, CRLF
 * line breaks throughout). Bcc recipients stay in the envelope and never appear in the headers.
 */
import type { MailAddress } from './addresses.js';

/**
 * The serializers are loaded with the first message: with nodemailer's encoders they are some 100 kB that a
 * start (startEmulator() in a test file that may never send) would otherwise load and compile.
 */
type Direct = typeof import('./mime/direct.js');
let direct: Direct | undefined;

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

export async function buildMessage(mail: OutgoingMail): Promise<Buffer> {
  const { composeDirect } = direct ?? (direct = await import('./mime/direct.js'));
  // The direct serializer gives MailComposer's bytes for every mail the emulator builds, at a fraction of the
  // cost; what it does not mirror (see mime/direct.ts) goes through MailComposer itself.
  let bytes: Buffer | undefined;
  try {
    bytes = composeDirect(mail);
  } catch {
    // MailComposer is the reference: whatever the direct path fails on, it decides (a message or its own error).
  }
  if (bytes !== undefined) return bytes;
  const { buildWithMailComposer } = await import('./mime/composer-fallback.js');
  return buildWithMailComposer(mail);
}

/** The envelope: every recipient, Bcc included, as SMTP would have received them. */
export function envelopeRecipients(mail: OutgoingMail): string[] {
  return [...mail.to, ...mail.cc, ...mail.bcc].map((a) => a.email);
}
