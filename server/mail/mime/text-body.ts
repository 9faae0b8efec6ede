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
 * changed ones (the replaced values) are encoded anew
 * (docs/performance.md#2026-11-22-b56c15e-text-bodies-encoded-line-by-line-each-lines-result-remembered).
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

/**
 * `parts`: optionally, `content` as the concatenation of these, the even ones fixed for every send of a template
 * version (the CSS-inlined body between its placeholders, render/template-cache.ts) and the odd ones the values
 * put between them. The complete lines inside a fixed part are then found, judged and encoded once per part,
 * not once per send: only the lines that hold a value are looked at again. The result is the same as without.
 */
export function encodeTextBody(content: string, parts?: readonly string[]): EncodedTextBody {
  if (parts !== undefined) {
    const lines = linesOfParts(content, parts);
    if (lines !== null) return encodeLines(lines);
  }
  const canonical = withCrlfLineBreaks(content);
  if (canonical.length * 3 > ENCODER_SLICE && Buffer.byteLength(canonical, 'utf8') > ENCODER_SLICE)
    return wholeText(canonical);
  const lines = newLines();
  lines.tail = canonical.substring(eachLine(canonical, (line) => addLine(lines, line)));
  return encodeLines(lines, canonical);
}

/** Calls `each` with every CRLF-terminated line of `text`, in order; returns where the text after them starts. */
function eachLine(text: string, each: (line: string) => void): number {
  let start = 0;
  for (let at = text.indexOf('\r\n'); at !== -1; at = text.indexOf('\r\n', at + 2)) {
    each(text.substring(start, at + 2));
    start = at + 2;
  }
  return start;
}

/** What lines add up to for the choice of encoding. */
interface Aggregate {
  printable: boolean;
  long: boolean;
  letter: boolean;
}

interface Line {
  line: string;
  facts: LineFacts;
}

/** A text's CRLF-terminated lines with their facts, in order, then the text after the last CRLF. */
interface Lines extends Aggregate {
  items: Array<Line | FixedLines>;
  tail: string;
}

const newLines = (): Lines => ({ items: [], printable: true, long: false, letter: false, tail: '' });

function addLine(lines: Lines, line: string): void {
  const facts = factsOf(line);
  lines.items.push({ line, facts });
  addFacts(lines, facts);
}

function addFacts(aggregate: Aggregate, facts: Aggregate): void {
  aggregate.printable &&= facts.printable;
  aggregate.long ||= facts.long;
  aggregate.letter ||= facts.letter;
}

/** `canonical`: the whole canonical text, when the caller has it (else it is joined when needed). */
function encodeLines(lines: Lines, canonical?: string): EncodedTextBody {
  const tailFacts = computeFacts(lines.tail);
  addFacts(lines, tailFacts);
  const whole = () =>
    canonical ?? lines.items.map((item) => ('line' in item ? item.line : item.text)).join('') + lines.tail;
  // MimeNode's choice (body-encoding.ts textBodyEncoding()), from the lines' facts.
  let encoding: TransferEncoding;
  if (lines.printable) encoding = !lines.long ? '7bit' : lines.letter ? 'quoted-printable' : 'base64';
  else encoding = mimeWordEncoding(whole()) === 'Q' ? 'quoted-printable' : 'base64';
  if (encoding === '7bit') return { encoding, body: whole() };
  if (encoding === 'base64') return { encoding, body: { base64: Buffer.from(whole(), 'utf8') } };
  let body = '';
  for (const item of lines.items) {
    if ('line' in item) {
      const { line, facts } = item;
      if (facts.qp === undefined) {
        facts.qp = wrapLines(encodeText(line, facts.printable));
        if (memo.get(line) === facts) rememberedChars += facts.qp.length;
      }
      body += facts.qp;
    } else {
      // Each line as the loop above encodes one.
      item.qp ??= item.lines.map(({ line, facts }) => wrapLines(encodeText(line, facts.printable))).join('');
      body += item.qp;
    }
  }
  // The last line, without a CRLF of its own, ends the text: lib/qp treats its trailing whitespace apart.
  const { tail } = lines;
  return { encoding, body: tail === '' ? body : body + quotedPrintableBody(tail, tailFacts.printable, body.length) };
}

/** The complete lines inside a fixed part: their text, each with its facts, what they add up to, their encoding. */
interface FixedLines extends Aggregate {
  text: string;
  lines: Line[];
  qp: string | undefined;
}

/** A fixed part, canonical, split at its first and last line break: the same for every send of its template. */
interface FixedPart {
  canonical: string;
  /** The end of its first line (after the CRLF), -1 when it has no CRLF. */
  firstLineEnd: number;
  /** Where the text after its last CRLF starts. */
  lastLineStart: number;
  /** The complete lines from firstLineEnd to lastLineStart; null when there are none. */
  middle: FixedLines | null;
}

/** Fixed parts by their text; a template's parts are the same strings send after send, so a lookup hashes nothing. */
const fixedParts = new Map<string, FixedPart>();
let fixedChars = 0;

/**
 * The lines of parts.join(''), the fixed parts' complete lines taken whole from fixedParts; null when the parts
 * cannot be split apart this way, which encodeTextBody() then does on the whole text.
 * Exact when no value holds a CR or LF and no fixed part ends with CR: then a line break never spans two parts,
 * and withCrlfLineBreaks() of the whole is that of each part (an LF starting a part follows no CR).
 */
function linesOfParts(content: string, parts: readonly string[]): Lines | null {
  // The parts must make the text. Compared as substrings (2 us for an MJML mail's 8.7 KB): startsWith(part, at)
  // took 68 us there.
  let length = 0;
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i] as string;
    if (i % 2 === 1 ? part.includes('\n') || part.includes('\r') : part.endsWith('\r')) return null;
    if (content.substring(length, length + part.length) !== part) return null;
    length += part.length;
  }
  if (length !== content.length || parts.length % 2 === 0) return null;
  const lines = newLines();
  let canonicalLength = 0;
  let open = '';
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i] as string;
    if (i % 2 === 1) {
      open += part;
      canonicalLength += part.length;
      continue;
    }
    const fixed = fixedPartOf(part);
    canonicalLength += fixed.canonical.length;
    if (fixed.firstLineEnd === -1) {
      open += fixed.canonical;
      continue;
    }
    addLine(lines, open + fixed.canonical.substring(0, fixed.firstLineEnd));
    if (fixed.middle !== null) {
      lines.items.push(fixed.middle);
      addFacts(lines, fixed.middle);
    }
    open = fixed.canonical.substring(fixed.lastLineStart);
  }
  // Large texts take the whole-text path (encodeTextBody()), which measures their bytes.
  if (canonicalLength * 3 > ENCODER_SLICE) return null;
  lines.tail = open;
  return lines;
}

