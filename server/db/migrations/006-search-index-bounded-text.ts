import type { Migration } from './migration.js';

export const searchIndexBoundedText: Migration = {
  version: 6,
  name: 'messages_search: each message indexes a bounded share of its text, so that indexing one takes a bounded time',
  // Indexing runs on the server's main thread, in steps (server/search/indexer.ts); a 30 MB body
  // indexed whole held it for about half a second, and a search waited for it. Indexed now: the first 10,000
  // characters of the subject, 1,000,000 of the body, 100,000 of each address column: at most about 40 ms a
  // message (FTS5 tokenizes 6-20 ms per million characters here), and beyond any real mail's text. Written
  // out in full (migrations are history). The index is emptied and its mark lowered to 0, because a contentless
  // FTS5 row can only be removed with the values it was indexed with, which this view no longer gives for the
  // longest messages; everything is indexed again in the background's steps, or by the first search.
  sql: `
      DROP VIEW messages_search_source;
      CREATE VIEW messages_search_source AS
        SELECT id,
          replace(replace(replace(replace(replace(substr(subject, 1, 10000), '.', ' '), '@', ' '), '-', ' '), '_', ' '), '+', ' ') AS subject,
          replace(replace(replace(replace(replace(substr(coalesce(text_body, html_body, ''), 1, 1000000), '.', ' '), '@', ' '), '-', ' '), '_', ' '), '+', ' ') AS body,
          replace(replace(replace(replace(replace(substr((SELECT group_concat(coalesce(value ->> 'name', '') || ' ' || coalesce(value ->> 'email', ''), ' ' ORDER BY key) FROM json_each(from_json)), 1, 100000), '.', ' '), '@', ' '), '-', ' '), '_', ' '), '+', ' ') AS sender,
          replace(replace(replace(replace(replace(substr((SELECT group_concat(coalesce(value ->> 'name', '') || ' ' || coalesce(value ->> 'email', ''), ' ' ORDER BY key) FROM json_each(to_json)), 1, 100000), '.', ' '), '@', ' '), '-', ' '), '_', ' '), '+', ' ') AS recipients,
          substr((SELECT group_concat(lower(coalesce(value ->> 'email', '')) || ' ' || substr(lower(coalesce(value ->> 'email', '')), 1, instr(lower(coalesce(value ->> 'email', '')), '@') - 1) || ' ' || substr(lower(coalesce(value ->> 'email', '')), instr(lower(coalesce(value ->> 'email', '')), '@') + 1) || ' ' || coalesce(value ->> 'name', ''), ' ' ORDER BY key) FROM json_each(from_json)), 1, 100000) AS from_addresses,
          substr((SELECT group_concat(lower(coalesce(value ->> 'email', '')) || ' ' || substr(lower(coalesce(value ->> 'email', '')), 1, instr(lower(coalesce(value ->> 'email', '')), '@') - 1) || ' ' || substr(lower(coalesce(value ->> 'email', '')), instr(lower(coalesce(value ->> 'email', '')), '@') + 1) || ' ' || coalesce(value ->> 'name', ''), ' ' ORDER BY key) FROM json_each(to_json)), 1, 100000) AS to_addresses,
          substr((SELECT group_concat(lower(coalesce(value ->> 'email', '')) || ' ' || substr(lower(coalesce(value ->> 'email', '')), 1, instr(lower(coalesce(value ->> 'email', '')), '@') - 1) || ' ' || substr(lower(coalesce(value ->> 'email', '')), instr(lower(coalesce(value ->> 'email', '')), '@') + 1) || ' ' || coalesce(value ->> 'name', ''), ' ' ORDER BY key) FROM json_each(cc_json)), 1, 100000) AS cc_addresses,
          substr((SELECT group_concat(lower(coalesce(value ->> 'email', '')) || ' ' || substr(lower(coalesce(value ->> 'email', '')), 1, instr(lower(coalesce(value ->> 'email', '')), '@') - 1) || ' ' || substr(lower(coalesce(value ->> 'email', '')), instr(lower(coalesce(value ->> 'email', '')), '@') + 1) || ' ' || coalesce(value ->> 'name', ''), ' ' ORDER BY key) FROM json_each(bcc_json)), 1, 100000) AS bcc_addresses,
          'w' || workspace_id
            || CASE WHEN attachments_json <> '[]' THEN ' hasattachment' ELSE '' END
            || CASE WHEN template_name IS NOT NULL THEN ' t' || hex(lower(template_name)) ELSE '' END AS facets
        FROM messages;
      INSERT INTO messages_search (messages_search) VALUES ('delete-all');
      UPDATE messages_search_state SET indexed_through = 0;
    `,
};
