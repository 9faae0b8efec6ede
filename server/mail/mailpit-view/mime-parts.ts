/**
 * A stored message's MIME tree as enmime reads it (ENMIME part.go ReadParts and parseParts, boundary.go), which
 * Mailpit numbers its parts by (docs/spec/mailpit-api.md#253-parts-partid-inline-vs-attachments-enmime-partgo-readpartsparseparts-envelopego-parsemultipartbody-mp-getmessage-attachmentsummary):
 * the root is `0`, its children `1`, `2`...; a nested multipart's children are `P.1`, `P.2`... and the multipart
 * itself is then `P.0`. Each leaf's content is transfer-decoded (base64, quoted-printable) and, for text/*, turned
 * into UTF-8 from its declared charset; line breaks stay as they were sent, but the one before a boundary belongs
 * to the boundary.
 *
 * Why not postal-mime, which the capture path uses: it gives no tree, and it rewrites line breaks (CRLF to LF, a
 * newline after the last line), so sizes, checksums and Text would differ from Mailpit's.
 */
import { parseHeaderValue } from '../mime/header-value.js';
import { decodeEncodedWords } from '../mime/read-headers.js';
import { type HeaderField, hasHeader, headerValue, readHeaderBlock } from './header-block.js';

export interface MimePart {
  partId: string;
  headers: HeaderField[];
  /** The media type without parameters, lower-case; '' for a part (not the root) without a Content-Type. */
  contentType: string;
  /** Content-Disposition without parameters, lower-case; ''. */
  disposition: string;
  /** The disposition's filename, else the type's name (or file), RFC 2047 and 2231 decoded; ''. */
  fileName: string;
  /** Content-ID without `<>`; ''. */
  contentId: string;
  charset: string;
  boundary: string;
  /** A leaf's decoded content (empty for a multipart). */
  content: Buffer;
  children: MimePart[];
}

/** Deeper multiparts are read as leaves: enough for any real mail, and no stack to exhaust. */
const MAX_DEPTH = 64;

export function readParts(raw: Buffer): MimePart {
  const block = readHeaderBlock(raw);
  const root = partFromHeaders('0', block.fields, 'text/plain; charset="us-ascii"');
  if (root.contentType.startsWith('multipart/') && root.boundary !== '') {
    readChildren(root, raw, block.bodyStart, raw.length, true, 0);
  } else {
    root.content = decodeContent(root, raw.subarray(block.bodyStart));
  }
  return root;
}

/** Every part, depth first (enmime's DepthMatchAll order), the root included. */
export function* depthFirst(part: MimePart): Generator<MimePart> {
  const stack = [part];
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    yield next;
    for (let i = next.children.length - 1; i >= 0; i--) stack.push(next.children[i]!);
  }
}

/** Every part, breadth first (enmime's BreadthMatchAll order), the root included. */
export function* breadthFirst(part: MimePart): Generator<MimePart> {
  const queue = [part];
  for (let i = 0; i < queue.length; i++) {
    const next = queue[i]!;
    yield next;
    queue.push(...next.children);
  }
}

function partFromHeaders(partId: string, headers: HeaderField[], defaultType: string): MimePart {
  const part: MimePart = {
    partId,
    headers,
    contentType: '',
    disposition: '',
    fileName: '',
    contentId: '',
    charset: '',
    boundary: '',
    content: Buffer.alloc(0),
    children: [],
  };
  const type = hasHeader(headers, 'content-type') ? headerValue(headers, 'content-type') : defaultType;
  // enmime's setupHeaders: a part without a Content-Type gets no disposition, name or Content-ID either.
  if (type === '') return part;
  const media = mediaType(type);
  part.contentType = media.value;
  const disposition = headerValue(headers, 'content-disposition');
  if (disposition !== '') {
    const parsed = mediaType(disposition);
    part.disposition = parsed.value;
    part.fileName = decodeEncodedWords(parsed.params.filename ?? '');
  }
  if (part.fileName === '') part.fileName = decodeEncodedWords(media.params.name ?? media.params.file ?? '');
  part.charset = media.params.charset ?? '';
  part.boundary = media.params.boundary ?? '';
  part.contentId = idHeader(headerValue(headers, 'content-id'));
  return part;
}

/** Go's mime.ParseMediaType: the value lower-case, parameters by lower-case name (RFC 2231 ones as encoded-words). */
function mediaType(value: string): { value: string; params: Record<string, string> } {
  const parsed = parseHeaderValue(value);
  return { value: parsed.value.trim().toLowerCase(), params: parsed.params };
}

/** enmime's coding.FromIDHeader: `<` and `>` trimmed, then URL-unescaped (`+` is a space) when that succeeds. */
function idHeader(value: string): string {
  const bare = value.replace(/^<+/, '').replace(/>+$/, '');
  try {
    return decodeURIComponent(bare.replaceAll('+', ' '));
  } catch {
    return bare;
  }
}

/**
 * The parts between `--boundary` delimiter lines in bytes [start, end): each child's content ends before the line
 * break that precedes the next delimiter; everything after the closing `--boundary--` is the epilogue.
 */
