/**
 * The message a Mailpit send builds (docs/spec/mailpit-api.md#2311-post-apiv1send), as enmime's MailBuilder and
 * Part.Encode write it: a text/plain part always, the HTML beside it in multipart/alternative, inline parts
 * (those with a Content-ID) around them in multipart/related, attachments around all in multipart/mixed; the
 * root's headers MIME-Version, From, Subject, To, Cc, Reply-To, Date and the custom ones, every part's headers
 * sorted by name; no Message-ID and no X-Mailer. Mailpit stores it as a message received over SMTP, and so do we
 * (mailpit/send.ts), so what makes it a Mailpit message (Return-Path, Message-ID, Bcc) is added where received
 * mail gets it. Its PartIDs are enmime's: text+html+attachment puts the attachment at `2`; with an inline too, the
 * inline is `1.2`.
 */
import type { RandomSource } from '../../random.js';
import {
  canonicalHeaderKey,
  encodeWords,
  formatAddress,
  formatMediaType,
  quotedPrintable,
  rfc1123z,
  selectTransferEncoding,
  type TransferEncoding,
} from './go-mime.js';

export interface NamedAddress {
  name: string;
  email: string;
}

export interface SendPart {
  content: Buffer;
  /** The media type, with parameters when it came so (Go's sniffer gives `text/plain; charset=utf-8`). */
  contentType: string;
  filename: string;
}

export interface MailpitSendMessage {
  from: NamedAddress;
  to: NamedAddress[];
  cc: NamedAddress[];
  replyTo: NamedAddress[];
  subject: string;
  text: string;
  /** '' for none. */
  html: string;
  inlines: (SendPart & { contentId: string })[];
  attachments: SendPart[];
  /** Custom headers, X-Tags among them, in the order given (names as given: they are canonicalised here). */
  headers: [string, string][];
  date: Date;
}

interface Part {
  contentType: string;
  charset: string;
  filename: string;
  disposition: '' | 'inline' | 'attachment';
  contentId: string;
  content: Buffer;
  children: Part[];
  /** Header name (canonical) → values, set by the builder (the root's) and by setupHeaders(). */
  headers: Map<string, string[]>;
}

const EMPTY = Buffer.alloc(0);

function newPart(contentType: string, fields: Partial<Part> = {}): Part {
  return {
    contentType,
    charset: '',
    filename: '',
    disposition: '',
    contentId: '',
    content: EMPTY,
    children: [],
    headers: new Map(),
    ...fields,
  };
}

/** The raw message; `random` draws the boundaries (enmime's `enmime-<uuid v4>`). */
export function buildMailpitMessage(message: MailpitSendMessage, random: RandomSource): Buffer {
  const text = newPart('text/plain', { content: Buffer.from(message.text, 'utf8'), charset: 'utf-8' });
  let root = text;
  if (message.html !== '') {
    const html = newPart('text/html', { content: Buffer.from(message.html, 'utf8'), charset: 'utf-8' });
    root = newPart('multipart/alternative', { children: [text, html] });
  }
  if (message.inlines.length > 0) {
    const inlines = message.inlines.map((inline) =>
      newPart(inline.contentType, {
        content: inline.content,
        filename: inline.filename,
        disposition: 'inline',
        contentId: inline.contentId,
      }),
    );
    root = newPart('multipart/related', { children: [root, ...inlines] });
  }
  if (message.attachments.length > 0) {
    const attachments = message.attachments.map((attachment) =>
      newPart(attachment.contentType, {
        content: attachment.content,
        filename: attachment.filename,
        disposition: 'attachment',
      }),
    );
    root = newPart('multipart/mixed', { children: [root, ...attachments] });
  }
  const set = (name: string, value: string) => root.headers.set(canonicalHeaderKey(name), [value]);
  set('MIME-Version', '1.0');
  set('From', formatAddress(message.from.name, message.from.email));
  set('Subject', message.subject);
  if (message.to.length > 0) set('To', joinAddresses(message.to));
  if (message.cc.length > 0) set('Cc', joinAddresses(message.cc));
  if (message.replyTo.length > 0) set('Reply-To', joinAddresses(message.replyTo));
  set('Date', rfc1123z(message.date));
  for (const [name, value] of message.headers) {
    const key = canonicalHeaderKey(name);
    root.headers.set(key, [...(root.headers.get(key) ?? []), value]);
  }
  const out: Buffer[] = [];
  encodePart(root, out, random);
  return Buffer.concat(out);
}

function joinAddresses(addresses: NamedAddress[]): string {
  return addresses.map((address) => formatAddress(address.name, address.email)).join(', ');
}

const CRLF = Buffer.from('\r\n');

