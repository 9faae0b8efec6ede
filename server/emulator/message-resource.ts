/**
 * The wire shapes of a captured message (README "Captured messages"): the summary lists and events carry, and the
 * full message with its headers (read back from the raw bytes), links and one-time codes.
 */
import type { LinkedMessageRow, MessageSummaryRow } from '../db/messages-store.js';
import { htmlToText } from '../mail/render/html.js';

export interface AddressJson {
  name: string;
  email: string;
}

export const SNIPPET_LENGTH = 200;

export function messageSummary(row: MessageSummaryRow) {
  const attachments = JSON.parse(row.attachments_json) as unknown[];
  return {
    uuid: row.uuid,
    message_id: row.message_id,
    created_at: new Date(row.created_at_ms).toISOString(),
    from: addresses(row.from_json)[0] ?? null,
    to: addresses(row.to_json),
    cc: addresses(row.cc_json),
    bcc: addresses(row.bcc_json),
    subject: row.subject,
    snippet: snippetOf(row.text_head, row.html_head),
    size: row.size,
    attachments: attachments.length,
    template: row.template_name,
    log_item_uuid: row.log_item_uuid,
    send_uuid: row.send_uuid,
    /** Opened in the inbox, or marked read through PATCH /messages/{uuid}. */
    read: row.read === 1,
  };
}

export type MessageSummary = ReturnType<typeof messageSummary>;

interface StoredAttachment {
  filename: string;
  content_type: string;
  content_id: string | null;
  size: number;
}

/** The full message: the summary plus envelope, headers, bodies, attachments, replacements, links and codes. */
/** The campaign and list a mail came from, named (the store's rows may be gone: then the uuid alone). */
export interface MessageOrigins {
  campaign: { uuid: string; name: string | null } | null;
  email_list: { uuid: string; name: string | null } | null;
}

export function fullMessage(row: LinkedMessageRow, raw: Buffer | undefined, origins: MessageOrigins = { campaign: null, email_list: null }) {
  const text = row.text_body ?? (row.html_body === null ? null : htmlToText(row.html_body));
  const stored = JSON.parse(row.attachments_json) as StoredAttachment[];
  return {
    ...messageSummary({ ...row, text_head: row.text_body, html_head: row.text_body === null ? row.html_body : null }),
    reply_to: addresses(row.reply_to_json),
    envelope: { from: row.envelope_from, to: JSON.parse(row.envelope_to_json) as string[] },
    headers: raw === undefined ? [] : parseHeaders(raw),
    text: row.text_body,
    html: row.html_body,
    attachments: stored.map((a, index) => ({
      index,
      filename: a.filename,
      content_type: a.content_type,
      content_id: a.content_id,
      size: a.size,
      url: `/_emulator/messages/${row.uuid}/attachments/${index}`,
    })),
    replacements: row.replacements_json === null ? null : (JSON.parse(row.replacements_json) as unknown),
    // A campaign mail, a test of one, or a double opt-in mail: where it came from (search: campaign:, list:).
    campaign: origins.campaign,
    email_list: origins.email_list,
    subscriber_uuid: row.subscriber_uuid,
    links: extractLinks(row.html_body, row.text_body),
    codes: extractCodes(`${row.subject}\n${text ?? ''}`),
  };
}

function addresses(json: string): AddressJson[] {
  return (JSON.parse(json) as AddressJson[]).map(({ name, email }) => ({ name: name ?? '', email }));
}

/**
 * The first 200 characters (code points) of the text, or of the HTML's text when the mail has none, with runs of
 * whitespace as one space and none at either end. One pass that stops at 200: lists present up to 500 of these.
 */
export function snippetOf(text: string | null, html: string | null): string {
  const source = text ?? (html === null ? '' : htmlToText(html));
  const length = source.length;
  let out = '';
  let count = 0;
  let at = 0;
  while (at < length && count < SNIPPET_LENGTH) {
    let end = at;
    while (end < length && isSpace(source.charCodeAt(end))) end++;
    if (end === length) break;
    if (end > at && out !== '') {
      out += ' ';
      count++;
    }
    at = end;
    while (end < length && count < SNIPPET_LENGTH && !isSpace(source.charCodeAt(end))) {
      const code = source.charCodeAt(end);
      end += code >= 0xd800 && code <= 0xdbff && end + 1 < length ? 2 : 1;
      count++;
    }
    out += source.slice(at, end);
    at = end;
  }
  return out;
}

