/**
 * Tags on a subscriber, as Subscriber::addTags/removeTags/syncTags do it (docs/spec/mailcoach-audience-campaigns.md#211-tag-operations-on-a-subscriber-subscriberaddtagsremovetagssynctags):
 * adding creates the list's tag when it has none of that exact name (any type), and skips a name the subscriber
 * already has (compared trimmed, lower-cased, ASCII-folded); removing detaches by lower-cased name; syncing adds,
 * then detaches the `default` tags not named.
 *
 * Each change is a Mailcoach event (docs/spec/mailcoach-webhooks.md#32-subscriber-events-when-they-fire): `TagAddedEvent` per tag newly attached, its
 * `tags` the ones loaded at the start (by name) plus those attached so far, in request order; `TagRemovedEvent`
 * per tag detached, in name order, published before the detach, so that `tags` still lists it (and every other
 * tag the same call removes). `shown` is the subscriber as the payload shows it: an update passes the request's
 * attributes with the old `updated_at` (the model is saved after its tags, docs/spec/mailcoach-webhooks.md#32-subscriber-events-when-they-fire).
 */
import type { Clock } from '../clock.js';
import type { SubscriberRow, TagRow, TagType } from '../db/rows.js';
import type { Store } from '../db/store.js';
import type { EventBus } from '../events.js';
import { toEpochSeconds } from '../instant.js';
import type { IdGenerator } from '../ids.js';
import { publishMailcoachEvent } from '../mailcoach-events.js';

export interface TagDeps {
  store: Store;
  clock: Clock;
  ids: IdGenerator;
  events: EventBus;
}

/** Str::ascii(Str::lower(trim(name))), close enough: accents dropped by Unicode decomposition. */
function folded(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '');
}

/**
 * Attaches the named tags; answers the tags newly attached, in the order given. `type`: of a tag the list does not
 * have yet (`mailcoach` for Mailcoach's own engagement tags).
 */
export function addTags(
  deps: TagDeps,
  subscriber: SubscriberRow,
  names: string[],
  shown: SubscriberRow = subscriber,
  type: TagType = 'default',
): TagRow[] {
  const { subscribers, tags } = deps.store;
  const loaded = subscribers.tagsOf(subscriber.id);
  const had = new Set(loaded.map((tag) => folded(tag.name)));
  const listed = loaded.map((tag) => tag.name);
  const added: TagRow[] = [];
  for (const raw of names) {
    const key = folded(raw);
    if (had.has(key)) continue;
    const name = raw.trim();
    let tag = tags.findByNameAnyType(subscriber.email_list_id, name);
    if (tag === undefined) {
      const at = toEpochSeconds(deps.clock());
      tag = tags.insert({
        workspace_id: subscriber.workspace_id,
        email_list_id: subscriber.email_list_id,
        uuid: deps.ids(),
        name,
        type,
        visible_in_preferences: 0,
        created_at: at,
        updated_at: at,
      });
    }
    subscribers.attachTag(subscriber.id, tag.id);
    had.add(key);
    added.push(tag);
    listed.push(tag.name);
    publishMailcoachEvent(deps.events, subscriber.workspace_id, {
      type: 'TagAddedEvent',
      subscriber: shown,
      tags: [...listed],
      tag: tag.name,
    });
  }
  return added;
}

/** Detaches the named tags (any type, case-insensitive), in name order. */
export function removeTags(deps: TagDeps, subscriber: SubscriberRow, names: string[]): void {
  const lowered = new Set(names.map((name) => name.toLowerCase()));
  const loaded = deps.store.subscribers.tagsOf(subscriber.id);
  detach(
    deps,
    subscriber,
    subscriber,
    loaded.filter((tag) => lowered.has(tag.name.toLowerCase())),
    loaded.map((tag) => tag.name),
  );
}

/** add(names), then the `default` tags not named go; `mailcoach` tags stay. Answers the tags newly attached. */
export function syncTags(
  deps: TagDeps,
  subscriber: SubscriberRow,
  names: string[],
  shown: SubscriberRow = subscriber,
): TagRow[] {
  const loaded = deps.store.subscribers.tagsOf(subscriber.id).map((tag) => tag.name);
  const added = addTags(deps, subscriber, names, shown);
  const lowered = new Set(names.map((name) => name.trim().toLowerCase()));
  const going = deps.store.subscribers
    .tagsOf(subscriber.id)
    .filter((tag) => tag.type === 'default' && !lowered.has(tag.name.toLowerCase()));
  // The relation is not reloaded: the payloads list the tags loaded at the start and those just added.
  detach(deps, subscriber, shown, going, [...loaded, ...added.map((tag) => tag.name)]);
  return added;
}

function detach(
  deps: TagDeps,
  subscriber: SubscriberRow,
  shown: SubscriberRow,
  going: TagRow[],
  listed: string[],
): void {
  for (const tag of going) {
    publishMailcoachEvent(deps.events, subscriber.workspace_id, {
      type: 'TagRemovedEvent',
      subscriber: shown,
      tags: [...listed],
      tag: tag.name,
    });
    deps.store.subscribers.detachTag(subscriber.id, tag.id);
  }
}

/**
 * Subscriber::syncPreferenceTags (the preferences page's POST): each name `html_entity_decode`d, all of them added
 * (any name: a tag the list lacks is created, as addTags does), then every `default` tag visible in preferences that
 * is not named goes (compared case-insensitively, as MySQL's collation does), its `TagRemovedEvent` listing the tags
 * loaded at the start and those just added. Answers the tags newly attached.
 */
export function syncPreferenceTags(deps: TagDeps, subscriber: SubscriberRow, names: string[]): TagRow[] {
  const decoded = names.map(htmlEntityDecode);
  const loaded = deps.store.subscribers.tagsOf(subscriber.id).map((tag) => tag.name);
  const added = addTags(deps, subscriber, decoded);
  const named = new Set(decoded.map((name) => name.toLowerCase()));
  const going = deps.store.subscribers
    .tagsOf(subscriber.id)
    .filter((tag) => tag.type === 'default' && tag.visible_in_preferences === 1 && !named.has(tag.name.toLowerCase()));
  detach(deps, subscriber, subscriber, going, [...loaded, ...added.map((tag) => tag.name)]);
  return added;
}

const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', nbsp: '\u00a0' };

/**
 * PHP's html_entity_decode (ENT_QUOTES | ENT_SUBSTITUTE | ENT_HTML401) for the entities a form's field name can
 * carry: numeric ones, `&amp;`, `&lt;`, `&gt;`, `&quot;` and `&nbsp;`; other named entities are left as they are.
 */
function htmlEntityDecode(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(
    /&(?:#(\d{1,7})|#[xX]([0-9a-fA-F]{1,6})|([a-zA-Z]+));/g,
    (entity, decimal?: string, hex?: string, name?: string) => {
      if (name !== undefined) return NAMED_ENTITIES[name] ?? entity;
      const code = decimal !== undefined ? Number.parseInt(decimal, 10) : Number.parseInt(hex as string, 16);
      // ENT_HTML401 refuses NUL, surrogates and what is beyond Unicode: those stay as written.
      if (code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return entity;
      return String.fromCodePoint(code);
    },
  );
}
