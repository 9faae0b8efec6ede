/**
 * Mailpit's message tags (docs/spec/mailpit-api.md#255-tags-mp-internalstoragetagsgo-internaltoolstagsgo-configconfiggo):
 * what a captured mail is tagged with (its `X-Tags` header and the plus-addresses of its From, To, Cc and Bcc), and
 * the cleaning every tag goes through, on capture as in the tag API. Pure functions: the store is
 * db/message-tags-store.ts, and capture (mail/capture/write-records.ts) writes a mail's tags in its own transaction.
 */
import type { MailAddress } from './addresses.js';
import { parseHeaders } from './mime/read-headers.js';

/** Mailpit's config.ValidTagRegexp: what a tag is once cleaned. */
const VALID_TAG = /^[a-zA-Z0-9\- _.@]{1,100}$/;
const INVALID_CHARS = /[^a-zA-Z0-9\- _.@]/g;
const MAX_TAG_LENGTH = 100;

/**
 * Mailpit's tools.CleanTag: characters outside `[a-zA-Z0-9\- _.@]` become spaces, runs of spaces one space,
 * trimmed, cut at 100 characters.
 */
export function cleanTag(tag: string): string {
  const cleaned = tag.replace(INVALID_CHARS, ' ').replace(/\s+/g, ' ').trim();
  return cleaned.length > MAX_TAG_LENGTH ? cleaned.slice(0, MAX_TAG_LENGTH) : cleaned;
}

/**
 * The tags as Mailpit applies them (storage.SetMessageTags): each cleaned, the empty and invalid ones dropped, and
 * a tag whose name another one before it already has, whatever its case, dropped too. In the order given.
 */
export function cleanedTags(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  const kept: string[] = [];
  for (const tag of tags) {
    const cleaned = cleanTag(tag);
    if (!VALID_TAG.test(cleaned)) continue;
    const key = cleaned.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    kept.push(cleaned);
  }
  return kept;
}

/** A cleaned tag name that Mailpit accepts (a rename's new name must be one). */
export function isValidTag(tag: string): boolean {
  return VALID_TAG.test(tag);
}

/** What a captured mail's tags are read from: its addresses and its raw bytes (for the X-Tags header). */
interface TaggedMail {
  from: MailAddress;
  to: readonly MailAddress[];
  cc: readonly MailAddress[];
  bcc: readonly MailAddress[];
}

/**
 * The tags of a mail being captured, as Mailpit's Store finds them: the `X-Tags` header's values (split on
 * commas, RFC 2047-decoded), then the plus-addresses of To, Cc, Bcc and From; cleaned, de-duplicated
 * case-insensitively (the first spelling wins) and sorted by byte (sortedUniqueTags).
 */
export function captureTags(mail: TaggedMail, raw: Buffer): string[] {
  const found: string[] = [];
  const xTags = xTagsHeader(raw);
  if (xTags !== null && xTags.trim() !== '') found.push(...xTags.trim().split(','));
  for (const address of [...mail.to, ...mail.cc, ...mail.bcc, mail.from]) found.push(...plusAddressTags(address.email));
  if (found.length === 0) return [];
  return cleanedTags(found).sort(byCodeUnit);
}

/**
 * The tags of a plus-address (`local+a+b@domain`: `a`, `b`): what lies between the first `+` and the next `@`
 * after it, split on `+` (Mailpit's `(?U)^(.*){1,}\+(.*)@`); none for an address without a `+` before an `@`.
 */
function plusAddressTags(email: string): string[] {
  const plus = email.indexOf('+');
  if (plus === -1) return [];
  const at = email.indexOf('@', plus + 1);
  return at === -1 ? [] : email.slice(plus + 1, at).split('+');
}

/** Where the header block is looked for X-Tags: far more than a mail's headers, and a bound on a hostile one. */
const HEAD_BYTES = 64 * 1024;

/**
 * The first X-Tags header's value (unfolded, RFC 2047-decoded), or null. Most mail has none: a case-insensitive
 * look at the header block's text (found by a native search for its empty line: never the body's bytes) decides
 * that before the headers are parsed.
 */
function xTagsHeader(raw: Buffer): string | null {
  const head = raw.subarray(0, headerBlockEnd(raw));
  if (!/(^|\n)x-tags[ \t]*:/i.test(head.toString('latin1'))) return null;
  return parseHeaders(head).find((header) => header.name.toLowerCase() === 'x-tags')?.value ?? null;
}

/** Where the header block ends (its empty line, CRLF or bare LF), at most HEAD_BYTES in. */
function headerBlockEnd(raw: Buffer): number {
  const head = raw.subarray(0, HEAD_BYTES);
  const crlf = head.indexOf('\r\n\r\n');
  const lf = head.indexOf('\n\n');
  if (crlf === -1 && lf === -1) return head.length;
  return crlf !== -1 && (lf === -1 || crlf < lf) ? crlf + 2 : lf + 1;
}

function byCodeUnit(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
