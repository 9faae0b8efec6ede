/**
 * The schema, as an ordered list of forward-only migrations. `PRAGMA user_version` records how many have run;
 * each runs in its own transaction. Never edit a released migration: append a new one. Each is plain SQL, written
 * out in full: a migration that called code from elsewhere (a helper, a list of columns) would change with it.
 *
 * Conventions: every row belongs to a workspace (one per API token under isolation, a later issue), so every
 * index starts with workspace_id. Mailcoach timestamps are epoch seconds (Eloquent keeps whole seconds); captured
 * messages keep milliseconds, which the inbox needs for "after this instant" queries. Emails compare
 * case-insensitively (COLLATE NOCASE), as on the MySQL databases Mailcoach runs on.
 */

export interface Migration {
  version: number;
  name: string;
  sql: string;
  /**
   * The migration drops and recreates tables that others reference (SQLite's rebuild procedure): migrate() runs it
   * with foreign_keys off, so that DROP TABLE deletes no rows and cascades nothing, and commits it only if
   * PRAGMA foreign_key_check then finds no row pointing nowhere.
   */
  rebuildsTables?: true;
}

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'mailcoach core: workspaces, suppressions, templates, log items, sends, captured messages',
    sql: `
      CREATE TABLE workspaces (
        id INTEGER PRIMARY KEY,
        key TEXT NOT NULL UNIQUE,
        created_at INTEGER NOT NULL
      );

      CREATE TABLE suppressions (
        id INTEGER PRIMARY KEY,
        workspace_id INTEGER NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
        uuid TEXT NOT NULL,
        email TEXT NOT NULL COLLATE NOCASE,
        reason TEXT NOT NULL CHECK (reason IN ('hard_bounce', 'spam_complaint', 'manual')),
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      );
      CREATE UNIQUE INDEX suppressions_uuid ON suppressions (workspace_id, uuid);
      CREATE UNIQUE INDEX suppressions_email ON suppressions (workspace_id, email);
      CREATE INDEX suppressions_created_at ON suppressions (workspace_id, created_at, id);
      CREATE INDEX suppressions_reason ON suppressions (workspace_id, reason, id);

      CREATE TABLE templates (
        id INTEGER PRIMARY KEY,
        workspace_id INTEGER NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
        uuid TEXT NOT NULL,
        name TEXT NOT NULL,
        label TEXT,
        type TEXT NOT NULL CHECK (type IN ('html', 'markdown', 'mjml', 'blade')),
        subject TEXT NOT NULL DEFAULT '',
        body TEXT NOT NULL DEFAULT '',
        from_address TEXT,
        to_json TEXT,
        cc_json TEXT,
        bcc_json TEXT,
        store_mail INTEGER NOT NULL DEFAULT 0,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      );
      CREATE UNIQUE INDEX templates_uuid ON templates (workspace_id, uuid);
      CREATE UNIQUE INDEX templates_name ON templates (workspace_id, name);
      CREATE INDEX templates_created_at ON templates (workspace_id, created_at, id);

      -- A captured mail: what an app sent, kept whole. The raw RFC 5322 bytes live in a side table so that list
      -- queries never read them.
      CREATE TABLE messages (
        id INTEGER PRIMARY KEY,
        workspace_id INTEGER NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
        uuid TEXT NOT NULL,
        message_id TEXT NOT NULL,
        envelope_from TEXT NOT NULL,
        envelope_to_json TEXT NOT NULL,
        from_json TEXT NOT NULL,
        to_json TEXT NOT NULL,
        cc_json TEXT NOT NULL,
        bcc_json TEXT NOT NULL,
        reply_to_json TEXT NOT NULL,
        subject TEXT NOT NULL,
        text_body TEXT,
        html_body TEXT,
        attachments_json TEXT NOT NULL DEFAULT '[]',
        size INTEGER NOT NULL,
        template_name TEXT,
        replacements_json TEXT,
        created_at_ms INTEGER NOT NULL
      );
      CREATE UNIQUE INDEX messages_uuid ON messages (workspace_id, uuid);
      CREATE INDEX messages_created_at ON messages (workspace_id, created_at_ms, id);
      CREATE TABLE message_raw (
        message_id INTEGER PRIMARY KEY REFERENCES messages(id) ON DELETE CASCADE,
        raw BLOB NOT NULL
      );
      -- Decoded attachment bodies: served one by one by the inbox, re-attached by a resend.
      CREATE TABLE message_attachments (
        id INTEGER PRIMARY KEY,
        message_id INTEGER NOT NULL REFERENCES messages(id) ON DELETE CASCADE,
        position INTEGER NOT NULL,
        filename TEXT NOT NULL,
        content_type TEXT NOT NULL,
        content_id TEXT,
        size INTEGER NOT NULL,
        content BLOB NOT NULL
      );
      CREATE INDEX message_attachments_message ON message_attachments (message_id, position);

      CREATE TABLE log_items (
        id INTEGER PRIMARY KEY,
        workspace_id INTEGER NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
        uuid TEXT NOT NULL,
        mail_name TEXT,
        subject TEXT NOT NULL DEFAULT '',
        from_json TEXT NOT NULL DEFAULT '[]',
        to_json TEXT NOT NULL DEFAULT '[]',
        cc_json TEXT NOT NULL DEFAULT '[]',
        bcc_json TEXT NOT NULL DEFAULT '[]',
        body TEXT,
        attachments_json TEXT NOT NULL DEFAULT '[]',
        mailer TEXT,
        fake INTEGER NOT NULL DEFAULT 0,
        message_id INTEGER REFERENCES messages(id) ON DELETE SET NULL,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      );
      CREATE UNIQUE INDEX log_items_uuid ON log_items (workspace_id, uuid);
      CREATE INDEX log_items_created_at ON log_items (workspace_id, created_at, id);

      -- Owner uuids are stored on the send itself: the emulator has no campaigns, automations or subscribers, and
      -- the filters of GET /api/sends then stay single-index lookups.
      CREATE TABLE sends (
        id INTEGER PRIMARY KEY,
        workspace_id INTEGER NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
        uuid TEXT NOT NULL,
        transport_message_id TEXT,
        campaign_uuid TEXT,
        automation_mail_uuid TEXT,
        transactional_mail_log_item_uuid TEXT,
        subscriber_uuid TEXT,
        sent_at INTEGER,
        failed_at INTEGER,
        failure_reason TEXT,
        open_count INTEGER NOT NULL DEFAULT 0,
        click_count INTEGER NOT NULL DEFAULT 0,
        first_opened_at INTEGER,
        last_opened_at INTEGER,
        first_clicked_at INTEGER,
        last_clicked_at INTEGER,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      );
      CREATE UNIQUE INDEX sends_uuid ON sends (workspace_id, uuid);
      CREATE INDEX sends_sent_at ON sends (workspace_id, sent_at, id);
      CREATE INDEX sends_log_item ON sends (workspace_id, transactional_mail_log_item_uuid, sent_at, id);
      CREATE INDEX sends_campaign ON sends (workspace_id, campaign_uuid, sent_at, id);
      CREATE INDEX sends_automation_mail ON sends (workspace_id, automation_mail_uuid, sent_at, id);
      CREATE INDEX sends_subscriber ON sends (workspace_id, subscriber_uuid, sent_at, id);
      CREATE INDEX sends_transport_message_id ON sends (workspace_id, transport_message_id);
    `,
  },
  {
    version: 2,
    name: 'list performance: id-order and reason+created_at indexes, trigger-kept totals, email trigram index, planner statistics',
    // Measured with `npm run bench` (100,000 suppressions and 100,000 sends); see server/db/statements.ts listPage.
    sql: `
      -- GET /api/suppressions sorts by id unless asked otherwise. An index on workspace_id alone holds
      -- (workspace_id, rowid), so it yields a workspace's rows in id order and a deep OFFSET skips small entries
      -- instead of sorting the whole table. The second index serves filter[reason] with sort=created_at.
      CREATE INDEX suppressions_workspace ON suppressions (workspace_id);
      CREATE INDEX suppressions_reason_created_at ON suppressions (workspace_id, reason, created_at, id);

      -- Exact row counts for the unfiltered lists (and per suppression reason), so that a page's total does not
      -- count 100,000 index entries. Kept by triggers in the writing transaction, they cannot go stale; the rows
      -- INSERT OR REPLACE deletes fire delete triggers only with recursive_triggers on, which openDatabase() sets.
      -- \`list\` is a table name, or 'suppressions:<reason>'. Delete triggers only ever UPDATE: a cascade from a
      -- deleted workspace may already have removed its rows here.
      CREATE TABLE list_totals (
        workspace_id INTEGER NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
        list TEXT NOT NULL,
        total INTEGER NOT NULL,
        PRIMARY KEY (workspace_id, list)
      ) WITHOUT ROWID;

      INSERT INTO list_totals (workspace_id, list, total)
        SELECT workspace_id, 'suppressions', COUNT(*) FROM suppressions GROUP BY workspace_id
        UNION ALL SELECT workspace_id, 'suppressions:' || reason, COUNT(*) FROM suppressions GROUP BY workspace_id, reason
        UNION ALL SELECT workspace_id, 'sends', COUNT(*) FROM sends GROUP BY workspace_id
        UNION ALL SELECT workspace_id, 'log_items', COUNT(*) FROM log_items GROUP BY workspace_id
        UNION ALL SELECT workspace_id, 'templates', COUNT(*) FROM templates GROUP BY workspace_id;

      CREATE TRIGGER suppressions_total_insert AFTER INSERT ON suppressions BEGIN
        INSERT INTO list_totals (workspace_id, list, total)
          VALUES (new.workspace_id, 'suppressions', 1), (new.workspace_id, 'suppressions:' || new.reason, 1)
          ON CONFLICT (workspace_id, list) DO UPDATE SET total = total + 1;
      END;
      CREATE TRIGGER suppressions_total_delete AFTER DELETE ON suppressions BEGIN
        UPDATE list_totals SET total = total - 1
          WHERE workspace_id = old.workspace_id AND list IN ('suppressions', 'suppressions:' || old.reason);
      END;
      CREATE TRIGGER suppressions_total_update AFTER UPDATE OF workspace_id, reason ON suppressions BEGIN
        UPDATE list_totals SET total = total - 1
          WHERE workspace_id = old.workspace_id AND list IN ('suppressions', 'suppressions:' || old.reason);
        INSERT INTO list_totals (workspace_id, list, total)
          VALUES (new.workspace_id, 'suppressions', 1), (new.workspace_id, 'suppressions:' || new.reason, 1)
          ON CONFLICT (workspace_id, list) DO UPDATE SET total = total + 1;
      END;

      CREATE TRIGGER sends_total_insert AFTER INSERT ON sends BEGIN
        INSERT INTO list_totals (workspace_id, list, total) VALUES (new.workspace_id, 'sends', 1)
          ON CONFLICT (workspace_id, list) DO UPDATE SET total = total + 1;
      END;
      CREATE TRIGGER sends_total_delete AFTER DELETE ON sends BEGIN
        UPDATE list_totals SET total = total - 1 WHERE workspace_id = old.workspace_id AND list = 'sends';
      END;
      CREATE TRIGGER sends_total_update AFTER UPDATE OF workspace_id ON sends BEGIN
        UPDATE list_totals SET total = total - 1 WHERE workspace_id = old.workspace_id AND list = 'sends';
        INSERT INTO list_totals (workspace_id, list, total) VALUES (new.workspace_id, 'sends', 1)
          ON CONFLICT (workspace_id, list) DO UPDATE SET total = total + 1;
      END;

      CREATE TRIGGER log_items_total_insert AFTER INSERT ON log_items BEGIN
        INSERT INTO list_totals (workspace_id, list, total) VALUES (new.workspace_id, 'log_items', 1)
          ON CONFLICT (workspace_id, list) DO UPDATE SET total = total + 1;
      END;
      CREATE TRIGGER log_items_total_delete AFTER DELETE ON log_items BEGIN
        UPDATE list_totals SET total = total - 1 WHERE workspace_id = old.workspace_id AND list = 'log_items';
      END;
      CREATE TRIGGER log_items_total_update AFTER UPDATE OF workspace_id ON log_items BEGIN
        UPDATE list_totals SET total = total - 1 WHERE workspace_id = old.workspace_id AND list = 'log_items';
        INSERT INTO list_totals (workspace_id, list, total) VALUES (new.workspace_id, 'log_items', 1)
          ON CONFLICT (workspace_id, list) DO UPDATE SET total = total + 1;
      END;

      CREATE TRIGGER templates_total_insert AFTER INSERT ON templates BEGIN
        INSERT INTO list_totals (workspace_id, list, total) VALUES (new.workspace_id, 'templates', 1)
          ON CONFLICT (workspace_id, list) DO UPDATE SET total = total + 1;
      END;
      CREATE TRIGGER templates_total_delete AFTER DELETE ON templates BEGIN
        UPDATE list_totals SET total = total - 1 WHERE workspace_id = old.workspace_id AND list = 'templates';
      END;
      CREATE TRIGGER templates_total_update AFTER UPDATE OF workspace_id ON templates BEGIN
        UPDATE list_totals SET total = total - 1 WHERE workspace_id = old.workspace_id AND list = 'templates';
        INSERT INTO list_totals (workspace_id, list, total) VALUES (new.workspace_id, 'templates', 1)
          ON CONFLICT (workspace_id, list) DO UPDATE SET total = total + 1;
      END;

      -- Substring search on suppression emails (filter[search], LIKE '%v%'): every 3-character window of every
      -- email, lower-cased with SQLite's lower(), which folds ASCII letters only, exactly as LIKE compares. With a
      -- case-sensitive tokenizer, a phrase query for the ASCII-lower-cased value then matches exactly the rows the
      -- LIKE matches (values of at least 3 characters without LIKE wildcards; see trigramQuery in sql.ts).
      -- Contentless: the index keeps no copy of the emails, only rowids (= suppressions.id) and positions.
      CREATE VIRTUAL TABLE suppressions_email_trigrams USING fts5(
        email, content='', columnsize=0, tokenize='trigram case_sensitive 1'
      );
      INSERT INTO suppressions_email_trigrams (rowid, email) SELECT id, lower(email) FROM suppressions;
      CREATE TRIGGER suppressions_trigrams_insert AFTER INSERT ON suppressions BEGIN
        INSERT INTO suppressions_email_trigrams (rowid, email) VALUES (new.id, lower(new.email));
      END;
      CREATE TRIGGER suppressions_trigrams_delete AFTER DELETE ON suppressions BEGIN
        INSERT INTO suppressions_email_trigrams (suppressions_email_trigrams, rowid, email)
          VALUES ('delete', old.id, lower(old.email));
      END;
      CREATE TRIGGER suppressions_trigrams_update AFTER UPDATE OF id, email ON suppressions BEGIN
        INSERT INTO suppressions_email_trigrams (suppressions_email_trigrams, rowid, email)
          VALUES ('delete', old.id, lower(old.email));
        INSERT INTO suppressions_email_trigrams (rowid, email) VALUES (new.id, lower(new.email));
      END;

      -- Planner statistics describing the data's shape rather than its current size. Without them SQLite assumes
      -- that \`workspace_id = ?\` keeps about ten rows, so it treats every index as equally good, picks the
      -- narrowest and sorts, which over 100,000 rows of one workspace costs 100+ ms a page. These rows say what is
      -- true of every real database: one workspace holds (nearly) all rows, uuids and emails are unique, a reason
      -- or a campaign keeps many rows, a log item or a subscriber few. A later ANALYZE replaces them with measured
      -- values of the same shape. "ANALYZE sqlite_schema" creates the table if needed and reloads it.
      ANALYZE sqlite_schema;
      DELETE FROM sqlite_stat1 WHERE tbl IN ('suppressions', 'sends');
      INSERT INTO sqlite_stat1 (tbl, idx, stat) VALUES
        ('suppressions', 'suppressions_uuid', '100000 100000 1'),
        ('suppressions', 'suppressions_email', '100000 100000 1'),
        ('suppressions', 'suppressions_created_at', '100000 100000 2 1'),
        ('suppressions', 'suppressions_reason', '100000 100000 33334 1'),
        ('suppressions', 'suppressions_workspace', '100000 100000'),
        ('suppressions', 'suppressions_reason_created_at', '100000 100000 33334 2 1'),
        ('sends', 'sends_uuid', '100000 100000 1'),
        ('sends', 'sends_sent_at', '100000 100000 2 1'),
        ('sends', 'sends_log_item', '100000 100000 2 1 1'),
        ('sends', 'sends_campaign', '100000 100000 5000 2 1'),
        ('sends', 'sends_automation_mail', '100000 100000 5000 2 1'),
        ('sends', 'sends_subscriber', '100000 100000 10 2 1'),
        ('sends', 'sends_transport_message_id', '100000 100000 1');
      ANALYZE sqlite_schema;
    `,
  },
  {
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
  },
  {
    version: 4,
    name: 'sends: the campaign, automation mail and subscriber indexes hold only the sends that have one',
    // Every send the emulator makes is transactional: these three columns are NULL, and maintaining three index
    // entries nobody can find (a filter is always `column IN (...)`, which implies IS NOT NULL, so the planner
    // uses a partial index for it) was a tenth of a send's SQLite work in `BENCH_ONLY=send npm run bench`.
    sql: `
      DROP INDEX sends_campaign;
      DROP INDEX sends_automation_mail;
      DROP INDEX sends_subscriber;
      CREATE INDEX sends_campaign ON sends (workspace_id, campaign_uuid, sent_at, id) WHERE campaign_uuid IS NOT NULL;
      CREATE INDEX sends_automation_mail ON sends (workspace_id, automation_mail_uuid, sent_at, id)
        WHERE automation_mail_uuid IS NOT NULL;
      CREATE INDEX sends_subscriber ON sends (workspace_id, subscriber_uuid, sent_at, id) WHERE subscriber_uuid IS NOT NULL;
      -- The planner statistics of migration 2 again (DROP INDEX removed them), same shape.
      DELETE FROM sqlite_stat1 WHERE idx IN ('sends_campaign', 'sends_automation_mail', 'sends_subscriber');
      INSERT INTO sqlite_stat1 (tbl, idx, stat) VALUES
        ('sends', 'sends_campaign', '100000 100000 5000 2 1'),
        ('sends', 'sends_automation_mail', '100000 100000 5000 2 1'),
        ('sends', 'sends_subscriber', '100000 100000 10 2 1');
      ANALYZE sqlite_schema;
    `,
  },
  {
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
  },
  {
    version: 6,
    name: 'messages_search: each message indexes a bounded share of its text, so that indexing one takes a bounded time',
    // Indexing runs on the server's main thread, in steps (server/search/indexer.ts); a 30 MB body
    // indexed whole held it for about half a second, and a search waited for it. Indexed now: the first 10,000
    // characters of the subject, 1,000,000 of the body, 100,000 of each address column: at most about 40 ms a
    // message (FTS5 tokenizes 6-20 ms per million characters here), and beyond any real mail's text. Written
    // out in full (migrations are history). The index is emptied and its mark lowered to 0, because a contentless
    // FTS5 row can only be removed with the values it was indexed with, which this view no longer gives for the
    // longest messages; everything is indexed again in the background's steps, or by the first search.
    sql: `
      DROP VIEW messages_search_source;
      CREATE VIEW messages_search_source AS
        SELECT id,
          replace(replace(replace(replace(replace(substr(subject, 1, 10000), '.', ' '), '@', ' '), '-', ' '), '_', ' '), '+', ' ') AS subject,
          replace(replace(replace(replace(replace(substr(coalesce(text_body, html_body, ''), 1, 1000000), '.', ' '), '@', ' '), '-', ' '), '_', ' '), '+', ' ') AS body,
          replace(replace(replace(replace(replace(substr((SELECT group_concat(coalesce(value ->> 'name', '') || ' ' || coalesce(value ->> 'email', ''), ' ' ORDER BY key) FROM json_each(from_json)), 1, 100000), '.', ' '), '@', ' '), '-', ' '), '_', ' '), '+', ' ') AS sender,
          replace(replace(replace(replace(replace(substr((SELECT group_concat(coalesce(value ->> 'name', '') || ' ' || coalesce(value ->> 'email', ''), ' ' ORDER BY key) FROM json_each(to_json)), 1, 100000), '.', ' '), '@', ' '), '-', ' '), '_', ' '), '+', ' ') AS recipients,
          substr((SELECT group_concat(lower(coalesce(value ->> 'email', '')) || ' ' || substr(lower(coalesce(value ->> 'email', '')), 1, instr(lower(coalesce(value ->> 'email', '')), '@') - 1) || ' ' || substr(lower(coalesce(value ->> 'email', '')), instr(lower(coalesce(value ->> 'email', '')), '@') + 1) || ' ' || coalesce(value ->> 'name', ''), ' ' ORDER BY key) FROM json_each(from_json)), 1, 100000) AS from_addresses,
          substr((SELECT group_concat(lower(coalesce(value ->> 'email', '')) || ' ' || substr(lower(coalesce(value ->> 'email', '')), 1, instr(lower(coalesce(value ->> 'email', '')), '@') - 1) || ' ' || substr(lower(coalesce(value ->> 'email', '')), instr(lower(coalesce(value ->> 'email', '')), '@') + 1) || ' ' || coalesce(value ->> 'name', ''), ' ' ORDER BY key) FROM json_each(to_json)), 1, 100000) AS to_addresses,
          substr((SELECT group_concat(lower(coalesce(value ->> 'email', '')) || ' ' || substr(lower(coalesce(value ->> 'email', '')), 1, instr(lower(coalesce(value ->> 'email', '')), '@') - 1) || ' ' || substr(lower(coalesce(value ->> 'email', '')), instr(lower(coalesce(value ->> 'email', '')), '@') + 1) || ' ' || coalesce(value ->> 'name', ''), ' ' ORDER BY key) FROM json_each(cc_json)), 1, 100000) AS cc_addresses,
          substr((SELECT group_concat(lower(coalesce(value ->> 'email', '')) || ' ' || substr(lower(coalesce(value ->> 'email', '')), 1, instr(lower(coalesce(value ->> 'email', '')), '@') - 1) || ' ' || substr(lower(coalesce(value ->> 'email', '')), instr(lower(coalesce(value ->> 'email', '')), '@') + 1) || ' ' || coalesce(value ->> 'name', ''), ' ' ORDER BY key) FROM json_each(bcc_json)), 1, 100000) AS bcc_addresses,
          'w' || workspace_id
            || CASE WHEN attachments_json <> '[]' THEN ' hasattachment' ELSE '' END
            || CASE WHEN template_name IS NOT NULL THEN ' t' || hex(lower(template_name)) ELSE '' END AS facets
        FROM messages;
      INSERT INTO messages_search (messages_search) VALUES ('delete-all');
      UPDATE messages_search_state SET indexed_through = 0;
    `,
  },
  {
    version: 7,
    name: 'messages_search: the address columns index the first 2,000 addresses of each list',
    // Migration 6 cut each address column at 100,000 characters, but only after building it: a send with 41,666
    // cc and as many bcc took 179 ms to index, on the server's thread. 2,000 addresses (about 100,000 characters)
    // are built at most. Written out in full; the index is emptied and rebuilt, as in migration 6.
    sql: `
      DROP VIEW messages_search_source;
      CREATE VIEW messages_search_source AS
        SELECT id,
          replace(replace(replace(replace(replace(substr(subject, 1, 10000), '.', ' '), '@', ' '), '-', ' '), '_', ' '), '+', ' ') AS subject,
          replace(replace(replace(replace(replace(substr(coalesce(text_body, html_body, ''), 1, 1000000), '.', ' '), '@', ' '), '-', ' '), '_', ' '), '+', ' ') AS body,
          replace(replace(replace(replace(replace(substr((SELECT group_concat(coalesce(value ->> 'name', '') || ' ' || coalesce(value ->> 'email', ''), ' ' ORDER BY key) FROM (SELECT key, value FROM json_each(from_json) ORDER BY key LIMIT 2000)), 1, 100000), '.', ' '), '@', ' '), '-', ' '), '_', ' '), '+', ' ') AS sender,
          replace(replace(replace(replace(replace(substr((SELECT group_concat(coalesce(value ->> 'name', '') || ' ' || coalesce(value ->> 'email', ''), ' ' ORDER BY key) FROM (SELECT key, value FROM json_each(to_json) ORDER BY key LIMIT 2000)), 1, 100000), '.', ' '), '@', ' '), '-', ' '), '_', ' '), '+', ' ') AS recipients,
          substr((SELECT group_concat(lower(coalesce(value ->> 'email', '')) || ' ' || substr(lower(coalesce(value ->> 'email', '')), 1, instr(lower(coalesce(value ->> 'email', '')), '@') - 1) || ' ' || substr(lower(coalesce(value ->> 'email', '')), instr(lower(coalesce(value ->> 'email', '')), '@') + 1) || ' ' || coalesce(value ->> 'name', ''), ' ' ORDER BY key) FROM (SELECT key, value FROM json_each(from_json) ORDER BY key LIMIT 2000)), 1, 100000) AS from_addresses,
          substr((SELECT group_concat(lower(coalesce(value ->> 'email', '')) || ' ' || substr(lower(coalesce(value ->> 'email', '')), 1, instr(lower(coalesce(value ->> 'email', '')), '@') - 1) || ' ' || substr(lower(coalesce(value ->> 'email', '')), instr(lower(coalesce(value ->> 'email', '')), '@') + 1) || ' ' || coalesce(value ->> 'name', ''), ' ' ORDER BY key) FROM (SELECT key, value FROM json_each(to_json) ORDER BY key LIMIT 2000)), 1, 100000) AS to_addresses,
          substr((SELECT group_concat(lower(coalesce(value ->> 'email', '')) || ' ' || substr(lower(coalesce(value ->> 'email', '')), 1, instr(lower(coalesce(value ->> 'email', '')), '@') - 1) || ' ' || substr(lower(coalesce(value ->> 'email', '')), instr(lower(coalesce(value ->> 'email', '')), '@') + 1) || ' ' || coalesce(value ->> 'name', ''), ' ' ORDER BY key) FROM (SELECT key, value FROM json_each(cc_json) ORDER BY key LIMIT 2000)), 1, 100000) AS cc_addresses,
          substr((SELECT group_concat(lower(coalesce(value ->> 'email', '')) || ' ' || substr(lower(coalesce(value ->> 'email', '')), 1, instr(lower(coalesce(value ->> 'email', '')), '@') - 1) || ' ' || substr(lower(coalesce(value ->> 'email', '')), instr(lower(coalesce(value ->> 'email', '')), '@') + 1) || ' ' || coalesce(value ->> 'name', ''), ' ' ORDER BY key) FROM (SELECT key, value FROM json_each(bcc_json) ORDER BY key LIMIT 2000)), 1, 100000) AS bcc_addresses,
          'w' || workspace_id
            || CASE WHEN attachments_json <> '[]' THEN ' hasattachment' ELSE '' END
            || CASE WHEN template_name IS NOT NULL THEN ' t' || hex(lower(template_name)) ELSE '' END AS facets
        FROM messages;
      INSERT INTO messages_search (messages_search) VALUES ('delete-all');
      UPDATE messages_search_state SET indexed_through = 0;
    `,
  },
  {
    version: 8,
    name: 'messages.read: whether someone opened the message in the inbox',
    // A column, not a search-index facet: marking a message read must not rewrite its index entry. Two partial
    // indexes answer `is:unread` / `is:read` alone (and their counts) without reading table rows. Partial, so that
    // no other query of messages by workspace can pick them: a (workspace_id, read, id) index made the planner
    // compute migration 3's max(created_at_ms) per workspace, run before every insert, by scanning the workspace.
    sql: `
      ALTER TABLE messages ADD COLUMN read INTEGER NOT NULL DEFAULT 0;
      CREATE INDEX messages_unread ON messages (workspace_id, id) WHERE read = 0;
      CREATE INDEX messages_read ON messages (workspace_id, id) WHERE read = 1;
    `,
  },
  {
    version: 9,
    name: "messages_template: how many mails each template rendered, and the last one, for the template studio's list",
    // Partial like migration 8's: only a query naming a template (`template_name = ?` implies IS NOT NULL) can
    // pick it, so the per-insert max(created_at_ms) of the workspace stays on messages_created_at.
    sql: `
      CREATE INDEX messages_template ON messages (workspace_id, template_name) WHERE template_name IS NOT NULL;
    `,
  },
  {
    version: 10,
    name: 'suppressions.origin: why the emulator holds each suppression (fixture, seed, api, bounce, complaint)',
    // Null for the rows already there: the emulator did not know then. Read per row only (no index needed).
    sql: `
      ALTER TABLE suppressions ADD COLUMN origin TEXT;
    `,
  },
  {
    version: 11,
    name: "send_feedback: the bounces and complaints simulated on a send, which the web UI's sends page shows",
    // Mailcoach keeps such feedback in its own table too (SendFeedbackItem); the API shows none of it here
    // (decisions.md "Send fields"), so it is read by /_emulator only. Deleted with its send.
    sql: `
      CREATE TABLE send_feedback (
        id INTEGER PRIMARY KEY,
        send_id INTEGER NOT NULL REFERENCES sends(id) ON DELETE CASCADE,
        type TEXT NOT NULL,
        created_at INTEGER NOT NULL
      );
      CREATE INDEX send_feedback_send ON send_feedback (send_id, id);
    `,
  },
  {
    version: 12,
    name: 'audience: email lists, subscribers, tags and which subscriber has which tag (docs/spec/mailcoach-audience-campaigns.md#1-email-lists to docs/spec/mailcoach-audience-campaigns.md#3-tags-apiemail-listsuuidtags)',
    // Subscribers and tags hang off their list (a list's deletion takes them, as v8's foreign keys do); the pivot
    // off both. Every table with rows of a workspace has workspace_id, so that a reset clears it
    // (workspace-store.ts). There is no unique (list, email) index, as in v8: the upsert keeps emails unique.
    sql: `
      CREATE TABLE email_lists (
        id INTEGER PRIMARY KEY,
        workspace_id INTEGER NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
        uuid TEXT NOT NULL,
        name TEXT NOT NULL,
        campaigns_feed_enabled INTEGER NOT NULL DEFAULT 0,
        default_from_email TEXT,
        default_from_name TEXT,
        default_reply_to_email TEXT,
        default_reply_to_name TEXT,
        allow_form_subscriptions INTEGER NOT NULL DEFAULT 0,
        honeypot_field TEXT,
        redirect_after_subscribed TEXT,
        redirect_after_already_subscribed TEXT,
        redirect_after_subscription_pending TEXT,
        redirect_after_unsubscribed TEXT,
        requires_confirmation INTEGER NOT NULL DEFAULT 0,
        confirmation_mailable_class TEXT,
        campaign_mailer TEXT,
        automation_mailer TEXT,
        transactional_mailer TEXT,
        report_recipients TEXT,
        report_campaign_sent INTEGER NOT NULL DEFAULT 0,
        report_campaign_summary INTEGER NOT NULL DEFAULT 0,
        report_email_list_summary INTEGER NOT NULL DEFAULT 0,
        email_list_summary_sent_at INTEGER,
        extra_attributes TEXT NOT NULL DEFAULT '{}',
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      );
      CREATE UNIQUE INDEX email_lists_uuid ON email_lists (workspace_id, uuid);
      CREATE INDEX email_lists_name ON email_lists (workspace_id, name, id);

      CREATE TABLE subscribers (
        id INTEGER PRIMARY KEY,
        workspace_id INTEGER NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
        email_list_id INTEGER NOT NULL REFERENCES email_lists(id) ON DELETE CASCADE,
        uuid TEXT NOT NULL,
        email TEXT NOT NULL,
        first_name TEXT,
        last_name TEXT,
        extra_attributes TEXT NOT NULL DEFAULT '{}',
        subscribed_at INTEGER,
        unsubscribed_at INTEGER,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      );
      CREATE UNIQUE INDEX subscribers_uuid ON subscribers (workspace_id, uuid);
      CREATE INDEX subscribers_uuid_anywhere ON subscribers (uuid);
      CREATE INDEX subscribers_list_email ON subscribers (email_list_id, email COLLATE NOCASE);
      CREATE INDEX subscribers_list_created ON subscribers (email_list_id, created_at, id);

      CREATE TABLE tags (
        id INTEGER PRIMARY KEY,
        workspace_id INTEGER NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
        email_list_id INTEGER NOT NULL REFERENCES email_lists(id) ON DELETE CASCADE,
        uuid TEXT NOT NULL,
        name TEXT NOT NULL,
        type TEXT NOT NULL DEFAULT 'default',
        visible_in_preferences INTEGER NOT NULL DEFAULT 0,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      );
      CREATE UNIQUE INDEX tags_uuid ON tags (workspace_id, uuid);
      CREATE UNIQUE INDEX tags_list_name_type ON tags (email_list_id, name, type);

      CREATE TABLE subscriber_tags (
        subscriber_id INTEGER NOT NULL REFERENCES subscribers(id) ON DELETE CASCADE,
        tag_id INTEGER NOT NULL REFERENCES tags(id) ON DELETE CASCADE,
        PRIMARY KEY (subscriber_id, tag_id)
      ) WITHOUT ROWID;
      CREATE INDEX subscriber_tags_tag ON subscriber_tags (tag_id, subscriber_id);
    `,
  },
  {
    version: 13,
    name: 'segments (tag conditions of a list) and campaign templates (docs/spec/mailcoach-audience-campaigns.md#4-segments-apiemail-listsuuidsegments, docs/spec/mailcoach-audience-campaigns.md#6-campaign-templates-apitemplates)',
    // Campaign templates are not the transactional ones (the templates table): /api/templates only.
    sql: `
      CREATE TABLE segments (
        id INTEGER PRIMARY KEY,
        workspace_id INTEGER NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
        email_list_id INTEGER NOT NULL REFERENCES email_lists(id) ON DELETE CASCADE,
        uuid TEXT NOT NULL,
        name TEXT NOT NULL,
        stored_conditions TEXT NOT NULL DEFAULT '[]',
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      );
      CREATE UNIQUE INDEX segments_uuid ON segments (workspace_id, uuid);
      CREATE INDEX segments_list_name ON segments (email_list_id, name, id);

      CREATE TABLE campaign_templates (
        id INTEGER PRIMARY KEY,
        workspace_id INTEGER NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
        uuid TEXT NOT NULL,
        name TEXT NOT NULL,
        html TEXT NOT NULL,
        structured_html TEXT,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      );
      CREATE UNIQUE INDEX campaign_templates_uuid ON campaign_templates (workspace_id, uuid);
      CREATE INDEX campaign_templates_name ON campaign_templates (workspace_id, name, id);
    `,
  },
  {
    version: 14,
    name: 'campaigns, with their content item in the same row (docs/spec/mailcoach-audience-campaigns.md#5-campaigns)',
    // v8 keeps the content (subject, html, from...) in a polymorphic content item of its own; each campaign has
    // exactly one, so here it is columns of the campaign. A deleted list or segment leaves the campaign (set null,
    // as v8's nullOnDelete); a deleted template leaves a dangling template_id, as v8 (no foreign key).
    sql: `
      CREATE TABLE campaigns (
        id INTEGER PRIMARY KEY,
        workspace_id INTEGER NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
        uuid TEXT NOT NULL,
        name TEXT NOT NULL,
        email_list_id INTEGER REFERENCES email_lists(id) ON DELETE SET NULL,
        status TEXT NOT NULL DEFAULT 'draft',
        segment_class TEXT NOT NULL,
        segment_id INTEGER REFERENCES segments(id) ON DELETE SET NULL,
        segment_description TEXT NOT NULL DEFAULT '0',
        sent_at INTEGER,
        scheduled_at INTEGER,
        summary_mail_sent_at INTEGER,
        disable_webview INTEGER NOT NULL DEFAULT 0,
        from_email TEXT,
        from_name TEXT,
        reply_to_email TEXT,
        reply_to_name TEXT,
        subject TEXT,
        template_id INTEGER,
        html TEXT,
        structured_html TEXT,
        email_html TEXT,
        webview_html TEXT,
        utm_tags INTEGER NOT NULL DEFAULT 1,
        add_subscriber_tags INTEGER NOT NULL DEFAULT 0,
        add_subscriber_link_tags INTEGER NOT NULL DEFAULT 0,
        sent_to_number_of_subscribers INTEGER NOT NULL DEFAULT 0,
        statistics_calculated_at INTEGER,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      );
      CREATE UNIQUE INDEX campaigns_uuid ON campaigns (workspace_id, uuid);
      CREATE INDEX campaigns_scheduled ON campaigns (scheduled_at) WHERE scheduled_at IS NOT NULL;

      -- Unsubscribes that came from a campaign's mail (its link or List-Unsubscribe), not the API's (docs/spec/mailcoach-audience-campaigns.md#510-statistics-endpoints-get-paginated-reference-17).
      CREATE TABLE campaign_unsubscribes (
        id INTEGER PRIMARY KEY,
        workspace_id INTEGER NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
        campaign_id INTEGER NOT NULL REFERENCES campaigns(id) ON DELETE CASCADE,
        subscriber_id INTEGER NOT NULL REFERENCES subscribers(id) ON DELETE CASCADE,
        created_at INTEGER NOT NULL
      );
      CREATE INDEX campaign_unsubscribes_campaign ON campaign_unsubscribes (campaign_id, created_at, id);
    `,
  },
  {
    version: 15,
    name: "campaign links and their clicks (simulated), for a campaign's /clicks list and click counts (docs/spec/mailcoach-audience-campaigns.md#510-statistics-endpoints-get-paginated-reference-17)",
    sql: `
      CREATE TABLE campaign_links (
        id INTEGER PRIMARY KEY,
        workspace_id INTEGER NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
        campaign_id INTEGER NOT NULL REFERENCES campaigns(id) ON DELETE CASCADE,
        uuid TEXT NOT NULL,
        url TEXT NOT NULL,
        created_at INTEGER NOT NULL
      );
      CREATE UNIQUE INDEX campaign_links_url ON campaign_links (campaign_id, url);
      CREATE TABLE campaign_clicks (
        id INTEGER PRIMARY KEY,
        workspace_id INTEGER NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
        link_id INTEGER NOT NULL REFERENCES campaign_links(id) ON DELETE CASCADE,
        send_id INTEGER NOT NULL REFERENCES sends(id) ON DELETE CASCADE,
        uuid TEXT NOT NULL,
        subscriber_uuid TEXT,
        created_at INTEGER NOT NULL
      );
      CREATE INDEX campaign_clicks_link ON campaign_clicks (link_id, id);
    `,
  },
  {
    version: 16,
    name: 'automations (from fixtures) and the triggers their webhook endpoint recorded (docs/spec/mailcoach-audience-campaigns.md#7-automations-post-apiautomationsuuidtrigger)',
    sql: `
      CREATE TABLE automations (
        id INTEGER PRIMARY KEY,
        workspace_id INTEGER NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
        uuid TEXT NOT NULL,
        name TEXT NOT NULL,
        email_list_id INTEGER REFERENCES email_lists(id) ON DELETE SET NULL,
        segment_id INTEGER REFERENCES segments(id) ON DELETE SET NULL,
        status TEXT NOT NULL DEFAULT 'started',
        webhook_trigger INTEGER NOT NULL DEFAULT 1,
        repeat_enabled INTEGER NOT NULL DEFAULT 0,
        repeat_only_after_halt INTEGER NOT NULL DEFAULT 0,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      );
      CREATE UNIQUE INDEX automations_uuid ON automations (workspace_id, uuid);
      CREATE TABLE automation_triggers (
        id INTEGER PRIMARY KEY,
        workspace_id INTEGER NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
        automation_id INTEGER NOT NULL REFERENCES automations(id) ON DELETE CASCADE,
        subscriber_uuid TEXT NOT NULL,
        entered INTEGER NOT NULL,
        reason TEXT,
        created_at INTEGER NOT NULL
      );
      CREATE INDEX automation_triggers_automation ON automation_triggers (automation_id, subscriber_uuid, id);
    `,
  },
  {
    version: 17,
    name: "an email list's subscribers: kept totals per list and one index per status, so that its lists stay under 5 ms at 100,000",
    // As migration 2 keeps the other lists' totals: an unfiltered page's total is read, not counted. The partial
    // indexes hold each status's rows in the list's default order (their WHERE is subscribers-store.ts's
    // STATUS_CONDITIONS word for word, which is how SQLite sees that a query may use them).
    sql: `
      CREATE TRIGGER subscribers_total_insert AFTER INSERT ON subscribers BEGIN
        INSERT INTO list_totals (workspace_id, list, total) VALUES (new.workspace_id, 'subscribers:' || new.email_list_id, 1)
          ON CONFLICT (workspace_id, list) DO UPDATE SET total = total + 1;
      END;
      CREATE TRIGGER subscribers_total_delete AFTER DELETE ON subscribers BEGIN
        UPDATE list_totals SET total = total - 1 WHERE workspace_id = old.workspace_id AND list = 'subscribers:' || old.email_list_id;
      END;
      INSERT INTO list_totals (workspace_id, list, total)
        SELECT workspace_id, 'subscribers:' || email_list_id, COUNT(*) FROM subscribers WHERE true GROUP BY workspace_id, email_list_id
        ON CONFLICT (workspace_id, list) DO UPDATE SET total = excluded.total;
      CREATE INDEX subscribers_list_unsubscribed ON subscribers (email_list_id, created_at, id) WHERE unsubscribed_at IS NOT NULL;
      CREATE INDEX subscribers_list_subscribed ON subscribers (email_list_id, created_at, id) WHERE unsubscribed_at IS NULL AND subscribed_at IS NOT NULL;
      CREATE INDEX subscribers_list_unconfirmed ON subscribers (email_list_id, created_at, id) WHERE unsubscribed_at IS NULL AND subscribed_at IS NULL;
    `,
  },
  {
    version: 18,
    name: "messages: the campaign, list and subscriber a mail came from, and the search index's campaign and list facets",
    // Columns the capture writes (campaign mails, tests of them, confirmation mails), and two more facets in the
    // view that feeds the search index: c<hex of the campaign uuid>, l<hex of the list uuid>. Written out in full,
    // as migration 7 did. The messages already indexed have none of these (they came from no campaign), so the
    // index is not rebuilt.
    sql: `
      ALTER TABLE messages ADD COLUMN campaign_uuid TEXT;
      ALTER TABLE messages ADD COLUMN email_list_uuid TEXT;
      ALTER TABLE messages ADD COLUMN subscriber_uuid TEXT;
      DROP VIEW messages_search_source;
      CREATE VIEW messages_search_source AS
        SELECT id,
          replace(replace(replace(replace(replace(substr(subject, 1, 10000), '.', ' '), '@', ' '), '-', ' '), '_', ' '), '+', ' ') AS subject,
          replace(replace(replace(replace(replace(substr(coalesce(text_body, html_body, ''), 1, 1000000), '.', ' '), '@', ' '), '-', ' '), '_', ' '), '+', ' ') AS body,
          replace(replace(replace(replace(replace(substr((SELECT group_concat(coalesce(value ->> 'name', '') || ' ' || coalesce(value ->> 'email', ''), ' ' ORDER BY key) FROM (SELECT key, value FROM json_each(from_json) ORDER BY key LIMIT 2000)), 1, 100000), '.', ' '), '@', ' '), '-', ' '), '_', ' '), '+', ' ') AS sender,
          replace(replace(replace(replace(replace(substr((SELECT group_concat(coalesce(value ->> 'name', '') || ' ' || coalesce(value ->> 'email', ''), ' ' ORDER BY key) FROM (SELECT key, value FROM json_each(to_json) ORDER BY key LIMIT 2000)), 1, 100000), '.', ' '), '@', ' '), '-', ' '), '_', ' '), '+', ' ') AS recipients,
          substr((SELECT group_concat(lower(coalesce(value ->> 'email', '')) || ' ' || substr(lower(coalesce(value ->> 'email', '')), 1, instr(lower(coalesce(value ->> 'email', '')), '@') - 1) || ' ' || substr(lower(coalesce(value ->> 'email', '')), instr(lower(coalesce(value ->> 'email', '')), '@') + 1) || ' ' || coalesce(value ->> 'name', ''), ' ' ORDER BY key) FROM (SELECT key, value FROM json_each(from_json) ORDER BY key LIMIT 2000)), 1, 100000) AS from_addresses,
          substr((SELECT group_concat(lower(coalesce(value ->> 'email', '')) || ' ' || substr(lower(coalesce(value ->> 'email', '')), 1, instr(lower(coalesce(value ->> 'email', '')), '@') - 1) || ' ' || substr(lower(coalesce(value ->> 'email', '')), instr(lower(coalesce(value ->> 'email', '')), '@') + 1) || ' ' || coalesce(value ->> 'name', ''), ' ' ORDER BY key) FROM (SELECT key, value FROM json_each(to_json) ORDER BY key LIMIT 2000)), 1, 100000) AS to_addresses,
          substr((SELECT group_concat(lower(coalesce(value ->> 'email', '')) || ' ' || substr(lower(coalesce(value ->> 'email', '')), 1, instr(lower(coalesce(value ->> 'email', '')), '@') - 1) || ' ' || substr(lower(coalesce(value ->> 'email', '')), instr(lower(coalesce(value ->> 'email', '')), '@') + 1) || ' ' || coalesce(value ->> 'name', ''), ' ' ORDER BY key) FROM (SELECT key, value FROM json_each(cc_json) ORDER BY key LIMIT 2000)), 1, 100000) AS cc_addresses,
          substr((SELECT group_concat(lower(coalesce(value ->> 'email', '')) || ' ' || substr(lower(coalesce(value ->> 'email', '')), 1, instr(lower(coalesce(value ->> 'email', '')), '@') - 1) || ' ' || substr(lower(coalesce(value ->> 'email', '')), instr(lower(coalesce(value ->> 'email', '')), '@') + 1) || ' ' || coalesce(value ->> 'name', ''), ' ' ORDER BY key) FROM (SELECT key, value FROM json_each(bcc_json) ORDER BY key LIMIT 2000)), 1, 100000) AS bcc_addresses,
          'w' || workspace_id
            || CASE WHEN attachments_json <> '[]' THEN ' hasattachment' ELSE '' END
            || CASE WHEN template_name IS NOT NULL THEN ' t' || hex(lower(template_name)) ELSE '' END
            || CASE WHEN campaign_uuid IS NOT NULL THEN ' c' || hex(lower(campaign_uuid)) ELSE '' END
            || CASE WHEN email_list_uuid IS NOT NULL THEN ' l' || hex(lower(email_list_uuid)) ELSE '' END AS facets
        FROM messages;
    `,
  },
  {
    version: 19,
    name: 'subscriber imports: a CSV of subscribers for a list, drafted, appended to, then started (docs/spec/mailcoach-audience-campaigns.md#8-subscriber-imports-not-used-by-the-sdk-lower-priority)',
    sql: `
      CREATE TABLE subscriber_imports (
        id INTEGER PRIMARY KEY,
        workspace_id INTEGER NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
        uuid TEXT NOT NULL,
        email_list_id INTEGER NOT NULL REFERENCES email_lists(id) ON DELETE CASCADE,
        status TEXT NOT NULL DEFAULT 'draft',
        subscribers_csv TEXT,
        subscribe_unsubscribed INTEGER NOT NULL DEFAULT 0,
        unsubscribe_others INTEGER NOT NULL DEFAULT 0,
        replace_tags INTEGER NOT NULL DEFAULT 0,
        imported_subscribers_count INTEGER NOT NULL DEFAULT 0,
        error_count INTEGER NOT NULL DEFAULT 0,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      );
      CREATE UNIQUE INDEX subscriber_imports_uuid ON subscriber_imports (workspace_id, uuid);
    `,
  },
  {
    version: 20,
    name: "a subscriber's Sends go with it, as v8's foreign keys take them (docs/spec/mailcoach-audience-campaigns.md#11-model-mailcoach_email_lists-v8-migration-domainaudiencemodelsemaillistphp, docs/spec/mailcoach-audience-campaigns.md#21-model-and-status-mailcoach_subscribers-domainaudiencemodelssubscriberphp)",
    // Sends name their subscriber by uuid (migration 1: they came before subscribers), so no foreign key can
    // cascade; this trigger does, also for the subscribers a deleted list's cascade takes (SQLite fires a child
    // table's triggers for the rows its ON DELETE CASCADE removes). The Sends take their feedback and clicks with
    // them, and campaign_unsubscribes go with their subscriber, by their ON DELETE CASCADE; the two indexes make
    // those cascades lookups instead of a scan of every click or unsubscribe for each deleted Send or subscriber.
    // Sends whose subscriber_uuid names no subscriber (fixtures may give any) are not touched here.
    sql: `
      CREATE TRIGGER subscribers_sends_delete AFTER DELETE ON subscribers BEGIN
        DELETE FROM sends WHERE workspace_id = old.workspace_id AND subscriber_uuid = old.uuid;
      END;
      CREATE INDEX campaign_clicks_send ON campaign_clicks (send_id);
      CREATE INDEX campaign_unsubscribes_subscriber ON campaign_unsubscribes (subscriber_id);
    `,
  },
  {
    version: 21,
    name: 'ids are never given out again: AUTOINCREMENT on every audience and campaign table whose ids other rows keep',
    // SQLite gives a new row the highest id + 1, so deleting the newest template, tag, list... handed its id to the
    // next one, and whatever still held the old id named the new row: a campaign's template_id (v8 keeps it
    // dangling, docs/spec/mailcoach-audience-campaigns.md#6-campaign-templates-apitemplates), a segment's stored tag ids (docs/spec/mailcoach-audience-campaigns.md#3-tags-apiemail-listsuuidtags), ids held across the awaits of a campaign's delivery, the
    // integer ids v8 leaks (filter[email_list_id], the send refusals' "campaign with id `N`"). MySQL's
    // auto-increment, which v8 runs on, never reuses one; AUTOINCREMENT does the same. Sends too, as Mailcoach's:
    // only cascading foreign keys hold their ids today (feedback, clicks), and counting costs an insert nothing
    // measurable (27-36 us per single-insert transaction either way over 100,000 in-memory inserts: noise).
    // SQLite adds AUTOINCREMENT only by rebuilding a table (https://sqlite.org/lang_altertable.html#otheralter):
    // copy the rows into a new table with the same columns and ids, drop the old one, rename, create the indexes
    // (after the copy: building an index by sorting is faster than filling it row by row) and the triggers again.
    // migrate() runs it with foreign_keys off (a DROP TABLE would otherwise delete the rows and cascade) and
    // commits only if foreign_key_check finds nothing. Triggers are created last: renaming a table checks every
    // trigger, and subscribers_sends_delete names sends. DROP TABLE forgets a table's planner statistics
    // (sqlite_stat1): they are kept aside and put back. A campaign may hold a deleted template's id and a segment a
    // deleted tag's; their counters start above those ids, so that no new row takes one. Measured on a file database
    // with 100,000 subscribers (each tagged) and 100,000 sends: 2.0-2.8 s once, on a loaded 2-core machine, nearly
    // all of it copying those two tables and building their 14 indexes; foreign_key_check about 0.1 s.
    rebuildsTables: true,
    sql: `
      CREATE TEMP TABLE kept_stat1 AS SELECT tbl, idx, stat FROM sqlite_stat1
        WHERE tbl IN ('email_lists', 'subscribers', 'tags', 'segments', 'campaign_templates', 'campaigns', 'campaign_links', 'automations',
          'subscriber_imports', 'sends');

      CREATE TABLE email_lists_rebuilt (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        workspace_id INTEGER NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
        uuid TEXT NOT NULL,
        name TEXT NOT NULL,
        campaigns_feed_enabled INTEGER NOT NULL DEFAULT 0,
        default_from_email TEXT,
        default_from_name TEXT,
        default_reply_to_email TEXT,
        default_reply_to_name TEXT,
        allow_form_subscriptions INTEGER NOT NULL DEFAULT 0,
        honeypot_field TEXT,
        redirect_after_subscribed TEXT,
        redirect_after_already_subscribed TEXT,
        redirect_after_subscription_pending TEXT,
        redirect_after_unsubscribed TEXT,
        requires_confirmation INTEGER NOT NULL DEFAULT 0,
        confirmation_mailable_class TEXT,
        campaign_mailer TEXT,
        automation_mailer TEXT,
        transactional_mailer TEXT,
        report_recipients TEXT,
        report_campaign_sent INTEGER NOT NULL DEFAULT 0,
        report_campaign_summary INTEGER NOT NULL DEFAULT 0,
        report_email_list_summary INTEGER NOT NULL DEFAULT 0,
        email_list_summary_sent_at INTEGER,
        extra_attributes TEXT NOT NULL DEFAULT '{}',
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      );
      INSERT INTO email_lists_rebuilt (id, workspace_id, uuid, name, campaigns_feed_enabled, default_from_email,
          default_from_name, default_reply_to_email, default_reply_to_name, allow_form_subscriptions, honeypot_field,
          redirect_after_subscribed, redirect_after_already_subscribed, redirect_after_subscription_pending,
          redirect_after_unsubscribed, requires_confirmation, confirmation_mailable_class, campaign_mailer,
          automation_mailer, transactional_mailer, report_recipients, report_campaign_sent, report_campaign_summary,
          report_email_list_summary, email_list_summary_sent_at, extra_attributes, created_at, updated_at)
        SELECT id, workspace_id, uuid, name, campaigns_feed_enabled, default_from_email, default_from_name,
            default_reply_to_email, default_reply_to_name, allow_form_subscriptions, honeypot_field,
            redirect_after_subscribed, redirect_after_already_subscribed, redirect_after_subscription_pending,
            redirect_after_unsubscribed, requires_confirmation, confirmation_mailable_class, campaign_mailer,
            automation_mailer, transactional_mailer, report_recipients, report_campaign_sent, report_campaign_summary,
            report_email_list_summary, email_list_summary_sent_at, extra_attributes, created_at, updated_at FROM
            email_lists;
      DROP TABLE email_lists;
      ALTER TABLE email_lists_rebuilt RENAME TO email_lists;
      CREATE UNIQUE INDEX email_lists_uuid ON email_lists (workspace_id, uuid);
      CREATE INDEX email_lists_name ON email_lists (workspace_id, name, id);

      CREATE TABLE subscribers_rebuilt (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        workspace_id INTEGER NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
        email_list_id INTEGER NOT NULL REFERENCES email_lists(id) ON DELETE CASCADE,
        uuid TEXT NOT NULL,
        email TEXT NOT NULL,
        first_name TEXT,
        last_name TEXT,
        extra_attributes TEXT NOT NULL DEFAULT '{}',
        subscribed_at INTEGER,
        unsubscribed_at INTEGER,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      );
      INSERT INTO subscribers_rebuilt (id, workspace_id, email_list_id, uuid, email, first_name, last_name,
          extra_attributes, subscribed_at, unsubscribed_at, created_at, updated_at)
        SELECT id, workspace_id, email_list_id, uuid, email, first_name, last_name, extra_attributes, subscribed_at,
            unsubscribed_at, created_at, updated_at FROM subscribers;
      DROP TABLE subscribers;
      ALTER TABLE subscribers_rebuilt RENAME TO subscribers;
      CREATE UNIQUE INDEX subscribers_uuid ON subscribers (workspace_id, uuid);
      CREATE INDEX subscribers_uuid_anywhere ON subscribers (uuid);
      CREATE INDEX subscribers_list_email ON subscribers (email_list_id, email COLLATE NOCASE);
      CREATE INDEX subscribers_list_created ON subscribers (email_list_id, created_at, id);
      CREATE INDEX subscribers_list_unsubscribed ON subscribers (email_list_id, created_at, id) WHERE unsubscribed_at IS NOT NULL;
      CREATE INDEX subscribers_list_subscribed ON subscribers (email_list_id, created_at, id) WHERE unsubscribed_at IS NULL AND subscribed_at IS NOT NULL;
      CREATE INDEX subscribers_list_unconfirmed ON subscribers (email_list_id, created_at, id) WHERE unsubscribed_at IS NULL AND subscribed_at IS NULL;

      CREATE TABLE tags_rebuilt (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        workspace_id INTEGER NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
        email_list_id INTEGER NOT NULL REFERENCES email_lists(id) ON DELETE CASCADE,
        uuid TEXT NOT NULL,
        name TEXT NOT NULL,
        type TEXT NOT NULL DEFAULT 'default',
        visible_in_preferences INTEGER NOT NULL DEFAULT 0,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      );
      INSERT INTO tags_rebuilt (id, workspace_id, email_list_id, uuid, name, type, visible_in_preferences, created_at,
          updated_at)
        SELECT id, workspace_id, email_list_id, uuid, name, type, visible_in_preferences, created_at, updated_at FROM
            tags;
      DROP TABLE tags;
      ALTER TABLE tags_rebuilt RENAME TO tags;
      CREATE UNIQUE INDEX tags_uuid ON tags (workspace_id, uuid);
      CREATE UNIQUE INDEX tags_list_name_type ON tags (email_list_id, name, type);

      CREATE TABLE segments_rebuilt (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        workspace_id INTEGER NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
        email_list_id INTEGER NOT NULL REFERENCES email_lists(id) ON DELETE CASCADE,
        uuid TEXT NOT NULL,
        name TEXT NOT NULL,
        stored_conditions TEXT NOT NULL DEFAULT '[]',
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      );
      INSERT INTO segments_rebuilt (id, workspace_id, email_list_id, uuid, name, stored_conditions, created_at,
          updated_at)
        SELECT id, workspace_id, email_list_id, uuid, name, stored_conditions, created_at, updated_at FROM segments;
      DROP TABLE segments;
      ALTER TABLE segments_rebuilt RENAME TO segments;
      CREATE UNIQUE INDEX segments_uuid ON segments (workspace_id, uuid);
      CREATE INDEX segments_list_name ON segments (email_list_id, name, id);

      CREATE TABLE campaign_templates_rebuilt (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        workspace_id INTEGER NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
        uuid TEXT NOT NULL,
        name TEXT NOT NULL,
        html TEXT NOT NULL,
        structured_html TEXT,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      );
      INSERT INTO campaign_templates_rebuilt (id, workspace_id, uuid, name, html, structured_html, created_at,
          updated_at)
        SELECT id, workspace_id, uuid, name, html, structured_html, created_at, updated_at FROM campaign_templates;
      DROP TABLE campaign_templates;
      ALTER TABLE campaign_templates_rebuilt RENAME TO campaign_templates;
      CREATE UNIQUE INDEX campaign_templates_uuid ON campaign_templates (workspace_id, uuid);
      CREATE INDEX campaign_templates_name ON campaign_templates (workspace_id, name, id);

      CREATE TABLE campaigns_rebuilt (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        workspace_id INTEGER NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
        uuid TEXT NOT NULL,
        name TEXT NOT NULL,
        email_list_id INTEGER REFERENCES email_lists(id) ON DELETE SET NULL,
        status TEXT NOT NULL DEFAULT 'draft',
        segment_class TEXT NOT NULL,
        segment_id INTEGER REFERENCES segments(id) ON DELETE SET NULL,
        segment_description TEXT NOT NULL DEFAULT '0',
        sent_at INTEGER,
        scheduled_at INTEGER,
        summary_mail_sent_at INTEGER,
        disable_webview INTEGER NOT NULL DEFAULT 0,
        from_email TEXT,
        from_name TEXT,
        reply_to_email TEXT,
        reply_to_name TEXT,
        subject TEXT,
        template_id INTEGER,
        html TEXT,
        structured_html TEXT,
        email_html TEXT,
        webview_html TEXT,
        utm_tags INTEGER NOT NULL DEFAULT 1,
        add_subscriber_tags INTEGER NOT NULL DEFAULT 0,
        add_subscriber_link_tags INTEGER NOT NULL DEFAULT 0,
        sent_to_number_of_subscribers INTEGER NOT NULL DEFAULT 0,
        statistics_calculated_at INTEGER,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      );
      INSERT INTO campaigns_rebuilt (id, workspace_id, uuid, name, email_list_id, status, segment_class, segment_id,
          segment_description, sent_at, scheduled_at, summary_mail_sent_at, disable_webview, from_email, from_name,
          reply_to_email, reply_to_name, subject, template_id, html, structured_html, email_html, webview_html, utm_tags,
          add_subscriber_tags, add_subscriber_link_tags, sent_to_number_of_subscribers, statistics_calculated_at,
          created_at, updated_at)
        SELECT id, workspace_id, uuid, name, email_list_id, status, segment_class, segment_id, segment_description,
            sent_at, scheduled_at, summary_mail_sent_at, disable_webview, from_email, from_name, reply_to_email,
            reply_to_name, subject, template_id, html, structured_html, email_html, webview_html, utm_tags,
            add_subscriber_tags, add_subscriber_link_tags, sent_to_number_of_subscribers, statistics_calculated_at,
            created_at, updated_at FROM campaigns;
      DROP TABLE campaigns;
      ALTER TABLE campaigns_rebuilt RENAME TO campaigns;
      CREATE UNIQUE INDEX campaigns_uuid ON campaigns (workspace_id, uuid);
      CREATE INDEX campaigns_scheduled ON campaigns (scheduled_at) WHERE scheduled_at IS NOT NULL;

      CREATE TABLE campaign_links_rebuilt (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        workspace_id INTEGER NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
        campaign_id INTEGER NOT NULL REFERENCES campaigns(id) ON DELETE CASCADE,
        uuid TEXT NOT NULL,
        url TEXT NOT NULL,
        created_at INTEGER NOT NULL
      );
      INSERT INTO campaign_links_rebuilt (id, workspace_id, campaign_id, uuid, url, created_at)
        SELECT id, workspace_id, campaign_id, uuid, url, created_at FROM campaign_links;
      DROP TABLE campaign_links;
      ALTER TABLE campaign_links_rebuilt RENAME TO campaign_links;
      CREATE UNIQUE INDEX campaign_links_url ON campaign_links (campaign_id, url);

      CREATE TABLE automations_rebuilt (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        workspace_id INTEGER NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
        uuid TEXT NOT NULL,
        name TEXT NOT NULL,
        email_list_id INTEGER REFERENCES email_lists(id) ON DELETE SET NULL,
        segment_id INTEGER REFERENCES segments(id) ON DELETE SET NULL,
        status TEXT NOT NULL DEFAULT 'started',
        webhook_trigger INTEGER NOT NULL DEFAULT 1,
        repeat_enabled INTEGER NOT NULL DEFAULT 0,
        repeat_only_after_halt INTEGER NOT NULL DEFAULT 0,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      );
      INSERT INTO automations_rebuilt (id, workspace_id, uuid, name, email_list_id, segment_id, status,
          webhook_trigger, repeat_enabled, repeat_only_after_halt, created_at, updated_at)
        SELECT id, workspace_id, uuid, name, email_list_id, segment_id, status, webhook_trigger, repeat_enabled,
            repeat_only_after_halt, created_at, updated_at FROM automations;
      DROP TABLE automations;
      ALTER TABLE automations_rebuilt RENAME TO automations;
      CREATE UNIQUE INDEX automations_uuid ON automations (workspace_id, uuid);

      CREATE TABLE subscriber_imports_rebuilt (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        workspace_id INTEGER NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
        uuid TEXT NOT NULL,
        email_list_id INTEGER NOT NULL REFERENCES email_lists(id) ON DELETE CASCADE,
        status TEXT NOT NULL DEFAULT 'draft',
        subscribers_csv TEXT,
        subscribe_unsubscribed INTEGER NOT NULL DEFAULT 0,
        unsubscribe_others INTEGER NOT NULL DEFAULT 0,
        replace_tags INTEGER NOT NULL DEFAULT 0,
        imported_subscribers_count INTEGER NOT NULL DEFAULT 0,
        error_count INTEGER NOT NULL DEFAULT 0,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      );
      INSERT INTO subscriber_imports_rebuilt (id, workspace_id, uuid, email_list_id, status, subscribers_csv,
          subscribe_unsubscribed, unsubscribe_others, replace_tags, imported_subscribers_count, error_count, created_at,
          updated_at)
        SELECT id, workspace_id, uuid, email_list_id, status, subscribers_csv, subscribe_unsubscribed,
            unsubscribe_others, replace_tags, imported_subscribers_count, error_count, created_at, updated_at FROM
            subscriber_imports;
      DROP TABLE subscriber_imports;
      ALTER TABLE subscriber_imports_rebuilt RENAME TO subscriber_imports;
      CREATE UNIQUE INDEX subscriber_imports_uuid ON subscriber_imports (workspace_id, uuid);

      CREATE TABLE sends_rebuilt (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        workspace_id INTEGER NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
        uuid TEXT NOT NULL,
        transport_message_id TEXT,
        campaign_uuid TEXT,
        automation_mail_uuid TEXT,
        transactional_mail_log_item_uuid TEXT,
        subscriber_uuid TEXT,
        sent_at INTEGER,
        failed_at INTEGER,
        failure_reason TEXT,
        open_count INTEGER NOT NULL DEFAULT 0,
        click_count INTEGER NOT NULL DEFAULT 0,
        first_opened_at INTEGER,
        last_opened_at INTEGER,
        first_clicked_at INTEGER,
        last_clicked_at INTEGER,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      );
      INSERT INTO sends_rebuilt (id, workspace_id, uuid, transport_message_id, campaign_uuid, automation_mail_uuid,
          transactional_mail_log_item_uuid, subscriber_uuid, sent_at, failed_at, failure_reason, open_count, click_count,
          first_opened_at, last_opened_at, first_clicked_at, last_clicked_at, created_at, updated_at)
        SELECT id, workspace_id, uuid, transport_message_id, campaign_uuid, automation_mail_uuid,
            transactional_mail_log_item_uuid, subscriber_uuid, sent_at, failed_at, failure_reason, open_count,
            click_count, first_opened_at, last_opened_at, first_clicked_at, last_clicked_at, created_at, updated_at FROM
            sends;
      DROP TABLE sends;
      ALTER TABLE sends_rebuilt RENAME TO sends;
      CREATE UNIQUE INDEX sends_uuid ON sends (workspace_id, uuid);
      CREATE INDEX sends_sent_at ON sends (workspace_id, sent_at, id);
      CREATE INDEX sends_log_item ON sends (workspace_id, transactional_mail_log_item_uuid, sent_at, id);
      CREATE INDEX sends_transport_message_id ON sends (workspace_id, transport_message_id);
      CREATE INDEX sends_campaign ON sends (workspace_id, campaign_uuid, sent_at, id) WHERE campaign_uuid IS NOT NULL;
      CREATE INDEX sends_automation_mail ON sends (workspace_id, automation_mail_uuid, sent_at, id) WHERE automation_mail_uuid IS NOT NULL;
      CREATE INDEX sends_subscriber ON sends (workspace_id, subscriber_uuid, sent_at, id) WHERE subscriber_uuid IS NOT NULL;

      CREATE TRIGGER subscribers_total_insert AFTER INSERT ON subscribers BEGIN
        INSERT INTO list_totals (workspace_id, list, total) VALUES (new.workspace_id, 'subscribers:' ||
            new.email_list_id, 1)
        ON CONFLICT (workspace_id, list) DO UPDATE SET total = total + 1;
      END;
      CREATE TRIGGER subscribers_total_delete AFTER DELETE ON subscribers BEGIN
        UPDATE list_totals SET total = total - 1 WHERE workspace_id = old.workspace_id AND list = 'subscribers:' || old.email_list_id;
      END;
      CREATE TRIGGER subscribers_sends_delete AFTER DELETE ON subscribers BEGIN
        DELETE FROM sends WHERE workspace_id = old.workspace_id AND subscriber_uuid = old.uuid;
      END;
      CREATE TRIGGER sends_total_insert AFTER INSERT ON sends BEGIN
        INSERT INTO list_totals (workspace_id, list, total) VALUES (new.workspace_id, 'sends', 1)
        ON CONFLICT (workspace_id, list) DO UPDATE SET total = total + 1;
      END;
      CREATE TRIGGER sends_total_delete AFTER DELETE ON sends BEGIN
        UPDATE list_totals SET total = total - 1 WHERE workspace_id = old.workspace_id AND list = 'sends';
      END;
      CREATE TRIGGER sends_total_update AFTER UPDATE OF workspace_id ON sends BEGIN
        UPDATE list_totals SET total = total - 1 WHERE workspace_id = old.workspace_id AND list = 'sends';
        INSERT INTO list_totals (workspace_id, list, total) VALUES (new.workspace_id, 'sends', 1)
        ON CONFLICT (workspace_id, list) DO UPDATE SET total = total + 1;
      END;

      INSERT INTO sqlite_sequence (name, seq)
        SELECT name, 0 FROM (SELECT 'campaign_templates' AS name UNION ALL SELECT 'tags') AS counters
        WHERE NOT EXISTS (SELECT 1 FROM sqlite_sequence s WHERE s.name = counters.name);
      UPDATE sqlite_sequence SET seq = max(seq, coalesce((SELECT max(template_id) FROM campaigns), 0)) WHERE name = 'campaign_templates';
      UPDATE sqlite_sequence SET seq = max(seq, coalesce((
        SELECT max(CAST(tag.value AS INTEGER)) FROM segments, json_each(segments.stored_conditions) AS condition,
          json_each(condition.value, '$.tagIds') AS tag
        WHERE json_valid(segments.stored_conditions) AND condition.type = 'object'
      ), 0)) WHERE name = 'tags';

      INSERT INTO sqlite_stat1 (tbl, idx, stat) SELECT tbl, idx, stat FROM kept_stat1;
      DROP TABLE kept_stat1;
      ANALYZE sqlite_schema;
    `,
  },
  {
    version: 22,
    name: "the web UI's sends page: a campaign send's captured mail, and sends found by their recipient's address",
    // GET /_emulator/sends shows each send's captured message, and a campaign mail is found by its Message-ID (the
    // send's transport_message_id): partial, as migration 9's, so that only a query naming campaign mails can pick
    // it and the per-insert max(created_at_ms) of the workspace stays on messages_created_at. Its filter[email]
    // finds a transactional send by its log item's first To address (the one a simulated bounce suppresses),
    // lower-cased as emails compare here, and a campaign send by its subscriber (subscribers_list_email). Planner
    // statistics of the shape migration 2 gives: one message per Message-ID, a few log items per address.
    sql: `
      CREATE INDEX messages_campaign_mail ON messages (workspace_id, message_id) WHERE campaign_uuid IS NOT NULL;
      CREATE INDEX log_items_first_to ON log_items (workspace_id, lower(to_json ->> '$[0].email'));
      DELETE FROM sqlite_stat1 WHERE idx IN ('messages_campaign_mail', 'log_items_first_to');
      INSERT INTO sqlite_stat1 (tbl, idx, stat) VALUES
        ('messages', 'messages_campaign_mail', '100000 100000 1'),
        ('log_items', 'log_items_first_to', '100000 100000 3');
      ANALYZE sqlite_schema;
    `,
  },
  {
    version: 23,
    name: "Mailcoach's outgoing webhooks: configurations, the calls they get (one per event and configuration) and each attempt",
    // docs/spec/mailcoach-webhooks.md#11-tables-v8-databasemigrationscreate_mailcoach_tablesphp and docs/spec/mailcoach-webhooks.md#27-the-log-mailcoach_webhook_logs-domainsettingseventsubscriberswebhooklogeventsubscriberphp-modelswebhooklogphp-v7-test-webhooklogeventsubscribertestphp. A configuration's lists are kept as list uuids (JSON): a deleted list then
    // simply never matches, as v8's cascade drops it from the pivot. A call holds the exact bytes and signature sent
    // (decisions.md "Webhooks": serialised once, the same bytes on every attempt); next_attempt_at_ms is on the
    // emulator's clock, so advancing a frozen clock makes retries due. Attempts are v8's mailcoach_webhook_logs rows.
    sql: `
      CREATE TABLE webhook_configurations (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        workspace_id INTEGER NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
        uuid TEXT NOT NULL,
        name TEXT NOT NULL,
        url TEXT NOT NULL,
        secret TEXT NOT NULL,
        enabled INTEGER NOT NULL DEFAULT 1,
        use_for_all_lists INTEGER NOT NULL DEFAULT 1,
        use_for_all_events INTEGER NOT NULL DEFAULT 1,
        email_list_uuids TEXT NOT NULL DEFAULT '[]',
        events TEXT NOT NULL DEFAULT '[]',
        origin TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      );
      CREATE UNIQUE INDEX webhook_configurations_uuid ON webhook_configurations (workspace_id, uuid);
      CREATE TABLE webhook_calls (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        workspace_id INTEGER NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
        uuid TEXT NOT NULL,
        configuration_id INTEGER NOT NULL REFERENCES webhook_configurations (id) ON DELETE CASCADE,
        event TEXT NOT NULL,
        url TEXT NOT NULL,
        body TEXT NOT NULL,
        signature TEXT NOT NULL,
        status TEXT NOT NULL,
        attempts INTEGER NOT NULL DEFAULT 0,
        next_attempt_at_ms INTEGER,
        email_list_uuid TEXT,
        subscriber_uuid TEXT,
        email TEXT,
        send_uuid TEXT,
        campaign_uuid TEXT,
        created_at_ms INTEGER NOT NULL,
        updated_at_ms INTEGER NOT NULL
      );
      CREATE UNIQUE INDEX webhook_calls_uuid ON webhook_calls (workspace_id, uuid);
      CREATE INDEX webhook_calls_due ON webhook_calls (next_attempt_at_ms) WHERE status = 'pending';
      CREATE INDEX webhook_calls_configuration ON webhook_calls (configuration_id, id);
      CREATE INDEX webhook_calls_subscriber ON webhook_calls (workspace_id, subscriber_uuid) WHERE subscriber_uuid IS NOT NULL;
      CREATE INDEX webhook_calls_send ON webhook_calls (workspace_id, send_uuid) WHERE send_uuid IS NOT NULL;
      CREATE INDEX webhook_calls_email ON webhook_calls (workspace_id, email) WHERE email IS NOT NULL;
      CREATE INDEX webhook_calls_event ON webhook_calls (workspace_id, event, id);
      CREATE TABLE webhook_attempts (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        workspace_id INTEGER NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
        uuid TEXT NOT NULL,
        call_id INTEGER NOT NULL REFERENCES webhook_calls (id) ON DELETE CASCADE,
        attempt INTEGER,
        url TEXT NOT NULL,
        body TEXT,
        signature TEXT,
        status_code INTEGER,
        response TEXT NOT NULL,
        error TEXT,
        duration_ms INTEGER NOT NULL,
        created_at_ms INTEGER NOT NULL
      );
      CREATE INDEX webhook_attempts_call ON webhook_attempts (call_id, id);
    `,
  },
  {
    version: 24,
    name: 'messages: how a mail was received (via: api or smtp), and the search index facet vsmtp for via:smtp',
    // SMTP intake (issue 26) stores its mails through the same capture path as the API's; `via` tells them apart
    // (the inbox shows it, `via:smtp` searches by it). The envelope (MAIL FROM, every RCPT TO) already has its
    // columns (envelope_from, envelope_to_json). The view that feeds the search index is written out in full again,
    // as migration 18 did, with one more facet; the messages already indexed were all received over the API, so
    // their facets are unchanged and the index is not rebuilt.
    sql: `
      ALTER TABLE messages ADD COLUMN via TEXT NOT NULL DEFAULT 'api' CHECK (via IN ('api', 'smtp'));
      DROP VIEW messages_search_source;
      CREATE VIEW messages_search_source AS
        SELECT id,
          replace(replace(replace(replace(replace(substr(subject, 1, 10000), '.', ' '), '@', ' '), '-', ' '), '_', ' '), '+', ' ') AS subject,
          replace(replace(replace(replace(replace(substr(coalesce(text_body, html_body, ''), 1, 1000000), '.', ' '), '@', ' '), '-', ' '), '_', ' '), '+', ' ') AS body,
          replace(replace(replace(replace(replace(substr((SELECT group_concat(coalesce(value ->> 'name', '') || ' ' || coalesce(value ->> 'email', ''), ' ' ORDER BY key) FROM (SELECT key, value FROM json_each(from_json) ORDER BY key LIMIT 2000)), 1, 100000), '.', ' '), '@', ' '), '-', ' '), '_', ' '), '+', ' ') AS sender,
          replace(replace(replace(replace(replace(substr((SELECT group_concat(coalesce(value ->> 'name', '') || ' ' || coalesce(value ->> 'email', ''), ' ' ORDER BY key) FROM (SELECT key, value FROM json_each(to_json) ORDER BY key LIMIT 2000)), 1, 100000), '.', ' '), '@', ' '), '-', ' '), '_', ' '), '+', ' ') AS recipients,
          substr((SELECT group_concat(lower(coalesce(value ->> 'email', '')) || ' ' || substr(lower(coalesce(value ->> 'email', '')), 1, instr(lower(coalesce(value ->> 'email', '')), '@') - 1) || ' ' || substr(lower(coalesce(value ->> 'email', '')), instr(lower(coalesce(value ->> 'email', '')), '@') + 1) || ' ' || coalesce(value ->> 'name', ''), ' ' ORDER BY key) FROM (SELECT key, value FROM json_each(from_json) ORDER BY key LIMIT 2000)), 1, 100000) AS from_addresses,
          substr((SELECT group_concat(lower(coalesce(value ->> 'email', '')) || ' ' || substr(lower(coalesce(value ->> 'email', '')), 1, instr(lower(coalesce(value ->> 'email', '')), '@') - 1) || ' ' || substr(lower(coalesce(value ->> 'email', '')), instr(lower(coalesce(value ->> 'email', '')), '@') + 1) || ' ' || coalesce(value ->> 'name', ''), ' ' ORDER BY key) FROM (SELECT key, value FROM json_each(to_json) ORDER BY key LIMIT 2000)), 1, 100000) AS to_addresses,
          substr((SELECT group_concat(lower(coalesce(value ->> 'email', '')) || ' ' || substr(lower(coalesce(value ->> 'email', '')), 1, instr(lower(coalesce(value ->> 'email', '')), '@') - 1) || ' ' || substr(lower(coalesce(value ->> 'email', '')), instr(lower(coalesce(value ->> 'email', '')), '@') + 1) || ' ' || coalesce(value ->> 'name', ''), ' ' ORDER BY key) FROM (SELECT key, value FROM json_each(cc_json) ORDER BY key LIMIT 2000)), 1, 100000) AS cc_addresses,
          substr((SELECT group_concat(lower(coalesce(value ->> 'email', '')) || ' ' || substr(lower(coalesce(value ->> 'email', '')), 1, instr(lower(coalesce(value ->> 'email', '')), '@') - 1) || ' ' || substr(lower(coalesce(value ->> 'email', '')), instr(lower(coalesce(value ->> 'email', '')), '@') + 1) || ' ' || coalesce(value ->> 'name', ''), ' ' ORDER BY key) FROM (SELECT key, value FROM json_each(bcc_json) ORDER BY key LIMIT 2000)), 1, 100000) AS bcc_addresses,
          'w' || workspace_id
            || CASE WHEN attachments_json <> '[]' THEN ' hasattachment' ELSE '' END
            || CASE WHEN template_name IS NOT NULL THEN ' t' || hex(lower(template_name)) ELSE '' END
            || CASE WHEN campaign_uuid IS NOT NULL THEN ' c' || hex(lower(campaign_uuid)) ELSE '' END
            || CASE WHEN email_list_uuid IS NOT NULL THEN ' l' || hex(lower(email_list_uuid)) ELSE '' END
            || CASE WHEN via = 'smtp' THEN ' vsmtp' ELSE '' END AS facets
        FROM messages;
    `,
  },
  {
    version: 25,
    name: 'message_checks: how many problems the checks found in each captured mail (has:problems, the inbox marker)',
    // Issue 28 (README "Mail checks"): the checks run after capture, in the background (search/problem-checker.ts),
    // never on the send path, so a mail has a row here once checked and none before. Every mail gets its row in
    // id order, so the highest message_id here is how far the checks reach (below it every message has a row);
    // deleting a message takes its row with it, which brings that mark down with the messages at the top. Only
    // the count of problems is kept: the report itself is computed again when asked for (the links it resolves
    // against the emulator's records can change). The partial index answers has:problems newest first.
    sql: `
      CREATE TABLE message_checks (
        message_id INTEGER PRIMARY KEY REFERENCES messages (id) ON DELETE CASCADE,
        problems INTEGER NOT NULL CHECK (problems >= 0)
      );
      CREATE INDEX message_checks_with_problems ON message_checks (message_id) WHERE problems > 0;
    `,
  },
];