/** JavaScript's \s, by code unit. */
function isSpace(code: number): boolean {
  if (code <= 0x20) return code === 0x20 || (code >= 0x09 && code <= 0x0d);
  if (code < 0xa0) return false;
  return (
    code === 0xa0 || code === 0x1680 || (code >= 0x2000 && code <= 0x200a) || code === 0x2028 || code === 0x2029 ||
    code === 0x202f || code === 0x205f || code === 0x3000 || code === 0xfeff
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Headers

export interface HeaderJson {
  name: string;
  value: string;
}

/**
 * The header fields of a raw message, in order: the block before the first empty line, unfolded (a line starting
 * with a space or tab continues the field before it; RFC 5322 §2.2.3), values trimmed and their RFC 2047
 * encoded-words decoded. A line without a colon is skipped.
 */
export function parseHeaders(raw: Buffer): HeaderJson[] {
  const text = raw.toString('utf8');
  const end = /\r?\n\r?\n/.exec(text);
  const block = end === null ? text : text.slice(0, end.index);
  const fields: string[] = [];
  for (const line of block.split(/\r?\n/)) {
    if (/^[ \t]/.test(line) && fields.length > 0) fields[fields.length - 1] += line;
    else fields.push(line);
  }
  const headers: HeaderJson[] = [];
  for (const field of fields) {
    const colon = field.indexOf(':');
    if (colon <= 0) continue;
    headers.push({ name: field.slice(0, colon).trim(), value: decodeEncodedWords(field.slice(colon + 1).trim()) });
  }
  return headers;
}

const ENCODED_WORD = /=\?([^?\s]+)\?([bBqQ])\?([^?\s]*)\?=/g;

/**
 * RFC 2047: `=?charset?B|Q?text?=`. Whitespace between two encoded-words is dropped (§6.2), and adjacent words
 * of one charset are decoded together, since an encoder may split a multi-byte character between them.
 */
export function decodeEncodedWords(value: string): string {
  let out = '';
  let at = 0;
  let run: { charset: string; bytes: Buffer[] } | null = null;
  for (const match of value.matchAll(ENCODED_WORD)) {
    const between = value.slice(at, match.index);
    const charset = match[1]!.split('*')[0]!.toLowerCase();
    const bytes = /b/i.test(match[2]!) ? Buffer.from(match[3]!, 'base64') : decodeQ(match[3]!);
    if (run === null || between.trim() !== '') {
      out += decodeRun(run) + between;
      run = null;
    } else if (run.charset !== charset) {
      out += decodeRun(run); // the whitespace between the two words is dropped all the same
      run = null;
    }
    run ??= { charset, bytes: [] };
    run.bytes.push(bytes);
    at = match.index + match[0].length;
  }
  return out + decodeRun(run) + value.slice(at);
}

function decodeRun(run: { charset: string; bytes: Buffer[] } | null): string {
  if (run === null) return '';
  const bytes = Buffer.concat(run.bytes);
  try {
    return new TextDecoder(run.charset).decode(bytes);
  } catch {
    return bytes.toString('latin1'); // an unknown charset: show the bytes rather than fail
  }
}

function decodeQ(text: string): Buffer {
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    const hex = text.slice(i + 1, i + 3);
    if (char === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else bytes.push(char === '_' ? 0x20 : char.charCodeAt(0) & 0xff);
  }
  return Buffer.from(bytes);
}

// ---------------------------------------------------------------------------------------------------------------
// Links and one-time codes

/**
 * Every http(s) link: the HTML's `href`s first, in document order, then the URLs written in the text; each once.
 * Entities in an href are decoded (`&amp;` is how HTML writes `&`); trailing punctuation is not part of a URL
 * written in text, nor a closing bracket without its opening one.
 */
export function extractLinks(html: string | null, text: string | null): string[] {
  const links = new Set<string>();
  for (const match of (html ?? '').matchAll(/\bhref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/gi)) {
    const url = decodeEntities(match[1] ?? match[2] ?? match[3] ?? '').trim();
    if (/^https?:\/\/./i.test(url)) links.add(url);
  }
  for (const match of (text ?? '').matchAll(/https?:\/\/[^\s<>"'`]+/gi)) links.add(trimUrl(match[0]));
  return [...links];
}

function trimUrl(url: string): string {
  let end = url.length;
  for (;;) {
    const last = url[end - 1]!;
    const body = url.slice(0, end - 1);
    const unbalanced =
      (last === ')' && count(body, '(') < count(body, ')') + 1) ||
      (last === ']' && count(body, '[') < count(body, ']') + 1) ||
      (last === '}' && count(body, '{') < count(body, '}') + 1);
    if (/[.,;:!?'"»]/.test(last) || unbalanced) end--;
    else return url.slice(0, end);
  }
}

function count(text: string, char: string): number {
  return text.split(char).length - 1;
}

const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, body: string) => {
    if (body[0] === '#') {
      const code = body[1] === 'x' || body[1] === 'X' ? Number.parseInt(body.slice(2), 16) : Number(body.slice(1));
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
    }
    return NAMED_ENTITIES[body.toLowerCase()] ?? entity;
  });
}

/**
 * One-time codes: runs of 4 to 8 digits, or of 6 to 8 upper-case letters and digits with at least one digit,
 * standing alone: after the start, a space or an opening bracket, quote or colon ("Code:123456"), and before the
 * end, a space, a closing bracket or quote, or punctuation that ends a sentence. So "#123456", "INV-2025",
 * "12.50" and "2025-03-01" are not codes. Each code once, in order.
 */
export function extractCodes(text: string): string[] {
  const pattern =
    /(?<=^|[\s(\[{"'«:>])((?=[A-Z]*[0-9])[A-Z0-9]{6,8}|[0-9]{4,8})(?=$|[\s)\]}"'»<]|[.,;:!?](?:$|[\s)\]}"'»<]))/gu;
  return [...new Set(Array.from(text.matchAll(pattern), (match) => match[1]!))];
}