/** How many fixed parts are remembered (for tests: that the parts were split apart rather than joined). */
export const fixedPartsRemembered = (): number => fixedParts.size;

function fixedPartOf(part: string): FixedPart {
  const known = fixedParts.get(part);
  if (known !== undefined) return known;
  const canonical = withCrlfLineBreaks(part);
  const first = canonical.indexOf('\r\n');
  const last = canonical.lastIndexOf('\r\n');
  const firstLineEnd = first === -1 ? -1 : first + 2;
  const lastLineStart = last === -1 ? 0 : last + 2;
  let middle: FixedLines | null = null;
  if (firstLineEnd !== -1 && lastLineStart > firstLineEnd) {
    const text = canonical.substring(firstLineEnd, lastLineStart);
    const fixedLines: FixedLines = { text, lines: [], printable: true, long: false, letter: false, qp: undefined };
    // Not through the memo (factsOf()): these lines are remembered here, with their part.
    eachLine(text, (line) => {
      const facts = computeFacts(line);
      fixedLines.lines.push({ line, facts });
      addFacts(fixedLines, facts);
    });
    middle = fixedLines;
  }
  if (fixedChars > MAX_REMEMBERED_CHARS) {
    fixedParts.clear();
    fixedChars = 0;
  }
  const fixed = { canonical, firstLineEnd, lastLineStart, middle };
  fixedParts.set(part, fixed);
  // The part, its canonical copy and, once encoded, the lines' quoted-printable form: about three times its size.
  fixedChars += part.length * 3;
  return fixed;
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
  return {
    printable: isPlainText(line),
    long: hasLineLongerThan76(line),
    letter: LATIN_LETTER.test(line),
    qp: undefined,
  };
}
