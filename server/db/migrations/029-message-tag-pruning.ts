import type { Migration } from './migration.js';

export const messageTagPruning: Migration = {
  version: 29,
  name: "message_tag_names: a tag no message has any more is removed, as Mailpit's pruneUnusedTags does",
  // docs/spec/mailpit-api.md#255-tags-mp-internalstoragetagsgo-internaltoolstagsgo-configconfiggo: the mailbox's
  // tags are the tags its messages have. A trigger rather than a step in each delete: messages go by many paths
  // (one, a search, everything, a workspace reset, the cascade of a message's delete), and SQLite runs it for the
  // rows a foreign key's cascade deletes too. It costs one index probe per tag link deleted, none for an untagged
  // message.
  sql: `
      CREATE TRIGGER message_tag_names_prune AFTER DELETE ON message_tags
      WHEN NOT EXISTS (SELECT 1 FROM message_tags WHERE tag_id = OLD.tag_id)
      BEGIN
        DELETE FROM message_tag_names WHERE id = OLD.tag_id;
      END;
    `,
};
