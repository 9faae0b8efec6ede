/**
 * RFC 2047 encoded words exactly as nodemailer writes them (lib/mime-funcs/index.js: encodeWord(),
 * splitMimeEncodedString(), and encodeWords() with encodeAll, which MimeNode uses for Subject, custom headers,
 * display names and the QQ `name=` parameter), byte for byte, in linear time and flat memory.
 *
 * Why not nodemailer's own: for a megabyte value (a Subject, a display name, an attachment's filename, all of which
 * Mailcoach accepts) it builds the Q text with a regex callback per byte, splits it with a substr and two regex
 * matches per 40 characters, and the B text with a string concatenation and a Buffer.byteLength of the whole
 * part per character: tens of megabytes of short-lived strings and match arrays per field, which is what made the
 * render worker's heap (and the process's RSS) peak under the hostile-input fuzz. Here the bytes are encoded into
 * one buffer, the split points are found by index, and the result is written into one buffer of its exact size.
 * test/unit/encoded-words.test.ts compares both with nodemailer's on arbitrary strings.
 */
import { isJsWhitespace } from './js-whitespace.js';

export type WordEncoding = 'Q' | 'B';

/** encodeWord() takes the `=?UTF-8?X?` and `?=` around each word off the maximum length it is given. */
const WORD_FRAME_LENGTH = 12;

const EQUALS = 0x3d;
const HEX_DIGITS = Buffer.from('0123456789ABCDEF', 'latin1');

/** The bytes RFC 2047 §5 rule (3) lets stand in a Q word: what both qp.encode() and encodeWord()'s replace keep. */
const Q_LITERAL = new Uint8Array(256);
for (const char of 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!*+-/')
  Q_LITERAL[char.charCodeAt(0)] = 1;

/** encodeWord(value, encoding, maxLength) of lib/mime-funcs, for a string value. */
export function encodeWord(value: string, encoding: WordEncoding, maxLength: number): string {
  let limit = maxLength || 0;
  if (limit && limit > WORD_FRAME_LENGTH) limit -= WORD_FRAME_LENGTH;
  const bytes = Buffer.from(value, 'utf8');
  return encoding === 'Q' ? qWords(bytes, limit) : bWords(value, bytes, limit);
}

/**
 * encodeWords(value, encoding, maxLength, true) of lib/mime-funcs: the whole value as encoded words when it holds
 * a quote, a non-ASCII character or a look-alike of an encoded word that is not a valid one; else the value itself.
 */
export function encodeWordsWhole(value: string, encoding: WordEncoding, maxLength: number): string {
  return needsEncodedWords(value) ? encodeWord(value, encoding, maxLength) : value;
}

function needsEncodedWords(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code === 0x22 || code >= 0x80) return true;
  }
  return value.includes('=?') && hasInvalidEncodedWordLookAlike(value);
}

// ---- Q --------------------------------------------------------------------------------------------------------

/**
 * qp.encode() then encodeWord()'s replace, in one pass over the UTF-8 bytes: the letters, digits and `!*+-/` stay,
 * a space becomes `_` unless it ends the value or stands before CR or LF (qp.encode() writes that one as `=20`,
 * which the replace keeps), every other byte is `=XX`.
 */
function qEncode(bytes: Buffer): Buffer {
  const out = Buffer.allocUnsafe(bytes.length * 3);
  let at = 0;
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i] as number;
    if (Q_LITERAL[byte] === 1) {
      out[at++] = byte;
      continue;
    }
    if (byte === 0x20) {
      const next = i + 1 < bytes.length ? bytes[i + 1] : undefined;
      if (next !== undefined && next !== 0x0a && next !== 0x0d) {
        out[at++] = 0x5f;
        continue;
      }
    }
    out[at++] = EQUALS;
    out[at++] = HEX_DIGITS[byte >> 4] as number;
    out[at++] = HEX_DIGITS[byte & 0x0f] as number;
  }
  return out.subarray(0, at);
}

