/**
 * The reference way of building a captured message: nodemailer's MailComposer compiles a MimeNode tree and
 * serializeMimeTree() writes its bytes (the same bytes as MimeNode.build()). buildMessage() takes this path for
 * whatever the direct serializer (direct.ts) does not handle, and the MIME fuzz test compares the two.
 * MailComposer pulls in MimeNode, nodemailer's fetch, fs and stream code: it is loaded on first use only.
 */
import type { MailAddress } from '../addresses.js';
import type { OutgoingMail } from './outgoing-mail.js';
import { serializeMimeTree } from './serialize-tree.js';
import { withCrlfLineBreaks } from './newlines.js';

type MailComposerClass = typeof import('nodemailer/lib/mail-composer/index.js').default;
let loading: Promise<MailComposerClass> | undefined;

function loadMailComposer(): Promise<MailComposerClass> {
  loading ??= import('nodemailer/lib/mail-composer/index.js').then((module) => module.default);
  return loading;
}

export async function buildWithMailComposer(mail: OutgoingMail): Promise<Buffer> {
  const MailComposer = await loadMailComposer();
  return serializeMimeTree(new MailComposer(mailComposerOptions(mail)).compile());
}

/** The MailComposer options an OutgoingMail stands for; Bcc is left out, it stays in the envelope. */
function mailComposerOptions(mail: OutgoingMail) {
  const address = (a: MailAddress) => ({ name: a.name, address: a.email });
  return {
    from: address(mail.from),
    to: mail.to.map(address),
    cc: mail.cc.map(address),
    replyTo: mail.replyTo.map(address),
    subject: mail.subject,
    // Text in its canonical form, CRLF line breaks, before it is encoded (RFC 2045 §6.7, §6.8), as the direct
    // path gives it (text-body.ts); the `newline` option below only rewrites what is left after encoding.
    ...(mail.html !== null ? { html: withCrlfLineBreaks(mail.html) } : {}),
    ...(mail.text !== null ? { text: withCrlfLineBreaks(mail.text) } : {}),
    attachments: mail.attachments.map((attachment) => ({
      filename: attachment.filename,
      content: attachment.content,
      contentType: attachment.contentType,
      ...(attachment.contentId !== null ? { cid: attachment.contentId, contentDisposition: 'inline' as const } : {}),
    })),
    messageId: `<${mail.messageId}>`,
    date: mail.date,
    headers: mail.headers,
    // RFC 5322 allows CR and LF only as CRLF: in header values too.
    newline: 'windows',
  };
}
