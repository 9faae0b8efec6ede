/**
 * The root node's own header lines, in MailComposer.compile()'s order: the custom headers (addHeader(), in
 * Object.keys order), then setHeader() of from, to, cc, reply-to, subject, message-id and date (bcc is never
 * given to MailComposer, so it never reaches the headers). Undefined when a custom header is one MimeNode treats
 * specially (an address, msg-id, date or Content-* field, a field compile() then replaces, a non-prepared
 * object value), which the direct path leaves to MailComposer.
 */
import { BoundedCache } from '../../bounded-cache.js';
import type { OutgoingMail } from './outgoing-mail.js';
import { encodeAddressList } from './address-fields.js';
import {
  encodeMsgId,
  encodeUnstructured,
  formatDate,
  headerLine,
  normalizeHeaderKey,
  preparedHeaderLine,
} from './header-fields.js';

/**
 * Custom header keys (as normalized) with a meaning to MimeNode: the FORMATTED_HEADERS and the encodeHeaderValue()
 * and buildHeaders() special cases, the fields compile() sets (setHeader() would replace the custom one in its
 * place) and the fields buildHeaders() reads or adds on the root.
 */
const SPECIAL_KEYS = new Set([
  'From',
  'Sender',
  'To',
  'Cc',
  'Bcc',
  'Reply-To',
  'In-Reply-To',
  'References',
  'Subject',
  'Message-ID',
  'Date',
  'MIME-Version',
  'Content-Type',
  'Content-Transfer-Encoding',
  'Content-Disposition',
  'Content-ID',
  'OTP-Token',
]);

export function rootFieldLines(mail: OutgoingMail): string[] | undefined {
  const custom = customHeaderLines(mail.headers);
  if (custom === undefined) return undefined;
  const addressFields: Array<[string, OutgoingMail['to']]> = [
    ['From', [mail.from]],
    ['To', mail.to],
    ['Cc', mail.cc],
    ['Reply-To', mail.replyTo],
  ];
  const lines = [...custom];
  for (const [key, addresses] of addressFields) {
    const value = encodeAddressList(addresses);
    if (value === undefined) return undefined;
    lines.push(headerLine(key, value));
  }
  if (!(mail.date instanceof Date)) return undefined;
  // compile() sets only a non-empty subject.
  if (mail.subject) lines.push(headerLine('Subject', encodeUnstructured(mail.subject)));
  lines.push(headerLine('Message-ID', encodeMsgId(`<${mail.messageId}>`)), headerLine('Date', formatDate(mail.date)));
  return lines.filter((line) => line !== undefined);
}

const normalizedKeys = new BoundedCache<string>({ maxEntries: 256, maxKeyLength: 1_000 });

function customHeaderLines(headers: OutgoingMail['headers']): Array<string | undefined> | undefined {
  // addHeader(object) reads an object with truthy `key` and `value` as one header { key, value }.
  if (headers.key && headers.value) return undefined;
  const lines: Array<string | undefined> = [];
  for (const name of Object.keys(headers)) {
    const key = normalizedKey(name);
    if (SPECIAL_KEYS.has(key)) return undefined;
    const value = headers[name];
    if (typeof value === 'string') lines.push(headerLine(key, encodeUnstructured(value)));
    else if (isPrepared(value)) lines.push(preparedHeaderLine(key, value.value));
    else return undefined;
  }
  return lines;
}

/** Exactly `{ prepared: true, value: string }`: other options (foldLines) change how MimeNode writes it. */
function isPrepared(value: unknown): value is { prepared: true; value: string } {
  if (typeof value !== 'object' || value === null) return false;
  const { prepared, value: text, ...rest } = value as Record<string, unknown>;
  return prepared === true && typeof text === 'string' && Object.keys(rest).length === 0;
}

function normalizedKey(name: string): string {
  let key = normalizedKeys.get(name);
  if (key === undefined) {
    key = normalizeHeaderKey(name);
    normalizedKeys.set(name, key);
  }
  return key;
}
