/**
 * The PHP built-ins league/html-to-markdown's converters lean on, with PHP's exact character sets: trim() and its
 * kin (not String.prototype.trim, which also strips U+00A0 and other Unicode spaces), intval() of a string,
 * mb_strlen() and filter_var(FILTER_VALIDATE_EMAIL).
 */

/** trim()'s default characters: " \t\n\r\0\x0B". */
function isTrimmed(code: number): boolean {
  return code === 32 || code === 9 || code === 10 || code === 13 || code === 0 || code === 11;
}

/** trim($s): PHP's default characters, not JavaScript's Unicode whitespace. */
export function phpTrim(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && isTrimmed(text.charCodeAt(start))) start++;
  while (end > start && isTrimmed(text.charCodeAt(end - 1))) end--;
  return start === 0 && end === text.length ? text : text.slice(start, end);
}

/** ltrim($s) with the default characters. */
export function phpLtrim(text: string): string {
  let start = 0;
  while (start < text.length && isTrimmed(text.charCodeAt(start))) start++;
  return start === 0 ? text : text.slice(start);
}

/** rtrim($s) with the default characters. */
export function phpRtrim(text: string): string {
  let end = text.length;
  while (end > 0 && isTrimmed(text.charCodeAt(end - 1))) end--;
  return end === text.length ? text : text.slice(0, end);
}

/** Whether trim($s) === '': Element::isWhitespace() of a text node, without building the trimmed string. */
export function isPhpBlank(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (!isTrimmed(text.charCodeAt(i))) return false;
  return true;
}

/** trim($s, "\t\n\r\0\x0B") (LinkConverter::convert()): the default characters but the space. */
export function phpTrimNoSpace(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && isTrimmedNoSpace(text.charCodeAt(start))) start++;
  while (end > start && isTrimmedNoSpace(text.charCodeAt(end - 1))) end--;
  return start === 0 && end === text.length ? text : text.slice(start, end);
}

function isTrimmedNoSpace(code: number): boolean {
  return code === 9 || code === 10 || code === 13 || code === 0 || code === 11;
}

/** trim($s, "\n\r\0\x0B") (HtmlConverter::sanitize()): neither space nor tab. */
export function phpTrimLineEnds(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && isLineEnd(text.charCodeAt(start))) start++;
  while (end > start && isLineEnd(text.charCodeAt(end - 1))) end--;
  return start === 0 && end === text.length ? text : text.slice(start, end);
}

function isLineEnd(code: number): boolean {
  return code === 10 || code === 13 || code === 0 || code === 11;
}

/** mb_strlen($s, 'utf-8'): code points, a surrogate pair counted once. */
export function mbStrlen(text: string): number {
  let length = text.length;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
      const low = text.charCodeAt(i + 1);
      if (low >= 0xdc00 && low <= 0xdfff) {
        length--;
        i++;
      }
    }
  }
  return length;
}

const INT64_MAX = 9223372036854775807n;
const INT64_MIN = -9223372036854775808n;

/**
 * The numeric prefix PHP 8's is_numeric_string() accepts with errors allowed: leading whitespace, a sign,
 * digits with a fraction or exponent (no hex), anything after it ignored.
 */
const NUMERIC_PREFIX = /^[ \t\n\r\v\f]*([+-]?(?:[0-9]+(\.[0-9]*)?|\.[0-9]+)([eE][+-]?[0-9]+)?)/;

/**
 * intval($s) (zval_get_long on a string): an integer prefix that fits is exact; anything else (a fraction, an
 * exponent, too many digits) goes through a double and zend_dval_to_lval_cap (saturated, 0 for INF and NAN).
 */
export function phpIntval(text: string): bigint {
  const match = NUMERIC_PREFIX.exec(text);
  if (match === null) return 0n;
  const number = match[1] as string;
  if (match[2] === undefined && match[3] === undefined) {
    const value = BigInt(number);
    if (value >= INT64_MIN && value <= INT64_MAX) return value;
  }
  const double = Number(number);
  if (!Number.isFinite(double)) return 0n;
  const truncated = Math.trunc(double);
  // 2^63 is exactly representable; anything at or past it saturates.
  if (truncated >= 2 ** 63) return INT64_MAX;
  if (truncated <= -(2 ** 63)) return INT64_MIN;
  return BigInt(truncated);
}

/**
 * `$a + $b - $c` on PHP ints as ListItemConverter computes an ordered item's number: int arithmetic, a double
 * once a step overflows int64, written as PHP writes a float (precision 14).
 */
export function phpIntSum(start: bigint, position: number): string {
  const sum = start + BigInt(position);
  if (sum <= INT64_MAX && sum >= INT64_MIN) return String(sum - 1n);
  return phpFloatToString(Number(start) + position - 1);
}

