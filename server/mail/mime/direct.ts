/**
 * Writes an OutgoingMail straight to the bytes nodemailer's MailComposer + MimeNode would produce for it
 * (server/mail/mime/serialize-tree.ts walks that tree), without building the tree: a sixth of the CPU or less, and
 * building the message was most of what a send cost (test/bench/mime.ts). Fields are encoded with the nodemailer
 * helpers MimeNode calls (lib/mime-funcs, lib/punycode) or exact ports of them (quoted-printable.ts, base64 in
 * body-encoding.ts); the header order, part nesting and boundaries follow MailComposer.compile() and
 * MimeNode.buildHeaders(). Only the random boundary base differs from one build to the next, as it does
 * between two MailComposer builds. Returns undefined for what it does not mirror (custom headers that MimeNode
 * treats specially, empty addresses, message/* or multipart attachments); compose.ts then uses MailComposer.
 * test/unit/mime-direct.test.ts compares the two byte for byte on thousands of random mails.
 */
import type { OutgoingMail } from './outgoing-mail.js';
import { base64LinesLength, writeBase64Lines } from './body-encoding.js';
import { boundary, cryptoBoundaryBase, type BoundaryBaseSource } from './boundary.js';
import {
  attachmentContentTypeLine,
  contentDispositionLine,
  contentIdLine,
  multipartContentTypeLine,
  textContentTypeLine,
  transferEncodingLine,
} from './content-fields.js';
import { withCrlfLineBreaks } from './newlines.js';
import { rootFieldLines } from './root-fields.js';
import { encodeTextBody, type EncodedTextBody } from './text-body.js';
import { mimeTree, type MimePart } from './tree.js';

/** Text of the message, or bytes to write base64-encoded (written straight into the message's buffer). */
type Chunk = string | { base64: Buffer };

export function composeDirect(
  mail: OutgoingMail,
  boundaryBase: BoundaryBaseSource = cryptoBoundaryBase,
): Buffer | undefined {
  const root = mimeTree(mail);
  if (root === undefined) return undefined;
  const rootFields = rootFieldLines(mail);
  if (rootFields === undefined) return undefined;
  const chunks: Chunk[] = [];
  writePart(root, root.kind === 'multipart' ? boundaryBase() : '', rootFields, chunks);
  chunks.push(lastNewline(chunks[chunks.length - 1] as Chunk));
  return toBuffer(chunks);
}

/** The header lines of one part, split where the root's own fields go in between (see writePart()). */
interface PartFields {
  contentType: string;
  /** Set when the part is created, before the root's custom and address fields are added. */
  beforeRootFields: string[];
  /** Added by buildHeaders() itself: the Content-Transfer-Encoding of a text part. */
  afterRootFields: string[];
}

/** MimeNode.stream(): the header block, then the body, or each child between boundary delimiters. */
function writePart(part: MimePart, base: string, rootFields: string[] | null, chunks: Chunk[]): void {
  // getTransferEncoding(): none for a text part without content (the empty part of a mail without any).
  const body = part.kind === 'text' && part.content ? encodeTextBody(part.content, part.parts) : null;
  const fields = partFields(part, base, body);
  // buildHeaders() of the root adds MIME-Version after everything else and moves Content-Type to the end.
  const lines =
    rootFields === null
      ? [fields.contentType, ...fields.beforeRootFields, ...fields.afterRootFields]
      : [...fields.beforeRootFields, ...rootFields, ...fields.afterRootFields, 'MIME-Version: 1.0', fields.contentType];
  chunks.push(withCrlfLineBreaks(`${lines.join('\r\n')}\r\n\r\n`));
  if (part.kind === 'multipart') {
    const delimiter = boundary(base, part.nodeId);
    part.children.forEach((child, index) => {
      chunks.push(`${index > 0 ? '\r\n' : ''}--${delimiter}\r\n`);
      writePart(child, base, null, chunks);
    });
    chunks.push(`\r\n--${delimiter}--\r\n`);
  } else if (part.kind === 'attachment') {
    pushBody(chunks, { base64: part.content });
  } else if (body !== null) {
    pushBody(chunks, body.body);
  }
}

/** Leaves out an empty body, so that the last chunk always holds the message's last byte (see lastNewline()). */
function pushBody(chunks: Chunk[], body: Chunk): void {
  if (typeof body === 'string' ? body.length > 0 : body.base64.length > 0) chunks.push(body);
}

function partFields(part: MimePart, base: string, body: EncodedTextBody | null): PartFields {
  if (part.kind === 'multipart') {
    const contentType = multipartContentTypeLine(part.subtype, boundary(base, part.nodeId));
    return { contentType, beforeRootFields: [], afterRootFields: [] };
  }
  if (part.kind === 'attachment') {
    // _createContentNode(): Content-Id, then Content-Transfer-Encoding (getAttachments(): base64), then
    // Content-Disposition; buildHeaders() rewrites the first two in place.
    const before = [
      part.cid === null ? undefined : contentIdLine(part.cid),
      transferEncodingLine('base64'),
      contentDispositionLine(part.disposition, part.filename),
    ];
    return {
      contentType: attachmentContentTypeLine(part.contentType, part.filename) as string,
      beforeRootFields: before.filter((line) => line !== undefined),
      afterRootFields: [],
    };
  }
  return {
    contentType: textContentTypeLine(part.contentType),
    beforeRootFields: [],
    afterRootFields: body === null ? [] : [transferEncodingLine(body.encoding)],
  };
}

/** LastNewline: the message ends with a line break (a CR at the end gets its LF). Base64 ends in neither. */
function lastNewline(last: Chunk): string {
  if (typeof last !== 'string') return '\r\n';
  const lastChar = last.charCodeAt(last.length - 1);
  if (lastChar === 0x0a) return '';
  return lastChar === 0x0d ? '\n' : '\r\n';
}

/**
 * The message as UTF-8 bytes (MimeNode writes its strings to the stream as UTF-8), written into one buffer of
 * the exact size: a message with an attachment would otherwise be copied several times over.
 */
function toBuffer(chunks: Chunk[]): Buffer {
  if (chunks.every((chunk) => typeof chunk === 'string')) return Buffer.from(chunks.join(''), 'utf8');
  const pieces: Chunk[] = [];
  let text = '';
  for (const chunk of chunks) {
    if (typeof chunk === 'string') text += chunk;
    else {
      pieces.push(text, chunk);
      text = '';
    }
  }
  pieces.push(text);
  let size = 0;
  for (const piece of pieces)
    size += typeof piece === 'string' ? Buffer.byteLength(piece, 'utf8') : base64LinesLength(piece.base64);
  const message = Buffer.allocUnsafe(size);
  let offset = 0;
  for (const piece of pieces) {
    offset +=
      typeof piece === 'string'
        ? message.write(piece, offset, 'utf8')
        : writeBase64Lines(piece.base64, message, offset);
  }
  return message;
}
