/**
 * The one shape every captured mail is stored in (API sends and resends today, SMTP later): the message's parsed
 * fields, its envelope, its raw RFC 5322 bytes and its attachments.
 */
import type { NewMessage } from '../../db/messages-store.js';
import { envelopeRecipients, type OutgoingMail } from '../mime/outgoing-mail.js';
import type { Replacements } from '../render/replacements.js';

export interface CaptureMeta {
  /** The template used, when there was one, and the replacements it was rendered with. */
  templateName: string | null;
  replacements: Replacements | null;
  /** Where a campaign, test or confirmation mail came from (the inbox shows it and searches by it). */
  origin?: MessageOrigin;
}

export interface MessageOrigin {
  campaignUuid: string | null;
  emailListUuid: string | null;
  subscriberUuid: string | null;
}

export function capturedMessage(workspaceId: number, uuid: string, mail: OutgoingMail, raw: Buffer, meta: CaptureMeta): NewMessage {
  return {
    workspace_id: workspaceId,
    uuid,
    message_id: mail.messageId,
    envelope_from: mail.from.email,
    envelope_to_json: JSON.stringify(envelopeRecipients(mail)),
    from_json: JSON.stringify([mail.from]),
    to_json: JSON.stringify(mail.to),
    cc_json: JSON.stringify(mail.cc),
    bcc_json: JSON.stringify(mail.bcc),
    reply_to_json: JSON.stringify(mail.replyTo),
    subject: mail.subject,
    text_body: mail.text,
    html_body: mail.html,
    attachments_json: JSON.stringify(
      mail.attachments.map((a) => ({ filename: a.filename, content_type: a.contentType, content_id: a.contentId, size: a.content.length })),
    ),
    size: raw.length,
    template_name: meta.templateName,
    replacements_json: meta.replacements === null ? null : JSON.stringify(meta.replacements),
    created_at_ms: mail.date.getTime(),
    campaign_uuid: meta.origin?.campaignUuid ?? null,
    email_list_uuid: meta.origin?.emailListUuid ?? null,
    subscriber_uuid: meta.origin?.subscriberUuid ?? null,
    raw,
    attachments: mail.attachments.map((a) => ({ filename: a.filename, content_type: a.contentType, content_id: a.contentId, content: a.content })),
  };
}
