/**
 * A stored message as Mailpit would have stored it (MP internal/smtpd/main.go SaveToDatabase;
 * docs/spec/mailpit-api.md#251-what-mailpit-adds-to-a-received-message-mp-internalsmtpdmaingo-savetodatabase-internaltoolsheadersgo-setmessageheader):
 * a `Return-Path:` of the envelope sender when the message's differs (its first one replaced, else one added), a
 * `Message-ID:` when it has none (the one we stored for it), and a `Bcc:` naming the envelope recipients no To, Cc
 * or Bcc header names. Added lines come first, in Mailpit's order (Bcc, Message-ID, Return-Path). Our stored bytes
 * stay as received; this view is what /raw, /headers and `Size` show.
 *
 * One difference on purpose: when the message has a Bcc header, Mailpit replaces its value by `", " + <its value>`
 * and loses the missing addresses (a bug); here they are appended to it.
 */
import parseAddresses from 'email-addresses';
import { createAddress, splitCsv } from '../addresses.js';
import { type HeaderField, headerValue, readHeaderBlock } from './header-block.js';

export interface CapturedEnvelope {
  /** MAIL FROM ('' for the null sender). */
  envelopeFrom: string;
  /** Every RCPT TO. */
  envelopeTo: string[];
  /** The Message-ID we stored (the message's own, or the one made for a message without). */
  messageId: string;
}

export function mailpitRaw(raw: Buffer, envelope: CapturedEnvelope): Buffer {
  const { fields } = readHeaderBlock(raw);
  let message = raw;
  const added: string[] = [];

  if (trimBrackets(headerValue(fields, 'return-path')) !== envelope.envelopeFrom) {
    const line = `Return-Path: <${envelope.envelopeFrom}>\r\n`;
    const existing = headerValue(fields, 'return-path') === '' ? null : fieldRange(message, 'return-path');
    if (existing === null) added.unshift(line);
    else message = replaceRange(message, existing, line);
  }

  if (trimBrackets(headerValue(fields, 'message-id')) === '') added.unshift(`Message-ID: <${envelope.messageId}>\r\n`);

  const named = namedAddresses(fields);
  // The cheap test first: an address is parsed only when no header names it.
  const missing = envelope.envelopeTo.filter((address) => !named.has(address.toLowerCase()) && isAddress(address));
  if (missing.length > 0) {
    const bcc = fields.find((field) => field.name.toLowerCase() === 'bcc');
    const range = bcc === undefined ? null : fieldRange(message, 'bcc');
    if (bcc === undefined || range === null) added.unshift(`Bcc: ${missing.join(', ')}\r\n`);
    else {
      const value = bcc.value === '' ? missing.join(', ') : `${bcc.value}, ${missing.join(', ')}`;
      message = replaceRange(message, range, `${bcc.name}: ${value}\r\n`);
    }
  }

  return added.length === 0 ? message : Buffer.concat([Buffer.from(added.join(''), 'utf8'), message]);
}

/**
 * Past this length a header's addresses are split as a CSV list rather than parsed as RFC 5322 (email-addresses),
 * which takes about 0.3 ms an address: a Cc of 41,666 took 20 s, at every capture of such a mail.
 */
const MAX_PARSED_HEADER = 4_096;

/** The addresses the To, Cc and Bcc headers name, lower-case (a header that does not parse names none). */
function namedAddresses(fields: readonly HeaderField[]): Set<string> {
  const named = new Set<string>();
  for (const field of fields) {
    if (!['to', 'cc', 'bcc'].includes(field.name.toLowerCase())) continue;
    if (field.value.length > MAX_PARSED_HEADER) {
      for (const item of splitCsv(field.value)) named.add(createAddress(item).email.toLowerCase());
      continue;
    }
    const list = parseAddresses.parseAddressList({ input: field.value, rfc6532: true });
    for (const entry of list ?? []) {
      const mailboxes = entry.type === 'group' ? entry.addresses : [entry];
      for (const mailbox of mailboxes) named.add(mailbox.address.toLowerCase());
    }
  }
  return named;
}

/** Go's mail.ParseAddress: one address, optionally with a display name. */
export function isAddress(value: string): boolean {
  const parsed = parseAddresses.parseOneAddress({ input: value, rfc6532: true });
  return parsed !== null && parsed.type === 'mailbox' && parsed.local !== '' && parsed.domain !== '';
}

function trimBrackets(value: string): string {
  return value.replace(/^[<>]+/, '').replace(/[<>]+$/, '');
}

/** The byte range of the first header field of that name, its continuation lines included. */
function fieldRange(message: Buffer, name: string): { start: number; end: number } | null {
  const { bodyStart } = readHeaderBlock(message);
  let at = 0;
  let start = -1;
  while (at < bodyStart) {
    const newline = message.indexOf(0x0a, at);
    const next = newline === -1 || newline >= bodyStart ? bodyStart : newline + 1;
    const folded = message[at] === 0x20 || message[at] === 0x09;
    if (start !== -1 && !folded) return { start, end: at };
    if (start === -1 && !folded && lineHasName(message, at, next, name)) start = at;
    at = next;
  }
  return start === -1 ? null : { start, end: bodyStart };
}

function lineHasName(message: Buffer, at: number, end: number, name: string): boolean {
  const colon = message.indexOf(0x3a, at);
  return colon !== -1 && colon < end && message.toString('latin1', at, colon).toLowerCase() === name;
}

function replaceRange(message: Buffer, range: { start: number; end: number }, line: string): Buffer {
  return Buffer.concat([message.subarray(0, range.start), Buffer.from(line, 'utf8'), message.subarray(range.end)]);
}
