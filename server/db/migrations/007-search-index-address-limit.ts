import type { Migration } from './migration.js';

export const searchIndexAddressLimit: Migration = {
  version: 7,
  name: 'messages_search: the address columns index the first 2,000 addresses of each list',
  // Migration 6 cut each address column at 100,000 characters, but only after building it: a send with 41,666
  // cc and as many bcc took 179 ms to index, on the server's thread. 2,000 addresses (about 100,000 characters)
  // are built at most. Written out in full; the index is emptied and rebuilt, as in migration 6.
  sql: `
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
            || CASE WHEN template_name IS NOT NULL THEN ' t' || hex(lower(template_name)) ELSE '' END AS facets
        FROM messages;
      INSERT INTO messages_search (messages_search) VALUES ('delete-all');
      UPDATE messages_search_state SET indexed_through = 0;
    `,
};
