/**
 * The presenters of a captured message (schemas/messages.ts has the shapes): the summary lists and events carry,
 * and the full message with its headers (read back from the raw bytes), links and one-time codes.
 */
import type { LinkedMessageRow, MessageSummaryRow } from '../db/messages-store.js';
import { htmlToText } from '../mail/render/html.js';
import { parseHeaders } from '../mail/mime/read-headers.js';
import type { LinkDetail, MailAddress, Message, MessageSummary } from './schemas/messages.js';

const SNIPPET_LENGTH = 200;

export function messageSummary(row: MessageSummaryRow): MessageSummary {
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
    origin: originOf(row),
    log_item_uuid: row.log_item_uuid,
    send_uuid: row.send_uuid,
    /** Opened in the inbox, or marked read through PATCH /messages/{uuid}. */
    read: row.read === 1,
    /** How the mail was received: an API send (or a resend, a campaign...) or SMTP (search: via:smtp). */
    via: row.via,
    /**
     * How many problems its checks found (GET /messages/{uuid}/checks' summary.problems; search: has:problems);
     * null until the background check reaches it, a moment after capture (message.updated announces a count over 0).
     */
    problems: row.problems,
    /** Mailpit's tags (X-Tags, plus-addresses, PUT /api/v1/tags); search: tag:. */
    tags: JSON.parse(row.tags_json) as string[],
  };
}

/**
 * What sent the mail, read from the columns capture fills (message-row.ts): a campaign (its mails and test sends
 * carry the campaign), the double opt-in confirmation (the only mail with a list and no campaign), or null for a
 * transactional send. Two columns of the row itself, so a list of 500 summaries costs no lookup more.
 */
export function originOf(
  row: Pick<MessageSummaryRow, 'campaign_uuid' | 'email_list_uuid'>,
): 'campaign' | 'confirmation' | null {
  if (row.campaign_uuid !== null) return 'campaign';
  return row.email_list_uuid === null ? null : 'confirmation';
}

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

export function fullMessage(
  row: LinkedMessageRow,
  raw: Buffer | undefined,
  origins: MessageOrigins = { campaign: null, email_list: null },
): Message {
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
    replacements:
      row.replacements_json === null ? null : (JSON.parse(row.replacements_json) as Record<string, unknown>),
    // A campaign mail, a test of one, or a double opt-in mail: where it came from (search: campaign:, list:).
    campaign: origins.campaign,
    email_list: origins.email_list,
    subscriber_uuid: row.subscriber_uuid,
    links: extractLinks(row.html_body, row.text_body),
    link_details: linkDetails(row.html_body, row.text_body),
    codes: extractCodes(`${row.subject}\n${text ?? ''}`),
  };
}

