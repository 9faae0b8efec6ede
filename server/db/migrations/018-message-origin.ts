import type { Migration } from './migration.js';

export const messageOrigin: Migration = {
  version: 18,
  name: "messages: the campaign, list and subscriber a mail came from, and the search index's campaign and list facets",
  // Columns the capture writes (campaign mails, tests of them, confirmation mails), and two more facets in the
  // view that feeds the search index: c<hex of the campaign uuid>, l<hex of the list uuid>. Written out in full,
  // as migration 7 did. The messages already indexed have none of these (they came from no campaign), so the
  // index is not rebuilt.
  sql: `
      ALTER TABLE messages ADD COLUMN campaign_uuid TEXT;
      ALTER TABLE messages ADD COLUMN email_list_uuid TEXT;
      ALTER TABLE messages ADD COLUMN subscriber_uuid TEXT;
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
            || CASE WHEN email_list_uuid IS NOT NULL THEN ' l' || hex(lower(email_list_uuid)) ELSE '' END AS facets
        FROM messages;
    `,
};
