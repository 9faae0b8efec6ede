import type { Migration } from './migration.js';

export const mailpitUnreadCount: Migration = {
  version: 30,
  name: "mailpit_unread: each workspace's count of unread messages, kept by triggers",
  // Every Mailpit list and search answers the mailbox's `unread` (docs/spec/mailpit-api.md#22-models-json-key-order--go-struct-order-mp-internalstoragestructsgo-serverapiv1),
  // and counting it read every entry of messages_unread: about 15 of a list's 19.6 ms at 100,000 unread messages
  // (docs/performance.md). The triggers fire for every write path (capture, read marks, deletes and a workspace's
  // cascade); a workspace's row appears with its first unread message.
  sql: `
      CREATE TABLE mailpit_unread (
        workspace_id INTEGER PRIMARY KEY,
        unread INTEGER NOT NULL
      );
      INSERT INTO mailpit_unread (workspace_id, unread)
        SELECT workspace_id, count(*) FROM messages WHERE read = 0 GROUP BY workspace_id;
      CREATE TRIGGER mailpit_unread_insert AFTER INSERT ON messages WHEN new.read = 0 BEGIN
        INSERT INTO mailpit_unread (workspace_id, unread) VALUES (new.workspace_id, 1)
          ON CONFLICT (workspace_id) DO UPDATE SET unread = unread + 1;
      END;
      CREATE TRIGGER mailpit_unread_delete AFTER DELETE ON messages WHEN old.read = 0 BEGIN
        UPDATE mailpit_unread SET unread = unread - 1 WHERE workspace_id = old.workspace_id;
      END;
      CREATE TRIGGER mailpit_unread_update AFTER UPDATE OF read ON messages WHEN old.read != new.read BEGIN
        INSERT INTO mailpit_unread (workspace_id, unread) VALUES (new.workspace_id, CASE WHEN new.read = 0 THEN 1 ELSE -1 END)
          ON CONFLICT (workspace_id) DO UPDATE SET unread = unread + excluded.unread;
      END;
    `,
};
