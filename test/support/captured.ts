/**
 * Reads what the emulator captured straight from its SQLite file (read-only; WAL lets it read while the server
 * writes). Until the inbox API exists, this is how contract tests inspect captured mail; the message itself is
 * parsed back with mailparser, as a mail client would read it.
 */
import { sqliteDriver } from '../../server/db/driver.js';
import { simpleParser, type ParsedMail } from 'mailparser';

/** better-sqlite3 in the release line this Node runs (server/db/driver.ts). */
const Database = sqliteDriver();

export interface CapturedMessage {
  id: number;
  uuid: string;
  messageId: string;
  envelopeFrom: string;
  envelopeTo: string[];
  subject: string;
  text: string | null;
  html: string | null;
  templateName: string | null;
  replacements: Record<string, unknown> | null;
  attachments: Array<{ filename: string; content_type: string; content_id: string | null; size: number }>;
  raw: Buffer;
}

interface Row {
  id: number;
  uuid: string;
  message_id: string;
  envelope_from: string;
  envelope_to_json: string;
  subject: string;
  text_body: string | null;
  html_body: string | null;
  template_name: string | null;
  replacements_json: string | null;
  attachments_json: string;
  raw: Buffer;
}

/** Every captured message, oldest first. */
export function capturedMessages(dbPath: string): CapturedMessage[] {
  const db = new Database(dbPath, { readonly: true, fileMustExist: true });
  try {
    const rows = db
      .prepare('SELECT m.*, r.raw FROM messages m JOIN message_raw r ON r.message_id = m.id ORDER BY m.id')
      .all() as Row[];
    return rows.map((row) => ({
      id: row.id,
      uuid: row.uuid,
      messageId: row.message_id,
      envelopeFrom: row.envelope_from,
      envelopeTo: JSON.parse(row.envelope_to_json) as string[],
      subject: row.subject,
      text: row.text_body,
      html: row.html_body,
      templateName: row.template_name,
      replacements:
        row.replacements_json === null ? null : (JSON.parse(row.replacements_json) as Record<string, unknown>),
      attachments: JSON.parse(row.attachments_json) as CapturedMessage['attachments'],
      raw: row.raw,
    }));
  } finally {
    db.close();
  }
}

/** The newest captured message, or undefined. */
export function lastCaptured(dbPath: string): CapturedMessage | undefined {
  return capturedMessages(dbPath).at(-1);
}

/** Parses raw RFC 5322 bytes as a mail client would. */
export function parseMessage(raw: Buffer): Promise<ParsedMail> {
  return simpleParser(raw);
}