function readChildren(parent: MimePart, raw: Buffer, start: number, end: number, top: boolean, depth: number): void {
  const delimiter = Buffer.from(`--${parent.boundary}`, 'latin1');
  let index = 0;
  let partStart = -1;
  let at = start;
  const close = (lineStart: number) => {
    if (partStart === -1) return;
    let contentEnd = lineStart;
    if (contentEnd > partStart && raw[contentEnd - 1] === 0x0a) contentEnd--;
    if (contentEnd > partStart && raw[contentEnd - 1] === 0x0d) contentEnd--;
    addChild(parent, raw, partStart, Math.max(partStart, contentEnd), top, ++index, depth);
  };
  while (at < end) {
    const newline = raw.indexOf(0x0a, at);
    const lineEnd = newline === -1 || newline >= end ? end : newline + 1;
    if (startsWith(raw, at, lineEnd, delimiter)) {
      const rest = at + delimiter.length;
      if (raw[rest] === 0x2d && raw[rest + 1] === 0x2d && rest + 1 < lineEnd) {
        close(at);
        partStart = -1;
        break;
      }
      // A delimiter is followed by white space (its line break, or transport padding); at the very end it is not one.
      if (rest < lineEnd && isSpace(raw[rest]!) && newline !== -1 && newline < end) {
        close(at);
        partStart = lineEnd;
      }
    }
    at = lineEnd;
  }
  // A part whose closing boundary never came runs to the end.
  if (partStart !== -1) addChild(parent, raw, partStart, end, top, ++index, depth);
  if (!top) parent.partId += '.0';
}

function addChild(
  parent: MimePart,
  raw: Buffer,
  start: number,
  end: number,
  top: boolean,
  index: number,
  depth: number,
): void {
  const block = readHeaderBlock(raw, start, end);
  const child = partFromHeaders(top ? String(index) : `${parent.partId}.${index}`, block.fields, '');
  parent.children.push(child);
  const textType = child.contentType === 'text/plain' || child.contentType === 'text/html';
  if (child.boundary !== '' && !textType && depth < MAX_DEPTH) {
    readChildren(child, raw, block.bodyStart, end, false, depth + 1);
  } else {
    child.content = decodeContent(child, raw.subarray(block.bodyStart, end));
  }
}

function startsWith(raw: Buffer, at: number, lineEnd: number, prefix: Buffer): boolean {
  if (lineEnd - at < prefix.length) return false;
  return raw.compare(prefix, 0, prefix.length, at, at + prefix.length) === 0;
}

function isSpace(byte: number): boolean {
  return byte === 0x20 || byte === 0x09 || byte === 0x0d || byte === 0x0a || byte === 0x0b || byte === 0x0c;
}

/** enmime's decodeContent: the transfer encoding undone, then a text part's declared charset turned into UTF-8. */
function decodeContent(part: MimePart, body: Buffer): Buffer {
  const encoding = headerValue(part.headers, 'content-transfer-encoding').toLowerCase();
  let content: Buffer;
  if (encoding === 'quoted-printable') content = decodeQuotedPrintable(body);
  else if (encoding === 'base64') content = Buffer.from(body.toString('latin1'), 'base64');
  else if (encoding === '' || encoding === '7bit' || encoding === '8bit' || encoding === 'binary') content = body;
  // An unknown encoding: the bytes as they are, and no charset conversion (enmime adds a warning).
  else return body;
  return part.contentType.startsWith('text/') ? toUtf8(content, part.charset) : content;
}

/** Go's quotedprintable.Reader behind enmime's cleaner: soft breaks joined, hard ones kept as sent, `=XX` decoded. */
function decodeQuotedPrintable(body: Buffer): Buffer {
  const out = Buffer.alloc(body.length);
  let length = 0;
  let at = 0;
  while (at < body.length) {
    const newline = body.indexOf(0x0a, at);
    const lineEnd = newline === -1 ? body.length : newline;
    const crlf = newline !== -1 && lineEnd > at && body[lineEnd - 1] === 0x0d;
    let contentEnd = crlf ? lineEnd - 1 : lineEnd;
    // Trailing white space is padding (RFC 2045 §6.7 rule 3).
    while (contentEnd > at && (body[contentEnd - 1] === 0x20 || body[contentEnd - 1] === 0x09)) contentEnd--;
    const soft = contentEnd > at && body[contentEnd - 1] === 0x3d;
    if (soft) contentEnd--;
    for (let i = at; i < contentEnd; i++) {
      const byte = body[i]!;
      if (byte === 0x3d && isEscape(body, i, contentEnd)) {
        out[length++] = Number.parseInt(body.toString('latin1', i + 1, i + 3), 16);
        i += 2;
      } else out[length++] = byte;
    }
    if (newline !== -1 && !soft) {
      if (crlf) out[length++] = 0x0d;
      out[length++] = 0x0a;
    }
    at = newline === -1 ? body.length : newline + 1;
  }
  return out.subarray(0, length);
}

function isEscape(body: Buffer, at: number, end: number): boolean {
  return at + 2 < end && isHex(body[at + 1]!) && isHex(body[at + 2]!);
}

function isHex(byte: number): boolean {
  return (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x46) || (byte >= 0x61 && byte <= 0x66);
}

/** A text part in its declared charset, as UTF-8; an unknown charset, or none, leaves the bytes as they are. */
function toUtf8(content: Buffer, charset: string): Buffer {
  const label = charset.trim().toLowerCase();
  if (label === '' || label === 'utf-8' || label === 'utf8' || label === 'us-ascii' || label === 'ascii')
    return content;
  try {
    return Buffer.from(new TextDecoder(label).decode(content), 'utf8');
  } catch {
    return content;
  }
}
