/**
 * PHP's side of Mailcoach's Twig, for twig.ts: what RenderTwigAction does to the text before Twig sees it
 * (`rawurldecode`, then `{{+`/`+}}`), how PHP turns a value into text when Twig prints or joins it, and the Twig 3
 * filters whose twig.js versions answer differently (each checked against Twig 3.5 by test/fidelity/twig.test.ts).
 */

/** A `%XX` escape, as PHP's rawurldecode() reads it (any case of hex digits). */
const PERCENT_ESCAPE = /%[0-9A-Fa-f]{2}/;
/** Any start of a Twig tag: `{{`, `{%`, `{#`. */
const TWIG_TAG = /\{[{%#]/;

/**
 * PHP's rawurldecode() over the whole text, as RenderTwigAction runs it first (every `%XX`, in hrefs too; `+` is
 * kept). PHP works on bytes: the escapes are decoded to bytes among the text's own UTF-8 bytes, and the result is
 * read back as UTF-8 (a sequence that is no UTF-8 becomes U+FFFD here; Mailcoach sends the bytes as they are).
 */
function rawUrlDecode(text: string): string {
  if (!text.includes('%') || !PERCENT_ESCAPE.test(text)) return text;
  const bytes = Buffer.from(text, 'utf8');
  const out = Buffer.allocUnsafe(bytes.length);
  let length = 0;
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i] as number;
    if (byte === 0x25 && i + 2 < bytes.length) {
      const high = hexValue(bytes[i + 1] as number);
      const low = hexValue(bytes[i + 2] as number);
      if (high >= 0 && low >= 0) {
        out[length++] = high * 16 + low;
        i += 2;
        continue;
      }
    }
    out[length++] = byte;
  }
  return out.toString('utf8', 0, length);
}

function hexValue(byte: number): number {
  if (byte >= 0x30 && byte <= 0x39) return byte - 0x30;
  if (byte >= 0x41 && byte <= 0x46) return byte - 0x37;
  if (byte >= 0x61 && byte <= 0x66) return byte - 0x57;
  return -1;
}

/** What RenderTwigAction hands to Twig: the text rawurldecode()d, then `{{+` and `+}}` read as `{{ ` and ` }}`. */
export function decodeForTwig(source: string): string {
  const decoded = rawUrlDecode(source);
  return decoded.includes('{{+') || decoded.includes('+}}')
    ? decoded.replaceAll('{{+', '{{ ').replaceAll('+}}', ' }}')
    : decoded;
}

/** Whether Twig has anything to do in `decoded` (a text decodeForTwig gave): without a tag, Twig prints it as it is. */
export function hasTwigTag(decoded: string): boolean {
  return TWIG_TAG.test(decoded);
}

/**
 * Whether Mailcoach's Twig step can give something other than `text` itself: a Twig tag (`{#` too), a `%XX`
 * escape that rawurldecode() changes, or a \r (Twig's lexer makes every line break \n, tags or not). A caller
 * that skips renderTwig for a text must check this, not only `{{` and `{%`.
 */
export function twigMayChange(text: string): boolean {
  return TWIG_TAG.test(text) || text.includes('\r') || (text.includes('%') && PERCENT_ESCAPE.test(text));
}

/** Thrown where PHP would raise an error (Twig's RuntimeError, DivisionByZeroError, a warning Laravel rethrows). */
export class PhpError extends Error {}

/**
 * PHP's (string) of a scalar, as `echo` prints it: true is "1", false and null are "", an integer as it is, and a
 * float with PHP's `precision` of 14 significant digits (0.1 + 0.2 prints 0.3, 1e20 prints 1.0E+20).
 * An array has no text: PHP prints "Array" with a warning, which Laravel's error handler turns into an
 * ErrorException (so RenderTwigAction gives the decoded text back).
 */
export function phpString(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined || value === null || value === false) return '';
  if (value === true) return '1';
  if (typeof value === 'number') return phpNumber(value);
  if (typeof value === 'bigint') return value.toString();
  if (value instanceof String) return value.valueOf();
  if (value instanceof Date) return value.toString();
  throw new PhpError('Array to string conversion');
}

/**
 * A JavaScript number as PHP prints it: a whole number in PHP's int range as an int (a JSON integer is one in PHP,
 * and int arithmetic stays int), anything else as a float at precision 14.
 */
