/**
 * v8's "unsubscribe from a tag" links:
 * - the URL, `Subscriber::unsubscribeTagUrl($tag, $send)`: `route('mailcoach.unsubscribe-tag', [uuid, urlencode($tag),
 *   $send?->uuid])`, i.e. `/unsubscribe-tag/{subscriberUuid}/{urlencode(tag)}[/{sendUuid}]` (the route's own encoding
 *   leaves urlencode's output as it is: `+` and `%` are among the characters it does not encode);
 * - the campaign replacer (Campaign/Support/Replacers/UnsubscribeUrlReplacer): every
 *   `/(?:::|%3A%3A)unsubscribeTag(?:::|%3A%3A)((?!::|%3A%3A).*)(?:::|%3A%3A)/ix` match becomes the URL of its tag,
 *   `urldecode`d first, through `str_ireplace` of the whole match; `.*` is greedy, so a match runs to the last `::`
 *   (or `%3A%3A`) of its line;
 * - the tag of the `List-Unsubscribe` header (MailcoachMail::addUnsubscribeHeaders): the first
 *   `unsubscribeTag['<tag>']` of the content item's html, else its first `::unsubscribeTag::<tag>::` (no `:` in the
 *   tag), taken as written (not urldecoded).
 * PHP works on bytes: the tag is urldecoded and urlencoded again byte for byte, so `%FF` stays `%FF`.
 */
import { asciiLower } from '../ascii.js';

const UNRESERVED = /^[A-Za-z0-9_.-]$/;

/** PHP's urlencode over the string's UTF-8 bytes. */
function phpUrlencode(value: string | Uint8Array): string {
  const bytes = typeof value === 'string' ? Buffer.from(value.toWellFormed(), 'utf8') : value;
  let out = '';
  for (const byte of bytes) {
    const char = String.fromCharCode(byte);
    if (byte < 0x80 && UNRESERVED.test(char)) out += char;
    else if (byte === 0x20) out += '+';
    else out += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/** PHP's rawurldecode (`plusAsSpace` false) or urldecode (true), as bytes: a `%` not followed by two hex digits stays. */
export function phpUrldecodeBytes(value: string | Uint8Array, plusAsSpace: boolean): Buffer {
  const bytes = typeof value === 'string' ? Buffer.from(value.toWellFormed(), 'utf8') : value;
  const out = Buffer.allocUnsafe(bytes.length);
  let length = 0;
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i] as number;
    if (byte === 0x25 && i + 2 < bytes.length && isHex(bytes[i + 1]) && isHex(bytes[i + 2])) {
      out[length++] = Number.parseInt(String.fromCharCode(bytes[i + 1] as number, bytes[i + 2] as number), 16);
      i += 2;
    } else {
      out[length++] = plusAsSpace && byte === 0x2b ? 0x20 : byte;
    }
  }
  return out.subarray(0, length);
}

function isHex(byte: number | undefined): boolean {
  return (
    byte !== undefined &&
    ((byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x46) || (byte >= 0x61 && byte <= 0x66))
  );
}

/** `/unsubscribe-tag/{subscriberUuid}/{urlencode(tag)}[/{sendUuid}]`; `tag` as bytes when it came from a urldecode. */
export function unsubscribeTagPath(subscriberUuid: string, tag: string | Uint8Array, sendUuid: string | null): string {
  return `/unsubscribe-tag/${subscriberUuid}/${phpUrlencode(tag)}${sendUuid === null ? '' : `/${sendUuid}`}`;
}

/** The tag whose unsubscribe-tag URL goes into `List-Unsubscribe`, or null for the plain unsubscribe URL. */
export function listUnsubscribeTag(contentHtml: string | null): string | null {
  const html = contentHtml ?? '';
  return /unsubscribeTag\['([^[\]]+)'\]/.exec(html)?.[1] ?? /::unsubscribeTag::([^:]+)::/.exec(html)?.[1] ?? null;
}