/** enmime's Part.Encode: headers, the content when there is some, then each child after the boundary. */
function encodePart(part: Part, out: Buffer[], random: RandomSource): void {
  const { encoding, boundary } = setupHeaders(part, random);
  out.push(encodeHeaders(part.headers));
  if (part.content.length > 0) {
    out.push(CRLF);
    out.push(encodeContent(part.content, encoding));
  }
  if (part.children.length === 0) return;
  for (const child of part.children) {
    out.push(Buffer.from(`\r\n--${boundary}\r\n`));
    encodePart(child, out, random);
  }
  out.push(Buffer.from(`\r\n--${boundary}--\r\n`));
}

/** enmime's setupMIMEHeaders: the transfer encoding, Content-ID, Content-Type and Content-Disposition. */
function setupHeaders(part: Part, random: RandomSource): { encoding: TransferEncoding; boundary: string } {
  let encoding: TransferEncoding = '7bit';
  if (part.content.length > 0) {
    encoding = 'base64';
    if (/^(text|multipart)\//.test(part.contentType)) {
      encoding = selectTransferEncoding(part.content, false);
      if (part.charset === '') part.charset = 'utf-8';
    }
    if (encoding !== '7bit') part.headers.set('Content-Transfer-Encoding', [encoding]);
  }
  const boundary = part.children.length > 0 ? `enmime-${uuidV4(random)}` : '';
  if (part.contentId !== '') part.headers.set('Content-Id', [`<${idHeader(part.contentId)}>`]);
  let filename = part.filename;
  const nameEncoding = selectTransferEncoding(Buffer.from(filename, 'utf8'), true);
  if (nameEncoding !== '7bit') filename = encodeWords(nameEncoding === 'base64' ? 'b' : 'q', filename);
  if (part.contentType !== '') {
    const params: Record<string, string> = {};
    if (part.charset !== '') params.charset = part.charset;
    if (filename !== '') params.name = filename;
    if (boundary !== '') params.boundary = boundary;
    part.headers.set('Content-Type', [formatMediaType(part.contentType, params) || part.contentType]);
  }
  if (part.disposition !== '') {
    const params: Record<string, string> = filename === '' ? {} : { filename };
    part.headers.set('Content-Disposition', [formatMediaType(part.disposition, params) || part.disposition]);
  }
  return { encoding, boundary };
}

/** enmime's encodeHeader: sorted by name, each value encoded when it is not ASCII, wrapped before 76 columns. */
function encodeHeaders(headers: Map<string, string[]>): Buffer {
  let out = '';
  for (const name of [...headers.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))) {
    for (const value of headers.get(name)!) {
      const encoding = selectTransferEncoding(Buffer.from(value, 'utf8'), true);
      const encoded = encoding === '7bit' ? value : encodeWords(encoding === 'base64' ? 'b' : 'q', value);
      const wrapped = wrap(76, `${name}:_${encoded}\r\n`);
      out += `${wrapped.slice(0, name.length + 1)} ${wrapped.slice(name.length + 2)}`;
    }
  }
  return Buffer.from(out, 'utf8');
}

/** enmime's stringutil.Wrap: breaks at the last space before `max` bytes, the space starting the next line. */
function wrap(max: number, input: string): string {
  if (Buffer.byteLength(input) < max) return input;
  const bytes = Buffer.from(input, 'utf8');
  const out: Buffer[] = [];
  let lastSpace = -1;
  let lastWritten = -1;
  let lineLength = 0;
  for (let at = 0; at < bytes.length; at++) {
    lineLength++;
    if (bytes[at] === 0x20 || bytes[at] === 0x09) lastSpace = at;
    if (lineLength >= max && lastSpace >= 0) {
      out.push(bytes.subarray(lastWritten + 1, lastSpace), Buffer.from('\r\n '));
      lastWritten = lastSpace;
      lineLength = 1;
      at = lastWritten + 1;
      lastSpace = -1;
    }
  }
  out.push(bytes.subarray(lastWritten + 1));
  return Buffer.concat(out).toString('utf8');
}

/** enmime's encodeContent: base64 in lines of 76, quoted-printable, or the bytes as they are. */
function encodeContent(content: Buffer, encoding: TransferEncoding): Buffer {
  if (encoding === 'quoted-printable') return quotedPrintable(content);
  if (encoding === '7bit') return content;
  const text = content.toString('base64');
  const lines: string[] = [];
  for (let at = 0; at < text.length; at += 76) lines.push(`${text.slice(at, at + 76)}\r\n`);
  return Buffer.from(lines.join(''), 'latin1');
}

/** enmime's coding.ToIDHeader: url.QueryEscape, with `@` left as it is. */
function idHeader(id: string): string {
  return encodeURIComponent(id)
    .replace(/[!'()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%20/g, '+')
    .replace(/%40/g, '@');
}

/** stringutil.UUID: 16 random bytes as a version 4 uuid. */
function uuidV4(random: RandomSource): string {
  const bytes = Array.from({ length: 16 }, () => Math.floor(random() * 256));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
