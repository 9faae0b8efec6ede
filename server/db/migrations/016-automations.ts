import type { Migration } from './migration.js';

export const automations: Migration = {
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
};
