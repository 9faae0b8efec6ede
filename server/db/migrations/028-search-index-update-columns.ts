import type { Migration } from './migration.js';

export const searchIndexUpdateColumns: Migration = {
  version: 28,
  name: 'messages: the inbox search index is rewritten only when an indexed column changes, not on a read mark',
  // Migration 3's update triggers rewrote a message's search index row on any UPDATE: marking a message read, and
  // the Mailpit facts' backfill (migration 27), paid a delete and an insert into the index for nothing. Mailpit's
  // mark-all (docs/spec/mailpit-api.md#238-put-apiv1messages--read-status) at 100,000 messages would rewrite the
  // whole index. The same triggers, fired only by the columns messages_search_source reads.
  sql: `
      DROP TRIGGER messages_search_update_new;
      DROP TRIGGER messages_search_update_old;
      CREATE TRIGGER messages_search_update_new AFTER UPDATE OF workspace_id, subject, text_body, html_body,
        from_json, to_json, cc_json, bcc_json, attachments_json, template_name, campaign_uuid, email_list_uuid, via
        ON messages
        WHEN new.id <= (SELECT indexed_through FROM messages_search_state) BEGIN
        INSERT INTO messages_search (rowid, subject, body, sender, recipients, from_addresses, to_addresses, cc_addresses, bcc_addresses, facets)
          SELECT id, subject, body, sender, recipients, from_addresses, to_addresses, cc_addresses, bcc_addresses, facets FROM messages_search_source WHERE id = new.id;
      END;
      CREATE TRIGGER messages_search_update_old BEFORE UPDATE OF workspace_id, subject, text_body, html_body,
        from_json, to_json, cc_json, bcc_json, attachments_json, template_name, campaign_uuid, email_list_uuid, via
        ON messages
        WHEN old.id <= (SELECT indexed_through FROM messages_search_state) BEGIN
        INSERT INTO messages_search (messages_search, rowid, subject, body, sender, recipients, from_addresses, to_addresses, cc_addresses, bcc_addresses, facets) SELECT 'delete', id, subject, body, sender, recipients, from_addresses, to_addresses, cc_addresses, bcc_addresses, facets FROM messages_search_source WHERE id = old.id;
      END;
    `,
};
