/**
 * SQL for captured messages: the mail itself (messages), its raw bytes and its attachments. The inbox search, its
 * index and deletes are messages-inbox.ts.
 */
import { createInboxSearch } from './messages-inbox.js';
import type { AttachmentRow, MailpitFactColumns, MessageRow, NewMessage } from './message-rows.js';
import type { Statements } from './statements.js';

export type { IndexStep, LinkedMessageRow, MessageSummaryRow, NewMessage, SearchPage } from './message-rows.js';
export { stepSql } from './messages-inbox.js';

/** A message stored without its Mailpit facts: the Mailpit surface computes them before it lists or searches. */
const NO_MAILPIT_FACTS: MailpitFactColumns = {
  mailpit_snippet: '',
  mailpit_attachments: 0,
  mailpit_inlines: 0,
  mailpit_search_text: null,
  mailpit_size: null,
};

export function createMessageStore(statements: Statements) {
  const db = statements.db;
  const insertMessage = db.prepare(
    `INSERT INTO messages (workspace_id, uuid, message_id, envelope_from, envelope_to_json, from_json, to_json,
       cc_json, bcc_json, reply_to_json, subject, text_body, html_body, attachments_json, size, template_name,
       replacements_json, created_at_ms, campaign_uuid, email_list_uuid, subscriber_uuid, via, username,
       mailpit_snippet, mailpit_attachments, mailpit_inlines, mailpit_search_text, mailpit_size)
     VALUES (@workspace_id, @uuid, @message_id, @envelope_from, @envelope_to_json, @from_json, @to_json, @cc_json,
       @bcc_json, @reply_to_json, @subject, @text_body, @html_body, @attachments_json, @size, @template_name,
       @replacements_json, @created_at_ms, @campaign_uuid, @email_list_uuid, @subscriber_uuid, @via, @username,
       @mailpit_snippet, @mailpit_attachments, @mailpit_inlines, @mailpit_search_text, @mailpit_size)`,
  );
  const insertRaw = db.prepare('INSERT INTO message_raw (message_id, raw) VALUES (?, ?)');
  const insertAttachment = db.prepare(
    `INSERT INTO message_attachments (message_id, position, filename, content_type, content_id, size, content)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );
  const byId = db.prepare('SELECT * FROM messages WHERE id = ?');
  const byUuid = db.prepare('SELECT * FROM messages WHERE workspace_id = ? AND uuid = ?');
  const attachmentsOf = db.prepare(
    'SELECT filename, content_type, content_id, content FROM message_attachments WHERE message_id = ? ORDER BY position',
  );
  const rawOf = db.prepare('SELECT raw FROM message_raw WHERE message_id = ?');
  const count = db.prepare('SELECT COUNT(*) AS total FROM messages WHERE workspace_id = ?');
  const search = createInboxSearch(statements);

  /** Inserts the message, its raw bytes and attachments, and returns its id; call inside the caller's transaction. */
  function insertReturningId(message: NewMessage): number {
    const { raw, attachments, mailpit, ...row } = message;
    const id = Number(
      insertMessage.run({
        ...row,
        ...(mailpit ?? NO_MAILPIT_FACTS),
        via: row.via ?? 'api',
        username: row.username ?? '',
      }).lastInsertRowid,
    );
    insertRaw.run(id, raw);
    attachments.forEach((a, position) => {
      insertAttachment.run(id, position, a.filename, a.content_type, a.content_id, a.content.length, a.content);
    });
    return id;
  }

  return {
    insertReturningId,

    /** insertReturningId(), then the stored row. */
    insert: (message: NewMessage) => byId.get(insertReturningId(message)) as MessageRow,

    findById: (id: number) => byId.get(id) as MessageRow | undefined,

    /** A message's uuid by its row id (a log item's message_id). */
    uuidOf: (id: number) =>
      statements.get('SELECT uuid FROM messages WHERE id = ?').pluck().get(id) as string | undefined,

    findByUuid: (workspaceId: number, uuid: string) => byUuid.get(workspaceId, uuid) as MessageRow | undefined,

    attachmentsOf: (messageId: number) => attachmentsOf.all(messageId) as AttachmentRow[],

    rawOf: (messageId: number) => (rawOf.get(messageId) as { raw: Buffer } | undefined)?.raw,

    count: (workspaceId: number) => (count.get(workspaceId) as { total: number }).total,

    ...search,
  };
}

export type MessageStore = ReturnType<typeof createMessageStore>;
