/**
 * One stored message as Mailpit shows it (MP internal/storage/messages.go GetMessage;
 * docs/spec/mailpit-api.md#22-models-json-key-order--go-struct-order-mp-internalstoragestructsgo-serverapiv1):
 * Mailpit's view of its raw bytes (raw-view.ts), its MIME tree (envelope.ts) and the fields we stored for it.
 * Keys in Go's struct order, lists `[]` when empty.
 */
import type { MessageRow } from '../../db/message-rows.js';
import { decodeEncodedWords } from '../mime/read-headers.js';
import { attachmentLists, type MailpitAttachment, type MailpitEnvelope, readEnvelope } from './envelope.js';
import { type HeaderField, headerValue, readHeaderBlock } from './header-block.js';
import { type ListUnsubscribe, listUnsubscribe } from './list-unsubscribe.js';
import { goTime, headerDate } from './message-date.js';
import { mailpitRaw } from './raw-view.js';

interface MailpitAddress {
  Name: string;
  Address: string;
}

export interface MailpitMessage {
  ID: string;
  MessageID: string;
  From: MailpitAddress;
  To: MailpitAddress[];
  Cc: MailpitAddress[];
  Bcc: MailpitAddress[];
  ReplyTo: MailpitAddress[];
  ReturnPath: string;
  Subject: string;
  ListUnsubscribe: ListUnsubscribe;
  Date: string;
  Tags: string[];
  Username: string;
  Text: string;
  HTML: string;
  Size: number;
  Inline: MailpitAttachment[];
  Attachments: MailpitAttachment[];
}

/** A stored message read once for every answer about it: Mailpit's raw view, its header fields and its parts. */
export interface MailpitMessageView {
  raw: Buffer;
  headers: HeaderField[];
  readonly envelope: MailpitEnvelope;
}

/** What the view needs of a stored message. */
export type StoredMessage = Pick<MessageRow, 'envelope_from' | 'envelope_to_json' | 'message_id'>;

export function messageView(row: StoredMessage, storedRaw: Buffer): MailpitMessageView {
  const raw = mailpitRaw(storedRaw, {
    envelopeFrom: row.envelope_from,
    envelopeTo: JSON.parse(row.envelope_to_json) as string[],
    messageId: row.message_id,
  });
  let envelope: MailpitEnvelope | null = null;
  return {
    raw,
    headers: readHeaderBlock(raw).fields,
    // The parts only when asked: /headers and /raw need none (half of a 100 KB mail's time).
    get envelope() {
      envelope ??= readEnvelope(raw);
      return envelope;
    },
  };
}

/** The message's JSON (GET /api/v1/message/{ID}); `id` its Mailpit ID. */
export function mailpitMessage(id: string, row: MessageRow, view: MailpitMessageView, tags: string[]): MailpitMessage {
  const header = (name: string) => decodeEncodedWords(headerValue(view.headers, name));
  const from = addresses(row.from_json)[0] ?? { Name: '', Address: '' };
  const { inline, attachments } = attachmentLists(view.envelope);
  return {
    ID: id,
    MessageID: trimBrackets(header('message-id')),
    From: from,
    To: addresses(row.to_json),
    Cc: addresses(row.cc_json),
    Bcc: addresses(row.bcc_json),
    ReplyTo: addresses(row.reply_to_json),
    ReturnPath: trimBrackets(header('return-path')) || from.Address,
    Subject: row.subject,
    ListUnsubscribe: listUnsubscribe(header('list-unsubscribe'), header('list-unsubscribe-post')),
    Date: headerDate(header('date')) ?? goTime(row.created_at_ms),
    Tags: tags,
    Username: row.username,
    Text: view.envelope.text,
    HTML: view.envelope.html,
    Size: view.raw.length,
    Inline: inline,
    Attachments: attachments,
  };
}

/** A stored `[{name, email}]` list as Mailpit's addresses. */
function addresses(json: string): MailpitAddress[] {
  return (JSON.parse(json) as Array<{ name: string; email: string }>).map((a) => ({ Name: a.name, Address: a.email }));
}

/** Go's strings.Trim(value, "<>"). */
function trimBrackets(value: string): string {
  return value.replace(/^[<>]+/, '').replace(/[<>]+$/, '');
}
