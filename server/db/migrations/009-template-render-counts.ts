import type { Migration } from './migration.js';

export const templateRenderCounts: Migration = {
  version: 9,
  name: "messages_template: how many mails each template rendered, and the last one, for the template studio's list",
  // Partial like migration 8's: only a query naming a template (`template_name = ?` implies IS NOT NULL) can
  // pick it, so the per-insert max(created_at_ms) of the workspace stays on messages_created_at.
  sql: `
      CREATE INDEX messages_template ON messages (workspace_id, template_name) WHERE template_name IS NOT NULL;
    `,
};
