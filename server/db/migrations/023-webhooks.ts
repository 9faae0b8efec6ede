import type { Migration } from './migration.js';

export const webhooks: Migration = {
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
};
