/**
 * A mail as the emulator builds it (any intake: the API's sends, resends, campaign mails), before it becomes bytes
 * (build-message.ts), and its envelope.
 */
import type { MailAddress } from '../addresses.js';

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
  /**
   * A hint for the encoder, never stored: `html` as the concatenation of these, the even ones fixed for every send
   * of a template version (text-body.ts encodeTextBody()). Absent for any other mail.
   */
  htmlParts?: readonly string[];
  text: string | null;
  attachments: MailAttachment[];
  /** Without angle brackets. */
  messageId: string;
  date: Date;
  /** Extra headers; `prepared` values are written verbatim (only for values we generate ourselves). */
  headers: Record<string, string | { prepared: true; value: string }>;
}

/** The envelope: every recipient, Bcc included, as SMTP would have received them. */
export function envelopeRecipients(mail: OutgoingMail): string[] {
  return [...mail.to, ...mail.cc, ...mail.bcc].map((a) => a.email);
}