function qWords(bytes: Buffer, limit: number): string {
  const encoded = qEncode(bytes);
  const ends = limit && encoded.length > limit ? qSplitPoints(encoded, limit) : [encoded.length];
  return framedWords(encoded, ends, 'Q');
}

const isHexDigit = (byte: number | undefined): boolean =>
  byte !== undefined &&
  ((byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x46) || (byte >= 0x61 && byte <= 0x66));

const hexValue = (byte: number): number => (byte <= 0x39 ? byte - 0x30 : (byte | 0x20) - 0x57);

/**
 * splitMimeEncodedString(encoded, limit): where each piece ends. A piece is at most max(limit, 12) characters; an
 * `=` or `=X` at its end (an escape cut in half) moves to the next piece, and so do the `=XX` of a character whose
 * bytes go on after it (a UTF-8 continuation byte, 0x80-0xC1, follows); a piece that would be left empty is taken
 * whole instead (the fallback for malformed input).
 */
function qSplitPoints(encoded: Buffer, limit: number): number[] {
  const maxPiece = Math.max(limit, 12);
  const length = encoded.length;
  const ends: number[] = [];
  let start = 0;
  while (start < length) {
    let piece = Math.min(maxPiece, length - start);
    // /[=][0-9A-F]?$/i
    if (encoded[start + piece - 1] === EQUALS) piece -= 1;
    else if (piece >= 2 && encoded[start + piece - 2] === EQUALS && isHexDigit(encoded[start + piece - 1])) piece -= 2;
    const fallback = piece > 0 ? piece : Math.min(maxPiece, length - start);
    while (piece > 0) {
      // /^[=]([0-9A-F]{2})/i on what follows the piece
      const next = start + piece;
      if (encoded[next] !== EQUALS || !isHexDigit(encoded[next + 1]) || !isHexDigit(encoded[next + 2])) break;
      const byte = hexValue(encoded[next + 1] as number) * 16 + hexValue(encoded[next + 2] as number);
      if (!(byte < 0xc2 && byte > 0x7f)) break;
      piece = Math.max(piece - 3, 0);
    }
    if (piece === 0) piece = fallback;
    start += piece;
    ends.push(start);
  }
  return ends;
}

// ---- B --------------------------------------------------------------------------------------------------------

/** The UTF-8 length of the character at `index`: a surrogate pair (4 bytes) counts as the code unit after it too. */
function utf8Length(value: string, index: number): { units: number; bytes: number } {
  const code = value.charCodeAt(index);
  if (code < 0x80) return ONE_BYTE;
  if (code < 0x800) return TWO_BYTES;
  if (code >= 0xd800 && code <= 0xdbff) {
    const next = value.charCodeAt(index + 1);
    if (next >= 0xdc00 && next <= 0xdfff) return PAIR;
  }
  // A lone surrogate is written as U+FFFD, 3 bytes, as Buffer.from() and Buffer.byteLength() do.
  return THREE_BYTES;
}
const ONE_BYTE = { units: 1, bytes: 1 };
const TWO_BYTES = { units: 1, bytes: 2 };
const THREE_BYTES = { units: 1, bytes: 3 };
const PAIR = { units: 2, bytes: 4 };

const base64Length = (bytes: number): number => Math.ceil(bytes / 3) * 4;

/**
 * encodeWord()'s B branch. With a limit, the text is cut into parts of at most (limit rounded down to whole base64
 * quads, in bytes) UTF-8 bytes without splitting a character, each base64-encoded on its own. The parts are found
 * as byte ranges of the value's UTF-8 bytes (a part never ends between the two halves of a surrogate pair, so its
 * bytes are the same on their own as within the whole value).
 */
