/**
 * Tags on a subscriber, as Subscriber::addTags/removeTags/syncTags do it (mailcoach-audience-campaigns.md §2.11):
 * adding creates the list's tag when it has none of that exact name (any type), and skips a name the subscriber
 * already has (compared trimmed, lower-cased, ASCII-folded); removing detaches by lower-cased name; syncing adds,
 * then detaches the `default` tags not named.
 */
import type { Clock } from '../clock.js';
import type { SubscriberRow, TagRow } from '../db/rows.js';
import type { Store } from '../db/store.js';
import { toEpochSeconds } from '../instant.js';
import type { IdGenerator } from '../ids.js';

export interface TagDeps {
  store: Store;
  clock: Clock;
  ids: IdGenerator;
}

/** Str::ascii(Str::lower(trim(name))), close enough: accents dropped by Unicode decomposition. */
function folded(name: string): string {
  return name.trim().toLowerCase().normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
}

/** Attaches the named tags; answers the tags newly attached, in the order given. */
export function addTags(deps: TagDeps, subscriber: SubscriberRow, names: string[]): TagRow[] {
  const { subscribers, tags } = deps.store;
  const had = new Set(subscribers.tagsOf(subscriber.id).map((tag) => folded(tag.name)));
  const added: TagRow[] = [];
  for (const raw of names) {
    const key = folded(raw);
    if (had.has(key)) continue;
    const name = raw.trim();
    let tag = tags.findByNameAnyType(subscriber.email_list_id, name);
    if (tag === undefined) {
      const at = toEpochSeconds(deps.clock());
      tag = tags.insert({
        workspace_id: subscriber.workspace_id, email_list_id: subscriber.email_list_id, uuid: deps.ids(), name, type: 'default',
        visible_in_preferences: 0, created_at: at, updated_at: at,
      });
    }
    subscribers.attachTag(subscriber.id, tag.id);
    had.add(key);
    added.push(tag);
  }
  return added;
}

export function removeTags(deps: TagDeps, subscriber: SubscriberRow, names: string[]): void {
  const lowered = new Set(names.map((name) => name.toLowerCase()));
  for (const tag of deps.store.subscribers.tagsOf(subscriber.id)) {
    if (lowered.has(tag.name.toLowerCase())) deps.store.subscribers.detachTag(subscriber.id, tag.id);
  }
}

/** add(names), then the `default` tags not named go; `mailcoach` tags stay. Answers the tags newly attached. */
export function syncTags(deps: TagDeps, subscriber: SubscriberRow, names: string[]): TagRow[] {
  const added = addTags(deps, subscriber, names);
  const lowered = new Set(names.map((name) => name.trim().toLowerCase()));
  for (const tag of deps.store.subscribers.tagsOf(subscriber.id)) {
    if (tag.type === 'default' && !lowered.has(tag.name.toLowerCase())) deps.store.subscribers.detachTag(subscriber.id, tag.id);
  }
  return added;
}
