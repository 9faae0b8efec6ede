/**
 * The few PHP string functions the port leans on, with PHP's exact semantics (byte-oriented functions here only
 * ever meet ASCII-significant characters, so UTF-16 strings behave as PHP's UTF-8 bytes do).
 */

/** PHP's trim() with its default character list " \t\n\r\0\x0B" (not \f). */
export function phpTrim(s: string): string {
  let start = 0;
  let end = s.length;
  while (start < end && isTrimChar(s.charCodeAt(start))) start++;
  while (end > start && isTrimChar(s.charCodeAt(end - 1))) end--;
  return start === 0 && end === s.length ? s : s.slice(start, end);
}

function isTrimChar(c: number): boolean {
  return c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d || c === 0x00 || c === 0x0b;
}

/** PHP's rtrim($s, $char) for one character. */
export function phpRtrimChar(s: string, char: string): string {
  let end = s.length;
  while (end > 0 && s[end - 1] === char) end--;
  return end === s.length ? s : s.slice(0, end);
}

/** PHP's truthiness of a string: '' and '0' are false. */
export function phpTruthy(s: string | null | undefined): boolean {
  return s !== null && s !== undefined && s !== '' && s !== '0';
}

/** PHP's strlen() of the UTF-8 encoding of a string. */
export function utf8Length(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length && (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      n += 4;
      i++;
    } else n += 3;
  }
  return n;
}

/**
 * PCRE's \s without the UTF flag (PHP's default tables): space, \t, \n, \v, \f, \r. Used where a PHP pattern says
 * \s; JavaScript's \s also matches NBSP and other Unicode spaces, which PCRE does not.
 */
export const PCRE_SPACE = '[\\t\\n\\x0B\\f\\r ]';
