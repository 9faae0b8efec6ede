/**
 * league/commonmark 2.3's AutolinkExtension (Extension/Autolink/UrlAutolinkParser.php, EmailAutolinkParser.php) as
 * markdown-it inline rules, with the semantics of League\CommonMark\Parser\InlineParserEngine: the positions an
 * extension parser may start at are found once per inline text (preg_match_all: non-overlapping, leftmost), a
 * parser runs only there, and a failed attempt leaves the position's character as text. The URL regex is applied
 * unanchored to the rest of the text and the cursor advanced by the match's length, as league does (so in
 * `wwwww.example.com` the link is `www.example.com` and the consumed text starts at the first `w`).
 */
import type { MarkdownIt, StateInline } from 'markdown-it';

/**
 * EmailAutolinkParser::REGEX, `[A-Za-z0-9.\-_+]+@[A-Za-z0-9\-_]+\.[A-Za-z0-9\-_.]+`, matched as preg_match_all
 * matches it (leftmost, non-overlapping) but found from each `@`: the regex run over a long line without a
 * matching `@` backtracks quadratically in V8 (PCRE's auto-possessification spares PHP).
 */
const EMAIL_LOCAL = /[A-Za-z0-9.\-_+]/;
const EMAIL_DOMAIN = /[A-Za-z0-9\-_]+\.[A-Za-z0-9\-_.]+/y;

function* emailMatches(src: string): Generator<{ index: number; match: string }> {
  let from = 0;
  for (let at = src.indexOf('@'); at !== -1; at = src.indexOf('@', at + 1)) {
    let start = at;
    while (start > from && EMAIL_LOCAL.test(src[start - 1]!)) start--;
    if (start === at) continue;
    EMAIL_DOMAIN.lastIndex = at + 1;
    const domain = EMAIL_DOMAIN.exec(src);
    if (domain === null) continue;
    const end = at + 1 + domain[0].length;
    yield { index: start, match: src.slice(start, end) };
    from = end;
    at = end - 1;
  }
}
/** UrlAutolinkParser::getMatchDefinition: InlineParserMatch::oneOf('www', 'http://', 'https://', 'ftp://'), case-insensitive. */
const URL_PREFIX = /www|http:\/\/|https:\/\/|ftp:\/\//gi;

const IPV6 =
  '(?:(?:(?:(?:(?:(?:(?:[0-9a-f]{1,4})):){6})(?:(?:(?:(?:(?:[0-9a-f]{1,4})):(?:(?:[0-9a-f]{1,4})))|(?:(?:(?:(?:(?:25[0-5]|(?:[1-9]|1[0-9]|2[0-4])?[0-9]))\\.){3}(?:(?:25[0-5]|(?:[1-9]|1[0-9]|2[0-4])?[0-9])))))))|(?:(?:::(?:(?:(?:[0-9a-f]{1,4})):){5})(?:(?:(?:(?:(?:[0-9a-f]{1,4})):(?:(?:[0-9a-f]{1,4})))|(?:(?:(?:(?:(?:25[0-5]|(?:[1-9]|1[0-9]|2[0-4])?[0-9]))\\.){3}(?:(?:25[0-5]|(?:[1-9]|1[0-9]|2[0-4])?[0-9])))))))|(?:(?:(?:(?:(?:[0-9a-f]{1,4})))?::(?:(?:(?:[0-9a-f]{1,4})):){4})(?:(?:(?:(?:(?:[0-9a-f]{1,4})):(?:(?:[0-9a-f]{1,4})))|(?:(?:(?:(?:(?:25[0-5]|(?:[1-9]|1[0-9]|2[0-4])?[0-9]))\\.){3}(?:(?:25[0-5]|(?:[1-9]|1[0-9]|2[0-4])?[0-9])))))))|(?:(?:(?:(?:(?:(?:[0-9a-f]{1,4})):){0,1}(?:(?:[0-9a-f]{1,4})))?::(?:(?:(?:[0-9a-f]{1,4})):){3})(?:(?:(?:(?:(?:[0-9a-f]{1,4})):(?:(?:[0-9a-f]{1,4})))|(?:(?:(?:(?:(?:25[0-5]|(?:[1-9]|1[0-9]|2[0-4])?[0-9]))\\.){3}(?:(?:25[0-5]|(?:[1-9]|1[0-9]|2[0-4])?[0-9])))))))|(?:(?:(?:(?:(?:(?:[0-9a-f]{1,4})):){0,2}(?:(?:[0-9a-f]{1,4})))?::(?:(?:(?:[0-9a-f]{1,4})):){2})(?:(?:(?:(?:(?:[0-9a-f]{1,4})):(?:(?:[0-9a-f]{1,4})))|(?:(?:(?:(?:(?:25[0-5]|(?:[1-9]|1[0-9]|2[0-4])?[0-9]))\\.){3}(?:(?:25[0-5]|(?:[1-9]|1[0-9]|2[0-4])?[0-9])))))))|(?:(?:(?:(?:(?:(?:[0-9a-f]{1,4})):){0,3}(?:(?:[0-9a-f]{1,4})))?::(?:(?:[0-9a-f]{1,4})):)(?:(?:(?:(?:(?:[0-9a-f]{1,4})):(?:(?:[0-9a-f]{1,4})))|(?:(?:(?:(?:(?:25[0-5]|(?:[1-9]|1[0-9]|2[0-4])?[0-9]))\\.){3}(?:(?:25[0-5]|(?:[1-9]|1[0-9]|2[0-4])?[0-9])))))))|(?:(?:(?:(?:(?:(?:[0-9a-f]{1,4})):){0,4}(?:(?:[0-9a-f]{1,4})))?::)(?:(?:(?:(?:(?:[0-9a-f]{1,4})):(?:(?:[0-9a-f]{1,4})))|(?:(?:(?:(?:(?:25[0-5]|(?:[1-9]|1[0-9]|2[0-4])?[0-9]))\\.){3}(?:(?:25[0-5]|(?:[1-9]|1[0-9]|2[0-4])?[0-9])))))))|(?:(?:(?:(?:(?:(?:[0-9a-f]{1,4})):){0,5}(?:(?:[0-9a-f]{1,4})))?::)(?:(?:[0-9a-f]{1,4})))|(?:(?:(?:(?:(?:(?:[0-9a-f]{1,4})):){0,6}(?:(?:[0-9a-f]{1,4})))?::))))';

