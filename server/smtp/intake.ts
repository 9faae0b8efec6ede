/**
 * Stores a message received over SMTP as every captured mail is stored: through capture's door
 * (mail/capture/index.ts receive(): parsed on a capture worker when there is one, and stored with the same
 * group commit), which announces `message.captured`, so the inbox, its search, wait-for, links and codes and reset
 * treat it as any other mail. The raw bytes are kept exactly as received; the row's fields come from parsing them.
 * No Mailcoach record (log item, Send) is made: the mail never went through Mailcoach.
 */
import type { Clock } from '../clock.js';
import type { IdGenerator } from '../ids.js';
import type { SmtpEnvelope } from '../mail/capture/received-mail.js';
import type { Capture } from '../mail/capture/index.js';

export interface SmtpIntakeDeps {
  clock: Clock;
  ids: IdGenerator;
  capture: Pick<Capture, 'receive'>;
}

/**
 * Resolves with the stored message's uuid once it is committed. `username`: the SMTP AUTH user, or the Basic user
 * of a Mailpit send (mailpit/send.ts, which stores its message this way too); '' for none.
 */
export async function receiveSmtpMessage(
  deps: SmtpIntakeDeps,
  raw: Buffer,
  envelope: SmtpEnvelope,
  workspaceId: number,
  username = '',
): Promise<string> {
  const uuid = deps.ids();
  const at = { date: deps.clock(), fallbackMessageId: `${deps.ids().replaceAll('-', '')}@mailcoach-emulator` };
  await deps.capture.receive(
    raw,
    { envelope, at },
    {
      workspaceId,
      messageUuid: uuid,
      meta: {
        templateName: null,
        replacements: null,
        smtp: { envelopeFrom: envelope.from, envelopeTo: envelope.to },
        username,
      },
      logItem: null,
      send: null,
    },
  );
  return uuid;
}
