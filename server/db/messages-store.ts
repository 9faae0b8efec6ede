/** SQL for captured messages: the mail itself (messages), its raw bytes and its attachments. */
import type { Statements } from './statements.js';

export interface MessageRow {
  id: number;
  workspace_id: number;
  uuid: string;
  message_id: string;
  envelope_from: string;
  /** JSON array of every recipient address, Bcc included. */
  envelope_to_json: string;
  /** JSON arrays of {name, email}. */
  from_json: string;
  to_json: string;
  cc_json: string;
  bcc_json: string;
  reply_to_json: string;
  subject: string;
  text_body: string | null;
  html_body: string | null;
  /** JSON array of {filename, content_type, content_id, size}. */
  attachments_json: string;
  size: number;
  template_name: string | null;
  replacements_json: string | null;
  created_at_ms: number;
}

export interface AttachmentRow {
  filename: string;
  content_type: string;
  content_id: string | null;
  content: Buffer;
}

export type NewMessage = Omit<MessageRow, 'id'> & { raw: Buffer; attachments: AttachmentRow[] };

export function createMessageStore(statements: Statements) {
  const db = statements.db;
  const insertMessage = db.prepare(
    `INSERT INTO messages (workspace_id, uuid, message_id, envelope_from, envelope_to_json, from_json, to_json,
       cc_json, bcc_json, reply_to_json, subject, text_body, html_body, attachments_json, size, template_name,
       replacements_json, created_at_ms)
     VALUES (@workspace_id, @uuid, @message_id, @envelope_from, @envelope_to_json, @from_json, @to_json, @cc_json,
       @bcc_json, @reply_to_json, @subject, @text_body, @html_body, @attachments_json, @size, @template_name,
       @replacements_json, @created_at_ms)`,
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

  return {
    /** Inserts the message, its raw bytes and attachments; call inside the caller's transaction. */
    insert(message: NewMessage): MessageRow {
      const { raw, attachments, ...row } = message;
      const id = Number(insertMessage.run(row).lastInsertRowid);
      insertRaw.run(id, raw);
      attachments.forEach((a, position) =>
        insertAttachment.run(id, position, a.filename, a.content_type, a.content_id, a.content.length, a.content),
      );
      return byId.get(id) as MessageRow;
    },

    findById: (id: number) => byId.get(id) as MessageRow | undefined,

    findByUuid: (workspaceId: number, uuid: string) => byUuid.get(workspaceId, uuid) as MessageRow | undefined,

    attachmentsOf: (messageId: number) => attachmentsOf.all(messageId) as AttachmentRow[],

    rawOf: (messageId: number) => (rawOf.get(messageId) as { raw: Buffer } | undefined)?.raw,

    count: (workspaceId: number) => (count.get(workspaceId) as { total: number }).total,
  };
}

export type MessageStore = ReturnType<typeof createMessageStore>;