function phpNumber(value: number): string {
  if (Number.isInteger(value) && Math.abs(value) < 2 ** 63 && !Object.is(value, -0)) {
    return Math.abs(value) <= Number.MAX_SAFE_INTEGER ? String(value) : BigInt(value).toString();
  }
  return phpFloat(value);
}

/** zend_gcvt(value, 14, '.', 'E'): %.14G with trailing zeros dropped and ".0" on a one-digit mantissa. */
function phpFloat(value: number): string {
  if (Number.isNaN(value)) return 'NAN';
  if (!Number.isFinite(value)) return value > 0 ? 'INF' : '-INF';
  if (value === 0) return Object.is(value, -0) ? '-0' : '0';
  const [mantissa = '', exponentText = '0'] = value.toExponential(13).split('e');
  const exponent = Number(exponentText);
  if (exponent < -4 || exponent >= 14) {
    let digits = mantissa.replace(/\.?0+$/, '');
    if (!digits.includes('.')) digits += '.0';
    return `${digits}E${exponent < 0 ? '-' : '+'}${Math.abs(exponent)}`;
  }
  const fixed = value.toFixed(Math.max(0, 13 - exponent));
  return fixed.includes('.') ? fixed.replace(/\.?0+$/, '') : fixed;
}

/** Twig's html escaping (htmlspecialchars with ENT_QUOTES | ENT_SUBSTITUTE): `'` is `&#039;`. */
export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#039;');
}

const CASED = /\p{Cased}/u;
const CASE_IGNORABLE = /\p{Case_Ignorable}/u;
/** Letters whose title case is neither their upper nor their lower case (the Latin digraphs). */
const TITLE_CASE: Record<string, string> = {
  Ǆ: 'ǅ',
  ǅ: 'ǅ',
  ǆ: 'ǅ',
  Ǉ: 'ǈ',
  ǈ: 'ǈ',
  ǉ: 'ǈ',
  Ǌ: 'ǋ',
  ǋ: 'ǋ',
  ǌ: 'ǋ',
  Ǳ: 'ǲ',
  ǲ: 'ǲ',
  ǳ: 'ǲ',
};

function titleCase(char: string): string {
  const special = TITLE_CASE[char];
  if (special !== undefined) return special;
  const upper = char.toUpperCase();
  // Full case mapping: ß is "Ss" in title case, "SS" in upper case; ﬁ is "Fi".
  const first = String.fromCodePoint(upper.codePointAt(0) as number);
  return upper.length > first.length ? first + upper.slice(first.length).toLowerCase() : upper;
}

/**
 * mb_convert_case($s, MB_CASE_TITLE) as PHP 8.2 does it (Twig's `title`): a cased letter after no word starts one
 * and is title-cased, the cased letters in a word are lower-cased, a case-ignorable character (`'`, `.`, `:`)
 * keeps the word going, anything else (space, `-`, `_`, a digit) ends it.
 */
export function mbTitleCase(text: string): string {
  let out = '';
  let inWord = false;
  for (const char of text) {
    if (inWord) {
      if (CASED.test(char)) out += char.toLowerCase();
      else {
        out += char;
        if (!CASE_IGNORABLE.test(char)) inWord = false;
      }
    } else if (CASED.test(char)) {
      out += titleCase(char);
      inWord = true;
    } else out += char;
  }
  return out;
}

/** The characters of a PHP trim() mask, with its `a..z` ranges spread. */
function trimMask(mask: string): Set<string> {
  const chars = [...mask];
  const set = new Set<string>();
  for (let i = 0; i < chars.length; i++) {
    const char = chars[i] as string;
    if (chars[i + 1] === '.' && chars[i + 2] === '.' && i + 3 < chars.length) {
      const from = char.codePointAt(0) as number;
      const to = (chars[i + 3] as string).codePointAt(0) as number;
      for (let code = from; code <= to; code++) set.add(String.fromCodePoint(code));
      i += 3;
    } else set.add(char);
  }
  return set;
}

/** Twig's `trim` filter: PHP's trim(), ltrim() or rtrim() with PHP's default mask " \t\n\r\0\x0B". */
export function phpTrim(text: string, mask: string | undefined, side: string): string {
  const set = trimMask(mask ?? ' \t\n\r\0\x0B');
  const chars = [...text];
  let start = 0;
  let end = chars.length;
  if (side === 'both' || side === 'left') while (start < end && set.has(chars[start] as string)) start++;
  if (side === 'both' || side === 'right') while (end > start && set.has(chars[end - 1] as string)) end--;
  return chars.slice(start, end).join('');
}

