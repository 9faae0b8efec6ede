/**
 * The one shape every captured mail is stored in (API sends, resends, campaign mails, SMTP): the message's parsed
 * fields, its envelope, its raw RFC 5322 bytes and its attachments.
 */
import type { MailpitFactColumns } from '../../db/message-rows.js';
import type { NewMessage } from '../../db/messages-store.js';
import { envelopeRecipients, type OutgoingMail } from '../mime/outgoing-mail.js';
import { mailpitFacts } from '../mailpit-facts.js';
import { type CapturedEnvelope, mailpitRaw } from '../mailpit-view/raw-view.js';
import type { Replacements } from '../render/replacements.js';

export interface CaptureMeta {
  /** The template used, when there was one, and the replacements it was rendered with. */
  templateName: string | null;
  replacements: Replacements | null;
  /** Where a campaign, test or confirmation mail came from (the inbox shows it and searches by it). */
  origin?: MessageOrigin;
  /**
   * A mail received over SMTP (server/smtp/): its envelope as the client gave it (MAIL FROM and every RCPT TO,
   * Bcc included), which the stored message keeps instead of one derived from the headers.
   */
  smtp?: { envelopeFrom: string; envelopeTo: string[] };
  /** The SMTP AUTH user, or the Basic user of a Mailpit send (docs/spec/mailpit-api.md#22-models-json-key-order--go-struct-order-mp-internalstoragestructsgo-serverapiv1); '' or absent for none. */
  username?: string;
}

interface MessageOrigin {
  campaignUuid: string | null;
  emailListUuid: string | null;
  subscriberUuid: string | null;
}

export function capturedMessage(
  workspaceId: number,
  uuid: string,
  mail: OutgoingMail,
  raw: Buffer,
  meta: CaptureMeta,
): NewMessage {
  const envelopeFrom = meta.smtp?.envelopeFrom ?? mail.from.email;
  const envelopeTo = meta.smtp?.envelopeTo ?? envelopeRecipients(mail);
  return {
    workspace_id: workspaceId,
    uuid,
    message_id: mail.messageId,
    envelope_from: envelopeFrom,
    envelope_to_json: JSON.stringify(envelopeTo),
    from_json: JSON.stringify([mail.from]),
    to_json: JSON.stringify(mail.to),
    cc_json: JSON.stringify(mail.cc),
    bcc_json: JSON.stringify(mail.bcc),
    reply_to_json: JSON.stringify(mail.replyTo),
    subject: mail.subject,
    text_body: mail.text,
    html_body: mail.html,
    attachments_json: JSON.stringify(
      mail.attachments.map((a) => ({
        filename: a.filename,
        content_type: a.contentType,
        content_id: a.contentId,
        size: a.content.length,
      })),
    ),
    size: raw.length,
    template_name: meta.templateName,
    replacements_json: meta.replacements === null ? null : JSON.stringify(meta.replacements),
    created_at_ms: mail.date.getTime(),
    campaign_uuid: meta.origin?.campaignUuid ?? null,
    email_list_uuid: meta.origin?.emailListUuid ?? null,
    subscriber_uuid: meta.origin?.subscriberUuid ?? null,
    via: meta.smtp === undefined ? 'api' : 'smtp',
    mailpit: mailpitColumns(mail, raw, { envelopeFrom, envelopeTo, messageId: mail.messageId }),
    username: meta.username ?? '',
    raw,
    attachments: mail.attachments.map((a) => ({
      filename: a.filename,
      content_type: a.contentType,
      content_id: a.contentId,
      content: a.content,
    })),
  };
}

/** Mailpit's facts of the message, computed here, where its fields are at hand, so that its list reads no body. */
function mailpitColumns(mail: OutgoingMail, raw: Buffer, envelope: CapturedEnvelope): MailpitFactColumns {
  const facts = mailpitFacts({
    from: [mail.from],
    to: mail.to,
    cc: mail.cc,
    bcc: mail.bcc,
    replyTo: mail.replyTo,
    subject: mail.subject,
    returnPath: envelope.envelopeFrom,
    html: mail.html,
    text: mail.text,
    attachments: mail.attachments,
  });
  return {
    mailpit_snippet: facts.snippet,
    mailpit_attachments: facts.attachments,
    mailpit_inlines: facts.inlines,
    mailpit_search_text: facts.searchText,
    mailpit_size: mailpitRaw(raw, envelope).length,
  };
}
