/**
 * A message received over SMTP, read into the fields the capture path stores (mail/capture/message-row.ts): the
 * addresses, subject, bodies and attachments the inbox, its search, links and codes are derived from. The raw
 * bytes are parsed with postal-mime (mime-parser.ts: a part ends before the line break of its boundary) and stored
 * untouched beside these fields. It reads no clock or id generator
 * (what must be decided once comes in as `ReceivedAt`), so it runs on a capture worker as well as here
 * (jobs.ts).
 */
import type { Address, Email } from 'postal-mime';
import type { MailAddress } from '../addresses.js';
import type { OutgoingMail } from '../mime/outgoing-mail.js';

/** MAIL FROM (empty for the null sender `<>`) and every RCPT TO, in the order the client gave them. */
export interface SmtpEnvelope {
  from: string;
  to: string[];
}

/** What the parse cannot know: when the message was received, and a Message-ID for one that has none. */
export interface ReceivedAt {
  date: Date;
  fallbackMessageId: string;
}

/** A message that cannot be read as MIME at all: answered 554, nothing stored. */
export class UnreadableMessageError extends Error {}

export async function parseReceivedMail(
  raw: Buffer,
  envelope: SmtpEnvelope,
  received: ReceivedAt,
): Promise<OutgoingMail> {
  // Loaded on the first received message: most runs receive none, and the parser need not weigh on every start.
  const { MimeParser } = await import('./mime-parser.js');
  let email: Email;
  try {
    email = await new MimeParser({ attachmentEncoding: 'arraybuffer' }).parse(raw);
  } catch (error) {
    throw new UnreadableMessageError(`the message cannot be parsed as MIME: ${(error as Error).message}`);
  }
  return mailFromParsed(email, envelope, received);
}

export function mailFromParsed(email: Email, envelope: SmtpEnvelope, received: ReceivedAt): OutgoingMail {
  const to = flatten(email.to);
  const cc = flatten(email.cc);
  return {
    // A message without a From is shown with its envelope sender: the one address known to have sent it.
    from: flatten(email.from === undefined ? [] : [email.from])[0] ?? { name: '', email: envelope.from },
    to,
    cc,
    bcc: hiddenRecipients(envelope.to, [...to, ...cc], flatten(email.bcc)),
    replyTo: flatten(email.replyTo),
    subject: email.subject ?? '',
    html: email.html ?? null,
    text: email.text ?? null,
    attachments: email.attachments.map((attachment, index) => ({
      // The inbox offers every attachment as a download, which needs a name.
      filename: attachment.filename ?? `attachment-${index + 1}`,
      contentType: attachment.mimeType,
      contentId: attachment.contentId === undefined ? null : unbracketed(attachment.contentId),
      content: contentBytes(attachment.content),
    })),
    messageId:
      email.messageId === undefined || unbracketed(email.messageId) === ''
        ? received.fallbackMessageId
        : unbracketed(email.messageId),
    date: received.date,
    headers: {},
  };
}

/**
 * The Bcc of a mail received over SMTP: a Bcc header's addresses if the client left one in (some do), then every
 * envelope recipient that no To, Cc or Bcc header names, as the API's captures show Bcc (from the envelope).
 * Addresses compare case-insensitively, as the envelope's do.
 */
export function hiddenRecipients(
  envelopeTo: string[],
  visible: MailAddress[],
  bccHeader: MailAddress[],
): MailAddress[] {
  const known = new Set([...visible, ...bccHeader].map((address) => address.email.toLowerCase()));
  const hidden = [...bccHeader];
  for (const recipient of envelopeTo) {
    const key = recipient.toLowerCase();
    if (known.has(key)) continue;
    known.add(key);
    hidden.push({ name: '', email: recipient });
  }
  return hidden;
}

/** Group syntax (`team: a@x, b@x;`) becomes its members; an empty group (`undisclosed-recipients:;`) nothing. */
function flatten(addresses: Address[] | undefined): MailAddress[] {
  const out: MailAddress[] = [];
  for (const address of addresses ?? []) {
    if (address.group !== undefined)
      out.push(...address.group.map((member) => ({ name: member.name, email: member.address })));
    else if (address.address !== '') out.push({ name: address.name, email: address.address });
  }
  return out;
}

function unbracketed(id: string): string {
  return id.trim().replace(/^<|>$/g, '');
}

function contentBytes(content: ArrayBuffer | Uint8Array | string): Buffer {
  if (typeof content === 'string') return Buffer.from(content, 'utf8');
  return content instanceof Uint8Array
    ? Buffer.from(content.buffer, content.byteOffset, content.byteLength)
    : Buffer.from(content);
}
