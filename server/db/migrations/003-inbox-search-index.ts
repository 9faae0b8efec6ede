import type { Migration } from './migration.js';

export const inboxSearchIndex: Migration = {
  version: 3,
  name: 'inbox: id-order index, log item by message, kept message totals, the FTS5 search index and its mark, time order',
  // Measured with `BENCH_ONLY=inbox npm run bench` (100,000 captured messages); see server/db/messages-search.ts.
  // Written out in full, as the SQL helpers of this file and the store's list of search columns produced it when
  // this migration was released: those may change, and a migration must do on an old database what it always did.
  sql: `
      -- GET /_emulator/messages lists newest first, in capture order: an index on workspace_id alone holds
      -- (workspace_id, rowid), so it yields a workspace's messages in id order (see suppressions_workspace).
      CREATE INDEX messages_workspace ON messages (workspace_id);
      -- A message's log item (the inbox shows log_item_uuid and send_uuid). It also serves the ON DELETE SET NULL
      -- of log_items.message_id, which would otherwise scan every log item for each deleted message.
      CREATE INDEX log_items_message ON log_items (message_id);

      INSERT INTO list_totals (workspace_id, list, total)
        SELECT workspace_id, 'messages', COUNT(*) FROM messages GROUP BY workspace_id;
      CREATE TRIGGER messages_total_insert AFTER INSERT ON messages BEGIN
        INSERT INTO list_totals (workspace_id, list, total) VALUES (new.workspace_id, 'messages', 1)
          ON CONFLICT (workspace_id, list) DO UPDATE SET total = total + 1;
      END;
      CREATE TRIGGER messages_total_delete AFTER DELETE ON messages BEGIN
        UPDATE list_totals SET total = total - 1 WHERE workspace_id = old.workspace_id AND list = 'messages';
      END;
      CREATE TRIGGER messages_total_update AFTER UPDATE OF workspace_id ON messages BEGIN
        UPDATE list_totals SET total = total - 1 WHERE workspace_id = old.workspace_id AND list = 'messages';
        INSERT INTO list_totals (workspace_id, list, total) VALUES (new.workspace_id, 'messages', 1)
          ON CONFLICT (workspace_id, list) DO UPDATE SET total = total + 1;
      END;

      -- The search text of each message, defined once: the indexer inserts these values and the delete trigger
      -- removes exactly these values again (a contentless FTS5 table must be told the original values).
      -- Word columns (free words, phrases, subject:) have . @ - _ + turned into spaces, so they tokenize as plain
      -- unicode61 would; address columns (from: to: cc: bcc:) keep them, so that each address is one token,
      -- followed by its local part, its domain and its name's words: "bob@example.com bob example.com Bob Smith".
      -- facets holds exact-match tokens: w<workspace id>, hasattachment, t<hex of the lower-cased template name>.
      CREATE VIEW messages_search_source AS
        SELECT id,
          replace(replace(replace(replace(replace(subject, '.', ' '), '@', ' '), '-', ' '), '_', ' '), '+', ' ') AS subject,
          replace(replace(replace(replace(replace(coalesce(text_body, html_body, ''), '.', ' '), '@', ' '), '-', ' '), '_', ' '), '+', ' ') AS body,
          replace(replace(replace(replace(replace((SELECT group_concat(coalesce(value ->> 'name', '') || ' ' || coalesce(value ->> 'email', ''), ' ' ORDER BY key) FROM json_each(from_json)), '.', ' '), '@', ' '), '-', ' '), '_', ' '), '+', ' ') AS sender,
          replace(replace(replace(replace(replace((SELECT group_concat(coalesce(value ->> 'name', '') || ' ' || coalesce(value ->> 'email', ''), ' ' ORDER BY key) FROM json_each(to_json)), '.', ' '), '@', ' '), '-', ' '), '_', ' '), '+', ' ') AS recipients,
          (SELECT group_concat(lower(coalesce(value ->> 'email', '')) || ' ' || substr(lower(coalesce(value ->> 'email', '')), 1, instr(lower(coalesce(value ->> 'email', '')), '@') - 1) || ' ' || substr(lower(coalesce(value ->> 'email', '')), instr(lower(coalesce(value ->> 'email', '')), '@') + 1) || ' ' || coalesce(value ->> 'name', ''), ' ' ORDER BY key) FROM json_each(from_json)) AS from_addresses,
          (SELECT group_concat(lower(coalesce(value ->> 'email', '')) || ' ' || substr(lower(coalesce(value ->> 'email', '')), 1, instr(lower(coalesce(value ->> 'email', '')), '@') - 1) || ' ' || substr(lower(coalesce(value ->> 'email', '')), instr(lower(coalesce(value ->> 'email', '')), '@') + 1) || ' ' || coalesce(value ->> 'name', ''), ' ' ORDER BY key) FROM json_each(to_json)) AS to_addresses,
          (SELECT group_concat(lower(coalesce(value ->> 'email', '')) || ' ' || substr(lower(coalesce(value ->> 'email', '')), 1, instr(lower(coalesce(value ->> 'email', '')), '@') - 1) || ' ' || substr(lower(coalesce(value ->> 'email', '')), instr(lower(coalesce(value ->> 'email', '')), '@') + 1) || ' ' || coalesce(value ->> 'name', ''), ' ' ORDER BY key) FROM json_each(cc_json)) AS cc_addresses,
          (SELECT group_concat(lower(coalesce(value ->> 'email', '')) || ' ' || substr(lower(coalesce(value ->> 'email', '')), 1, instr(lower(coalesce(value ->> 'email', '')), '@') - 1) || ' ' || substr(lower(coalesce(value ->> 'email', '')), instr(lower(coalesce(value ->> 'email', '')), '@') + 1) || ' ' || coalesce(value ->> 'name', ''), ' ' ORDER BY key) FROM json_each(bcc_json)) AS bcc_addresses,
          'w' || workspace_id
            || CASE WHEN attachments_json <> '[]' THEN ' hasattachment' ELSE '' END
            || CASE WHEN template_name IS NOT NULL THEN ' t' || hex(lower(template_name)) ELSE '' END AS facets
        FROM messages;

      -- Contentless (the text stays in messages) and without column sizes (no ranking is ever asked for).
      CREATE VIRTUAL TABLE messages_search USING fts5(
        subject, body, sender, recipients, from_addresses, to_addresses, cc_addresses, bcc_addresses, facets,
        content='', columnsize=0, tokenize="unicode61 remove_diacritics 2 tokenchars '.@-_+'"
      );

      -- How far messages_search reaches: every message with an id up to indexed_through is in it, none above. A
      -- capture writes nothing for the index: indexing one message per commit costs FTS5 a new segment each time
      -- (0.4-0.9 ms a capture, measured), so the store indexes whatever lies above the mark in one batch, a moment
      -- after captures and always before it answers a search (about 100 us a message). SQLite gives a new row the
      -- highest id + 1, so new messages land above the mark, provided the mark never exceeds the highest id: it
      -- comes down when the messages at the top are deleted (their ids can be given out again).
      CREATE TABLE messages_search_state (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        indexed_through INTEGER NOT NULL
      );
      INSERT INTO messages_search_state (id, indexed_through) VALUES (1, 0);
      CREATE TRIGGER messages_search_delete BEFORE DELETE ON messages
        WHEN old.id <= (SELECT indexed_through FROM messages_search_state) BEGIN
        INSERT INTO messages_search (messages_search, rowid, subject, body, sender, recipients, from_addresses, to_addresses, cc_addresses, bcc_addresses, facets) SELECT 'delete', id, subject, body, sender, recipients, from_addresses, to_addresses, cc_addresses, bcc_addresses, facets FROM messages_search_source WHERE id = old.id;
      END;
      CREATE TRIGGER messages_search_mark AFTER DELETE ON messages
        WHEN (SELECT indexed_through FROM messages_search_state) > coalesce((SELECT max(id) FROM messages), 0) BEGIN
        UPDATE messages_search_state SET indexed_through = coalesce((SELECT max(id) FROM messages), 0);
      END;
      -- Nothing updates a captured message today; should anything, the index follows.
      CREATE TRIGGER messages_search_update_old BEFORE UPDATE ON messages
        WHEN old.id <= (SELECT indexed_through FROM messages_search_state) BEGIN
        INSERT INTO messages_search (messages_search, rowid, subject, body, sender, recipients, from_addresses, to_addresses, cc_addresses, bcc_addresses, facets) SELECT 'delete', id, subject, body, sender, recipients, from_addresses, to_addresses, cc_addresses, bcc_addresses, facets FROM messages_search_source WHERE id = old.id;
      END;
      CREATE TRIGGER messages_search_update_new AFTER UPDATE ON messages
        WHEN new.id <= (SELECT indexed_through FROM messages_search_state) BEGIN
        INSERT INTO messages_search (rowid, subject, body, sender, recipients, from_addresses, to_addresses, cc_addresses, bcc_addresses, facets)
          SELECT id, subject, body, sender, recipients, from_addresses, to_addresses, cc_addresses, bcc_addresses, facets FROM messages_search_source WHERE id = new.id;
      END;

      -- Workspaces whose capture times ever went backwards (the clock set back through POST /_emulator/clock).
      -- Everywhere else created_at_ms never decreases as ids grow, so that a time bound is a rowid bound, which the
      -- search index applies while it reads its doclists (messages-store.ts).
      CREATE TABLE messages_time_regressions (
        workspace_id INTEGER PRIMARY KEY REFERENCES workspaces(id) ON DELETE CASCADE
      );
      INSERT INTO messages_time_regressions (workspace_id)
        SELECT DISTINCT workspace_id FROM (
          SELECT workspace_id, created_at_ms, max(created_at_ms) OVER (
            PARTITION BY workspace_id ORDER BY id ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING
          ) AS latest_before FROM messages
        ) WHERE created_at_ms < latest_before;
      CREATE TRIGGER messages_time_regression BEFORE INSERT ON messages
        WHEN new.created_at_ms < (SELECT max(created_at_ms) FROM messages WHERE workspace_id = new.workspace_id) BEGIN
        INSERT OR IGNORE INTO messages_time_regressions (workspace_id) VALUES (new.workspace_id);
      END;

      ANALYZE sqlite_schema;
      DELETE FROM sqlite_stat1 WHERE tbl = 'messages' OR idx = 'log_items_message';
      INSERT INTO sqlite_stat1 (tbl, idx, stat) VALUES
        ('messages', 'messages_uuid', '100000 100000 1'),
        ('messages', 'messages_created_at', '100000 100000 2 1'),
        ('messages', 'messages_workspace', '100000 100000'),
        ('log_items', 'log_items_message', '100000 1');
      ANALYZE sqlite_schema;
    `,
};
