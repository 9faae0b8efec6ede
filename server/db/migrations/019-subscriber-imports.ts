import type { Migration } from './migration.js';

export const subscriberImports: Migration = {
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
};
