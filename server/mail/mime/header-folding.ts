/**
 * Header folding exactly as nodemailer's lib/mime-funcs/index.js foldLines(str, lineLength) (afterSpace false)
 * does it, which MimeNode.buildHeaders() applies to every header line it encodes, in linear time and flat memory.
 *
 * Why not nodemailer's own: it takes each line with a substr and up to three regex matches (each a match array
 * and capture strings), the last of them run over the rest of the header; a megabyte Subject or filename folds
 * to a hundred thousand lines or more. Here each line is found by index (`\s` as isJsWhitespace()), and appended
 * with `+=` as nodemailer does (V8 builds that as a rope and flattens it once; faster than joining an array of
 * the pieces; docs/performance.md#2026-11-25-55d0aef-header-folding-in-linear-time).
 * test/unit/header-folding.test.ts compares it with nodemailer's foldLines() on arbitrary strings.
 */
import { isJsWhitespace } from './js-whitespace.js';

export function foldHeaderLines(text: string, lineLength = 76): string {
  const length = text.length;
  let folded = '';
  let start = 0;
  while (start < length) {
    const windowEnd = start + lineLength;
    // The rest fits on one line (`line.length < lineLength`).
    if (windowEnd > length) {
      folded += text.substring(start);
      break;
    }
    // /^[^\n\r]*(\r?\n|\r)/: a line break within the window ends the line after it, and no CRLF is added.
    const breakEnd = lineBreakEnd(text, start, windowEnd);
    if (breakEnd !== -1) {
      folded += text.substring(start, breakEnd);
      start = breakEnd;
      continue;
    }
    const end = foldPoint(text, start, windowEnd);
    folded += text.substring(start, end);
    start = end;
    if (start < length) folded += '\r\n';
  }
  return folded;
}

/** The end of the first line break (CR, LF or CRLF, both halves within the window) in [start, windowEnd), or -1. */
function lineBreakEnd(text: string, start: number, windowEnd: number): number {
  for (let i = start; i < windowEnd; i++) {
    const code = text.charCodeAt(i);
    if (code === 0x0a) return i + 1;
    if (code === 0x0d) return i + 1 < windowEnd && text.charCodeAt(i + 1) === 0x0a ? i + 2 : i + 1;
  }
  return -1;
}

/**
 * Where a full window's line ends: before its last run of whitespace when that run does not start the window
 * (`/(\s+)[^\s]*$/`); else after the word that runs on past the window (`/^[^\s]+(\s*)/` on the rest, the
 * whitespace after it left for the next line); else at the window's end.
 */
function foldPoint(text: string, start: number, windowEnd: number): number {
  let i = windowEnd - 1;
  while (i >= start && !isJsWhitespace(text.charCodeAt(i))) i--;
  if (i >= start) {
    while (i > start && isJsWhitespace(text.charCodeAt(i - 1))) i--;
    if (i > start) return i;
  }
  let end = windowEnd;
  while (end < text.length && !isJsWhitespace(text.charCodeAt(end))) end++;
  return end;
}
