import type { Migration } from './migration.js';

export const messagesRead: Migration = {
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
};
