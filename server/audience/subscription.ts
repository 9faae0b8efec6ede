/**
 * A subscriber's state changes and the Mailcoach events they fire (docs/spec/mailcoach-webhooks.md#32-subscriber-events-when-they-fire), for every intake
 * that makes them (the API's actions, the public pages of captured mails, the simulations):
 * - confirm (ConfirmSubscriberAction): `subscribed_at` now, then one `TagAddedEvent` per tag the subscriber
 *   already has (by name, all types), then `SubscribedEvent`; `unsubscribed_at` is left as it is;
 * - unsubscribe (Subscriber::unsubscribe($send)): `unsubscribed_at` now, an Unsubscribe record of the send's
 *   campaign (firstOrCreate), then `UnsubscribedEvent`;
 * - resubscribe (Subscriber::resubscribe): `unsubscribed_at` cleared, then `ResubscribedEvent`;
 * - a confirmation mail going out (SendConfirmSubscriberMailAction): `UnconfirmedSubscriberCreatedEvent`.
 * Each runs in the caller's transaction (or its own), so the webhook calls are stored with the change.
 */
import type { Clock } from '../clock.js';
import type { CampaignRow, SubscriberRow } from '../db/rows.js';
import type { Store } from '../db/store.js';
import type { EventBus } from '../events.js';
import { toEpochSeconds } from '../instant.js';
import { publishMailcoachEvent } from '../mailcoach-events.js';

export interface SubscriptionDeps {
  store: Store;
  clock: Clock;
  events: EventBus;
}

/** The subscriber's tags by name, as a freshly loaded model lists them (docs/spec/mailcoach-webhooks.md#31-shared-subscriber-payload-httpapiresourcessubscriberresourcephptoarray-called-directly). */
function tagNamesOf(store: Store, subscriber: SubscriberRow): string[] {
  return store.subscribers.tagsOf(subscriber.id).map((tag) => tag.name);
}

export function confirmSubscriber(deps: SubscriptionDeps, subscriber: SubscriberRow): SubscriberRow {
  return deps.store.transaction(() => {
    const now = toEpochSeconds(deps.clock());
    const row = deps.store.subscribers.update(subscriber.id, { subscribed_at: now, updated_at: now });
    const tags = tagNamesOf(deps.store, row);
    for (const tag of tags)
      publishMailcoachEvent(deps.events, row.workspace_id, { type: 'TagAddedEvent', subscriber: row, tags, tag });
    publishMailcoachEvent(deps.events, row.workspace_id, { type: 'SubscribedEvent', subscriber: row, tags });
    return row;
  });
}

/** `campaign`: the campaign whose mail the unsubscribe came from, counted once per subscriber. */
export function unsubscribeSubscriber(
  deps: SubscriptionDeps,
  subscriber: SubscriberRow,
  campaign?: CampaignRow,
): SubscriberRow {
  return deps.store.transaction(() => {
    const now = toEpochSeconds(deps.clock());
    const row = deps.store.subscribers.update(subscriber.id, { unsubscribed_at: now, updated_at: now });
    if (campaign !== undefined && !deps.store.campaignStatistics.hasUnsubscribe(campaign, row.id)) {
      deps.store.campaigns.addUnsubscribe(campaign, row.id, now);
    }
    publishMailcoachEvent(deps.events, row.workspace_id, {
      type: 'UnsubscribedEvent',
      subscriber: row,
      tags: tagNamesOf(deps.store, row),
    });
    return row;
  });
}

export function resubscribeSubscriber(deps: SubscriptionDeps, subscriber: SubscriberRow): SubscriberRow {
  return deps.store.transaction(() => {
    const now = toEpochSeconds(deps.clock());
    // Only unsubscribed_at: one unsubscribed while unconfirmed comes back unconfirmed, with no mail (docs/spec/mailcoach-webhooks.md#28-resend-domainsettingsactionsresendwebhookcallactionphp-ui-resend-on-a-log-row).
    const row = deps.store.subscribers.update(subscriber.id, { unsubscribed_at: null, updated_at: now });
    publishMailcoachEvent(deps.events, row.workspace_id, {
      type: 'ResubscribedEvent',
      subscriber: row,
      tags: tagNamesOf(deps.store, row),
    });
    return row;
  });
}

/** A confirmation mail is due for this unconfirmed subscriber (a repeated one too: it fires each time). */
export function announceConfirmationMail(
  deps: SubscriptionDeps,
  subscriber: SubscriberRow,
  tags: string[] = tagNamesOf(deps.store, subscriber),
): void {
  publishMailcoachEvent(deps.events, subscriber.workspace_id, {
    type: 'UnconfirmedSubscriberCreatedEvent',
    subscriber,
    tags,
  });
}
