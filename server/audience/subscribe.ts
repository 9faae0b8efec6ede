/**
 * POST /api/email-lists/{list}/subscribers: create **or update** (docs/spec/mailcoach-audience-campaigns.md#25-post-apiemail-listsuuidsubscribers-create-or-update-upsert, v8
 * SubscribersController::store, PendingSubscriber, CreateSubscriberAction). The email is lower-cased and looked up
 * in the list; a found subscriber is reused (an unsubscribed one comes back), its names and extra attributes are
 * replaced by the request's (cleared when omitted); a list with double opt-in leaves a subscriber that was not
 * subscribed unconfirmed (and a confirmation mail goes out, again for one already unconfirmed) unless
 * `skip_confirmation`; tags are synced only when the request has `tags`.
 *
 * Its events (docs/spec/mailcoach-webhooks.md#32-subscriber-events-when-they-fire, docs/spec/mailcoach-webhooks.md#38-sequences-order-in-which-jobs-are-queued): `SubscribedEvent` on every subscribed result (an email already
 * subscribed too), `UnconfirmedSubscriberCreatedEvent` on every unconfirmed one (the confirmation mail goes out each
 * time), both before the request's tags, so their `tags` are only those the subscriber already had; then the tag
 * sync's `TagAddedEvent`s and `TagRemovedEvent`s. Never `ResubscribedEvent`, even for an unsubscribed email.
 */
import type { EmailListRow, SubscriberRow } from '../db/rows.js';
import { toEpochSeconds } from '../instant.js';
import { subscriberStatus } from './status.js';
import { publishMailcoachEvent } from '../mailcoach-events.js';
import { storedExtraAttributes } from './extra-attributes.js';
import { syncTags, type TagDeps } from './subscriber-tags.js';

export interface SubscribeRequest {
  email: string;
  firstName: string | null;
  lastName: string | null;
  /** The request's array, in its key order (a list too); anything else stores an empty one. */
  extraAttributes: unknown;
  /** Undefined when the request has no `tags` key: the tags stay as they are. */
  tags: string[] | undefined;
  skipConfirmation: boolean;
}

export interface SubscribeOutcome {
  subscriber: SubscriberRow;
  created: boolean;
  /** Unconfirmed after this: the confirmation mail is due. */
  needsConfirmation: boolean;
  /** The tag names in the order the response lists them (see tagOrder). */
  tagNames: string[];
}

export function subscribe(deps: TagDeps, list: EmailListRow, request: SubscribeRequest): SubscribeOutcome {
  return deps.store.transaction(() => {
    const { subscribers } = deps.store;
    const email = request.email.toLowerCase();
    const existing = subscribers.findByEmail(list.id, email);
    const wasSubscribed = existing !== undefined && subscriberStatus(existing) === 'subscribed';
    const now = toEpochSeconds(deps.clock());
    const confirmationDue = !wasSubscribed && list.requires_confirmation === 1 && !request.skipConfirmation;
    const fields = {
      first_name: request.firstName,
      last_name: request.lastName,
      extra_attributes: storedExtraAttributes(request.extraAttributes),
      subscribed_at: confirmationDue ? null : (existing?.subscribed_at ?? now),
      unsubscribed_at: null,
      updated_at: now,
    };
    const subscriber =
      existing === undefined
        ? subscribers.insert({
            workspace_id: list.workspace_id,
            email_list_id: list.id,
            uuid: deps.ids(),
            email,
            ...fields,
            created_at: now,
          })
        : subscribers.update(existing.id, fields);
    const before = existing === undefined ? [] : subscribers.tagsOf(subscriber.id).map((tag) => tag.name);
    const needsConfirmation = subscriberStatus(subscriber) === 'unconfirmed';
    publishMailcoachEvent(deps.events, subscriber.workspace_id, {
      type: needsConfirmation ? 'UnconfirmedSubscriberCreatedEvent' : 'SubscribedEvent',
      subscriber,
      tags: before,
    });
    const added = request.tags === undefined ? [] : syncTags(deps, subscriber, request.tags).map((tag) => tag.name);
    const afterSync = subscribers.tagsOf(subscriber.id).map((tag) => tag.name);
    return {
      subscriber,
      created: existing === undefined,
      needsConfirmation,
      tagNames: tagOrder(before, added, afterSync),
    };
  });
}

/**
 * v8 answers the tags it had loaded (by name) followed by those just added, in request order; it also lists the
 * ones the sync just removed (it does not reload): here the removed ones are left out (quirks.md).
 */
function tagOrder(before: string[], added: string[], after: string[]): string[] {
  const kept = new Set(after);
  const addedSet = new Set(added);
  return [...before.filter((name) => kept.has(name) && !addedSet.has(name)), ...added];
}
