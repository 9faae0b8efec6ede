import type { Migration } from './migration.js';

export const messageTagsAndUsername: Migration = {
  version: 26,
  name: "messages: Mailpit's message tags (per workspace, unique case-insensitively) and the sender's username",
  // Mailpit's tags (docs/spec/mailpit-api.md#255-tags-mp-internalstoragetagsgo-internaltoolstagsgo-configconfiggo):
  // a name is unique in its mailbox whatever its case, the first spelling wins (COLLATE NOCASE, INSERT OR IGNORE),
  // and a tag no message has any more is removed. Not the `tags` table: those are Mailcoach's subscriber tags.
  // `username` is the SMTP AUTH user, or the Basic user of a POST /api/v1/send ('' when none): Mailpit's Username.
  sql: `
      CREATE TABLE message_tag_names (
        id INTEGER PRIMARY KEY,
        workspace_id INTEGER NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
        name TEXT NOT NULL COLLATE NOCASE,
        UNIQUE (workspace_id, name)
      );
      CREATE TABLE message_tags (
        message_id INTEGER NOT NULL REFERENCES messages(id) ON DELETE CASCADE,
        tag_id INTEGER NOT NULL REFERENCES message_tag_names(id) ON DELETE CASCADE,
        PRIMARY KEY (message_id, tag_id)
      ) WITHOUT ROWID;
      CREATE INDEX message_tags_tag ON message_tags (tag_id, message_id);
      ALTER TABLE messages ADD COLUMN username TEXT NOT NULL DEFAULT '';
    `,
};
