/**
 * A text part's body as the message carries it: its Content-Transfer-Encoding and encoded text, computed line by
 * line with each line's result remembered.
 *
 * Line breaks become CRLF before anything else: the canonical form of text (RFC 2045 §6.7 and §6.8), and what
 * Symfony Mime's quoted-printable encoder, which Mailcoach sends with, makes of them too. MailComposer is given
 * the same canonical text (composer-fallback.ts), so both paths still write the same bytes.
 *
 * What this buys: in CRLF text, every step of MimeNode's encoding works line by line. The 7bit test (printable,
 * no line over 76), the letter count that picks quoted-printable and the encoding itself all stop at a CRLF:
 * lib/qp's encode() escapes byte by byte (a space or tab by what follows it), and its wrap() ends a line at a CRLF
 * within its next 76 characters and breaks longer lines before their CR, so the text after a CRLF is wrapped as
 * if it began the body. Sends of one template, or of one app's own HTML, repeat most of their lines; only the
 * changed ones (the replaced values) are encoded anew. Building an MJML mail (~10 KB, 270 lines) went from 193.5
 * to 100.9 µs in `npx tsx test/bench/mime.ts`.
 * test/unit/mime-direct.test.ts checks this against textBodyEncoding() + quotedPrintableBody() on random text,
 * with the memo cold and warm.
 */
import { isPlainText } from 'nodemailer/lib/mime-funcs/index.js';
import { hasLineLongerThan76, textBodyEncoding, type TransferEncoding } from './body-encoding.js';
import { mimeWordEncoding } from './mime-word-encoding.js';
import { withCrlfLineBreaks } from './newlines.js';
import { encodeText, quotedPrintableBody, wrapLines } from './quoted-printable.js';

export interface EncodedTextBody {
  encoding: TransferEncoding;
  /** The encoded text, or the bytes to write base64-encoded. */
  body: string | { base64: Buffer };
}

/** What a CRLF-terminated line contributes to the choice of encoding, and its quoted-printable form once needed. */
interface LineFacts {
  /** Nothing outside TAB, LF, CR and SP-DEL (nodemailer's isPlainText()). */
  printable: boolean;
  /** A run of more than 76 characters between line breaks (hasLongerLines(content, 76)). */
  long: boolean;
  /** A Latin letter: printable text with one is quoted-printable, without one base64 (_getTextEncoding()). */
  letter: boolean;
  qp: string | undefined;
}

/**
 * Texts above lib/qp's Encoder slice (64 KB) are encoded slice by slice, and hasLongerLines() counts any text
 * over 128 KB as long without looking: those keep the whole-text path.
 */
const ENCODER_SLICE = 64 * 1024;
/** Longer lines are not remembered: V8 hashes strings longer than 16,383 characters by their length alone. */
const MAX_REMEMBERED_LINE = 8 * 1024;
/** The memo is emptied past this many characters (lines and encodings): a few MB per thread at most. */
const MAX_REMEMBERED_CHARS = 2_000_000;

const memo = new Map<string, LineFacts>();
let rememberedChars = 0;

export function encodeTextBody(content: string): EncodedTextBody {
  const canonical = withCrlfLineBreaks(content);
  if (canonical.length * 3 > ENCODER_SLICE && Buffer.byteLength(canonical, 'utf8') > ENCODER_SLICE) return wholeText(canonical);
  const lines: Array<{ line: string; facts: LineFacts }> = [];
  let printable = true;
  let long = false;
  let letter = false;
  let start = 0;
  for (let at = canonical.indexOf('\r\n'); at !== -1; at = canonical.indexOf('\r\n', at + 2)) {
    const line = canonical.substring(start, at + 2);
    const facts = factsOf(line);
    printable &&= facts.printable;
    long ||= facts.long;
    letter ||= facts.letter;
    lines.push({ line, facts });
    start = at + 2;
  }
  const tail = canonical.substring(start);
  const tailFacts = computeFacts(tail);
  printable &&= tailFacts.printable;
  long ||= tailFacts.long;
  letter ||= tailFacts.letter;

  // MimeNode's choice (body-encoding.ts textBodyEncoding()), from the lines' facts.
  let encoding: TransferEncoding;
  if (printable) encoding = !long ? '7bit' : letter ? 'quoted-printable' : 'base64';
  else encoding = mimeWordEncoding(canonical) === 'Q' ? 'quoted-printable' : 'base64';
  if (encoding === '7bit') return { encoding, body: canonical };
  if (encoding === 'base64') return { encoding, body: { base64: Buffer.from(canonical, 'utf8') } };
  let body = '';
  for (const { line, facts } of lines) {
    if (facts.qp === undefined) {
      facts.qp = wrapLines(encodeText(line, facts.printable));
      if (memo.get(line) === facts) rememberedChars += facts.qp.length;
    }
    body += facts.qp;
  }
  // The last line, without a CRLF of its own, ends the text: lib/qp treats its trailing whitespace apart.
  return { encoding, body: tail === '' ? body : body + quotedPrintableBody(tail, tailFacts.printable, body.length) };
}

function wholeText(canonical: string): EncodedTextBody {
  const { encoding, printable } = textBodyEncoding(canonical);
  if (encoding === '7bit') return { encoding, body: canonical };
  if (encoding === 'base64') return { encoding, body: { base64: Buffer.from(canonical, 'utf8') } };
  return { encoding, body: quotedPrintableBody(canonical, printable) };
}

function factsOf(line: string): LineFacts {
  const known = memo.get(line);
  if (known !== undefined) return known;
  const facts = computeFacts(line);
  if (line.length <= MAX_REMEMBERED_LINE) {
    if (rememberedChars > MAX_REMEMBERED_CHARS) {
      memo.clear();
      rememberedChars = 0;
    }
    memo.set(line, facts);
    rememberedChars += line.length;
  }
  return facts;
}

const LATIN_LETTER = /[A-Za-z]/;

function computeFacts(line: string): LineFacts {
  return { printable: isPlainText(line), long: hasLineLongerThan76(line), letter: LATIN_LETTER.test(line), qp: undefined };
}
