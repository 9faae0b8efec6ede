/**
 * postal-mime with RFC 2046 section 5.1.1's rule for a part's end: the line break before a boundary line belongs to
 * the boundary, not to the part. postal-mime 4.0.0 decodes a part line by line and ends each line (identity and
 * quoted-printable) with `\n`, the last one too, so `exact text` CRLF `--boundary` became `"exact text\n"`, and a
 * part ending in a line break two (`"exact text\n\n"`). enmime, which Mailpit reads messages with, gives
 * `exact text` there (docs/spec/mailpit-api.md#252-text-and-html-enmime-envelopego), and so do we now; a
 * single-part message keeps its last line break, which no boundary follows.
 *
 * postal-mime documents no hook for this: the subclass reaches its parser's `processLine`, `boundaries` and
 * `currentNode` and the decoders' buffers, which postal-mime marks internal (written against 4.0.0, which
 * package.json pins; test/unit/received-mail.test.ts and test/contract/smtp-parity.test.ts pin the result).
 * A message/rfc822 part is parsed by postal-mime's own parser, with its rule.
 */
import PostalMime from 'postal-mime';

const LF = 0x0a;
const HYPHEN = 0x2d;
const EQUALS = 0x3d;

interface Boundary {
  value: Uint8Array;
}

/** postal-mime's MimeNode, the members read here. */
interface PartNode {
  state: 'header' | 'body' | 'finished';
  contentTransferEncoding: { encoding: string };
  contentDecoder?: unknown;
}

interface ParserInternals {
  boundaries: Boundary[];
  currentNode: PartNode;
}

export class MimeParser extends PostalMime {
  /** The line fed before this one, to tell a quoted-printable soft break (`=` at the end) from a hard one. */
  private previousLine: Uint8Array | null = null;

  async processLine(line: Uint8Array<ArrayBuffer>, isFinal: boolean): Promise<void> {
    const internals = this as unknown as ParserInternals;
    if (isBoundaryLine(line, internals.boundaries)) dropLastLineBreak(internals.currentNode, this.previousLine);
    this.previousLine = line;
    // @ts-expect-error: postal-mime's processLine is internal, declared in its sources, not in its types.
    return super.processLine(line, isFinal);
  }
}

/** `--boundary` or `--boundary--` of an open multipart, then only spaces and tabs (postal-mime's own test). */
function isBoundaryLine(line: Uint8Array, boundaries: readonly Boundary[]): boolean {
  if (line.length < 3 || line[0] !== HYPHEN || line[1] !== HYPHEN) return false;
  return boundaries.some(({ value }) => {
    if (line.length < value.length + 2) return false;
    for (let j = 0; j < value.length; j++) if (line[j + 2] !== value[j]) return false;
    let end = value.length + 2;
    if (line[end] === HYPHEN && line[end + 1] === HYPHEN) end += 2;
    for (let j = end; j < line.length; j++) if (line[j] !== 0x20 && line[j] !== 0x09) return false;
    return true;
  });
}

/** Takes back the `\n` the decoder added after the part's last line (base64 adds none). */
function dropLastLineBreak(node: PartNode, previousLine: Uint8Array | null): void {
  if (node.state !== 'body' || previousLine === null) return;
  const decoder = node.contentDecoder as Record<string, unknown> | undefined;
  if (decoder === undefined) return;
  const encoding = node.contentTransferEncoding.encoding.toLowerCase();
  if (encoding.includes('base64')) return;
  if (encoding.includes('quoted-printable')) {
    if (previousLine.at(-1) === EQUALS) return;
    const qp = decoder as { buffer: Uint8Array; bufferPos: number; chunks: Uint8Array[] };
    if (qp.bufferPos > 0) {
      if (qp.buffer[qp.bufferPos - 1] === LF) qp.bufferPos--;
      return;
    }
    const last = qp.chunks.at(-1);
    if (last !== undefined && last.at(-1) === LF) qp.chunks[qp.chunks.length - 1] = last.subarray(0, -1);
    return;
  }
  const passThrough = decoder as { chunks: unknown[] };
  if (passThrough.chunks.at(-1) === '\n') passThrough.chunks.pop();
}
