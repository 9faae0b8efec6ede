import type { Migration } from './migration.js';

export const sendsPageIndexes: Migration = {
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
};