/** PHP's rawurlencode(): everything but A-Z a-z 0-9 `-` `_` `.` `~`, by UTF-8 byte. */
export function rawUrlEncode(text: string): string {
  return encodeURIComponent(text).replace(
    /[!'()*]/g,
    (char) => `%${(char.codePointAt(0) as number).toString(16).toUpperCase()}`,
  );
}

/** http_build_query($value, '', '&', PHP_QUERY_RFC3986): Twig's `url_encode` of an array. */
export function httpBuildQuery(value: object, prefix: string | null = null): string {
  const parts: string[] = [];
  for (const [key, item] of phpEntries(value)) {
    const name = prefix === null ? key : `${prefix}[${key}]`;
    if (item === null || item === undefined) continue;
    if (typeof item === 'object' && !(item instanceof String)) {
      const nested = httpBuildQuery(item as object, name);
      if (nested !== '') parts.push(nested);
    } else {
      parts.push(`${rawUrlEncode(name)}=${rawUrlEncode(item === true ? '1' : item === false ? '0' : phpString(item))}`);
    }
  }
  return parts.join('&');
}

/**
 * The entries of an array or hash as PHP holds them, in order. twig.js keeps the order of a hash literal in a
 * `_keys` property, which is no entry.
 */
export function phpEntries(value: object): Array<[string, unknown]> {
  if (Array.isArray(value)) return value.map((item, index) => [String(index), item]);
  const record = value as Record<string, unknown>;
  const keys = Array.isArray(record._keys)
    ? (record._keys as string[])
    : Object.keys(record).filter((key) => key !== '_keys');
  return keys.filter((key) => Object.hasOwn(record, key)).map((key) => [key, record[key]]);
}

/** Whether PHP would hold `value` as a list (keys 0..n-1 in order): a JSON array, not an object. */
function isPhpList(entries: Array<[string, unknown]>): boolean {
  return entries.every(([key], index) => key === String(index));
}

/**
 * PHP's json_encode($value) with no flags (Twig's `json_encode`): `/` escaped, every non-ASCII character as \uXXXX,
 * an empty or list-keyed object as an array (PHP has one array type), floats at full precision ("1.0e+25").
 */
export function phpJsonEncode(value: unknown): string {
  if (value === undefined || value === null) return 'null';
  if (value === true || value === false) return String(value);
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new PhpError('Inf and NaN cannot be JSON encoded');
    const text = JSON.stringify(value);
    return /e/.test(text) && !text.split('e')[0]?.includes('.') ? text.replace('e', '.0e') : text;
  }
  if (typeof value === 'string' || value instanceof String) {
    return JSON.stringify(String(value))
      .replace(/\//g, '\\/')
      .replace(/[\u007f-\uffff]/g, (char) => {
        const code = char.charCodeAt(0);
        return code === 0x7f ? char : `\\u${code.toString(16).padStart(4, '0')}`;
      });
  }
  if (value instanceof Date) return phpJsonEncode({});
  if (typeof value === 'object') {
    const entries = phpEntries(value);
    if (isPhpList(entries)) return `[${entries.map(([, item]) => phpJsonEncode(item)).join(',')}]`;
    return `{${entries.map(([key, item]) => `${phpJsonEncode(key)}:${phpJsonEncode(item)}`).join(',')}}`;
  }
  return 'null';
}

/** Twig's `join` filter: implode() with each value as PHP prints it, and the last two joined by `and` when given. */
export function twigJoin(value: unknown, glue: string, and: string | undefined): string {
  if (value === undefined || value === null) return '';
  const items =
    typeof value === 'object' && !(value instanceof String) ? phpEntries(value).map(([, item]) => item) : [value];
  const texts = items.map(phpString);
  if (texts.length === 0) return '';
  if (and === undefined || and === glue || texts.length === 1) return texts.join(glue);
  return texts.slice(0, -1).join(glue) + and + (texts.at(-1) as string);
}

/** PHP's nl2br(): `<br />` before each line break (\r\n, \n\r, \n or \r), the break itself kept. */
export function phpNl2br(text: string): string {
  return text.replace(/\r\n|\n\r|\n|\r/g, '<br />$&');
}
