/**
 * PUT/PATCH /api/subscribers/{uuid} (docs/spec/mailcoach-audience-campaigns.md#26-putpatch-apisubscribersuuid): the
 * given fields, then the tags: `syncTags($request->tags ?? [])` (without `tags`, every default tag goes), or only
 * added with `append_tags`. The tag events show the filled attributes with the old updated_at: v8 saves after the
 * tags. Announced once as `audience.changed` with the subscriber's uuid (events.ts): a change of names or email is
 * no Mailcoach event.
 */
import type { SubscriberRow } from '../db/rows.js';
import type { SubscriberChange } from '../db/subscribers-store.js';
import { addTags, syncTags, type TagDeps } from './subscriber-tags.js';

export function updateSubscriber(
  deps: TagDeps,
  subscriber: SubscriberRow,
  fields: SubscriberChange,
  tags: { names: string[]; append: boolean },
): SubscriberRow {
  const updated = deps.store.transaction(() => {
    const row = deps.store.subscribers.update(subscriber.id, fields);
    const shown = { ...row, updated_at: subscriber.updated_at };
    if (tags.append) addTags(deps, row, tags.names, shown);
    else syncTags(deps, row, tags.names, shown);
    return row;
  });
  deps.events.emit('audience.changed', { workspaceId: subscriber.workspace_id, uuids: [subscriber.uuid] });
  return updated;
}
