/** The validated input of POST /api/transactional-mails/send, read into typed values (after mailcoach/request-rules.ts sendRules passed). */
import type { Input } from '../validation/input.js';
import type { Replacements } from './render/replacements.js';

interface AttachmentInput {
  name: string;
  /** Base64, possibly wrapped with CRLF every 76 characters (Symfony's DataPart::bodyToString()). */
  content: string;
  contentType: string;
  contentId: string | null;
}

export interface SendRequest {
  mailName: string | null;
  subject: string | null;
  html: string | null;
  text: string | null;
  replacements: Replacements;
  from: string;
  to: string;
  cc: string | null;
  bcc: string | null;
  replyTo: string | null;
  /** Defaults to true when absent (SendTransactionalMailAction). */
  store: boolean;
  mailer: string | null;
  attachments: AttachmentInput[];
  fake: boolean;
}

export function readSendRequest(input: Input): SendRequest {
  const text = (key: string) => (typeof input[key] === 'string' ? (input[key] as string) : null);
  return {
    mailName: text('mail_name'),
    subject: text('subject'),
    html: text('html'),
    text: text('text'),
    replacements: isMap(input.replacements) ? (input.replacements as Replacements) : {},
    from: text('from') ?? '',
    to: text('to') ?? '',
    cc: text('cc'),
    bcc: text('bcc'),
    replyTo: text('reply_to'),
    store: input.store === undefined ? true : isTrue(input.store),
    mailer: text('mailer'),
    attachments: isMap(input.attachments) ? Object.values(input.attachments as object).map(readAttachment) : [],
    fake: input.fake === undefined ? false : isTrue(input.fake),
  };
}

/** Laravel's boolean rule has let only true, false, 1, 0, "1" and "0" through. */
function isTrue(value: unknown): boolean {
  return value === true || value === 1 || value === '1';
}

function readAttachment(value: unknown): AttachmentInput {
  const item = value as Record<string, unknown>;
  return {
    name: item.name as string,
    content: item.content as string,
    contentType: item.content_type as string,
    contentId: typeof item.content_id === 'string' ? item.content_id : null,
  };
}

function isMap(value: unknown): boolean {
  return value !== null && typeof value === 'object';
}
