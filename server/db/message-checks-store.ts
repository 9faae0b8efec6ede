/**
 * How many problems the checks found in each captured mail (migration 25; README "Mail checks"): what
 * has:problems and the inbox's marker read. search/problem-checker.ts fills it in id order, after capture.
 */
import { stepSql, type IndexStep } from './messages-store.js';
import type { Statements } from './statements.js';

/**
 * What the problem checks read of a message not checked yet.
 * @public Named in the declarations tsc emits for store.ts (a store method returns it).
 */
export interface UncheckedMessage {
  id: number;
  workspace_id: number;
  uuid: string;
  subject: string;
  html_body: string | null;
  text_body: string | null;
  campaign_uuid: string | null;
  /** JSON array of {filename, content_type, content_id, size}: the parts a `cid:` image may name. */
  attachments_json: string;
  /** The raw message's first bytes, where its header block is (a block beyond them is read as cut there). */
  head: Buffer | null;
}

export interface CheckedMessage {
  id: number;
  uuid: string;
  workspaceId: number;
  problems: number;
}

/** Where a header block is looked for: far more than a sent mail's headers, and a bound on a hostile one. */
const HEAD_BYTES = 64 * 1024;

export function createMessageCheckStore(statements: Statements) {
  const db = statements.db;
  const mark = db.prepare('SELECT coalesce(max(message_id), 0) FROM message_checks').pluck();
  const next = db.prepare(
    `SELECT m.id, m.workspace_id, m.uuid, m.subject, m.html_body, m.text_body, m.campaign_uuid, m.attachments_json,
       (SELECT substr(r.raw, 1, ${HEAD_BYTES}) FROM message_raw r WHERE r.message_id = m.id) AS head
     FROM messages m WHERE m.id IN (${stepSql('id > (SELECT coalesce(max(message_id), 0) FROM message_checks)', 'size')})
     ORDER BY m.id`,
  );
  // Only the message it was computed for: the id could have been given to another mail meanwhile (a reset).
  const insert = db.prepare(
    'INSERT INTO message_checks (message_id, problems) SELECT id, ? FROM messages WHERE id = ? AND uuid = ? ON CONFLICT DO NOTHING',
  );
  const update = db.prepare('UPDATE message_checks SET problems = ? WHERE message_id = ? AND problems <> ?');

  return {
    /** The highest message id checked: every message up to it has its row, none above. */
    checkedThrough: () => mark.get() as number,

    /** The next messages to check, oldest first: at most `step.messages`, about `step.chars` bytes of raw size. */
    nextUnchecked: (step: IndexStep) => next.all(step.messages, step.chars) as UncheckedMessage[],

    /** Records the counts of messages that still exist; returns those recorded. Inside the caller's transaction. */
    record: (checked: CheckedMessage[]): CheckedMessage[] =>
      checked.filter((message) => insert.run(message.problems, message.id, message.uuid).changes > 0),

    /** A count computed again (the report asked for): whether it changed. A message not checked yet stays so. */
    update: (messageId: number, problems: number): boolean => update.run(problems, messageId, problems).changes > 0,
  };
}

export type MessageCheckStore = ReturnType<typeof createMessageCheckStore>;
