/**
 * PHP's json_encode, byte for byte, for the two encodings Laravel uses (docs/spec/mailcoach-reference.md#15-error-bodies-exact-formats):
 * - compact (flags 0): success, 401 and 422 bodies; `/` is written `\/`;
 * - pretty (JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES): every HttpException body (400/403/404/405/429/500).
 * In both, non-ASCII is written as lowercase `\uXXXX` (surrogate pairs above the BMP), as PHP does without
 * JSON_UNESCAPED_UNICODE.
 */

export interface PhpJsonOptions {
  pretty?: boolean;
}

export function phpJsonEncode(value: unknown, options: PhpJsonOptions = {}): string {
  const pretty = options.pretty === true;
  return encode(value, pretty, pretty ? '\n' : '', !pretty);
}

function encode(value: unknown, pretty: boolean, newline: string, escapeSlashes: boolean): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '0';
  if (typeof value === 'string') return encodeString(value, escapeSlashes);
  const indent = pretty ? newline + '    ' : '';
  const inner = (text: string) => (pretty ? text.replaceAll('\n', '\n    ') : text);
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    const items = value.map((item) => indent + inner(encode(item, pretty, newline, escapeSlashes)));
    return `[${items.join(',')}${newline}]`;
  }
  const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
  if (entries.length === 0) return '{}';
  const separator = pretty ? ': ' : ':';
  const items = entries.map(
    ([key, item]) =>
      indent + encodeString(key, escapeSlashes) + separator + inner(encode(item, pretty, newline, escapeSlashes)),
  );
  return `{${items.join(',')}${newline}}`;
}

/** Strings longer than this are written in slices of it by phpJsonPieces(). */
const STRING_PIECE = 64 * 1024;

/**
 * phpJsonEncode(value) in compact form, in pieces whose concatenation is exactly it: containers element by
 * element, long strings slice by slice (never between the two halves of a surrogate pair, whose escapes depend on
 * each other). For answers too big to encode in one go without holding the server's thread (a page of log items
 * with megabyte bodies took 200-300 ms): the caller writes a few pieces at a time.
 */
export function* phpJsonPieces(value: unknown): Generator<string> {
  if (typeof value === 'string') {
    if (value.length <= STRING_PIECE) {
      yield encodeString(value, true);
      return;
    }
    yield '"';
    for (let start = 0; start < value.length; ) {
      let end = Math.min(start + STRING_PIECE, value.length);
      const last = value.charCodeAt(end - 1);
      if (end < value.length && last >= 0xd800 && last <= 0xdbff) end -= 1;
      yield encodeString(value.slice(start, end), true).slice(1, -1);
      start = end;
    }
    yield '"';
    return;
  }
  if (value === null || typeof value !== 'object') {
    yield encode(value, false, '', true);
    return;
  }
  if (Array.isArray(value)) {
    if (value.length === 0) return yield '[]';
    for (let i = 0; i < value.length; i++) {
      yield i === 0 ? '[' : ',';
      yield* phpJsonPieces(value[i]);
    }
    return yield ']';
  }
  const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
  if (entries.length === 0) return yield '{}';
  for (let i = 0; i < entries.length; i++) {
    const [key, item] = entries[i]!;
    yield `${i === 0 ? '{' : ','}${encodeString(key, true)}:`;
    yield* phpJsonPieces(item);
  }
  yield '}';
}

/**
 * About how many characters the strings of a value hold, looking no deeper than `depth` levels (a page's rows and
 * their fields): cheap enough to ask of every answer, exact enough to tell a megabyte answer from a small one.
 */
export function stringCharsNear(value: unknown, depth = 3): number {
  if (typeof value === 'string') return value.length;
  if (value === null || typeof value !== 'object' || depth === 0) return 0;
  let chars = 0;
  for (const item of Array.isArray(value) ? value : Object.values(value)) chars += stringCharsNear(item, depth - 1);
  return chars;
}

/** A character json_encode writes other than as it is: control characters, `"`, `\\`, non-ASCII. */
const NEEDS_ESCAPE = /[^\x20-\x21\x23-\x5b\x5d-\x7f]/;
const NEEDS_ESCAPE_OR_SLASH = /[^\x20-\x21\x23-\x2e\x30-\x5b\x5d-\x7f]/;
const HEX = [...'0123456789abcdef'].map((digit) => digit.charCodeAt(0));
const SHORT_ESCAPE_LETTERS = new Map([
  [0x22, 0x22],
  [0x5c, 0x5c],
  [0x08, 0x62],
  [0x0c, 0x66],
  [0x0a, 0x6e],
  [0x0d, 0x72],
  [0x09, 0x74],
]);

/** Whether json_encode writes the UTF-16 code unit as it is: printable ASCII and DEL, but `"`, `\\` and an escaped `/`. */
function isPlain(code: number, escapeSlashes: boolean): boolean {
  return code >= 0x20 && code <= 0x7f && code !== 0x22 && code !== 0x5c && (code !== 0x2f || !escapeSlashes);
}

/** Reused for every string that fits: most answers are many small strings. */
const scratch = Buffer.allocUnsafe(64 * 1024);

/**
 * Written byte by byte into a buffer (the result is ASCII): a 1 MB value of non-ASCII words, echoed twice in the
 * 422 for an invalid address, took 170 ms and a string per character when appended one character at a time. The
 * exact size is counted first: sized for the worst case (six bytes a unit), a page of log items with megabyte
 * bodies held tens of megabytes of buffers until the next collection.
 */
function encodeString(value: string, escapeSlashes: boolean): string {
  if (!(escapeSlashes ? NEEDS_ESCAPE_OR_SLASH : NEEDS_ESCAPE).test(value)) return `"${value}"`;
  let size = 2;
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    size += isPlain(code, escapeSlashes) ? 1 : code === 0x2f || SHORT_ESCAPE_LETTERS.has(code) ? 2 : 6;
  }
  const out = size <= scratch.length ? scratch : Buffer.allocUnsafe(size);
  let n = 0;
  out[n++] = 0x22;
  for (let i = 0; i < value.length; i++) {
    let code = value.charCodeAt(i);
    if (isPlain(code, escapeSlashes)) {
      out[n++] = code;
      continue;
    }
    out[n++] = 0x5c;
    const letter = code === 0x2f ? 0x2f : SHORT_ESCAPE_LETTERS.get(code);
    if (letter !== undefined) {
      out[n++] = letter;
      continue;
    }
    if (isLoneSurrogate(value, i)) code = 0xfffd;
    out[n++] = 0x75;
    out[n++] = HEX[(code >> 12) & 0xf]!;
    out[n++] = HEX[(code >> 8) & 0xf]!;
    out[n++] = HEX[(code >> 4) & 0xf]!;
    out[n++] = HEX[code & 0xf]!;
  }
  out[n++] = 0x22;
  return out.toString('latin1', 0, n);
}

/** A lone UTF-16 surrogate cannot be encoded by PHP; we write U+FFFD instead of failing the response. */
function isLoneSurrogate(value: string, index: number): boolean {
  const code = value.charCodeAt(index);
  if (code >= 0xd800 && code <= 0xdbff) {
    const next = value.charCodeAt(index + 1);
    return !(next >= 0xdc00 && next <= 0xdfff);
  }
  if (code >= 0xdc00 && code <= 0xdfff) {
    const previous = value.charCodeAt(index - 1);
    return !(previous >= 0xd800 && previous <= 0xdbff);
  }
  return false;
}
