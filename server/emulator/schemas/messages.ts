/**
 * Captured messages as the inbox API answers them (`/_emulator/messages`, wait-for, the events): each shape once,
 * its descriptions carried into the served OpenAPI document; the presenters return these types.
 */
import { z } from 'zod';

export const MailAddress = z
  .object({ name: z.string().describe('Empty when the address has none.'), email: z.string() })
  .meta({ id: 'MailAddress' });

const Attachment = z
  .object({
    index: z.int().min(0),
    filename: z.string(),
    content_type: z.string(),
    content_id: z.string().nullable(),
    size: z.int(),
    url: z.string().describe('Where its bytes are served.'),
  })
  .meta({ id: 'Attachment' });

export const MessageSummary = z
  .object({
    uuid: z.string().meta({ format: 'uuid' }),
    message_id: z.string().describe('The Message-ID header, without angle brackets.'),
    created_at: z.string().meta({ format: 'date-time', examples: ['2025-03-01T10:00:00.000Z'] }),
    from: MailAddress.nullable().describe('Null only for a message without a From.'),
    to: z.array(MailAddress),
    cc: z.array(MailAddress),
    bcc: z.array(MailAddress).describe('From the envelope.'),
    subject: z.string(),
    snippet: z.string().describe('The first 200 characters of the text.'),
    size: z.int().describe('Bytes of the raw message.'),
    attachments: z.int().describe('How many attachments.'),
    template: z.string().nullable().describe('The template (mail_name) it was rendered from.'),
    origin: z
      .enum(['campaign', 'confirmation'])
      .nullable()
      .describe(
        "What sent it: a campaign (a campaign mail or a test send of one), a double opt-in list's confirmation mail, or null for a transactional send.",
      ),
    log_item_uuid: z.string().nullable().describe('Null when the send was not stored.'),
    send_uuid: z.string().nullable().describe('Null when the send was not stored.'),
    read: z.boolean().describe('Opened in the inbox, or marked read (PATCH /_emulator/messages/{uuid}).'),
    via: z
      .enum(['api', 'smtp'])
      .describe(
        'How it was received: built for an API call (a send, a resend, a campaign...) or over SMTP (search: via:smtp).',
      ),
    problems: z
      .int()
      .nullable()
      .describe(
        'How many problems its checks found (GET /_emulator/messages/{uuid}/checks, summary.problems; search: has:problems). Null until the background check reaches it, a moment after capture; a search for has:problems waits for the checks.',
      ),
    tags: z
      .array(z.string())
      .describe(
        'Its tags, as Mailpit gives them (from an X-Tags header and plus-addresses on capture, or PUT /api/v1/tags), sorted by name case-insensitively (search: tag:).',
      ),
  })
  .meta({ id: 'MessageSummary' });

export const MessageHeader = z.object({ name: z.string(), value: z.string() });

/** One of a message's links, with what the reader clicks. */
export const LinkDetail = z.object({
  url: z.string(),
  text: z
    .string()
    .nullable()
    .describe(
      "The visible text of the first <a> with this href that has any (entities decoded, whitespace collapsed, at most 200 characters and an ellipsis), else its image's alt; null for a URL written in the text part or an href outside an <a>.",
    ),
});

/** A captured message with everything: the summary plus its parts, headers, links and one-time codes. */
export const Message = MessageSummary.extend({
  attachments: z.array(Attachment),
  reply_to: z.array(MailAddress),
  envelope: z
    .object({ from: z.string(), to: z.array(z.string()) })
    .describe(
      'MAIL FROM and every RCPT TO: as the SMTP client gave them for a mail received over SMTP, else as a send would give them (Bcc included).',
    ),
  headers: z.array(MessageHeader).describe('Every header, in order.'),
  text: z.string().nullable(),
  html: z.string().nullable(),
  replacements: z.record(z.string(), z.unknown()).nullable(),
  campaign: z
    .object({ uuid: z.string(), name: z.string().nullable() })
    .nullable()
    .describe(
      'The campaign a campaign mail (or a test of it) came from; the name is null once the campaign is deleted.',
    ),
  email_list: z
    .object({ uuid: z.string(), name: z.string().nullable() })
    .nullable()
    .describe('The email list of a campaign or double opt-in mail.'),
  subscriber_uuid: z.string().nullable().describe('The subscriber a campaign or double opt-in mail went to.'),
  links: z.array(z.string()).describe("The HTML's hrefs and the text's URLs, in order, without duplicates."),
  link_details: z.array(LinkDetail).describe('The links again, in the same order, each with what the reader clicks.'),
  codes: z
    .array(z.string())
    .describe(
      'One-time codes standing alone in the text: 4 to 8 digits, or 6 to 8 upper-case letters and digits with at least one digit.',
    ),
}).meta({ id: 'Message' });

export const MessagePage = z
  .object({ data: z.array(MessageSummary), meta: z.object({ page: z.int(), per_page: z.int(), total: z.int() }) })
  .meta({ id: 'MessagePage' });

export const WaitTimeout = z.object({ message: z.string(), data: z.array(MessageSummary) }).meta({ id: 'WaitTimeout' });

export type MailAddress = z.output<typeof MailAddress>;
export type MessageAttachment = z.output<typeof Attachment>;
export type MessageSummary = z.output<typeof MessageSummary>;
export type MessageHeader = z.output<typeof MessageHeader>;
export type LinkDetail = z.output<typeof LinkDetail>;
export type Message = z.output<typeof Message>;
export type MessagePage = z.output<typeof MessagePage>;
