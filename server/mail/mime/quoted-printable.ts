/**
 * Quoted-printable text bodies exactly as nodemailer's lib/qp Encoder writes them (lineLength 76, not binary),
 * computed on the string instead of byte by byte. encode() and wrap() of lib/qp are the reference: encodeText()
 * gives encode(Buffer.from(text)), wrapLines() gives wrap(text, 76), and test/unit/mime-direct.test.ts checks both
 * on random input. They run two to three times faster than lib/qp's, which matters for ~10 KB MJML bodies.
 */
import { Encoder as QpEncoder } from 'nodemailer/lib/qp/index.js';
import { runEncoder } from './run-encoder.js';

/** The Encoder encodes and wraps its input in slices of this many bytes (ENCODE_SLICE_SIZE). */
const ENCODER_SLICE = 64 * 1024;

/**
 * What lib/qp's Encoder outputs for a text part's body written in one chunk. _transform() holds back the
 * trailing spaces and tabs, encodes and wraps the rest, keeping the last line open; _flush() encodes and wraps the
 * held-back whitespace after that open line and ends with it. A body of more than one slice goes through the
 * Encoder itself (the slices are encoded knowing the byte that follows them).
 * `precedingLength`: the encoded length of the lines of the same body before `text`, each ended by a CRLF
 * (text-body.ts encodes those apart); it decides whether lib/qp wraps the body at all (see wrapLines()).
 */
export function quotedPrintableBody(text: string, printable = false, precedingLength = 0): string {
  let end = text.length;
  while (end > 0 && (text.charCodeAt(end - 1) === 0x20 || text.charCodeAt(end - 1) === 0x09)) end--;
  // A UTF-16 unit takes 3 UTF-8 bytes at most, so only long texts need measuring.
  if (end * 3 > ENCODER_SLICE && Buffer.byteLength(text.slice(0, end), 'utf8') > ENCODER_SLICE)
    return runQpEncoder(text);
  if (text.length - end > ENCODER_SLICE) return runQpEncoder(text);
  // Without trailing whitespace the open line is simply the end of the one wrapped slice.
  if (end === text.length) return wrapLines(encodeText(text, printable), precedingLength);
  let output = '';
  let openLine = '';
  let preceding = precedingLength;
  const encodeSlice = (slice: string) => {
    const wrapped = wrapLines(openLine + encodeText(slice, printable), preceding);
    preceding = 0;
    const lastLineBreak = wrapped.lastIndexOf('\n');
    openLine = wrapped.substring(lastLineBreak + 1);
    output += wrapped.substring(0, lastLineBreak + 1);
  };
  if (end > 0) encodeSlice(text.slice(0, end));
  encodeSlice(text.slice(end));
  return output + openLine;
}

function runQpEncoder(text: string): string {
  const parts: Buffer[] = [];
  runEncoder(new QpEncoder({ binary: false }), Buffer.from(text, 'utf8'), parts);
  return Buffer.concat(parts).toString('latin1');
}

/** Anything but TAB, LF, CR and printable ASCII: written as the =XX of its UTF-8 bytes. */
const NON_LITERAL = /[^\t\n\r\x20-\x7e]/u;
const NON_LITERAL_ALL = new RegExp(NON_LITERAL.source, 'gu');
const HEX = '0123456789ABCDEF';
const byteEscape = (byte: number) => `=${HEX[byte >> 4]}${HEX[byte & 15]}`;

/**
 * lib/qp encode(Buffer.from(text, 'utf8')): every byte outside TAB, LF, CR, SP-'<' and '>'-'~' as =XX (upper-case
 * hex), and a space or tab before CR, LF or the end as well. In passes, none of which touches what an earlier
 * one wrote: '=', then the other bytes (a lone surrogate becomes the UTF-8 of U+FFFD, as Buffer.from() makes it),
 * then the whitespace (an escape never ends a line differently than the character it replaced).
 * `printable`: the text is known to hold nothing outside TAB, LF, CR and SP-DEL (MimeNode's isPlainText()).
 */
