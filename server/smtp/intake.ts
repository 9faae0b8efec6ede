/**
 * Stores a message received over SMTP as every captured mail is stored: through the capture builder's store()
 * (the path a resend's copy takes), which writes the message row, its raw bytes and attachments in a group commit
 * and announces `message.captured`, so the inbox, its search, wait-for, links and codes and reset treat it as any
 * other mail. The raw bytes are kept exactly as received; the row's fields come from parsing them. No Mailcoach
 * record (log item, Send) is made: the mail never went through Mailcoach.
 */
import type { Clock } from '../clock.js';
import type { IdGenerator } from '../ids.js';
import type { CaptureBuilder } from '../mail/capture/worker-pool.js';
import { mailFromParsed, type SmtpEnvelope } from './parsed-mail.js';

export interface SmtpIntakeDeps {
  clock: Clock;
  ids: IdGenerator;
  captureBuilder: Pick<CaptureBuilder, 'store'>;
}

/** A message that cannot be read as MIME at all: answered 554, nothing stored. */
export class UnreadableMessageError extends Error {}

/** Resolves with the stored message's uuid once it is committed. */
export async function receiveSmtpMessage(deps: SmtpIntakeDeps, raw: Buffer, envelope: SmtpEnvelope, workspaceId: number): Promise<string> {
  // Loaded on the first SMTP message: most runs receive none, and the parser need not weigh on every start.
  const { default: PostalMime } = await import('postal-mime');
  let email;
  try {
    email = await PostalMime.parse(raw, { attachmentEncoding: 'arraybuffer' });
  } catch (error) {
    throw new UnreadableMessageError(`the message cannot be parsed as MIME: ${(error as Error).message}`);
  }
  const uuid = deps.ids();
  const mail = mailFromParsed(email, envelope, {
    date: deps.clock(),
    fallbackMessageId: `${deps.ids().replaceAll('-', '')}@mailcoach-emulator`,
  });
  await deps.captureBuilder.store(mail, raw, {
    workspaceId,
    messageUuid: uuid,
    meta: { templateName: null, replacements: null, smtp: { envelopeFrom: envelope.from, envelopeTo: envelope.to } },
    logItem: null,
    send: null,
  });
  return uuid;
}