/** A PHP float as a string with the default precision=14 (zend_gcvt: %.14G, `.0` after a lone digit). */
export function phpFloatToString(value: number): string {
  if (Number.isNaN(value)) return 'NAN';
  if (!Number.isFinite(value)) return value > 0 ? 'INF' : '-INF';
  if (value === 0) return Object.is(value, -0) ? '-0' : '0';
  const [mantissa, exponentText] = value.toExponential(13).split('e') as [string, string];
  const exponent = Number(exponentText);
  let digits = mantissa.replace('.', '').replace(/0+$/, '');
  const negative = digits.startsWith('-');
  if (negative) digits = digits.slice(1);
  const sign = negative ? '-' : '';
  if (exponent < -4 || exponent >= 14) {
    const fraction = digits.length > 1 ? digits.slice(1) : '0';
    return `${sign}${digits[0]}.${fraction}E${exponent < 0 ? '-' : '+'}${Math.abs(exponent)}`;
  }
  if (exponent < 0) return `${sign}0.${'0'.repeat(-exponent - 1)}${digits}`;
  if (digits.length <= exponent + 1) return sign + digits + '0'.repeat(exponent + 1 - digits.length);
  return `${sign}${digits.slice(0, exponent + 1)}.${digits.slice(exponent + 1)}`;
}

/**
 * filter_var($email, FILTER_VALIDATE_EMAIL) (ext/filter/logical_filters.c, php_filter_validate_email without
 * FILTER_FLAG_EMAIL_UNICODE): Michael Rushton's expression, matched by PCRE on bytes with /iD. No byte above
 * 0x7F can match any part of it but the length lookaheads, so a non-ASCII address is invalid; `.` is written
 * `[^\n]` (PCRE's dot, which unlike JavaScript's matches \r).
 */
const EMAIL = new RegExp(
  '^(?!(?:(?:\\x22?\\x5C[\\x00-\\x7E]\\x22?)|(?:\\x22?[^\\x5C\\x22]\\x22?)){255,})' +
    '(?!(?:(?:\\x22?\\x5C[\\x00-\\x7E]\\x22?)|(?:\\x22?[^\\x5C\\x22]\\x22?)){65,}@)' +
    '(?:(?:[\\x21\\x23-\\x27\\x2A\\x2B\\x2D\\x2F-\\x39\\x3D\\x3F\\x5E-\\x7E]+)|(?:\\x22(?:[\\x01-\\x08\\x0B\\x0C\\x0E-\\x1F\\x21\\x23-\\x5B\\x5D-\\x7F]|(?:\\x5C[\\x00-\\x7F]))*\\x22))' +
    '(?:\\.(?:(?:[\\x21\\x23-\\x27\\x2A\\x2B\\x2D\\x2F-\\x39\\x3D\\x3F\\x5E-\\x7E]+)|(?:\\x22(?:[\\x01-\\x08\\x0B\\x0C\\x0E-\\x1F\\x21\\x23-\\x5B\\x5D-\\x7F]|(?:\\x5C[\\x00-\\x7F]))*\\x22)))*' +
    '@(?:(?:(?![^\\n]*[^.]{64,})(?:(?:(?:xn--)?[a-z0-9]+(?:-+[a-z0-9]+)*\\.){1,126}){1,}(?:(?:[a-z][a-z0-9]*)|(?:(?:xn--)[a-z0-9]+))(?:-+[a-z0-9]+)*)' +
    '|(?:\\[(?:(?:IPv6:(?:(?:[a-f0-9]{1,4}(?::[a-f0-9]{1,4}){7})|(?:(?!(?:[^\\n]*[a-f0-9][:\\]]){7,})(?:[a-f0-9]{1,4}(?::[a-f0-9]{1,4}){0,5})?::(?:[a-f0-9]{1,4}(?::[a-f0-9]{1,4}){0,5})?)))' +
    '|(?:(?:IPv6:(?:(?:[a-f0-9]{1,4}(?::[a-f0-9]{1,4}){5}:)|(?:(?!(?:[^\\n]*[a-f0-9]:){5,})(?:[a-f0-9]{1,4}(?::[a-f0-9]{1,4}){0,3})?::(?:[a-f0-9]{1,4}(?::[a-f0-9]{1,4}){0,3}:)?)))?' +
    '(?:(?:25[0-5])|(?:2[0-4][0-9])|(?:1[0-9]{2})|(?:[1-9]?[0-9]))(?:\\.(?:(?:25[0-5])|(?:2[0-4][0-9])|(?:1[0-9]{2})|(?:[1-9]?[0-9]))){3}))\\]))$',
  'i',
);

const NON_ASCII = /[^\x00-\x7f]/;

/**
 * The everyday address, a part of what EMAIL accepts that V8 matches far faster: a dot-atom local part of its
 * characters, then letter-digit labels with inner hyphens and a last label that starts with a letter. With the
 * local part under 65 characters, the address under 255 and every label under 64, EMAIL's lookaheads pass too.
 */
const PLAIN_EMAIL =
  /^([a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*)@((?:[a-z0-9]+(?:-+[a-z0-9]+)*\.)+[a-z][a-z0-9]*)$/i;
const LONG_LABEL = /[^.]{64}/;

/** filter_var($email, FILTER_VALIDATE_EMAIL) !== false: at most 320 bytes, then the expression above. */
export function isPhpValidEmail(email: string): boolean {
  if (email.length > 320 || NON_ASCII.test(email)) return false;
  const plain = PLAIN_EMAIL.exec(email);
  if (plain !== null && email.length < 255 && (plain[1] as string).length < 65 && !LONG_LABEL.test(plain[2] as string))
    return true;
  return EMAIL.test(email);
}
