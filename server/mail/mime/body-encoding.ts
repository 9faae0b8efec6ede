/**
 * Part bodies as MimeNode writes them: the Content-Transfer-Encoding it picks for a text part
 * (setContent() + getTransferEncoding()), and lib/base64's Encoder output, computed without streams.
 * Quoted-printable bodies are in quoted-printable.ts.
 */
import { isPlainText } from 'nodemailer/lib/mime-funcs/index.js';
import { mimeWordEncoding } from './mime-word-encoding.js';

export type TransferEncoding = '7bit' | 'quoted-printable' | 'base64';

export interface TextBodyEncoding {
  encoding: TransferEncoding;
  /** MimeNode's _isPlainText: nothing outside TAB, LF, CR and SP-DEL (quoted-printable.ts can skip a scan). */
  printable: boolean;
}

/**
 * MimeNode.setContent() + getTransferEncoding() for a string body of a text/* part: 7bit when printable ASCII
 * with no line over 76 characters, else quoted-printable or base64 by _getTextEncoding() of the whole text.
 */
export function textBodyEncoding(content: string): TextBodyEncoding {
  if (isPlainText(content)) {
    if (!hasLineLongerThan76(content)) return { encoding: '7bit', printable: true };
    // Plain text has no character _getTextEncoding() counts against Latin letters: one letter makes it Q.
    return { encoding: /[A-Za-z]/.test(content) ? 'quoted-printable' : 'base64', printable: true };
  }
  return { encoding: mimeWordEncoding(content) === 'Q' ? 'quoted-printable' : 'base64', printable: false };
}

/**
 * lib/mime-funcs hasLongerLines(content, 76) as a scan instead of `new RegExp('^.{77,}', 'm')`: over 128 KB counts
 * as long without looking, and a line ends where `.` stops matching (LF, CR, U+2028, U+2029).
 */
export function hasLineLongerThan76(content: string): boolean {
  if (content.length > 128 * 1024) return true;
  let run = 0;
  for (let i = 0; i < content.length; i++) {
    const code = content.charCodeAt(i);
    if (code === 0x0a || code === 0x0d || code === 0x2028 || code === 0x2029) run = 0;
    else if (++run > 76) return true;
  }
  return false;
}

const BASE64_LINE_LENGTH = 76;

/** How many bytes writeBase64Lines() writes for `bytes`. */
export function base64LinesLength(bytes: Buffer): number {
  const encoded = Math.ceil(bytes.length / 3) * 4;
  return encoded + 2 * Math.max(0, Math.ceil(encoded / BASE64_LINE_LENGTH) - 1);
}

/**
 * Writes what lib/base64's Encoder outputs (its doc: wrap(encode(input), 76)) into `target` at `offset`: lines of
 * 76 characters joined by CRLF, no line break after the last one, nothing for no bytes. The encoded text is
 * written at the offset, then each line moved to its place from the last one back, which needs no second buffer.
 * Returns the number of bytes written.
 */
export function writeBase64Lines(bytes: Buffer, target: Buffer, offset: number): number {
  const encoded = bytes.toString('base64');
  target.write(encoded, offset, 'latin1');
  const lines = Math.ceil(encoded.length / BASE64_LINE_LENGTH);
  for (let line = lines - 1; line > 0; line--) {
    const from = offset + line * BASE64_LINE_LENGTH;
    const to = from + 2 * line;
    target.copyWithin(to, from, Math.min(from + BASE64_LINE_LENGTH, offset + encoded.length));
    target[to - 2] = 0x0d;
    target[to - 1] = 0x0a;
  }
  return encoded.length + 2 * Math.max(0, lines - 1);
}
