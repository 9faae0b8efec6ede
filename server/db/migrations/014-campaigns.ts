import type { Migration } from './migration.js';

export const campaigns: Migration = {
  version: 14,
  name: 'campaigns, with their content item in the same row (docs/spec/mailcoach-audience-campaigns.md#5-campaigns)',
  // v8 keeps the content (subject, html, from...) in a polymorphic content item of its own; each campaign has
  // exactly one, so here it is columns of the campaign. A deleted list or segment leaves the campaign (set null,
  // as v8's nullOnDelete); a deleted template leaves a dangling template_id, as v8 (no foreign key).
  sql: `
      CREATE TABLE campaigns (
        id INTEGER PRIMARY KEY,
        workspace_id INTEGER NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
        uuid TEXT NOT NULL,
        name TEXT NOT NULL,
        email_list_id INTEGER REFERENCES email_lists(id) ON DELETE SET NULL,
        status TEXT NOT NULL DEFAULT 'draft',
        segment_class TEXT NOT NULL,
        segment_id INTEGER REFERENCES segments(id) ON DELETE SET NULL,
        segment_description TEXT NOT NULL DEFAULT '0',
        sent_at INTEGER,
        scheduled_at INTEGER,
        summary_mail_sent_at INTEGER,
        disable_webview INTEGER NOT NULL DEFAULT 0,
        from_email TEXT,
        from_name TEXT,
        reply_to_email TEXT,
        reply_to_name TEXT,
        subject TEXT,
        template_id INTEGER,
        html TEXT,
        structured_html TEXT,
        email_html TEXT,
        webview_html TEXT,
        utm_tags INTEGER NOT NULL DEFAULT 1,
        add_subscriber_tags INTEGER NOT NULL DEFAULT 0,
        add_subscriber_link_tags INTEGER NOT NULL DEFAULT 0,
        sent_to_number_of_subscribers INTEGER NOT NULL DEFAULT 0,
        statistics_calculated_at INTEGER,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      );
      CREATE UNIQUE INDEX campaigns_uuid ON campaigns (workspace_id, uuid);
      CREATE INDEX campaigns_scheduled ON campaigns (scheduled_at) WHERE scheduled_at IS NOT NULL;

      -- Unsubscribes that came from a campaign's mail (its link or List-Unsubscribe), not the API's (docs/spec/mailcoach-audience-campaigns.md#510-statistics-endpoints-get-paginated-reference-17).
      CREATE TABLE campaign_unsubscribes (
        id INTEGER PRIMARY KEY,
        workspace_id INTEGER NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
        campaign_id INTEGER NOT NULL REFERENCES campaigns(id) ON DELETE CASCADE,
        subscriber_id INTEGER NOT NULL REFERENCES subscribers(id) ON DELETE CASCADE,
        created_at INTEGER NOT NULL
      );
      CREATE INDEX campaign_unsubscribes_campaign ON campaign_unsubscribes (campaign_id, created_at, id);
    `,
};
