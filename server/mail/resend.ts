/**
 * ResendTransactionalMailController (docs/spec/mailcoach-reference.md#5-transactional-mail-log-endpoints): a fresh copy of a stored mail, with the same from, to, cc,
 * bcc, subject, HTML and attachments, under a new Message-ID. It is captured like any mail but creates no log
 * item and no Send; fake log items are not resent.
 */
import type { LogItemRow } from '../db/rows.js';
import type { MailAddress } from './addresses.js';
import { buildMessage } from './mime/build-message.js';
import type { OutgoingMail } from './mime/outgoing-mail.js';
import { htmlToText } from './render/html.js';
import type { SendDeps } from './send-transactional.js';

/** Returns the captured copy's uuid, or null for a fake log item (nothing resent). */
export async function resendTransactionalMail(deps: SendDeps, logItem: LogItemRow): Promise<string | null> {
  if (logItem.fake === 1) return null;
  const messages = deps.store.messages;
  const original = logItem.message_id === null ? undefined : messages.findById(logItem.message_id);
  const parse = (json: string) => JSON.parse(json) as MailAddress[];
  // The stored body is the HTML, or the text of a text-only mail (then the original message has no HTML part).
  const isTextOnly = original !== undefined && original.html_body === null;
  // The resend view outputs the stored HTML raw: no <html><body> wrapper is added (unlike an inline send).
  const html = isTextOnly ? null : logItem.body;
  const content = {
    subject: logItem.subject,
    html,
    text: isTextOnly ? logItem.body : html === null ? null : htmlToText(html),
  };
  const from = parse(logItem.from_json)[0] ?? { name: '', email: 'unknown@localhost' };
  const now = deps.clock();
  const uuid = deps.ids();
  const mail: OutgoingMail = {
    from,
    to: parse(logItem.to_json),
    cc: parse(logItem.cc_json),
    bcc: parse(logItem.bcc_json),
    replyTo: original === undefined ? [] : parse(original.reply_to_json),
    subject: content.subject,
    html: content.html,
    text: content.text,
    attachments: (original === undefined ? [] : messages.attachmentsOf(original.id)).map((a) => ({
      filename: a.filename,
      content: a.content,
      contentType: a.content_type,
      contentId: a.content_id,
    })),
    messageId: `${deps.ids().replaceAll('-', '')}@${from.email.split('@')[1] ?? 'localhost'}`,
    date: now,
    headers: {},
  };
  const raw = await buildMessage(mail);
  await deps.capture.store(mail, raw, {
    workspaceId: logItem.workspace_id,
    messageUuid: uuid,
    meta: { templateName: null, replacements: null },
    logItem: null,
    send: null,
  });
  return uuid;
}
