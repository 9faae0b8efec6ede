import type { Migration } from './migration.js';

export const audience: Migration = {
  version: 12,
  name: 'audience: email lists, subscribers, tags and which subscriber has which tag (docs/spec/mailcoach-audience-campaigns.md#1-email-lists to docs/spec/mailcoach-audience-campaigns.md#3-tags-apiemail-listsuuidtags)',
  // Subscribers and tags hang off their list (a list's deletion takes them, as v8's foreign keys do); the pivot
  // off both. Every table with rows of a workspace has workspace_id, so that a reset clears it
  // (workspace-store.ts). There is no unique (list, email) index, as in v8: the upsert keeps emails unique.
  sql: `
      CREATE TABLE email_lists (
        id INTEGER PRIMARY KEY,
        workspace_id INTEGER NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
        uuid TEXT NOT NULL,
        name TEXT NOT NULL,
        campaigns_feed_enabled INTEGER NOT NULL DEFAULT 0,
        default_from_email TEXT,
        default_from_name TEXT,
        default_reply_to_email TEXT,
        default_reply_to_name TEXT,
        allow_form_subscriptions INTEGER NOT NULL DEFAULT 0,
        honeypot_field TEXT,
        redirect_after_subscribed TEXT,
        redirect_after_already_subscribed TEXT,
        redirect_after_subscription_pending TEXT,
        redirect_after_unsubscribed TEXT,
        requires_confirmation INTEGER NOT NULL DEFAULT 0,
        confirmation_mailable_class TEXT,
        campaign_mailer TEXT,
        automation_mailer TEXT,
        transactional_mailer TEXT,
        report_recipients TEXT,
        report_campaign_sent INTEGER NOT NULL DEFAULT 0,
        report_campaign_summary INTEGER NOT NULL DEFAULT 0,
        report_email_list_summary INTEGER NOT NULL DEFAULT 0,
        email_list_summary_sent_at INTEGER,
        extra_attributes TEXT NOT NULL DEFAULT '{}',
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      );
      CREATE UNIQUE INDEX email_lists_uuid ON email_lists (workspace_id, uuid);
      CREATE INDEX email_lists_name ON email_lists (workspace_id, name, id);

      CREATE TABLE subscribers (
        id INTEGER PRIMARY KEY,
        workspace_id INTEGER NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
        email_list_id INTEGER NOT NULL REFERENCES email_lists(id) ON DELETE CASCADE,
        uuid TEXT NOT NULL,
        email TEXT NOT NULL,
        first_name TEXT,
        last_name TEXT,
        extra_attributes TEXT NOT NULL DEFAULT '{}',
        subscribed_at INTEGER,
        unsubscribed_at INTEGER,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      );
      CREATE UNIQUE INDEX subscribers_uuid ON subscribers (workspace_id, uuid);
      CREATE INDEX subscribers_uuid_anywhere ON subscribers (uuid);
      CREATE INDEX subscribers_list_email ON subscribers (email_list_id, email COLLATE NOCASE);
      CREATE INDEX subscribers_list_created ON subscribers (email_list_id, created_at, id);

      CREATE TABLE tags (
        id INTEGER PRIMARY KEY,
        workspace_id INTEGER NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
        email_list_id INTEGER NOT NULL REFERENCES email_lists(id) ON DELETE CASCADE,
        uuid TEXT NOT NULL,
        name TEXT NOT NULL,
        type TEXT NOT NULL DEFAULT 'default',
        visible_in_preferences INTEGER NOT NULL DEFAULT 0,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      );
      CREATE UNIQUE INDEX tags_uuid ON tags (workspace_id, uuid);
      CREATE UNIQUE INDEX tags_list_name_type ON tags (email_list_id, name, type);

      CREATE TABLE subscriber_tags (
        subscriber_id INTEGER NOT NULL REFERENCES subscribers(id) ON DELETE CASCADE,
        tag_id INTEGER NOT NULL REFERENCES tags(id) ON DELETE CASCADE,
        PRIMARY KEY (subscriber_id, tag_id)
      ) WITHOUT ROWID;
      CREATE INDEX subscriber_tags_tag ON subscriber_tags (tag_id, subscriber_id);
    `,
};
