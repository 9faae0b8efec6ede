import type { Migration } from './migration.js';

export const subscriberTotalsAndStatusIndexes: Migration = {
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
};
