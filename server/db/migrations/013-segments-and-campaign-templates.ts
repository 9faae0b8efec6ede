import type { Migration } from './migration.js';

export const segmentsAndCampaignTemplates: Migration = {
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
};
