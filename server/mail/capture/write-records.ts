/**
 * What a capture stores, and the one function that writes it: the captured message, then (when `store` is on) its
 * log item and Send. The rows are decided on the main thread before rendering (ids, times, the mailer), less
 * what only rendering knows (the subject, the body, the message's row id), so that the write can run wherever
 * the rendering ran: in the request's thread, or on the capture worker that rendered it (jobs.ts).
 */
import type { LogItemRow, NewRow, SendRow } from '../../db/rows.js';
import type { MessageStore } from '../../db/messages-store.js';
import type { MessageTagStore } from '../../db/message-tags-store.js';
import type { LogItemStore } from '../../db/log-items-store.js';
import type { SendStore } from '../../db/sends-store.js';
import type { SuppressionStore } from '../../db/suppressions-store.js';
import type { GroupCommit } from '../../db/group-commit.js';
import { capturedMessage, type CaptureMeta } from './message-row.js';
import type { OutgoingMail } from '../mime/outgoing-mail.js';
import { captureTags } from '../message-tags.js';

export interface CaptureRecords {
  workspaceId: number;
  messageUuid: string;
  meta: CaptureMeta;
  /** The log item when `store` is on; its subject and body are the rendered mail's (docs/spec/mailcoach-reference.md#47-records-created-by-a-stored-send). */
  logItem: Omit<NewRow<LogItemRow>, 'subject' | 'body' | 'body_in_message' | 'message_id'> | null;
  send: NewRow<SendRow> | null;
  /**
   * Recipients a suppression in the workspace refuses the capture for (a send's own to, cc and bcc;
   * docs/spec/mailcoach-reference.md#2-suppressions), or absent. The thread that stores the capture checks them before rendering: its connection is the one
   * that writes, whose page cache its own commits keep, whereas a read on the main connection after a worker's
   * commit re-reads its pages (about 30 us of the main thread's ~280 per inline send in paired runs).
   */
  suppressible?: readonly string[];
}

/** What a capture came to: stored, or refused for a suppressed recipient (nothing written). */
export type CaptureOutcome = { stored: true } | { suppressed: string };

/** The store functions a capture writes through: the main connection's store, or a capture worker's own. */
export interface CaptureWriter {
  messages: Pick<MessageStore, 'insertReturningId'>;
  messageTags: Pick<MessageTagStore, 'addOnCapture'>;
  logItems: Pick<LogItemStore, 'insertOnly'>;
  sends: Pick<SendStore, 'insertOnly'>;
  suppressions: Pick<SuppressionStore, 'findFirstAmong'>;
  groupCommit: GroupCommit;
}

/** The first of the capture's suppressible recipients that is suppressed, or undefined. */
export function firstSuppressed(writer: CaptureWriter, records: CaptureRecords): string | undefined {
  const emails = records.suppressible;
  if (emails === undefined || emails.length === 0) return undefined;
  return writer.suppressions.findFirstAmong(records.workspaceId, emails)?.email;
}

/** Writes the message and its records in the caller's transaction; returns the message's row id. */
function writeCapture(writer: CaptureWriter, records: CaptureRecords, mail: OutgoingMail, raw: Buffer): number {
  const messageRowId = writer.messages.insertReturningId(
    capturedMessage(records.workspaceId, records.messageUuid, mail, raw, records.meta),
  );
  // Mailpit's tags, from X-Tags and plus-addresses (docs/spec/mailpit-api.md#255-tags-mp-internalstoragetagsgo-internaltoolstagsgo-configconfiggo).
  const tags = captureTags(mail, raw);
  if (tags.length > 0) writer.messageTags.addOnCapture(records.workspaceId, messageRowId, tags);
  if (records.logItem !== null) {
    // Mailcoach stores the HTML, or the text of a text-only mail, as the log item's body: the message's html_body
    // or text_body, which the log item reads from there rather than storing it a second time (migration 5).
    writer.logItems.insertOnly({
      ...records.logItem,
      subject: mail.subject,
      body: null,
      body_in_message: 1,
      message_id: messageRowId,
    });
  }
  if (records.send !== null) writer.sends.insertOnly(records.send);
  return messageRowId;
}

/** Writes the message and its records through `writer`'s group commit; resolves once committed. */
export function commitCapture(
  writer: CaptureWriter,
  records: CaptureRecords,
  mail: OutgoingMail,
  raw: Buffer,
): Promise<number> {
  return writer.groupCommit(() => writeCapture(writer, records, mail, raw));
}
