/**
 * What Mailpit shows of a message's body, from enmime's Envelope (ENMIME envelope.go EnvelopeFromPart):
 * - `html`: the first text/html part, depth first, that is not an attachment;
 * - `text`: for a multipart/alternative root the first text/plain non-attachment part breadth first, for other
 *   multiparts every such part joined by `\n--\n`, for a single part its body; with no text but HTML, the HTML as
 *   text (html-to-text.ts);
 * - attachments (disposition attachment, or application/octet-stream), inlines (disposition inline, not multipart)
 *   and other parts (no disposition, neither multipart nor text nor octet-stream), each breadth first.
 * (docs/spec/mailpit-api.md#252-text-and-html-enmime-envelopego,
 * docs/spec/mailpit-api.md#253-parts-partid-inline-vs-attachments-enmime-partgo-readpartsparseparts-envelopego-parsemultipartbody-mp-getmessage-attachmentsummary)
 */
import { createHash } from 'node:crypto';
import { hasHeader } from './header-block.js';
import { htmlToText } from './html-to-text.js';
import { breadthFirst, depthFirst, type MimePart, readParts } from './mime-parts.js';

export interface MailpitEnvelope {
  text: string;
  html: string;
  attachments: MimePart[];
  inlines: MimePart[];
  otherParts: MimePart[];
}

/** Mailpit's Attachment (MP AttachmentSummary), keys in Go's order. */
export interface MailpitAttachment {
  PartID: string;
  FileName: string;
  ContentType: string;
  ContentID: string;
  Size: number;
  Checksums: { MD5: string; SHA1: string; SHA256: string };
}

export function readEnvelope(raw: Buffer): MailpitEnvelope {
  const root = readParts(raw);
  const envelope: MailpitEnvelope = { text: '', html: '', attachments: [], inlines: [], otherParts: [] };
  if (root.contentType.startsWith('multipart/') && root.boundary !== '') {
    readMultipartBody(root, envelope);
  } else if (isBinaryBody(root)) {
    if (root.disposition === 'inline') envelope.inlines.push(root);
    else envelope.attachments.push(root);
  } else if (root.contentType === 'text/html') {
    envelope.html = root.content.toString('utf8');
  } else {
    envelope.text = root.content.toString('utf8');
  }
  if (envelope.text === '' && envelope.html !== '') envelope.text = htmlToText(envelope.html);
  return envelope;
}

/** A part by its PartID among the inlines, other parts and attachments (MP GetAttachmentPart); null when none. */
export function findPart(envelope: MailpitEnvelope, partId: string): MimePart | null {
  for (const part of [...envelope.inlines, ...envelope.otherParts, ...envelope.attachments]) {
    if (part.partId === partId) return part;
  }
  return null;
}

/** The message's `Inline` and `Attachments`: the parts having a file name or a Content-ID (MP GetMessage). */
export function attachmentLists(envelope: MailpitEnvelope): {
  inline: MailpitAttachment[];
  attachments: MailpitAttachment[];
} {
  const named = (part: MimePart) => part.fileName !== '' || part.contentId !== '';
  return {
    inline: [...envelope.inlines, ...envelope.otherParts].filter(named).map(attachmentSummary),
    attachments: envelope.attachments.filter(named).map(attachmentSummary),
  };
}

/** The name a part is served under: its file name, else its Content-ID. */
export function partFileName(part: MimePart): string {
  return part.fileName === '' ? part.contentId : part.fileName;
}

function attachmentSummary(part: MimePart): MailpitAttachment {
  const hex = (algorithm: string) => createHash(algorithm).update(part.content).digest('hex');
  return {
    PartID: part.partId,
    FileName: partFileName(part),
    ContentType: part.contentType,
    ContentID: part.contentId,
    Size: part.content.length,
    Checksums: { MD5: hex('md5'), SHA1: hex('sha1'), SHA256: hex('sha256') },
  };
}

function readMultipartBody(root: MimePart, envelope: MailpitEnvelope): void {
  const isText = (part: MimePart) => part.contentType === 'text/plain' && part.disposition !== 'attachment';
  if (root.contentType === 'multipart/alternative') {
    for (const part of breadthFirst(root)) {
      if (!isText(part)) continue;
      envelope.text = part.content.toString('utf8');
      break;
    }
  } else {
    const texts = [...depthFirst(root)].filter(isText).map((part) => part.content.toString('utf8'));
    envelope.text = texts.join('\n--\n');
  }
  for (const part of depthFirst(root)) {
    if (part.contentType !== 'text/html' || part.disposition === 'attachment') continue;
    envelope.html = part.content.toString('utf8');
    break;
  }
  for (const part of breadthFirst(root)) {
    const multipart = part.contentType.startsWith('multipart/');
    if (part.disposition === 'attachment' || part.contentType === 'application/octet-stream') {
      envelope.attachments.push(part);
    }
    if (part.disposition === 'inline' && !multipart) envelope.inlines.push(part);
    if (
      !multipart &&
      part.disposition === '' &&
      part.contentType !== 'application/octet-stream' &&
      part.contentType !== 'text/plain' &&
      part.contentType !== 'text/html'
    ) {
      envelope.otherParts.push(part);
    }
  }
}

/**
 * enmime's detectBinaryBody for a single-part message: a text/plain or text/html body (or one without a type) is
 * text unless it is an attachment; anything else is an attachment or an inline part.
 */
function isBinaryBody(root: MimePart): boolean {
  const type = hasHeader(root.headers, 'content-type') ? root.contentType : '';
  if (type === '' || type === 'text/plain' || type === 'text/html') return root.disposition === 'attachment';
  return true;
}
