/**
 * The MIME tree MailComposer.compile() (lib/mail-composer/index.js) builds for an OutgoingMail, as plain data:
 * text, html and attachments arranged as multipart/mixed, /alternative and /related exactly the way MailComposer
 * nests them, and each multipart node's id (MimeNode numbers the nodes of a tree in creation order, which is
 * the tree's pre-order; the id ends the node's boundary). Undefined for an attachment MailComposer treats
 * differently (message/* parts are 7bit/8bit, a multipart content type makes a branch node).
 */
import { detectExtension, detectMimeType } from 'nodemailer/lib/mime-funcs/index.js';
import type { MailAttachment, OutgoingMail } from './outgoing-mail.js';
import { isMultipartType, type MultipartSubtype } from './content-fields.js';

interface TextPart {
  kind: 'text';
  /** As MailComposer sets it; `text/plain` alone for the empty part of a mail without content. */
  contentType: 'text/plain; charset=utf-8' | 'text/html; charset=utf-8' | 'text/plain';
  content: string;
  /** `content` as fixed and changing parts, when the mail says (OutgoingMail.htmlParts). */
  parts?: readonly string[];
}

interface AttachmentPart {
  kind: 'attachment';
  contentType: string;
  filename: string;
  disposition: 'inline' | 'attachment';
  /** Set (non-empty) for a related part: the Content-ID. */
  cid: string | null;
  content: Buffer;
}

interface MultipartNode {
  kind: 'multipart';
  subtype: MultipartSubtype;
  nodeId: number;
  children: MimePart[];
}

export type MimePart = TextPart | AttachmentPart | MultipartNode;

export function mimeTree(mail: OutgoingMail): MimePart | undefined {
  // getAlternatives(): text, then html, each only when non-empty.
  const alternatives: TextPart[] = [];
  if (mail.text) alternatives.push({ kind: 'text', contentType: 'text/plain; charset=utf-8', content: mail.text });
  const html: TextPart | undefined = mail.html
    ? {
        kind: 'text',
        contentType: 'text/html; charset=utf-8',
        content: mail.html,
        ...(mail.htmlParts ? { parts: mail.htmlParts } : {}),
      }
    : undefined;
  if (html) alternatives.push(html);

  const attachments: AttachmentPart[] = [];
  for (const [index, attachment] of mail.attachments.entries()) {
    const part = attachmentPart(attachment, index);
    if (part === undefined) return undefined;
    attachments.push(part);
  }
  // getAttachments(findRelated): parts with a cid go into multipart/related only when there is html to relate to.
  const related = html ? attachments.filter((a) => a.cid) : [];
  const attached = html ? attachments.filter((a) => !a.cid) : attachments;

  const useRelated = html !== undefined && related.length > 0;
  const useAlternative = alternatives.length > 1;
  const useMixed = attached.length > 1 || (alternatives.length > 0 && attached.length === 1);

  const relatedNode = (): MimePart => multipart('related', [html as TextPart, ...related]);
  const alternativeNode = (): MimePart =>
    multipart(
      'alternative',
      alternatives.map((alternative) => (useRelated && alternative === html ? relatedNode() : alternative)),
    );

  let root: MimePart;
  if (useMixed) {
    // _createMixed(): the alternative (or related) node first, then the alternatives not in it and the attachments.
    const first = useAlternative ? [alternativeNode()] : useRelated ? [relatedNode()] : [];
    const rest = [...(useAlternative ? [] : alternatives), ...attached].filter(
      (part) => !(useRelated && part === html),
    );
    root = multipart('mixed', [...first, ...rest]);
  } else if (useAlternative) root = alternativeNode();
  else if (useRelated) root = relatedNode();
  else root = alternatives[0] ?? attached[0] ?? { kind: 'text', contentType: 'text/plain', content: '' };
  numberNodes(root, { next: 1 });
  return root;
}

function multipart(subtype: MultipartSubtype, children: MimePart[]): MultipartNode {
  return { kind: 'multipart', subtype, nodeId: 0, children };
}

/** Pre-order numbering from 1, the order in which MailComposer creates the nodes. */
function numberNodes(part: MimePart, counter: { next: number }): void {
  const id = counter.next++;
  if (part.kind !== 'multipart') return;
  part.nodeId = id;
  for (const child of part.children) numberNodes(child, counter);
}

/**
 * getAttachments() and _createContentNode() for compose.ts's attachment options ({ filename, content,
 * contentType, and cid + contentDisposition 'inline' for an inline part }).
 */
function attachmentPart(attachment: MailAttachment, index: number): AttachmentPart | undefined {
  const contentType = attachment.contentType || detectMimeType(attachment.filename || 'bin');
  // A message/* part is written 7bit or 8bit unencoded, and a multipart type makes a branch node.
  if (/^message\//i.test(contentType) || isMultipartType(contentType)) return undefined;
  if (!Buffer.isBuffer(attachment.content)) return undefined;
  // Without a filename MailComposer names the part attachment-<n>.<extension of the type>.
  const filename = attachment.filename || `attachment-${index + 1}.${detectExtension(contentType)}`;
  return {
    kind: 'attachment',
    contentType,
    filename,
    disposition: attachment.contentId !== null ? 'inline' : 'attachment',
    cid: attachment.contentId || null,
    content: attachment.content,
  };
}