export function encodeText(text: string, printable = false): string {
  let encoded = text.includes('=') ? text.replaceAll('=', '=3D') : text;
  if (printable ? encoded.includes('\x7f') : NON_LITERAL.test(encoded))
    encoded = encoded.replace(NON_LITERAL_ALL, escapeCodePoint);
  encoded = withWhitespaceEscapedBefore(withWhitespaceEscapedBefore(encoded, '\n'), '\r');
  const last = encoded.charCodeAt(encoded.length - 1);
  if (last === 0x20 || last === 0x09) encoded = `${encoded.slice(0, -1)}${last === 0x20 ? '=20' : '=09'}`;
  return encoded;
}

/**
 * A space or tab right before `lineBreak` as =20 or =09. Searched from the line breaks: spaces are frequent and
 * line breaks are not, so this is several times faster than replacing ' \n'.
 */
function withWhitespaceEscapedBefore(text: string, lineBreak: '\n' | '\r'): string {
  let result = '';
  let copied = 0;
  for (let at = text.indexOf(lineBreak, 1); at !== -1; at = text.indexOf(lineBreak, at + 1)) {
    const before = text.charCodeAt(at - 1);
    if (before !== 0x20 && before !== 0x09) continue;
    result += `${text.substring(copied, at - 1)}${before === 0x20 ? '=20' : '=09'}`;
    copied = at;
  }
  return copied === 0 ? text : result + text.substring(copied);
}

function escapeCodePoint(char: string): string {
  let code = char.codePointAt(0) as number;
  if (code < 0x80) return byteEscape(code);
  if (code >= 0xd800 && code <= 0xdfff) code = 0xfffd;
  if (code < 0x800) return byteEscape(0xc0 | (code >> 6)) + byteEscape(0x80 | (code & 63));
  if (code < 0x10000)
    return byteEscape(0xe0 | (code >> 12)) + byteEscape(0x80 | ((code >> 6) & 63)) + byteEscape(0x80 | (code & 63));
  const lead = byteEscape(0xf0 | (code >> 18)) + byteEscape(0x80 | ((code >> 12) & 63));
  return lead + byteEscape(0x80 | ((code >> 6) & 63)) + byteEscape(0x80 | (code & 63));
}

const LINE_LENGTH = 76;
/** lib/qp wrap(): Math.floor(lineLength / 3), the tail of a line searched for a place to break it. */
const LINE_MARGIN = 25;

const isHex = (code: number) =>
  (code >= 0x30 && code <= 0x39) || (code >= 0x41 && code <= 0x46) || (code >= 0x61 && code <= 0x66);
const isBreakAfter = (code: number) =>
  code === 0x20 || code === 0x09 || code === 0x2e || code === 0x2c || code === 0x21 || code === 0x3f;

/**
 * lib/qp wrap(str, 76) with index arithmetic in place of its per-line regular expressions. Each line is taken
 * from the next 76 characters: up to a CRLF in them; whole if it ends with LF; up to the last LF of its last 25
 * characters when no CR follows that LF; else, when longer than 51, up to the last of ` \t.,!?` in its last 25
 * characters; else, ending in a cut =XX escape, without it, and without trailing escapes of a UTF-8 sequence it
 * would split. A line that does not end the text or with LF gets a soft break (`=` CRLF), shortened to make room.
 * wrap() returns a text of 76 characters or fewer as it is, but breaks the last line of a longer one like any
 * other, even a short one: `precedingLength` counts what came before `str` in the same text.
 */
