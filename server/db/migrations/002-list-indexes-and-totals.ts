import type { Migration } from './migration.js';

export const listIndexesAndTotals: Migration = {
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
};
