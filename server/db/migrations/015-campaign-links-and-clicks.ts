import type { Migration } from './migration.js';

export const campaignLinksAndClicks: Migration = {
  version: 15,
  name: "campaign links and their clicks (simulated), for a campaign's /clicks list and click counts (docs/spec/mailcoach-audience-campaigns.md#510-statistics-endpoints-get-paginated-reference-17)",
  sql: `
      CREATE TABLE campaign_links (
        id INTEGER PRIMARY KEY,
        workspace_id INTEGER NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
        campaign_id INTEGER NOT NULL REFERENCES campaigns(id) ON DELETE CASCADE,
        uuid TEXT NOT NULL,
        url TEXT NOT NULL,
        created_at INTEGER NOT NULL
      );
      CREATE UNIQUE INDEX campaign_links_url ON campaign_links (campaign_id, url);
      CREATE TABLE campaign_clicks (
        id INTEGER PRIMARY KEY,
        workspace_id INTEGER NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
        link_id INTEGER NOT NULL REFERENCES campaign_links(id) ON DELETE CASCADE,
        send_id INTEGER NOT NULL REFERENCES sends(id) ON DELETE CASCADE,
        uuid TEXT NOT NULL,
        subscriber_uuid TEXT,
        created_at INTEGER NOT NULL
      );
      CREATE INDEX campaign_clicks_link ON campaign_clicks (link_id, id);
    `,
};