export function wrapLines(str: string, precedingLength = 0): string {
  const length = str.length;
  if (precedingLength + length <= LINE_LENGTH) return str;
  let result = '';
  let pos = 0;
  // The first CRLF at or after pos, found once rather than once per line.
  let crlf = str.indexOf('\r\n');
  while (pos < length) {
    const end = Math.min(pos + LINE_LENGTH, length);
    if (crlf !== -1 && crlf < pos) crlf = str.indexOf('\r\n', pos);
    if (crlf !== -1 && crlf + 2 <= end) {
      result += str.substring(pos, crlf + 2);
      pos = crlf + 2;
      continue;
    }
    if (str.charCodeAt(end - 1) === 0x0a) {
      result += str.substring(pos, end);
      pos = end;
      continue;
    }
    const tail = scanTail(str, Math.max(pos, end - LINE_MARGIN), end);
    if (tail < -1) {
      const lineFeed = -tail - 2;
      result += str.substring(pos, lineFeed + 1);
      pos = lineFeed + 1;
      continue;
    }
    let lineEnd = end;
    if (end - pos > LINE_LENGTH - LINE_MARGIN && tail !== -1) lineEnd = tail + 1;
    else if (endsInEscape(str, pos, end, 0)) lineEnd = withoutSplitSequence(str, pos, end, length);
    if (lineEnd === pos) lineEnd = end;
    if (lineEnd < length && str.charCodeAt(lineEnd - 1) !== 0x0a) {
      if (lineEnd - pos === LINE_LENGTH) lineEnd -= endsInEscape(str, pos, lineEnd, 2) ? 3 : 1;
      result += `${str.substring(pos, lineEnd)}=\r\n`;
    } else {
      result += str.substring(pos, lineEnd);
    }
    pos = lineEnd;
  }
  return result;
}

/**
 * One backward scan of a line's last 25 characters, str[from, end), for both of wrap()'s searches there: the last
 * LF when no CR follows it (`/\n.*?$/`, `.` stops at CR and LF), answered as -2 - its index, else the last of
 * ` \t.,!?` (`/[ \t.,!?][^ \t.,!?]*$/`), or -1 for neither. (A number, not an object: this runs once per line.)
 */
function scanTail(str: string, from: number, end: number): number {
  let breakAfter = -1;
  let lineFeedPossible = true;
  for (let at = end - 1; at >= from; at--) {
    const code = str.charCodeAt(at);
    // An earlier LF cannot match: `.*?$` would have to cross this one.
    if (code === 0x0a && lineFeedPossible) return -2 - at;
    if (code === 0x0d || code === 0x0a) lineFeedPossible = false;
    else if (breakAfter === -1 && isBreakAfter(code)) breakAfter = at;
  }
  return breakAfter;
}

/** Whether str[pos, end) ends with '=' and then `minHex` to 2 hex digits (/[=][\da-f]{min,2}$/i). */
function endsInEscape(str: string, pos: number, end: number, minHex: number): boolean {
  for (let hex = minHex; hex <= 2; hex++) {
    const at = end - 1 - hex;
    if (at < pos || str.charCodeAt(at) !== 0x3d) continue;
    let digits = true;
    for (let i = at + 1; i < end; i++) digits &&= isHex(str.charCodeAt(i));
    if (digits) return true;
  }
  return false;
}

/**
 * wrap()'s handling of a line cut inside an escape: drop a trailing '=' or '=X', then, while the line is longer
 * than 3, is not the rest of the text, is not just 1 to 4 escapes and ends with an escape of a non-ASCII byte,
 * drop that escape, stopping after a UTF-8 lead byte (>= 0xC0). Returns the new end of the line.
 */
function withoutSplitSequence(str: string, pos: number, end: number, length: number): number {
  let lineEnd = end;
  if (str.charCodeAt(lineEnd - 1) === 0x3d) lineEnd -= 1;
  else if (lineEnd - 2 >= pos && str.charCodeAt(lineEnd - 2) === 0x3d && isHex(str.charCodeAt(lineEnd - 1)))
    lineEnd -= 2;
  while (
    lineEnd - pos > 3 &&
    lineEnd - pos < length - pos &&
    !onlyEscapes(str, pos, lineEnd) &&
    endsInEscape(str, pos, lineEnd, 2)
  ) {
    const code = Number.parseInt(str.substring(lineEnd - 2, lineEnd), 16);
    if (code < 128) break;
    lineEnd -= 3;
    if (code >= 0xc0) break;
  }
  return lineEnd;
}

/** /^(?:=[\da-f]{2}){1,4}$/i on str[pos, end). */
function onlyEscapes(str: string, pos: number, end: number): boolean {
  const size = end - pos;
  if (size % 3 !== 0 || size < 3 || size > 12) return false;
  for (let at = pos; at < end; at += 3) {
    if (str.charCodeAt(at) !== 0x3d || !isHex(str.charCodeAt(at + 1)) || !isHex(str.charCodeAt(at + 2))) return false;
  }
  return true;
}
