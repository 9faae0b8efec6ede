/** The character classes, limits and defaults of libxml2's HTML parser (HTMLparser.c), shared by parse*.ts. */

/** The element names HTMLparser.c htmlParseHTMLName reads at most (HTML_PARSER_BUFFER_SIZE). */
export const NAME_MAX = 100;
/** htmlParseCharData hands text over in chunks of HTML_PARSER_BIG_BUFFER_SIZE bytes; areBlanks judges each. */
export const CHUNK = 1000;

export const DEFAULT_PUBLIC_ID = '-//W3C//DTD HTML 4.0 Transitional//EN';
export const DEFAULT_SYSTEM_ID = 'http://www.w3.org/TR/REC-html40/loose.dtd';

/** Characters IS_CHAR refuses (text, comments, scripts and PIs drop them with an error). */
const INVALID_CHARS = /[\x00-\x08\x0B\x0C\x0E-\x1F\uFFFE\uFFFF]/g;
const HAS_INVALID = /[\x00-\x08\x0B\x0C\x0E-\x1F\uFFFE\uFFFF]/;
export const ALL_BLANK = /^[ \t\n\r]*$/;
export const NON_ASCII = /[^\x00-\x7F]/g;
/** IS_LETTER/IS_DIGIT/IS_COMBINING/IS_EXTENDER for htmlParseNameComplex, approximated with Unicode classes. */
export const COMPLEX_NAME_START = /[\p{L}_:]/u;
export const COMPLEX_NAME_CHAR = /[\p{L}\p{Nd}\p{Mn}\p{Mc}._:\-\u00B7]/u;

/** parser.c xmlParserMaxDepth: nodePush refuses a node when this many are open already (no XML_PARSE_HUGE). */
export const MAX_DEPTH = 256;

/** SAX2.c xmlSplitQName: the local part of `prefix:name` (a leading or trailing ':' keeps the whole name). */
export function localName(name: string): string {
  const colon = name.indexOf(':');
  return colon <= 0 || colon === name.length - 1 ? name : name.slice(colon + 1);
}

export const HEAD_ELEMENTS = new Set(['script', 'style', 'meta', 'link', 'title', 'base']);

export function isBlank(c: number): boolean {
  return c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;
}

export function isAsciiLetter(c: number): boolean {
  return (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a);
}

export function isDigit(c: number): boolean {
  return c >= 0x30 && c <= 0x39;
}

/** IS_CHAR on a code point (htmlParseCharRef's check). */
export function isXmlChar(c: number): boolean {
  if (c < 0x20) return c === 0x09 || c === 0x0a || c === 0x0d;
  return c <= 0xd7ff || (c >= 0xe000 && c <= 0xfffd) || (c >= 0x10000 && c <= 0x10ffff);
}

/** IS_PUBIDCHAR_CH. */
export function isPubidChar(c: number): boolean {
  return (
    c === 0x20 ||
    c === 0x0d ||
    c === 0x0a ||
    isAsciiLetter(c) ||
    isDigit(c) ||
    "-'()+,./:=?;!*#@$_%".includes(String.fromCharCode(c))
  );
}

/** Whether a run holds a char IS_CHAR refuses (a loop for short runs: a regex call costs more there). */
function hasInvalid(text: string): boolean {
  if (text.length > 64) return HAS_INVALID.test(text);
  for (let k = 0; k < text.length; k++) {
    const c = text.charCodeAt(k);
    if (c < 0x20 ? c !== 0x09 && c !== 0x0a && c !== 0x0d : c >= 0xfffe && c <= 0xffff) return true;
  }
  return false;
}

/** What htmlCurrentChar and COPY_BUF make of a run: a NUL reads as a space, chars IS_CHAR refuses are dropped. */
export function dropInvalid(text: string): string {
  if (!hasInvalid(text)) return text;
  return text.replaceAll('\0', ' ').replace(INVALID_CHARS, '');
}

/** A parsed reference: its code point (0 for none) or unknown name, and where it ends. */
export interface Reference {
  value: number;
  name: string | null;
  end: number;
}
