import type { Migration } from './migration.js';

export const coreTables: Migration = {
  version: 1,
  name: 'mailcoach core: workspaces, suppressions, templates, log items, sends, captured messages',
  sql: `
      CREATE TABLE workspaces (
        id INTEGER PRIMARY KEY,
        key TEXT NOT NULL UNIQUE,
        created_at INTEGER NOT NULL
      );

      CREATE TABLE suppressions (
        id INTEGER PRIMARY KEY,
        workspace_id INTEGER NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
        uuid TEXT NOT NULL,
        email TEXT NOT NULL COLLATE NOCASE,
        reason TEXT NOT NULL CHECK (reason IN ('hard_bounce', 'spam_complaint', 'manual')),
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      );
      CREATE UNIQUE INDEX suppressions_uuid ON suppressions (workspace_id, uuid);
      CREATE UNIQUE INDEX suppressions_email ON suppressions (workspace_id, email);
      CREATE INDEX suppressions_created_at ON suppressions (workspace_id, created_at, id);
      CREATE INDEX suppressions_reason ON suppressions (workspace_id, reason, id);

      CREATE TABLE templates (
        id INTEGER PRIMARY KEY,
        workspace_id INTEGER NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
        uuid TEXT NOT NULL,
        name TEXT NOT NULL,
        label TEXT,
        type TEXT NOT NULL CHECK (type IN ('html', 'markdown', 'mjml', 'blade')),
        subject TEXT NOT NULL DEFAULT '',
        body TEXT NOT NULL DEFAULT '',
        from_address TEXT,
        to_json TEXT,
        cc_json TEXT,
        bcc_json TEXT,
        store_mail INTEGER NOT NULL DEFAULT 0,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      );
      CREATE UNIQUE INDEX templates_uuid ON templates (workspace_id, uuid);
      CREATE UNIQUE INDEX templates_name ON templates (workspace_id, name);
      CREATE INDEX templates_created_at ON templates (workspace_id, created_at, id);

      -- A captured mail: what an app sent, kept whole. The raw RFC 5322 bytes live in a side table so that list
      -- queries never read them.
      CREATE TABLE messages (
        id INTEGER PRIMARY KEY,
        workspace_id INTEGER NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
        uuid TEXT NOT NULL,
        message_id TEXT NOT NULL,
        envelope_from TEXT NOT NULL,
        envelope_to_json TEXT NOT NULL,
        from_json TEXT NOT NULL,
        to_json TEXT NOT NULL,
        cc_json TEXT NOT NULL,
        bcc_json TEXT NOT NULL,
        reply_to_json TEXT NOT NULL,
        subject TEXT NOT NULL,
        text_body TEXT,
        html_body TEXT,
        attachments_json TEXT NOT NULL DEFAULT '[]',
        size INTEGER NOT NULL,
        template_name TEXT,
        replacements_json TEXT,
        created_at_ms INTEGER NOT NULL
      );
      CREATE UNIQUE INDEX messages_uuid ON messages (workspace_id, uuid);
      CREATE INDEX messages_created_at ON messages (workspace_id, created_at_ms, id);
      CREATE TABLE message_raw (
        message_id INTEGER PRIMARY KEY REFERENCES messages(id) ON DELETE CASCADE,
        raw BLOB NOT NULL
      );
      -- Decoded attachment bodies: served one by one by the inbox, re-attached by a resend.
      CREATE TABLE message_attachments (
        id INTEGER PRIMARY KEY,
        message_id INTEGER NOT NULL REFERENCES messages(id) ON DELETE CASCADE,
        position INTEGER NOT NULL,
        filename TEXT NOT NULL,
        content_type TEXT NOT NULL,
        content_id TEXT,
        size INTEGER NOT NULL,
        content BLOB NOT NULL
      );
      CREATE INDEX message_attachments_message ON message_attachments (message_id, position);

      CREATE TABLE log_items (
        id INTEGER PRIMARY KEY,
        workspace_id INTEGER NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
        uuid TEXT NOT NULL,
        mail_name TEXT,
        subject TEXT NOT NULL DEFAULT '',
        from_json TEXT NOT NULL DEFAULT '[]',
        to_json TEXT NOT NULL DEFAULT '[]',
        cc_json TEXT NOT NULL DEFAULT '[]',
        bcc_json TEXT NOT NULL DEFAULT '[]',
        body TEXT,
        attachments_json TEXT NOT NULL DEFAULT '[]',
        mailer TEXT,
        fake INTEGER NOT NULL DEFAULT 0,
        message_id INTEGER REFERENCES messages(id) ON DELETE SET NULL,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      );
      CREATE UNIQUE INDEX log_items_uuid ON log_items (workspace_id, uuid);
      CREATE INDEX log_items_created_at ON log_items (workspace_id, created_at, id);

      -- Owner uuids are stored on the send itself: the emulator has no campaigns, automations or subscribers, and
      -- the filters of GET /api/sends then stay single-index lookups.
      CREATE TABLE sends (
        id INTEGER PRIMARY KEY,
        workspace_id INTEGER NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
        uuid TEXT NOT NULL,
        transport_message_id TEXT,
        campaign_uuid TEXT,
        automation_mail_uuid TEXT,
        transactional_mail_log_item_uuid TEXT,
        subscriber_uuid TEXT,
        sent_at INTEGER,
        failed_at INTEGER,
        failure_reason TEXT,
        open_count INTEGER NOT NULL DEFAULT 0,
        click_count INTEGER NOT NULL DEFAULT 0,
        first_opened_at INTEGER,
        last_opened_at INTEGER,
        first_clicked_at INTEGER,
        last_clicked_at INTEGER,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      );
      CREATE UNIQUE INDEX sends_uuid ON sends (workspace_id, uuid);
      CREATE INDEX sends_sent_at ON sends (workspace_id, sent_at, id);
      CREATE INDEX sends_log_item ON sends (workspace_id, transactional_mail_log_item_uuid, sent_at, id);
      CREATE INDEX sends_campaign ON sends (workspace_id, campaign_uuid, sent_at, id);
      CREATE INDEX sends_automation_mail ON sends (workspace_id, automation_mail_uuid, sent_at, id);
      CREATE INDEX sends_subscriber ON sends (workspace_id, subscriber_uuid, sent_at, id);
      CREATE INDEX sends_transport_message_id ON sends (workspace_id, transport_message_id);
    `,
};
