import type { Migration } from './migration.js';

export const messageVia: Migration = {
  version: 24,
  name: 'messages: how a mail was received (via: api or smtp), and the search index facet vsmtp for via:smtp',
  // SMTP intake stores its mails through the same capture path as the API's; `via` tells them apart
  // (the inbox shows it, `via:smtp` searches by it). The envelope (MAIL FROM, every RCPT TO) already has its
  // columns (envelope_from, envelope_to_json). The view that feeds the search index is written out in full again,
  // as migration 18 did, with one more facet; the messages already indexed were all received over the API, so
  // their facets are unchanged and the index is not rebuilt.
  sql: `
      ALTER TABLE messages ADD COLUMN via TEXT NOT NULL DEFAULT 'api' CHECK (via IN ('api', 'smtp'));
      DROP VIEW messages_search_source;
      CREATE VIEW messages_search_source AS
        SELECT id,
          replace(replace(replace(replace(replace(substr(subject, 1, 10000), '.', ' '), '@', ' '), '-', ' '), '_', ' '), '+', ' ') AS subject,
          replace(replace(replace(replace(replace(substr(coalesce(text_body, html_body, ''), 1, 1000000), '.', ' '), '@', ' '), '-', ' '), '_', ' '), '+', ' ') AS body,
          replace(replace(replace(replace(replace(substr((SELECT group_concat(coalesce(value ->> 'name', '') || ' ' || coalesce(value ->> 'email', ''), ' ' ORDER BY key) FROM (SELECT key, value FROM json_each(from_json) ORDER BY key LIMIT 2000)), 1, 100000), '.', ' '), '@', ' '), '-', ' '), '_', ' '), '+', ' ') AS sender,
          replace(replace(replace(replace(replace(substr((SELECT group_concat(coalesce(value ->> 'name', '') || ' ' || coalesce(value ->> 'email', ''), ' ' ORDER BY key) FROM (SELECT key, value FROM json_each(to_json) ORDER BY key LIMIT 2000)), 1, 100000), '.', ' '), '@', ' '), '-', ' '), '_', ' '), '+', ' ') AS recipients,
          substr((SELECT group_concat(lower(coalesce(value ->> 'email', '')) || ' ' || substr(lower(coalesce(value ->> 'email', '')), 1, instr(lower(coalesce(value ->> 'email', '')), '@') - 1) || ' ' || substr(lower(coalesce(value ->> 'email', '')), instr(lower(coalesce(value ->> 'email', '')), '@') + 1) || ' ' || coalesce(value ->> 'name', ''), ' ' ORDER BY key) FROM (SELECT key, value FROM json_each(from_json) ORDER BY key LIMIT 2000)), 1, 100000) AS from_addresses,
          substr((SELECT group_concat(lower(coalesce(value ->> 'email', '')) || ' ' || substr(lower(coalesce(value ->> 'email', '')), 1, instr(lower(coalesce(value ->> 'email', '')), '@') - 1) || ' ' || substr(lower(coalesce(value ->> 'email', '')), instr(lower(coalesce(value ->> 'email', '')), '@') + 1) || ' ' || coalesce(value ->> 'name', ''), ' ' ORDER BY key) FROM (SELECT key, value FROM json_each(to_json) ORDER BY key LIMIT 2000)), 1, 100000) AS to_addresses,
          substr((SELECT group_concat(lower(coalesce(value ->> 'email', '')) || ' ' || substr(lower(coalesce(value ->> 'email', '')), 1, instr(lower(coalesce(value ->> 'email', '')), '@') - 1) || ' ' || substr(lower(coalesce(value ->> 'email', '')), instr(lower(coalesce(value ->> 'email', '')), '@') + 1) || ' ' || coalesce(value ->> 'name', ''), ' ' ORDER BY key) FROM (SELECT key, value FROM json_each(cc_json) ORDER BY key LIMIT 2000)), 1, 100000) AS cc_addresses,
          substr((SELECT group_concat(lower(coalesce(value ->> 'email', '')) || ' ' || substr(lower(coalesce(value ->> 'email', '')), 1, instr(lower(coalesce(value ->> 'email', '')), '@') - 1) || ' ' || substr(lower(coalesce(value ->> 'email', '')), instr(lower(coalesce(value ->> 'email', '')), '@') + 1) || ' ' || coalesce(value ->> 'name', ''), ' ' ORDER BY key) FROM (SELECT key, value FROM json_each(bcc_json) ORDER BY key LIMIT 2000)), 1, 100000) AS bcc_addresses,
          'w' || workspace_id
            || CASE WHEN attachments_json <> '[]' THEN ' hasattachment' ELSE '' END
            || CASE WHEN template_name IS NOT NULL THEN ' t' || hex(lower(template_name)) ELSE '' END
            || CASE WHEN campaign_uuid IS NOT NULL THEN ' c' || hex(lower(campaign_uuid)) ELSE '' END
            || CASE WHEN email_list_uuid IS NOT NULL THEN ' l' || hex(lower(email_list_uuid)) ELSE '' END
            || CASE WHEN via = 'smtp' THEN ' vsmtp' ELSE '' END AS facets
        FROM messages;
    `,
};
