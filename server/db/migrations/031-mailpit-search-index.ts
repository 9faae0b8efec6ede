import type { Migration } from './migration.js';

export const mailpitSearchIndex: Migration = {
  version: 31,
  name: "mailpit_search: Mailpit's substring search from a trigram index, built in the background once asked for",
  // Mailpit's search is a substring match (docs/spec/mailpit-api.md#24-search-syntax-mp-internalstoragesearchgo-searchquerybuilder-internaltoolsargsparsergo-mpweb-search-filtersmd):
  // as LIKE over the messages rows it read every row of the workspace, 150-880 ms a search at 100,000 messages
  // (docs/performance.md). A trigram index answers a substring of 3+ characters from its doclists. It costs about
  // 350 us a message to build and 4.4 kB a message on disk (443 MB at 100,000), so it is built only once the
  // Mailpit surface is searched (enabled), and like the inbox's index (migration 3) by the background indexer, in
  // steps, never at capture: search/mailpit-search.ts reads the messages above the mark with LIKE meanwhile.
  // Its columns hold exactly what the LIKE terms compare (search/mailpit-query.ts). Contentless, with deletes by
  // rowid (contentless_delete), so that a delete need not repeat what was indexed.
  //
  // messages_created_at grows the read, attachment, inline and size columns, and messages_mailpit_by_id holds the
  // same by id, so that the filters of a search and its count (is:unread, has:attachment, larger:, dates) and the
  // workspace of each index hit are read from an index, not from the wide messages rows.
  sql: `
      CREATE VIRTUAL TABLE mailpit_search USING fts5(
        text, subject, message_id, from_addresses, to_addresses, cc_addresses, bcc_addresses, reply_to_addresses,
        content='', contentless_delete=1, tokenize='trigram'
      );
      CREATE TABLE mailpit_search_state (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        enabled INTEGER NOT NULL,
        indexed_through INTEGER NOT NULL
      );
      INSERT INTO mailpit_search_state (id, enabled, indexed_through) VALUES (1, 0, 0);
      CREATE TRIGGER mailpit_search_delete BEFORE DELETE ON messages
        WHEN old.id <= (SELECT indexed_through FROM mailpit_search_state) BEGIN
        DELETE FROM mailpit_search WHERE rowid = old.id;
      END;
      CREATE TRIGGER mailpit_search_mark AFTER DELETE ON messages
        WHEN (SELECT indexed_through FROM mailpit_search_state) > coalesce((SELECT max(id) FROM messages), 0) BEGIN
        UPDATE mailpit_search_state SET indexed_through = coalesce((SELECT max(id) FROM messages), 0);
      END;
      CREATE TRIGGER mailpit_search_update AFTER UPDATE OF mailpit_search_text, subject, message_id, from_json, to_json,
        cc_json, bcc_json, reply_to_json ON messages
        WHEN new.id <= (SELECT indexed_through FROM mailpit_search_state) BEGIN
        DELETE FROM mailpit_search WHERE rowid = old.id;
        INSERT INTO mailpit_search (rowid, text, subject, message_id, from_addresses, to_addresses, cc_addresses,
          bcc_addresses, reply_to_addresses)
          VALUES (new.id, new.mailpit_search_text, new.subject, new.message_id, new.from_json, new.to_json, new.cc_json,
            new.bcc_json, new.reply_to_json);
      END;
      DROP INDEX messages_created_at;
      CREATE INDEX messages_created_at ON messages
        (workspace_id, created_at_ms, id, read, mailpit_attachments, mailpit_inlines, size);
      CREATE INDEX messages_mailpit_by_id ON messages
        (id, workspace_id, created_at_ms, read, mailpit_attachments, mailpit_inlines, size);
      -- The messages whose search text is too long for one step of the indexer (db/mailpit-search.ts): never
      -- indexed, always read with LIKE. Usually none; this finds them without reading every row.
      CREATE INDEX messages_mailpit_unindexed ON messages (id) WHERE length(mailpit_search_text) > 65536;
    `,
};