function addresses(json: string): MailAddress[] {
  return (JSON.parse(json) as MailAddress[]).map(({ name, email }) => ({ name: name ?? '', email }));
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
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
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

/** The most characters of a link's text kept (then an ellipsis): a label, not the mail's body. */
export const LINK_TEXT_LENGTH = 200;

/**
 * extractLinks() with each link's visible text: what a reader clicks ("Confirm your subscription"), which the URL
 * alone does not say. `links` stays the list of strings it always was; this is its companion, in the same order.
 * The text is that of the first `<a>` with the URL as href that has any (its image's alt when it has none).
 */
export function linkDetails(html: string | null, text: string | null): LinkDetail[] {
  const texts = html === null ? new Map<string, string>() : anchorTexts(html);
  return extractLinks(html, text).map((url) => ({ url, text: texts.get(url) ?? null }));
}

/** Elements whose content is no visible text: skipped to their end tag. */
const RAW_TEXT = new Set(['script', 'style', 'template', 'title', 'textarea', 'noscript']);
const rawTextEnds = new Map<string, RegExp>();
/** A sticky pattern of the end tag of a raw-text element (`</style>`, `</STYLE >`), one per element name. */
function rawTextEnd(name: string): RegExp {
  let pattern = rawTextEnds.get(name);
  if (pattern === undefined) {
    pattern = new RegExp(`</${name}[\\s/>]`, 'iy');
    rawTextEnds.set(name, pattern);
  }
  return pattern;
}
/** Elements that break a line where they start or end: a space in a link's text, not glued words. */
const BREAKS = new Set(['br', 'p', 'div', 'li', 'td', 'th', 'tr', 'table', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'hr']);

/**
 * The visible text of every `<a href="http(s)…">`, by its href (decoded and trimmed as extractLinks() does):
 * entities decoded, whitespace collapsed, cut at LINK_TEXT_LENGTH. One forward pass over the HTML: each character
 * is looked at a bounded number of times (indexOf and the sticky scans never go back), so a 2 MB body, thousands of
 * unclosed anchors or nesting 100,000 deep cost linear time: a mail is hostile input (README, Development). As a
 * browser does, an `<a>` ends at `</a>`, at the next `<a>` (anchors do not nest) or at the end of the HTML.
 */
function anchorTexts(html: string): Map<string, string> {
  const texts = new Map<string, string>();
  let open: { url: string; text: string; space: boolean; alt: string } | null = null;
  const finish = () => {
    if (open === null) return;
    const text = open.text !== '' ? open.text : open.alt;
    if (text !== '' && !texts.has(open.url))
      texts.set(open.url, text.length > LINK_TEXT_LENGTH ? `${text.slice(0, LINK_TEXT_LENGTH).trimEnd()}…` : text);
    open = null;
  };
  /** Appends text to the open anchor, collapsing whitespace; stops reading once it holds enough. */
  const append = (raw: string) => {
    if (open === null || open.text.length > LINK_TEXT_LENGTH) return;
    // The slice bounds the work on a megabyte of text inside one anchor (an entity is at most 32 characters);
    // leading whitespace goes first, so that a run of it does not hide the words after it.
    const trimmed = raw.trimStart();
    if (trimmed.length < raw.length) open.space = true;
    const limit = 4 * LINK_TEXT_LENGTH + 64;
    const chunk = decodeEntities(trimmed.length > limit ? trimmed.slice(0, limit) : trimmed);
    const words = chunk.split(/\s+/);
    for (let i = 0; i < words.length; i++) {
      // Words after the first had whitespace before them; the first only when the chunk starts with some ('').
      if (i > 0) open.space = true;
      const word = words[i]!;
      if (word === '') continue;
      if (open.space && open.text !== '') open.text += ' ';
      open.space = false;
      open.text += word;
      if (open.text.length > LINK_TEXT_LENGTH) return;
    }
  };
  const length = html.length;
  let at = 0;
  while (at < length) {
    const lt = html.indexOf('<', at);
    if (lt === -1) {
      append(html.slice(at));
      break;
    }
    if (lt > at) append(html.slice(at, lt));
    if (html.startsWith('!--', lt + 1)) {
      const end = html.indexOf('-->', lt + 4);
      at = end === -1 ? length : end + 3;
      continue;
    }
    if (html[lt + 1] === '!' || html[lt + 1] === '?') {
      // <!DOCTYPE …>, <![CDATA[…]]>, <?xml …?>: read as a comment up to the next '>', as HTML's tokenizer does.
      const end = html.indexOf('>', lt + 2);
      at = end === -1 ? length : end + 1;
      continue;
    }
    const tag = readTag(html, lt);
    if (tag === null) {
      append('<');
      at = lt + 1;
      continue;
    }
    at = tag.end;
    if (tag.name === 'a') {
      finish();
      if (!tag.closing) {
        const url = decodeEntities(tag.attributes.get('href') ?? '').trim();
        if (/^https?:\/\/./i.test(url)) open = { url, text: '', space: false, alt: '' };
      }
    } else if (!tag.closing && RAW_TEXT.has(tag.name)) {
      // Skipped to its end tag, tried at each '<' from here on: every character is looked at once.
      const close = rawTextEnd(tag.name);
      let end = html.indexOf('<', at);
      for (; end !== -1; end = html.indexOf('<', end + 1)) {
        close.lastIndex = end;
        if (close.test(html)) break;
      }
      at = end === -1 ? length : end;
    } else if (open !== null) {
      if (BREAKS.has(tag.name)) append(' ');
      if (tag.name === 'img' && open.alt === '')
        open.alt = collapse(decodeEntities((tag.attributes.get('alt') ?? '').slice(0, 4 * LINK_TEXT_LENGTH)));
    }
  }
  finish();
  return texts;
}

function collapse(text: string): string {
  return text
    .split(/\s+/)
    .filter((word) => word !== '')
    .join(' ');
}

interface Tag {
  name: string;
  closing: boolean;
  attributes: Map<string, string>;
  /** Just past its `>` (or the end of the HTML, for a tag never closed). */
  end: number;
}

const TAG_NAME = /\/?([A-Za-z][^\s/>]*)/y;
const ATTRIBUTE = /[\s/]*([^\s/>=][^\s/>=]*)?\s*(?:=\s*(?:"([^"]*)"?|'([^']*)'?|([^\s>]*)))?/y;

/**
 * The tag starting at `lt` (a `<`), as HTML's tokenizer reads it: its name, lower-cased, and its attributes (the
 * first of a repeated name wins), each value up to its closing quote. Null when no tag starts there (`a < b`).
 * Sticky patterns from `lt` on, each step consuming what it matched: linear in the tag's length.
 */
function readTag(html: string, lt: number): Tag | null {
  TAG_NAME.lastIndex = lt + 1;
  const name = TAG_NAME.exec(html);
  if (name === null) return null;
  const attributes = new Map<string, string>();
  let at = TAG_NAME.lastIndex;
  while (at < html.length && html[at] !== '>') {
    ATTRIBUTE.lastIndex = at;
    const match = ATTRIBUTE.exec(html)!;
    if (ATTRIBUTE.lastIndex === at) {
      at++; // nothing matched (a lone '=' say): skip it, as the tokenizer does
      continue;
    }
    at = ATTRIBUTE.lastIndex;
    const key = match[1]?.toLowerCase();
    if (key !== undefined && !attributes.has(key)) attributes.set(key, match[2] ?? match[3] ?? match[4] ?? '');
  }
  return { name: name[1]!.toLowerCase(), closing: name[0][0] === '/', attributes, end: Math.min(at + 1, html.length) };
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
 * end, a space, a closing bracket or quote, or punctuation that ends a sentence; markdown's emphasis and code marks
 * count as brackets (Mailcoach's text part writes a bold code as `**123456**`). So "#123456", "INV-2025", "12.50"
 * and "2025-03-01" are not codes. Each code once, in order.
 */
export function extractCodes(text: string): string[] {
  const pattern =
    /(?<=^|[\s([{"'«:>*_`])((?=[A-Z]*[0-9])[A-Z0-9]{6,8}|[0-9]{4,8})(?=$|[\s)\]}"'»<*_`]|[.,;:!?](?:$|[\s)\]}"'»<*_`]))/gu;
  return [...new Set(Array.from(text.matchAll(pattern), (match) => match[1]!))];
}
