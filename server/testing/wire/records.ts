/**
 * The transactional side of the Mailcoach API as the client reads and sends it: the transactional send's body,
 * sends, suppressions and the mail log (each also under `/_emulator` with what the emulator knows beyond the
 * resource), and Laravel's paginated list.
 */

import type { LogItemWithLinks, PageLinks, PageMeta, Suppression } from '../../emulator/schemas/records.js';

// The shapes, from their schemas (types only: the client loads no zod).
export type {
  LogItemWithLinks,
  PageLink as MailcoachPageLink,
  Send,
  SendWithState,
  SimulatedFeedback,
  Suppression,
  SuppressionOrigin,
  SuppressionWithOrigin,
} from '../../emulator/schemas/records.js';

/** A Laravel paginated list, as the Mailcoach API's index endpoints (and their copies under /_emulator) answer it. */
export interface MailcoachPage<T> {
  data: T[];
  links: PageLinks;
  meta: PageMeta;
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
export type LogItem = Omit<LogItemWithLinks, 'message_uuid' | 'send_uuid'>;

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
