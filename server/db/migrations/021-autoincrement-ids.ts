import type { Migration } from './migration.js';

export const autoincrementIds: Migration = {
  version: 21,
  name: 'ids are never given out again: AUTOINCREMENT on every audience and campaign table whose ids other rows keep',
  // SQLite gives a new row the highest id + 1, so deleting the newest template, tag, list... handed its id to the
  // next one, and whatever still held the old id named the new row: a campaign's template_id (v8 keeps it
  // dangling, docs/spec/mailcoach-audience-campaigns.md#6-campaign-templates-apitemplates), a segment's stored tag ids (docs/spec/mailcoach-audience-campaigns.md#3-tags-apiemail-listsuuidtags), ids held across the awaits of a campaign's delivery, the
  // integer ids v8 leaks (filter[email_list_id], the send refusals' "campaign with id `N`"). MySQL's
  // auto-increment, which v8 runs on, never reuses one; AUTOINCREMENT does the same. Sends too, as Mailcoach's:
  // only cascading foreign keys hold their ids today (feedback, clicks), and counting costs an insert nothing
  // measurable (27-36 us per single-insert transaction either way over 100,000 in-memory inserts: noise).
  // SQLite adds AUTOINCREMENT only by rebuilding a table (https://sqlite.org/lang_altertable.html#otheralter):
  // copy the rows into a new table with the same columns and ids, drop the old one, rename, create the indexes
  // (after the copy: building an index by sorting is faster than filling it row by row) and the triggers again.
  // migrate() runs it with foreign_keys off (a DROP TABLE would otherwise delete the rows and cascade) and
  // commits only if foreign_key_check finds nothing. Triggers are created last: renaming a table checks every
  // trigger, and subscribers_sends_delete names sends. DROP TABLE forgets a table's planner statistics
  // (sqlite_stat1): they are kept aside and put back. A campaign may hold a deleted template's id and a segment a
  // deleted tag's; their counters start above those ids, so that no new row takes one. Measured on a file database
  // with 100,000 subscribers (each tagged) and 100,000 sends: 2.0-2.8 s once, on a loaded 2-core machine, nearly
  // all of it copying those two tables and building their 14 indexes; foreign_key_check about 0.1 s.
  rebuildsTables: true,
  sql: `
      CREATE TEMP TABLE kept_stat1 AS SELECT tbl, idx, stat FROM sqlite_stat1
        WHERE tbl IN ('email_lists', 'subscribers', 'tags', 'segments', 'campaign_templates', 'campaigns', 'campaign_links', 'automations',
          'subscriber_imports', 'sends');

      CREATE TABLE email_lists_rebuilt (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
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
      INSERT INTO email_lists_rebuilt (id, workspace_id, uuid, name, campaigns_feed_enabled, default_from_email,
          default_from_name, default_reply_to_email, default_reply_to_name, allow_form_subscriptions, honeypot_field,
          redirect_after_subscribed, redirect_after_already_subscribed, redirect_after_subscription_pending,
          redirect_after_unsubscribed, requires_confirmation, confirmation_mailable_class, campaign_mailer,
          automation_mailer, transactional_mailer, report_recipients, report_campaign_sent, report_campaign_summary,
          report_email_list_summary, email_list_summary_sent_at, extra_attributes, created_at, updated_at)
        SELECT id, workspace_id, uuid, name, campaigns_feed_enabled, default_from_email, default_from_name,
            default_reply_to_email, default_reply_to_name, allow_form_subscriptions, honeypot_field,
            redirect_after_subscribed, redirect_after_already_subscribed, redirect_after_subscription_pending,
            redirect_after_unsubscribed, requires_confirmation, confirmation_mailable_class, campaign_mailer,
            automation_mailer, transactional_mailer, report_recipients, report_campaign_sent, report_campaign_summary,
            report_email_list_summary, email_list_summary_sent_at, extra_attributes, created_at, updated_at FROM
            email_lists;
      DROP TABLE email_lists;
      ALTER TABLE email_lists_rebuilt RENAME TO email_lists;
      CREATE UNIQUE INDEX email_lists_uuid ON email_lists (workspace_id, uuid);
      CREATE INDEX email_lists_name ON email_lists (workspace_id, name, id);

      CREATE TABLE subscribers_rebuilt (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
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
      INSERT INTO subscribers_rebuilt (id, workspace_id, email_list_id, uuid, email, first_name, last_name,
          extra_attributes, subscribed_at, unsubscribed_at, created_at, updated_at)
        SELECT id, workspace_id, email_list_id, uuid, email, first_name, last_name, extra_attributes, subscribed_at,
            unsubscribed_at, created_at, updated_at FROM subscribers;
      DROP TABLE subscribers;
      ALTER TABLE subscribers_rebuilt RENAME TO subscribers;
      CREATE UNIQUE INDEX subscribers_uuid ON subscribers (workspace_id, uuid);
      CREATE INDEX subscribers_uuid_anywhere ON subscribers (uuid);
      CREATE INDEX subscribers_list_email ON subscribers (email_list_id, email COLLATE NOCASE);
      CREATE INDEX subscribers_list_created ON subscribers (email_list_id, created_at, id);
      CREATE INDEX subscribers_list_unsubscribed ON subscribers (email_list_id, created_at, id) WHERE unsubscribed_at IS NOT NULL;
      CREATE INDEX subscribers_list_subscribed ON subscribers (email_list_id, created_at, id) WHERE unsubscribed_at IS NULL AND subscribed_at IS NOT NULL;
      CREATE INDEX subscribers_list_unconfirmed ON subscribers (email_list_id, created_at, id) WHERE unsubscribed_at IS NULL AND subscribed_at IS NULL;

      CREATE TABLE tags_rebuilt (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        workspace_id INTEGER NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
        email_list_id INTEGER NOT NULL REFERENCES email_lists(id) ON DELETE CASCADE,
        uuid TEXT NOT NULL,
        name TEXT NOT NULL,
        type TEXT NOT NULL DEFAULT 'default',
        visible_in_preferences INTEGER NOT NULL DEFAULT 0,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      );
      INSERT INTO tags_rebuilt (id, workspace_id, email_list_id, uuid, name, type, visible_in_preferences, created_at,
          updated_at)
        SELECT id, workspace_id, email_list_id, uuid, name, type, visible_in_preferences, created_at, updated_at FROM
            tags;
      DROP TABLE tags;
      ALTER TABLE tags_rebuilt RENAME TO tags;
      CREATE UNIQUE INDEX tags_uuid ON tags (workspace_id, uuid);
      CREATE UNIQUE INDEX tags_list_name_type ON tags (email_list_id, name, type);

      CREATE TABLE segments_rebuilt (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        workspace_id INTEGER NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
        email_list_id INTEGER NOT NULL REFERENCES email_lists(id) ON DELETE CASCADE,
        uuid TEXT NOT NULL,
        name TEXT NOT NULL,
        stored_conditions TEXT NOT NULL DEFAULT '[]',
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      );
      INSERT INTO segments_rebuilt (id, workspace_id, email_list_id, uuid, name, stored_conditions, created_at,
          updated_at)
        SELECT id, workspace_id, email_list_id, uuid, name, stored_conditions, created_at, updated_at FROM segments;
      DROP TABLE segments;
      ALTER TABLE segments_rebuilt RENAME TO segments;
      CREATE UNIQUE INDEX segments_uuid ON segments (workspace_id, uuid);
      CREATE INDEX segments_list_name ON segments (email_list_id, name, id);

      CREATE TABLE campaign_templates_rebuilt (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        workspace_id INTEGER NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
        uuid TEXT NOT NULL,
        name TEXT NOT NULL,
        html TEXT NOT NULL,
        structured_html TEXT,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      );
      INSERT INTO campaign_templates_rebuilt (id, workspace_id, uuid, name, html, structured_html, created_at,
          updated_at)
        SELECT id, workspace_id, uuid, name, html, structured_html, created_at, updated_at FROM campaign_templates;
      DROP TABLE campaign_templates;
      ALTER TABLE campaign_templates_rebuilt RENAME TO campaign_templates;
      CREATE UNIQUE INDEX campaign_templates_uuid ON campaign_templates (workspace_id, uuid);
      CREATE INDEX campaign_templates_name ON campaign_templates (workspace_id, name, id);

      CREATE TABLE campaigns_rebuilt (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
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
      INSERT INTO campaigns_rebuilt (id, workspace_id, uuid, name, email_list_id, status, segment_class, segment_id,
          segment_description, sent_at, scheduled_at, summary_mail_sent_at, disable_webview, from_email, from_name,
          reply_to_email, reply_to_name, subject, template_id, html, structured_html, email_html, webview_html, utm_tags,
          add_subscriber_tags, add_subscriber_link_tags, sent_to_number_of_subscribers, statistics_calculated_at,
          created_at, updated_at)
        SELECT id, workspace_id, uuid, name, email_list_id, status, segment_class, segment_id, segment_description,
            sent_at, scheduled_at, summary_mail_sent_at, disable_webview, from_email, from_name, reply_to_email,
            reply_to_name, subject, template_id, html, structured_html, email_html, webview_html, utm_tags,
            add_subscriber_tags, add_subscriber_link_tags, sent_to_number_of_subscribers, statistics_calculated_at,
            created_at, updated_at FROM campaigns;
      DROP TABLE campaigns;
      ALTER TABLE campaigns_rebuilt RENAME TO campaigns;
      CREATE UNIQUE INDEX campaigns_uuid ON campaigns (workspace_id, uuid);
      CREATE INDEX campaigns_scheduled ON campaigns (scheduled_at) WHERE scheduled_at IS NOT NULL;

      CREATE TABLE campaign_links_rebuilt (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        workspace_id INTEGER NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
        campaign_id INTEGER NOT NULL REFERENCES campaigns(id) ON DELETE CASCADE,
        uuid TEXT NOT NULL,
        url TEXT NOT NULL,
        created_at INTEGER NOT NULL
      );
      INSERT INTO campaign_links_rebuilt (id, workspace_id, campaign_id, uuid, url, created_at)
        SELECT id, workspace_id, campaign_id, uuid, url, created_at FROM campaign_links;
      DROP TABLE campaign_links;
      ALTER TABLE campaign_links_rebuilt RENAME TO campaign_links;
      CREATE UNIQUE INDEX campaign_links_url ON campaign_links (campaign_id, url);

      CREATE TABLE automations_rebuilt (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
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
      INSERT INTO automations_rebuilt (id, workspace_id, uuid, name, email_list_id, segment_id, status,
          webhook_trigger, repeat_enabled, repeat_only_after_halt, created_at, updated_at)
        SELECT id, workspace_id, uuid, name, email_list_id, segment_id, status, webhook_trigger, repeat_enabled,
            repeat_only_after_halt, created_at, updated_at FROM automations;
      DROP TABLE automations;
      ALTER TABLE automations_rebuilt RENAME TO automations;
      CREATE UNIQUE INDEX automations_uuid ON automations (workspace_id, uuid);

      CREATE TABLE subscriber_imports_rebuilt (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
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
      INSERT INTO subscriber_imports_rebuilt (id, workspace_id, uuid, email_list_id, status, subscribers_csv,
          subscribe_unsubscribed, unsubscribe_others, replace_tags, imported_subscribers_count, error_count, created_at,
          updated_at)
        SELECT id, workspace_id, uuid, email_list_id, status, subscribers_csv, subscribe_unsubscribed,
            unsubscribe_others, replace_tags, imported_subscribers_count, error_count, created_at, updated_at FROM
            subscriber_imports;
      DROP TABLE subscriber_imports;
      ALTER TABLE subscriber_imports_rebuilt RENAME TO subscriber_imports;
      CREATE UNIQUE INDEX subscriber_imports_uuid ON subscriber_imports (workspace_id, uuid);

      CREATE TABLE sends_rebuilt (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
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
      INSERT INTO sends_rebuilt (id, workspace_id, uuid, transport_message_id, campaign_uuid, automation_mail_uuid,
          transactional_mail_log_item_uuid, subscriber_uuid, sent_at, failed_at, failure_reason, open_count, click_count,
          first_opened_at, last_opened_at, first_clicked_at, last_clicked_at, created_at, updated_at)
        SELECT id, workspace_id, uuid, transport_message_id, campaign_uuid, automation_mail_uuid,
            transactional_mail_log_item_uuid, subscriber_uuid, sent_at, failed_at, failure_reason, open_count,
            click_count, first_opened_at, last_opened_at, first_clicked_at, last_clicked_at, created_at, updated_at FROM
            sends;
      DROP TABLE sends;
      ALTER TABLE sends_rebuilt RENAME TO sends;
      CREATE UNIQUE INDEX sends_uuid ON sends (workspace_id, uuid);
      CREATE INDEX sends_sent_at ON sends (workspace_id, sent_at, id);
      CREATE INDEX sends_log_item ON sends (workspace_id, transactional_mail_log_item_uuid, sent_at, id);
      CREATE INDEX sends_transport_message_id ON sends (workspace_id, transport_message_id);
      CREATE INDEX sends_campaign ON sends (workspace_id, campaign_uuid, sent_at, id) WHERE campaign_uuid IS NOT NULL;
      CREATE INDEX sends_automation_mail ON sends (workspace_id, automation_mail_uuid, sent_at, id) WHERE automation_mail_uuid IS NOT NULL;
      CREATE INDEX sends_subscriber ON sends (workspace_id, subscriber_uuid, sent_at, id) WHERE subscriber_uuid IS NOT NULL;

      CREATE TRIGGER subscribers_total_insert AFTER INSERT ON subscribers BEGIN
        INSERT INTO list_totals (workspace_id, list, total) VALUES (new.workspace_id, 'subscribers:' ||
            new.email_list_id, 1)
        ON CONFLICT (workspace_id, list) DO UPDATE SET total = total + 1;
      END;
      CREATE TRIGGER subscribers_total_delete AFTER DELETE ON subscribers BEGIN
        UPDATE list_totals SET total = total - 1 WHERE workspace_id = old.workspace_id AND list = 'subscribers:' || old.email_list_id;
      END;
      CREATE TRIGGER subscribers_sends_delete AFTER DELETE ON subscribers BEGIN
        DELETE FROM sends WHERE workspace_id = old.workspace_id AND subscriber_uuid = old.uuid;
      END;
      CREATE TRIGGER sends_total_insert AFTER INSERT ON sends BEGIN
        INSERT INTO list_totals (workspace_id, list, total) VALUES (new.workspace_id, 'sends', 1)
        ON CONFLICT (workspace_id, list) DO UPDATE SET total = total + 1;
      END;
      CREATE TRIGGER sends_total_delete AFTER DELETE ON sends BEGIN
        UPDATE list_totals SET total = total - 1 WHERE workspace_id = old.workspace_id AND list = 'sends';
      END;
      CREATE TRIGGER sends_total_update AFTER UPDATE OF workspace_id ON sends BEGIN
        UPDATE list_totals SET total = total - 1 WHERE workspace_id = old.workspace_id AND list = 'sends';
        INSERT INTO list_totals (workspace_id, list, total) VALUES (new.workspace_id, 'sends', 1)
        ON CONFLICT (workspace_id, list) DO UPDATE SET total = total + 1;
      END;

      INSERT INTO sqlite_sequence (name, seq)
        SELECT name, 0 FROM (SELECT 'campaign_templates' AS name UNION ALL SELECT 'tags') AS counters
        WHERE NOT EXISTS (SELECT 1 FROM sqlite_sequence s WHERE s.name = counters.name);
      UPDATE sqlite_sequence SET seq = max(seq, coalesce((SELECT max(template_id) FROM campaigns), 0)) WHERE name = 'campaign_templates';
      UPDATE sqlite_sequence SET seq = max(seq, coalesce((
        SELECT max(CAST(tag.value AS INTEGER)) FROM segments, json_each(segments.stored_conditions) AS condition,
          json_each(condition.value, '$.tagIds') AS tag
        WHERE json_valid(segments.stored_conditions) AND condition.type = 'object'
      ), 0)) WHERE name = 'tags';

      INSERT INTO sqlite_stat1 (tbl, idx, stat) SELECT tbl, idx, stat FROM kept_stat1;
      DROP TABLE kept_stat1;
      ANALYZE sqlite_schema;
    `,
};
