/**
 * The writes of Mailpit's tag API (docs/spec/mailpit-api.md#255-tags-mp-internalstoragetagsgo-internaltoolstagsgo-configconfiggo),
 * each committed in one transaction and then announced: `message.tagged` per message given tags (the websocket's
 * `update {ID, Tags}`), `message-tags.pruned` for a rename or a delete (its `prune`).
 */
import type { AppDeps } from '../deps.js';
import type { TagRename } from '../db/message-tags-store.js';
import { cleanedTags, cleanTag, isValidTag } from './message-tags.js';

type TagDeps = Pick<AppDeps, 'store' | 'events'>;

/**
 * Gives each message (by uuid; unknown ones are passed over) exactly these tags, cleaned and de-duplicated
 * case-insensitively; empty `tags` takes every tag off. Returns the tags applied, in the order given.
 */
export function setMessageTags(deps: TagDeps, workspaceId: number, uuids: readonly string[], tags: readonly string[]) {
  const applied = cleanedTags(tags);
  const { messages, messageTags } = deps.store;
  const tagged = deps.store.transaction(() =>
    uuids.filter((uuid) => {
      const id = messages.idOf(workspaceId, uuid);
      if (id === undefined) return false;
      messageTags.replace(workspaceId, id, applied);
      return true;
    }),
  );
  for (const uuid of tagged) deps.events.emit('message.tagged', { workspaceId, uuid, tags: applied });
  return applied;
}

export type TagRenameOutcome = TagRename | 'invalid';

/** Renames a tag (Mailpit's RenameTag): the new name cleaned; the same name is left as it is. */
export function renameMessageTag(
  deps: TagDeps,
  workspaceId: number,
  from: string,
  to: string,
): { outcome: TagRenameOutcome; name: string } {
  const name = cleanTag(to);
  if (!isValidTag(name)) return { outcome: 'invalid', name };
  if (from === name) return { outcome: 'renamed', name };
  const { messageTags } = deps.store;
  const result = deps.store.transaction(() => {
    const outcome = messageTags.rename(workspaceId, from, name);
    return { outcome, uuids: outcome === 'renamed' ? messageTags.uuidsTagged(workspaceId, name) : [] };
  });
  if (result.outcome === 'renamed') deps.events.emit('message-tags.pruned', { workspaceId, uuids: result.uuids });
  return { outcome: result.outcome, name };
}

/** Deletes a tag from every message; false when the workspace has no tag of that name. */
export function deleteMessageTag(deps: TagDeps, workspaceId: number, name: string): boolean {
  const ids = deps.store.transaction(() => deps.store.messageTags.remove(workspaceId, name));
  if (ids === null) return false;
  const uuids = ids.map((id) => deps.store.messages.uuidOf(id)).filter((uuid) => uuid !== undefined);
  deps.events.emit('message-tags.pruned', { workspaceId, uuids });
  return true;
}
