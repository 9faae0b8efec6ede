/**
 * Mailpit's message tags (migration 26: message_tag_names, unique per workspace case-insensitively, and
 * message_tags; migration 29 removes a name no message has any more):
 * docs/spec/mailpit-api.md#255-tags-mp-internalstoragetagsgo-internaltoolstagsgo-configconfiggo. Names come in
 * cleaned (mail/message-tags.ts); a name the workspace already has under another case is that tag: the first
 * spelling wins, as Mailpit's `INSERT OR IGNORE` into a `COLLATE NOCASE` column.
 */
import type { Statements } from './statements.js';

export type TagRename = 'renamed' | 'not-found' | 'exists';

export function createMessageTagStore(statements: Statements) {
  const db = statements.db;
  const insertName = db.prepare('INSERT OR IGNORE INTO message_tag_names (workspace_id, name) VALUES (?, ?)');
  const nameRow = db.prepare('SELECT id, name FROM message_tag_names WHERE workspace_id = ? AND name = ?');
  const link = db.prepare('INSERT OR IGNORE INTO message_tags (message_id, tag_id) VALUES (?, ?)');
  const unlink = db.prepare('DELETE FROM message_tags WHERE message_id = ? AND tag_id = ?');
  const tagsOfOne = db.prepare(
    `SELECT n.id, n.name FROM message_tags t JOIN message_tag_names n ON n.id = t.tag_id
     WHERE t.message_id = ? ORDER BY n.name`,
  );
  const tagsOfMany = db.prepare(
    `SELECT t.message_id, n.name FROM message_tags t JOIN message_tag_names n ON n.id = t.tag_id
     WHERE t.message_id IN (SELECT value FROM json_each(?)) ORDER BY t.message_id, n.name`,
  );
  const allNames = db.prepare('SELECT name FROM message_tag_names WHERE workspace_id = ? ORDER BY name').pluck();
  const counts = db.prepare(
    `SELECT n.name, (SELECT count(*) FROM message_tags t WHERE t.tag_id = n.id) AS messages
     FROM message_tag_names n WHERE n.workspace_id = ? ORDER BY n.name`,
  );
  const otherNamed = db.prepare('SELECT 1 FROM message_tag_names WHERE workspace_id = ? AND name = ? AND id != ?');
  const rename = db.prepare('UPDATE message_tag_names SET name = ? WHERE id = ?');
  const deleteName = db.prepare('DELETE FROM message_tag_names WHERE id = ?');
  const uuidsTagged = db
    .prepare(
      `SELECT m.uuid FROM message_tag_names n JOIN message_tags t ON t.tag_id = n.id JOIN messages m ON m.id = t.message_id
       WHERE n.workspace_id = ? AND n.name = ? ORDER BY m.id`,
    )
    .pluck();

  /** The workspace's tag of that name (any case), created when it has none; its stored spelling. */
  function ensureName(workspaceId: number, name: string): { id: number; name: string } {
    insertName.run(workspaceId, name);
    return nameRow.get(workspaceId, name) as { id: number; name: string };
  }

  return {
    /**
     * Tags a message being captured, in the caller's transaction; returns the names as stored (an existing tag's
     * spelling), in the order given. `tags` are cleaned and de-duplicated already.
     */
    addOnCapture(workspaceId: number, messageId: number, tags: readonly string[]): string[] {
      return tags.map((tag) => {
        const row = ensureName(workspaceId, tag);
        link.run(messageId, row.id);
        return row.name;
      });
    },

    /**
     * Gives a message exactly these tags (cleaned and de-duplicated already), in the caller's transaction: the
     * ones it has that are not among them are taken off (a name left without messages goes: migration 29).
     */
    replace(workspaceId: number, messageId: number, tags: readonly string[]): void {
      const wanted = new Set(tags.map((tag) => tag.toLowerCase()));
      const current = tagsOfOne.all(messageId) as { id: number; name: string }[];
      for (const tag of current) if (!wanted.has(tag.name.toLowerCase())) unlink.run(messageId, tag.id);
      for (const tag of tags) link.run(messageId, ensureName(workspaceId, tag).id);
    },

    /** The tags of each of these messages (row ids), sorted by name case-insensitively; absent for none. */
    tagsOfMessages(messageIds: readonly number[]): Map<number, string[]> {
      const tags = new Map<number, string[]>();
      if (messageIds.length === 0) return tags;
      const rows = tagsOfMany.all(JSON.stringify(messageIds)) as { message_id: number; name: string }[];
      for (const row of rows) {
        const list = tags.get(row.message_id);
        if (list === undefined) tags.set(row.message_id, [row.name]);
        else list.push(row.name);
      }
      return tags;
    },

    /** Every tag of the workspace, sorted by name case-insensitively. */
    allTags: (workspaceId: number) => allNames.all(workspaceId) as string[],

    /** Every tag of the workspace with how many messages have it, sorted by name (Mailpit's info `Tags`). */
    tagCounts: (workspaceId: number) => counts.all(workspaceId) as { name: string; messages: number }[],

    /** The uuids of the messages with the tag (any case), oldest first. */
    uuidsTagged: (workspaceId: number, name: string) => uuidsTagged.all(workspaceId, name) as string[],

    /** Renames the tag `from` (any case) to `to` (cleaned and valid), unless another tag has that name. */
    rename(workspaceId: number, from: string, to: string): TagRename {
      const row = nameRow.get(workspaceId, from) as { id: number } | undefined;
      if (row === undefined) return 'not-found';
      if (otherNamed.get(workspaceId, to, row.id) !== undefined) return 'exists';
      rename.run(to, row.id);
      return 'renamed';
    },

    /** Takes the tag (any case) off every message and deletes it; the ids of the messages that had it, or null. */
    remove(workspaceId: number, name: string): number[] | null {
      const row = nameRow.get(workspaceId, name) as { id: number } | undefined;
      if (row === undefined) return null;
      const messageIds = statements
        .get('DELETE FROM message_tags WHERE tag_id = ? RETURNING message_id')
        .pluck()
        .all(row.id) as number[];
      deleteName.run(row.id);
      return messageIds;
    },
  };
}

export type MessageTagStore = ReturnType<typeof createMessageTagStore>;
