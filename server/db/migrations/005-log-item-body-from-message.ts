import type { Migration } from './migration.js';

export const logItemBodyFromMessage: Migration = {
  version: 5,
  name: "log_items: a send's body is read from its captured message instead of being stored twice",
  // A send stored its HTML three times: the message's html_body, inside its raw bytes, and the log item's body
  // (Mailcoach's column). body_in_message = 1 means body is NULL here and is the message's html_body, or its
  // text_body for a text-only mail (log-items-store.ts reads it so): for an MJML mail some 9 KB, a quarter of
  // what a send writes. The trigger copies it back into the log item before its message is deleted (an inbox
  // delete), so that the log item keeps its body, as Mailcoach's does.
  sql: `
      ALTER TABLE log_items ADD COLUMN body_in_message INTEGER NOT NULL DEFAULT 0;
      CREATE TRIGGER messages_keep_log_item_body BEFORE DELETE ON messages BEGIN
        UPDATE log_items SET body = coalesce(old.html_body, old.text_body), body_in_message = 0
          WHERE message_id = old.id AND body_in_message = 1;
      END;
    `,
};
