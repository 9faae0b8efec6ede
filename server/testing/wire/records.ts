/**
 * The transactional side of the Mailcoach API as the client reads and sends it: the transactional send's body,
 * sends, suppressions and the mail log (each also under `/_emulator` with what the emulator knows beyond the
 * resource), and Laravel's paginated list.
 */

import type { MailAddress } from './messages.js';

/** A Laravel paginated list, as the Mailcoach API's index endpoints (and GET /_emulator/suppressions) answer it. */
export interface MailcoachPage<T> {
  data: T[];
  links: { first: string; last: string; prev: string | null; next: string | null };
  meta: {
    current_page: number;
    from: number | null;
    last_page: number;
    path: string;
    per_page: number;
    to: number | null;
    total: number;
  };
}

/** One of `meta.links`, the page links Laravel's paginator lists (the sends list only, as the API). */
export interface MailcoachPageLink {
  url: string | null;
  label: string;
  active: boolean;
}

/** A send as `GET /api/sends/{uuid}` shows it. */
export interface Send {
  uuid: string;
  transport_message_id: string | null;
  campaign_uuid: string | null;
  automation_mail_uuid: string | null;
  transactional_mail_log_item_uuid: string | null;
  subscriber_uuid: string | null;
  sent_at: string | null;
  failed_at: string | null;
  failure_reason: string | null;
  open_count: number;
  click_count: number;
  first_opened_at: string | null;
  last_opened_at: string | null;
  first_clicked_at: string | null;
  last_clicked_at: string | null;
  created_at: string | null;
  updated_at: string | null;
}

/** A send with what the emulator knows beyond the Mailcoach resource. */
export interface SendWithState extends Send {
  /** The furthest it got; `suppressed`: a campaign send to a suppressed address, which got no mail. */
  state:
    | 'failed'
    | 'suppressed'
    | 'complained'
    | 'bounced'
    | 'soft_bounced'
    | 'clicked'
    | 'opened'
    | 'sent'
    | 'pending';
  /** Bounces and complaints simulated on it (and `suppressed`: a campaign send to a suppressed address), in order. */
  feedback: Array<{ type: 'bounce' | 'soft_bounce' | 'complaint' | 'suppressed'; created_at: string }>;
  /** Its captured message (a transactional send's, or a campaign mail); null when there is none (any more). */
  message_uuid: string | null;
  /** The recipient: the subscriber's address, or the log item's first To address; null when unknown. */
  email: string | null;
  /** The captured mail's subject, else the log item's, else the campaign's. */
  subject: string | null;
  /** The campaign's name (a campaign send whose campaign still exists). */
  campaign_name: string | null;
  /** The transactional template the mail was rendered from (else the log item's mail_name). */
  template_name: string | null;
}

/** The filters, sort and page of GET /api/sends (and /_emulator/sends). */
export interface SendQuery {
  campaignUuid?: string;
  automationMailUuid?: string;
  logItemUuid?: string;
  subscriberUuid?: string;
  /** /_emulator/sends only (filter[email]): the recipient's address, exactly, in any case. */
  email?: string;
  /** `sent_at` or `-sent_at` (the default: newest first). */
  sort?: 'sent_at' | '-sent_at';
  page?: number;
}

export interface Suppression {
  uuid: string;
  email: string;
  reason: 'hard_bounce' | 'spam_complaint' | 'manual';
  created_at: string;
  updated_at: string;
}

/** Why the emulator holds a suppression (null: from before it kept track). */
export type SuppressionOrigin = 'fixture' | 'seed' | 'api' | 'emulator' | 'bounce' | 'complaint';

/** The filters, sort and page of GET /api/suppressions (and /_emulator/suppressions). */
export interface SuppressionQuery {
  /** filter[search]: part of the email. */
  search?: string;
  reason?: Suppression['reason'];
  /** `created_at` or `-created_at` (newest first). */
  sort?: 'created_at' | '-created_at';
  page?: number;
}

/** A transactional mail log item as GET /api/transactional-mails shows it. */
export interface LogItem {
  uuid: string;
  subject: string;
  from: MailAddress[];
  to: MailAddress[];
  cc: MailAddress[];
  bcc: MailAddress[];
  body: string | null;
  html: string | null;
  created_at: string;
}

/** A log item with its captured message and its Send (GET /_emulator/log-items). */
export interface LogItemWithLinks extends LogItem {
  message_uuid: string | null;
  send_uuid: string | null;
}

/** The filters, sort and page of GET /api/transactional-mails (and /_emulator/log-items). */
export interface LogItemQuery {
  search?: string;
  transportMessageId?: string;
  sort?: 'subject' | '-subject' | 'created_at' | '-created_at';
  page?: number;
}

/** The body of `POST /api/transactional-mails/send`. */
export interface TransactionalMailRequest {
  /** A template's name; or give `subject` and `html`/`text`. */
  mail_name?: string;
  subject?: string;
  html?: string;
  text?: string;
  from: string;
  /** One address or several, comma-separated. */
  to: string;
  cc?: string;
  bcc?: string;
  reply_to?: string;
  replacements?: Record<string, unknown>;
  attachments?: Array<{ name: string; content: string; content_type: string; content_id?: string | null }>;
  mailer?: string;
  store?: boolean;
  fake?: boolean;
}
