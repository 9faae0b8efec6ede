/**
 * buildMessage(): the RFC 5322 message the emulator captures instead of delivering, byte for byte as nodemailer's
 * MailComposer builds it (headers encoded per RFC 2047, MIME alternatives, attachments, inline `cid:` parts, CRLF
 * line breaks throughout). Bcc recipients stay in the envelope and never appear in the headers.
 */
import type { OutgoingMail } from './outgoing-mail.js';

/**
 * The serializers are loaded with the first message: with nodemailer's encoders they are some 100 kB that a
 * start (startEmulator() in a test file that may never send) would otherwise load and compile.
 */
type Direct = typeof import('./direct.js');
let direct: Direct | undefined;

export async function buildMessage(mail: OutgoingMail): Promise<Buffer> {
  direct ??= await import('./direct.js');
  const { composeDirect } = direct;
  // The direct serializer gives MailComposer's bytes for every mail the emulator builds, at a fraction of the
  // cost; what it does not mirror (see mime/direct.ts) goes through MailComposer itself.
  let bytes: Buffer | undefined;
  try {
    bytes = composeDirect(mail);
  } catch {
    // MailComposer is the reference: whatever the direct path fails on, it decides (a message or its own error).
  }
  if (bytes !== undefined) return bytes;
  const { buildWithMailComposer } = await import('./composer-fallback.js');
  return buildWithMailComposer(mail);
}