function bWords(value: string, bytes: Buffer, wordLimit: number): string {
  const limit = wordLimit ? Math.max(3, ((wordLimit - (wordLimit % 4)) / 4) * 3) : 0;
  if (!limit || base64Length(bytes.length) <= limit) return framedWords(bytes, [bytes.length], 'B');
  const ends: number[] = [];
  let partBytes = 0;
  let offset = 0;
  for (let i = 0; i < value.length; i++) {
    const char = utf8Length(value, i);
    i += char.units - 1;
    // `Buffer.byteLength(lpart + chr) <= maxLength || i === 0`, with i already past a pair's second half.
    if (partBytes + char.bytes <= limit || i === 0) partBytes += char.bytes;
    else {
      // An empty part is possible (a pair first, a limit under 4 bytes): nodemailer writes it as an empty word.
      ends.push(offset + partBytes);
      offset += partBytes;
      partBytes = char.bytes;
    }
  }
  if (partBytes > 0) ends.push(offset + partBytes);
  return framedWords(bytes, ends, 'B');
}

// ---- output ---------------------------------------------------------------------------------------------------

/**
 * `=?UTF-8?X?` + the pieces joined by `?= =?UTF-8?X?` + `?=`, written into one buffer. For Q the pieces are
 * ranges of the encoded text; for B, ranges of the UTF-8 bytes, each written as base64.
 */
function framedWords(source: Buffer, ends: number[], encoding: WordEncoding): string {
  const open = `=?UTF-8?${encoding}?`;
  const separator = `?= ${open}`;
  let size = open.length + 2 + separator.length * (ends.length - 1);
  let previous = 0;
  for (const end of ends) {
    size += encoding === 'Q' ? end - previous : base64Length(end - previous);
    previous = end;
  }
  const out = Buffer.allocUnsafe(size);
  let at = out.write(open, 0, 'latin1');
  previous = 0;
  for (let index = 0; index < ends.length; index++) {
    const end = ends[index] as number;
    if (index > 0) at += out.write(separator, at, 'latin1');
    at +=
      encoding === 'Q'
        ? source.copy(out, at, previous, end)
        : out.write(source.toString('base64', previous, end), at, 'latin1');
    previous = end;
  }
  out.write('?=', at, 'latin1');
  return out.toString('latin1');
}

// ---- encoded-word look-alikes ---------------------------------------------------------------------------------

/** RFC 2047 §2's encoded-word, as lib/mime-funcs VALID_ENCODED_WORD spells it. */
const VALID_ENCODED_WORD = /^=\?[^\s()<>@,;:"/[\]?.=]+\?[BbQq]\?[^?\s]+\?=$/;
/** What a lenient decoder reads as an encoded word (lib/mime-funcs LENIENT_ENCODED_WORD), applied at a `=?`. */
const LENIENT_ENCODED_WORD = /[=]\?[^?]*\?[BbQq]\?[^?]*\?=/y;

/**
 * Whether lib/mime-funcs _markInvalidEncodedWords() marks anything in a value: a word that a receiver would read
 * as an encoded word (or that begins with `=?` and ends with `?=`) and that is not one valid encoded word on its
 * own. The same walk (each word's bounds found once), stopping at the first such word.
 */
function hasInvalidEncodedWordLookAlike(value: string): boolean {
  const length = value.length;
  const isSpace = (at: number) => at >= 0 && at < length && isJsWhitespace(value.charCodeAt(at));
  let wordStart = 0;
  let wordEnd = -1;
  const wordAt = (at: number) => {
    if (at < wordEnd) return;
    wordStart = at;
    while (wordStart > 0 && !isSpace(wordStart - 1)) wordStart--;
    wordEnd = at;
    while (wordEnd < length && !isSpace(wordEnd)) wordEnd++;
  };
  let at = value.indexOf('=?');
  while (at >= 0) {
    wordAt(at);
    const start = wordStart;
    LENIENT_ENCODED_WORD.lastIndex = at;
    const match = LENIENT_ENCODED_WORD.exec(value);
    const end = match ? at + match[0].length : wordEnd;
    if (match && end > wordEnd) wordAt(end - 1);
    const wordLength = wordEnd - start;
    const looksLike = match ? true : start === at && wordLength >= 4 && value.startsWith('?=', wordEnd - 2);
    const valid =
      start === at && wordEnd === end && wordLength <= 75 && VALID_ENCODED_WORD.test(value.substring(start, wordEnd));
    if (looksLike && !valid) return true;
    at = value.indexOf('=?', match ? end : at + 2);
  }
  return false;
}
