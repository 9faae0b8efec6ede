/** Captured messages as the inbox API answers them (`/_emulator/messages`, wait-for, the events). */

export interface MailAddress {
  /** The display name; empty when the address has none. */
  name: string;
  email: string;
}

/** One captured message as lists, wait-for and events show it. */
export interface MessageSummary {
  uuid: string;
  message_id: string;
  /** ISO 8601 with milliseconds. */
  created_at: string;
  /** Null only for a message without a From. */
  from: MailAddress | null;
  to: MailAddress[];
  cc: MailAddress[];
  /** From the envelope: every recipient not in To or Cc. */
  bcc: MailAddress[];
  subject: string;
  /** The first 200 characters of the text part. */
  snippet: string;
  /** Size of the raw message in bytes. */
  size: number;
  /** How many attachments the message has. */
  attachments: number;
  /** The template (`mail_name`) it was rendered from, or null. */
  template: string | null;
  /**
   * What sent it besides a transactional send: a campaign (a campaign mail or a test of one) or a double opt-in
   * `confirmation` mail; null for a transactional mail.
   */
  origin: 'campaign' | 'confirmation' | null;
  log_item_uuid: string | null;
  send_uuid: string | null;
  /** Opened in the web inbox, or marked read (client.setRead). */
  read: boolean;
  /** How it was received: built for an API call (a send, a resend, a campaign...) or over SMTP (search: `via:smtp`). */
  via: 'api' | 'smtp';
  /**
   * How many problems its checks found (`checks(uuid)`'s summary.problems; search: `has:problems`); null until the
   * background check reaches it, a moment after capture. A search for has:problems waits for the checks.
   */
  problems: number | null;
}

export interface MessageHeader {
  name: string;
  value: string;
}

export interface MessageAttachment {
  index: number;
  filename: string;
  content_type: string;
  content_id: string | null;
  size: number;
  /** Where its bytes are served (`/_emulator/messages/{uuid}/attachments/{index}`). */
  url: string;
}

/** A captured message with everything: the summary plus its parts, headers, links and one-time codes. */
export interface Message extends Omit<MessageSummary, 'attachments'> {
  reply_to: MailAddress[];
  /** MAIL FROM and every RCPT TO (as the SMTP client gave them, for a mail received over SMTP). */
  envelope: { from: string; to: string[] };
  headers: MessageHeader[];
  text: string | null;
  html: string | null;
  attachments: MessageAttachment[];
  replacements: Record<string, unknown> | null;
  /** The campaign a campaign mail (or a test of it) came from; `name` is null once the campaign is deleted. */
  campaign: { uuid: string; name: string | null } | null;
  /** The email list of a campaign or double opt-in mail. */
  email_list: { uuid: string; name: string | null } | null;
  /** The subscriber a campaign or double opt-in mail went to. */
  subscriber_uuid: string | null;
  /** Every link of the HTML (`href`s) and the text, in order, without duplicates. */
  links: string[];
  /** `links` again, in the same order, each with the visible text of the `<a>` it came from. */
  link_details: LinkDetail[];
  /** One-time codes standing alone in the text: 4 to 8 digits, or 6 to 8 upper-case letters and digits. */
  codes: string[];
}

/** One of a message's links, with what the reader clicks. */
interface LinkDetail {
  url: string;
  /**
   * The text of the first `<a>` with this href that has any (entities decoded, whitespace collapsed, cut at 200
   * characters with an ellipsis), else its image's alt; null for a URL written in the text part or an href
   * outside an `<a>`.
   */
  text: string | null;
}

export interface MessagePage {
  data: MessageSummary[];
  meta: { page: number; per_page: number; total: number };
}