/** Above this many different matches one `str_ireplace` each would cost their number times the text: see below. */
const SEQUENTIAL_REPLACEMENTS = 64;

const START = /(?:::|%3A%3A)unsubscribeTag(?:::|%3A%3A)/gi;

/**
 * UnsubscribeUrlReplacer's tag part: `urlFor(tagBytes)` gives the URL of a (urldecoded) tag. The matches are found
 * as preg_match_all finds them, then each whole match is replaced wherever it occurs, case-insensitively, one after
 * the other (str_ireplace). With more than SEQUENTIAL_REPLACEMENTS different matches (no mail has that many) each is
 * replaced where it was found only, so that a hostile html cannot make this quadratic.
 */
export function replaceUnsubscribeTags(text: string, urlFor: (tag: Uint8Array) => string): string {
  if (!/unsubscribeTag/i.test(text)) return text;
  const matches: Array<{ start: number; end: number; key: string; tag: string }> = [];
  const lastDelimiterOfLine = new Map<number, number>();
  START.lastIndex = 0;
  for (let found = START.exec(text); found !== null; found = START.exec(text)) {
    const tagStart = found.index + found[0].length;
    const lineEnd = nextNewline(text, tagStart);
    let last = lastDelimiterOfLine.get(lineEnd);
    if (last === undefined) {
      last = lastDelimiter(text, found.index, lineEnd);
      lastDelimiterOfLine.set(lineEnd, last);
    }
    // `(?!::|%3A%3A)` at the tag's start, then the greedy `.*` back to the line's last delimiter after it.
    if (delimiterAt(text, tagStart) > 0 || last <= tagStart) {
      START.lastIndex = found.index + 1;
      continue;
    }
    const end = last + delimiterAt(text, last);
    matches.push({ start: found.index, end, key: text.slice(found.index, end), tag: text.slice(tagStart, last) });
    START.lastIndex = end;
  }
  if (matches.length === 0) return text;
  const distinct = new Map<string, { key: string; tag: string }>();
  for (const match of matches) if (!distinct.has(asciiLower(match.key))) distinct.set(asciiLower(match.key), match);
  if (distinct.size > SEQUENTIAL_REPLACEMENTS) {
    let out = '';
    let from = 0;
    for (const match of matches) {
      out += text.slice(from, match.start) + urlFor(phpUrldecodeBytes(match.tag, true));
      from = match.end;
    }
    return out + text.slice(from);
  }
  let out = text;
  for (const match of matches) out = strIreplace(out, match.key, urlFor(phpUrldecodeBytes(match.tag, true)));
  return out;
}

function nextNewline(text: string, from: number): number {
  const at = text.indexOf('\n', from);
  return at === -1 ? text.length : at;
}

/** The length of the `::` or `%3A%3A` (any case) at `at`, or 0. */
function delimiterAt(text: string, at: number): number {
  if (text.startsWith('::', at)) return 2;
  return text.length >= at + 6 && asciiLower(text.slice(at, at + 6)) === '%3a%3a' ? 6 : 0;
}

/** Where the last delimiter that fits before `lineEnd` starts, at or after `from`; -1 when none. */
function lastDelimiter(text: string, from: number, lineEnd: number): number {
  for (let at = lineEnd - 2; at >= from; at--) {
    const length = delimiterAt(text, at);
    if (length > 0 && at + length <= lineEnd) return at;
  }
  return -1;
}

/** PHP's str_ireplace for one search string. */
function strIreplace(text: string, search: string, replacement: string): string {
  const haystack = asciiLower(text);
  const needle = asciiLower(search);
  let at = haystack.indexOf(needle);
  if (at === -1) return text;
  let out = '';
  let from = 0;
  while (at !== -1) {
    out += text.slice(from, at) + replacement;
    from = at + needle.length;
    at = haystack.indexOf(needle, from);
  }
  return out + text.slice(from);
}