/**
 * UrlAutolinkParser::REGEX with the default protocols (http, https, ftp), flags ixu. PCRE's possessive quantifiers
 * are greedy here: each is followed by a character its class excludes or by optional parts only, so the matches
 * are the same.
 */
const URL = new RegExp(
  '(?:(?:http|https|ftp)://(?:(?:(?:[_.\\p{L}\\p{N}-]|%[0-9A-Fa-f]{2})+:)?((?:[_.\\p{L}\\p{N}-]|%[0-9A-Fa-f]{2})+)@)?|www\\.)' +
    '(?:(?:(?:xn--[a-z0-9-]+\\.)*xn--[a-z0-9-]+|(?:[\\p{L}\\p{N}\\p{S}\\p{M}\\-_]+\\.)+[\\p{L}\\p{N}\\p{M}]+|[a-z0-9\\-_]+)\\.?' +
    `|\\d{1,3}\\.\\d{1,3}\\.\\d{1,3}\\.\\d{1,3}|\\[${IPV6}\\])` +
    '(?::[0-9]+)?' +
    "(?:/(?:[\\p{L}\\p{N}\\-._~!$&'()*+,;=:@]|%[0-9A-Fa-f]{2})*)*" +
    "(?:\\?(?:[\\p{L}\\p{N}\\-._~!$&'\\[\\]()*+,;=:@/?]|%[0-9A-Fa-f]{2})*)?" +
    "(?:#(?:[\\p{L}\\p{N}\\-._~!$&'()*+,;=:@/?]|%[0-9A-Fa-f]{2})*)?",
  'iu',
);

/** UrlAutolinkParser::ALLOWED_AFTER (null: the start of the text). */
const ALLOWED_AFTER = new Set([undefined, ' ', '\t', '\n', '\x0b', '\x0c', '\r', '*', '_', '~', '(']);

type Start = { readonly email?: string; readonly url?: true };

const STARTS = new WeakMap<StateInline, Map<number, Start>>();

/** InlineParserEngine::matchParsers for the two autolink parsers. */
function startsOf(state: StateInline): Map<number, Start> {
  let starts = STARTS.get(state);
  if (starts !== undefined) return starts;
  starts = new Map();
  for (const { index, match } of emailMatches(state.src)) starts.set(index, { email: match });
  for (const match of state.src.matchAll(URL_PREFIX))
    starts.set(match.index, { ...starts.get(match.index), url: true });
  STARTS.set(state, starts);
  return starts;
}

/** The markup of the links these parsers make (markdown-it's `<...>` autolinks have `autolink`). */
export const AUTOLINK_MARKUP = 'league_autolink';

function pushLink(state: StateInline, href: string, text: string): void {
  const open = state.push('link_open', 'a', 1);
  open.attrs = [['href', href]];
  open.markup = AUTOLINK_MARKUP;
  open.info = 'auto';
  const label = state.push('text', '', 0);
  label.content = text;
  const close = state.push('link_close', 'a', -1);
  close.markup = AUTOLINK_MARKUP;
  close.info = 'auto';
}

