/**
 * The bytes of a compiled nodemailer MimeNode tree, produced synchronously. buildMessage() writes most messages
 * without a MimeNode tree at all (mime/direct.ts); this is the MailComposer fallback (mime/composer-fallback.ts),
 * and the reference the direct serializer is tested against. MimeNode.build() streams the tree
 * through a PassThrough per part, an encoder stream per body, setImmediate hops between parts and the
 * LastNewline and newline transforms; that machinery cost about 1-2 ms per message, more than everything else
 * a send does. This walks the same tree in the same order (MimeNode.stream()), calls the same header builder and
 * runs the same encoder objects, only without streams, so the output is the same bytes (`npm run bench` and the
 * send contract tests compare them). Anything this walk does not handle (stream, file or URL content, raw
 * nodes, custom transforms or process functions such as DKIM) goes through MimeNode.build() as before.
 */
import { Encoder as Base64Encoder } from 'nodemailer/lib/base64/index.js';
import type MimeNode from 'nodemailer/lib/mime-node/index.js';
import { Encoder as QpEncoder } from 'nodemailer/lib/qp/index.js';
import { EncoderShapeChanged, runEncoder } from './run-encoder.js';

/** The members of MimeNode this walk reads that nodemailer's types keep private. */
interface NodeInternals {
  _raw?: unknown;
  _transforms?: unknown[];
  _processFuncs?: unknown[];
}

class Unsupported extends Error {}

export function serializeMimeTree(root: MimeNode): Promise<Buffer> {
  const internals = root as unknown as NodeInternals;
  if ((internals._transforms?.length ?? 0) > 0 || (internals._processFuncs?.length ?? 0) > 0) return root.build();
  let body: Buffer;
  try {
    const parts: Buffer[] = [];
    writeNode(root, parts);
    body = Buffer.concat(parts);
  } catch (error) {
    if (error instanceof Unsupported || error instanceof EncoderShapeChanged) return root.build();
    return Promise.reject(error);
  }
  return Promise.resolve(applyNewlines(withLastNewline(body), root.newline));
}

/** MimeNode.stream(): the headers, the encoded content, then each child between boundary delimiters. */
function writeNode(node: MimeNode, parts: Buffer[]): void {
  if ((node as unknown as NodeInternals)._raw) throw new Unsupported();
  parts.push(Buffer.from(`${node.buildHeaders()}\r\n\r\n`));
  // stream() asks before building the headers, which scans a text body once more. The answer is the same:
  // buildHeaders() stored it as Content-Transfer-Encoding, which getTransferEncoding() now returns as it is
  // (base64, quoted-printable), or derives again from the same content and Content-Type (7bit, none).
  const transferEncoding = node.getTransferEncoding();
  const content = node.content;
  if (content) {
    if (typeof content !== 'string' && !Buffer.isBuffer(content)) throw new Unsupported();
    // _getStream() ends a PassThrough with the value: a string becomes its UTF-8 bytes, in one chunk.
    const bytes = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
    if (transferEncoding === 'base64') runEncoder(new Base64Encoder({}), bytes, parts);
    else if (transferEncoding === 'quoted-printable') {
      // Outside text a lone CR or LF is data (MimeNode.stream() sets `binary` the same way).
      runEncoder(new QpEncoder({ binary: !/^text\//i.test(node.contentType || '') }), bytes, parts);
    } else parts.push(bytes);
  }
  if (node.multipart) {
    node.childNodes.forEach((child, index) => {
      parts.push(Buffer.from(`${index > 0 ? '\r\n' : ''}--${node.boundary}\r\n`));
      writeNode(child, parts);
    });
    parts.push(Buffer.from(`\r\n--${node.boundary}--\r\n`));
  }
}

/** LastNewline: the message ends with a line break. */
function withLastNewline(body: Buffer): Buffer {
  const last = body.length > 0 ? body[body.length - 1] : undefined;
  if (last === 0x0a) return body;
  return Buffer.concat([body, Buffer.from(last === 0x0d ? '\n' : '\r\n')]);
}

/** The `newline` option: LeWindows (every bare LF becomes CRLF) or LeUnix (every CR is dropped). */
function applyNewlines(body: Buffer, newline: string | undefined): Buffer {
  if (!newline) return body;
  if (['win', 'windows', 'dos', '\r\n'].includes(newline.toString().toLowerCase())) {
    let bare = 0;
    for (let i = 0; i < body.length; i++) if (body[i] === 0x0a && (i === 0 || body[i - 1] !== 0x0d)) bare++;
    if (bare === 0) return body;
    const out = Buffer.allocUnsafe(body.length + bare);
    let at = 0;
    for (let i = 0; i < body.length; i++) {
      const byte = body[i]!;
      if (byte === 0x0a && (i === 0 || body[i - 1] !== 0x0d)) out[at++] = 0x0d;
      out[at++] = byte;
    }
    return out;
  }
  let crs = 0;
  for (let i = 0; i < body.length; i++) if (body[i] === 0x0d) crs++;
  if (crs === 0) return body;
  const out = Buffer.allocUnsafe(body.length - crs);
  let at = 0;
  for (let i = 0; i < body.length; i++) if (body[i] !== 0x0d) out[at++] = body[i]!;
  return out;
}
