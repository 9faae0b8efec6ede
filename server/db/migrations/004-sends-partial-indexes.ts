import type { Migration } from './migration.js';

export const sendsPartialIndexes: Migration = {
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
};
