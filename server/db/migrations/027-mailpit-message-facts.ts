import type { Migration } from './migration.js';

export const mailpitMessageFacts: Migration = {
  version: 27,
  name: "messages: the facts Mailpit's list and search read (snippet, attachments and inlines, search text)",
  // Computed once from the message at capture (mail/mailpit-facts.ts): Mailpit's Snippet, its Attachments count,
  // its inline count (has:inline) and its search text (docs/spec/mailpit-api.md#22-models-json-key-order--go-struct-order-mp-internalstoragestructsgo-serverapiv1),
  // so that a list reads no body. NULL search text: a message stored before this migration, which the Mailpit
  // surface computes before it lists or searches (search/mailpit-facts-backfill.ts); the partial index finds
  // those without a scan.
  sql: `
      ALTER TABLE messages ADD COLUMN mailpit_snippet TEXT NOT NULL DEFAULT '';
      ALTER TABLE messages ADD COLUMN mailpit_attachments INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE messages ADD COLUMN mailpit_inlines INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE messages ADD COLUMN mailpit_search_text TEXT;
      CREATE INDEX messages_mailpit_facts_pending ON messages (id) WHERE mailpit_search_text IS NULL;
    `,
};
