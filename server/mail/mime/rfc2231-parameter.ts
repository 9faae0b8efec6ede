/**
 * One header parameter written exactly as nodemailer's lib/mime-funcs/index.js buildHeaderValue() writes it
 * (with buildHeaderParam(key, value, 50) for a value that is not plain or is 75 characters or longer: RFC 2231
 * continuations `key*0*=utf-8''…; key*1*=…`), in linear time and flat memory. The direct serializer uses it for
 * Content-Disposition's `filename=` and, through headerValue(), for the parameters of a client's attachment
 * content type, which can hold a megabyte parameter.
 *
 * Why not nodemailer's own: for a megabyte filename buildHeaderParam() splits the value into an array of
 * one-character strings, runs encodeURIComponent() and a regex replace per character, and concatenates each line
 * a character at a time: the largest single allocation of the hostile-input fuzz
 * (docs/performance.md#2026-11-25-9acfc0a-attachment-content-types-parsed-and-built-in-flat-memory). Here each character's percent-encoded length is computed from its code point, the
 * lines are kept as index ranges, and only the lines themselves are written out.
 * test/unit/rfc2231-parameter.test.ts compares it with nodemailer's buildHeaderValue() on arbitrary strings.
 */

/** The first section's charset and (empty) language. */
const CHARSET_PREFIX = "utf-8''";

/** buildHeaderParam()'s default and MimeNode's: lines of under 50 characters. */
const CONTINUATION_LENGTH = 50;