/** EmailAutolinkParser::parse. */
function email(state: StateInline, match: string, silent: boolean): boolean {
  const last = match[match.length - 1];
  if (last === '-' || last === '_') return false;
  const address = last === '.' ? match.slice(0, -1) : match;
  if (state.pos + address.length > state.posMax) return false;
  if (!silent) pushLink(state, `mailto:${address}`, address);
  state.pos += address.length;
  return true;
}

/** UrlAutolinkParser::diffParens. */
function diffParens(url: string): number {
  let open = 0;
  let close = 0;
  for (const char of url) {
    if (char === '(') open++;
    else if (char === ')') close++;
  }
  return close - open;
}

/** One repetition of the regex's `(?:char|%XX)` groups. */
const UNIT = /%[0-9A-Fa-f]{2}|[\s\S]/gu;

/**
 * PHP runs the regex with PCRE's JIT, whose stack overflows (preg_match returns false: no link) once a match
 * repeats its groups about 8 190 times; measured against the oracle: a path, query and fragment of 8 187
 * repetitions, counting each `/` segment, each character or %XX, and one for `?` and `#`, with the host's two.
 */
function exceedsJitStack(url: string): boolean {
  if (url.length < 8_000) return false;
  const rest = /^(?:(?:https?|ftp):\/\/|www\.)[^/?#]*/iu.exec(url)?.[0].length ?? 0;
  let frames = 2;
  for (const [unit] of url.slice(rest).matchAll(UNIT)) frames += unit === '?' || unit === '#' ? 2 : 1;
  return frames >= 8_189;
}

/** UrlAutolinkParser::parse. */
function url(state: StateInline, silent: boolean): boolean {
  const previous = state.pos === 0 ? undefined : String.fromCodePoint(state.src.codePointAt(state.pos - 1) ?? 0);
  if (!ALLOWED_AFTER.has(previous)) return false;
  const match = URL.exec(state.src.slice(state.pos));
  if (match === null || exceedsJitStack(match[0])) return false;
  let found = match[0];
  const punctuation = /^(.+?)([?!.,:*_~]+)$/su.exec(found);
  if (punctuation !== null) found = punctuation[1]!;
  const entity = /^(.+)(&[A-Za-z0-9]+;)$/su.exec(found);
  if (entity !== null) found = entity[1]!;
  if (found.endsWith(')')) {
    const diff = diffParens(found);
    if (diff > 0) found = found.slice(0, -diff);
  }
  // $cursor->advanceBy(mb_strlen($url)): characters, counted from the current position.
  let end = state.pos;
  for (let count = [...found].length; count > 0 && end < state.src.length; count--)
    end += (state.src.codePointAt(end) ?? 0) > 0xffff ? 2 : 1;
  if (end > state.posMax) return false;
  if (!silent) pushLink(state, found.startsWith('www.') ? `http://${found}` : found, found);
  state.pos = end;
  return true;
}

/** The autolink parsers at a start position, email first (AutolinkExtension registers it first, same priority). */
function autolink(state: StateInline, silent: boolean): boolean {
  const start = startsOf(state).get(state.pos);
  if (start === undefined) return false;
  if (start.email !== undefined && email(state, start.email, silent)) return true;
  return start.url === true && url(state, silent);
}

/** markdown-it's `text` rule, stopping also where an autolink may start. */
function text(state: StateInline, silent: boolean): boolean {
  const starts = startsOf(state);
  let pos = state.pos;
  while (pos < state.posMax && !isTerminator(state.src.charCodeAt(pos)) && (pos === state.pos || !starts.has(pos)))
    pos++;
  if (pos === state.pos) return false;
  if (!silent) state.pending += state.src.slice(state.pos, pos);
  state.pos = pos;
  return true;
}

function isTerminator(code: number): boolean {
  switch (code) {
    case 0x0a:
    case 0x21:
    case 0x23:
    case 0x24:
    case 0x25:
    case 0x26:
    case 0x2a:
    case 0x2b:
    case 0x2d:
    case 0x3a:
    case 0x3c:
    case 0x3d:
    case 0x3e:
    case 0x40:
    case 0x5b:
    case 0x5c:
    case 0x5d:
    case 0x5e:
    case 0x5f:
    case 0x60:
    case 0x7b:
    case 0x7d:
    case 0x7e:
      return true;
    default:
      return false;
  }
}

export function useLeagueAutolinks(md: MarkdownIt): void {
  md.inline.ruler.at('text', text);
  md.inline.ruler.before('text', 'league_autolink', autolink);
}