/** safeEncodeURIComponent() leaves these alone (encodeURIComponent()'s unreserved set but `*'()`). */
const UNRESERVED = new Uint8Array(128);
for (const char of 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.!~')
  UNRESERVED[char.charCodeAt(0)] = 1;

/** buildHeaderValue() quotes a continuation section without a `*` (one that is not percent-encoded) holding these. */
const NEEDS_QUOTES_SECTION = /[\s"\\;:/=(),<>@[\]?]|^[-']|'$/;
/** …and a plain value holding these. */
const NEEDS_QUOTES_PLAIN = /[\s'"\\;:/=(),<>@[\]?]|^-/;

/**
 * `key=value` as buildHeaderValue({ params: { [key]: value } }) writes it after the `; `: the value as a token,
 * quoted, or as RFC 2231 continuations joined with `; `. `key` is written as given (buildHeaderParam() only
 * prefixes it to each section's number).
 */
export function headerParameter(key: string, value: string): string {
  if (isPlainParamValue(value) && value.length < 75) {
    return !value.length || NEEDS_QUOTES_PLAIN.test(value) ? `${key}=${JSON.stringify(value)}` : `${key}=${value}`;
  }
  const written: string[] = [];
  const writeSection = (text: string, encoded: boolean) => {
    const name = `${key}*${written.length}${encoded ? '*' : ''}`;
    written.push(encoded || !NEEDS_QUOTES_SECTION.test(text) ? `${name}=${text}` : `${name}=${JSON.stringify(text)}`);
  };
  if (isPlainParamValue(value)) plainSections(value, writeSection);
  else encodedSections(value, writeSection);
  return written.join('; ');
}

const CONTROLS = /[\x00-\x1f\x7f]/g;

/** buildHeaderValue(structured): the value, then each parameter (its name without controls) after a `; `. */
export function headerValue(structured: { value: string; params: Record<string, string> }): string {
  const written = Object.keys(structured.params).map((key) =>
    headerParameter(key.replace(CONTROLS, ''), structured.params[key]!),
  );
  const value = structured.value.replace(CONTROLS, '');
  return written.length ? `${value}; ${written.join('; ')}` : value;
}

/** lib/mime-funcs isPlainText(value, true) && !value.includes('=?'): printable ASCII without `"`, no `=?`. */
function isPlainParamValue(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code < 0x20 || code >= 0x7f || code === 0x22) return false;
  }
  return !value.includes('=?');
}

type SectionWriter = (text: string, encoded: boolean) => void;

/** buildHeaderParam()'s plain branch: the value cut into 50-character sections, none of them encoded. */
function plainSections(value: string, write: SectionWriter): void {
  for (let start = 0; start < value.length; start += CONTINUATION_LENGTH) {
    write(value.substring(start, start + CONTINUATION_LENGTH), false);
  }
}

/**
 * buildHeaderParam()'s loop over the characters (a surrogate pair is one), which starts each line either
 * percent-encoded or, when its first character needs no encoding, plain; a plain line that meets a character
 * needing encoding starts over encoded, or ends there when its encoded form would not fit. A line ends before the
 * character that would make it 50 characters long. A line is kept as its range of characters and whether it is
 * encoded (its length follows from the characters' encoded lengths), and written out when it ends.
 */
function encodedSections(value: string, write: SectionWriter): void {
  // The first line carries the charset and language, and is encoded whatever it holds.
  let prefix = true;
  let lineStart = 0;
  let lineEnd = 0;
  let encoded = true;
  let lineLength = CHARSET_PREFIX.length;
  /** A plain line's length once percent-encoded: its spaces become %20. */
  let lineEncodedLength = 0;
  const endLine = () => {
    const text = value.substring(lineStart, lineEnd);
    write(encoded ? (prefix ? CHARSET_PREFIX : '') + percentEncode(text) : text, encoded);
    prefix = false;
  };
  for (let i = 0; i < value.length; ) {
    const width = charWidth(value, i);
    const code = value.charCodeAt(i);
    const plain = code < 0x80 && UNRESERVED[code] === 1;
    let charLength: number;
    if (encoded) charLength = plain ? 1 : percentLength(value, i);
    else if (code === 0x20 || plain) charLength = 1;
    else {
      charLength = percentLength(value, i);
      if (lineEncodedLength + charLength < CONTINUATION_LENGTH) {
        // Start the plain line over from its first character, encoded (buildHeaderParam()'s `i = startPos`).
        encoded = true;
        lineEnd = lineStart;
        lineLength = 0;
        i = lineStart;
        continue;
      }
      endLine();
      encoded = true;
      lineStart = lineEnd = i;
      lineLength = 0;
    }
    if (lineLength + charLength >= CONTINUATION_LENGTH) {
      endLine();
      // A new line starting with a space or an unreserved character starts plain.
      encoded = !(code === 0x20 || plain);
      lineStart = i;
      lineLength = encoded ? percentLength(value, i) : 1;
      lineEncodedLength = code === 0x20 ? 3 : 1;
    } else {
      lineLength += charLength;
      if (!encoded) lineEncodedLength += code === 0x20 ? 3 : 1;
    }
    i += width;
    lineEnd = i;
  }
  if (lineLength > 0) endLine();
}

/** 2 for a surrogate pair, else 1 (a lone surrogate is one character, as buildHeaderParam() splits the value). */
function charWidth(value: string, i: number): number {
  const code = value.charCodeAt(i);
  if (code >= 0xd800 && code <= 0xdbff) {
    const next = value.charCodeAt(i + 1);
    if (next >= 0xdc00 && next <= 0xdfff) return 2;
  }
  return 1;
}

/** The length of safeEncodeURIComponent() of the character at i: `%XX` per UTF-8 byte, a lone surrogate as U+FFFD. */
function percentLength(value: string, i: number): number {
  const code = value.charCodeAt(i);
  if (code < 0x80) return UNRESERVED[code] === 1 ? 1 : 3;
  if (code < 0x800) return 6;
  return charWidth(value, i) === 2 ? 12 : 9;
}

/** safeEncodeURIComponent() of a whole section (the same as of each of its characters, concatenated). */
function percentEncode(text: string): string {
  let encoded: string;
  try {
    encoded = encodeURIComponent(text);
  } catch {
    // A lone surrogate: encoded as U+FFFD, as safeEncodeURIComponent() does through a UTF-8 round trip.
    encoded = encodeURIComponent(Buffer.from(text, 'utf8').toString('utf8'));
  }
  return encoded.replace(/[*'()]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
}
