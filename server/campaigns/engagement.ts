/**
 * What a provider's report does to a Send, as v8's Send::registerOpen/registerClick/registerBounce/registerComplaint
 * do it (docs/spec/mailcoach-webhooks.md#34-contentopenedevent-sendregisteropen-handler-handlecontentopenedevent to docs/spec/mailcoach-webhooks.md#37-what-produces-no-webhook), for the simulations (emulator/simulate.ts):
 * - an open is dropped (no count, no event) when the send's latest open is less than 5 s old on the emulator's
 *   clock; otherwise counted, with `ContentOpenedEvent` for a campaign's send with a list (never a transactional
 *   or automation mail's);
 * - a click on a send without opens registers an open first; a click on the absolute `<origin>/unsubscribe/` URL
 *   stops there (no click); otherwise counted and, on a campaign's send, recorded on the campaign's link with
 *   `LinkClickedEvent` (its click and link uuids are those GET /api/campaigns/{uuid}/clicks shows);
 * - a campaign with `add_subscriber_tags` tags the subscriber `campaign-<uuid>-opened` / `-clicked` (type
 *   `mailcoach`, once) before the open's or click's event, as v8's AddOpenedTag and AddClickedTag do; the link
 *   tags of `add_subscriber_link_tags` are not modelled (v8's LinkHasher was not at hand);
 * - a hard bounce sets the subscriber's `unsubscribed_at` without an UnsubscribedEvent, then
 *   `BounceRegisteredEvent`; a soft bounce only `SoftBounceRegisteredEvent`; a complaint unsubscribes the
 *   subscriber (whatever the status: `UnsubscribedEvent` again, counted once for the campaign) and has no event
 *   of its own. Transactional sends have no subscriber: none of these fire for them.
 * Each runs in one transaction with the webhook calls it stores, and then announces the send it changed
 * (`sends.changed`) and, for a bounce or complaint, the suppression it added (`suppressions.changed`).
 */
import type { Clock } from '../clock.js';
import type { CampaignRow, SendRow, SubscriberRow, SuppressionReason, SuppressionRow } from '../db/rows.js';
import type { SendFeedbackType } from '../db/sends-store.js';
import type { Store } from '../db/store.js';
import type { EventBus } from '../events.js';
import type { IdGenerator } from '../ids.js';
import { toEpochSeconds } from '../instant.js';
import { addTags } from '../audience/subscriber-tags.js';
import { unsubscribeSubscriber } from '../audience/subscription.js';
import { announceSuppressions, firstOrCreateSuppression } from '../audience/suppressions.js';
import { publishMailcoachEvent } from '../mailcoach-events.js';
import { webviewPath } from './personalize.js';

export interface EngagementDeps {
  store: Store;
  clock: Clock;
  ids: IdGenerator;
  events: EventBus;
}

/** Send::wasOpenedInTheLastSeconds(5): an open this close to the latest one is not registered. */
const OPEN_WINDOW_MS = 5_000;

export type FeedbackKind = 'bounce' | 'soft-bounce' | 'complaint';

/** Which suppression each kind of bounce adds (Send::registerBounce / registerComplaint); a soft bounce adds none. */
const SUPPRESSION_FOR = {
  bounce: 'hard_bounce',
  'soft-bounce': null,
  complaint: 'spam_complaint',
} as const satisfies Record<FeedbackKind, SuppressionReason | null>;

/** What a report given a send records on it (send_feedback), for the web UI's sends page. */
const FEEDBACK_FOR = {
  bounce: 'bounce',
  'soft-bounce': 'soft_bounce',
  complaint: 'complaint',
} as const satisfies Record<FeedbackKind, SendFeedbackType>;

export function registerOpen(deps: EngagementDeps, send: SendRow): SendRow {
  const row = deps.store.transaction(() => open(deps, send, deps.clock()));
  announceSend(deps, send);
  return row;
}

/**
 * `url`: the link clicked; without one, a campaign's first link (else its webview). `unsubscribePrefix`: this
 * emulator's absolute `…/unsubscribe/` URL, whose clicks v8 does not count.
 */
export function registerClick(
  deps: EngagementDeps,
  send: SendRow,
  url: string | undefined,
  unsubscribePrefix: string,
): SendRow {
  const clicked = deps.store.transaction(() => {
    const now = deps.clock();
    let row = send.open_count === 0 ? open(deps, send, now) : send;
    const campaign = campaignOf(deps, row);
    const target =
      url ?? (campaign === undefined ? undefined : (firstLinkOf(campaign.html) ?? webviewPath(campaign.uuid)));
    if (target?.startsWith(unsubscribePrefix) === true) return row;
    const at = toEpochSeconds(now);
    row = deps.store.sends.registerEngagement(row.id, 'click', at);
    if (campaign === undefined || target === undefined) return row;
    // A campaign's click is on one of its links: the /clicks list and the link's counts (docs/spec/mailcoach-audience-campaigns.md#510-statistics-endpoints-get-paginated-reference-17).
    const { clickUuid, linkUuid } = deps.store.campaignStatistics.addClick(campaign, row, target, deps.ids, at);
    const subscriber = subscriberOf(deps, row);
    if (subscriber !== undefined) {
      // AddClickedTag runs before the webhooks' listener (docs/spec/mailcoach-webhooks.md#38-sequences-order-in-which-jobs-are-queued); link tags (add_subscriber_link_tags) are not modelled.
      if (campaign.add_subscriber_tags === 1)
        addTags(deps, subscriber, [`campaign-${campaign.uuid}-clicked`], subscriber, 'mailcoach');
      publishMailcoachEvent(deps.events, row.workspace_id, {
        type: 'LinkClickedEvent',
        send: row,
        subscriber,
        clickUuid,
        linkUuid,
        clickedAt: at,
      });
    }
    return row;
  });
  announceSend(deps, send);
  return clicked;
}

/**
 * A bounce, soft bounce or complaint about `email`, on `send` when one is given (Send::registerBounce /
 * registerComplaint): the send's feedback, the subscriber's side and its event, the suppression. Without a send
 * (only an email) there is no subscriber to touch and no event. Answers the suppression (null for a soft bounce)
 * and whether this report created it (false: the address was suppressed already, and keeps its row).
 */
export function reportFeedback(
  deps: EngagementDeps,
  workspaceId: number,
  report: { send: SendRow | undefined; email: string; kind: FeedbackKind },
): { row: SuppressionRow; created: boolean } | null {
  const { send, email, kind } = report;
  const reason = SUPPRESSION_FOR[kind];
  const suppression = deps.store.transaction(() => {
    if (send !== undefined) {
      deps.store.sends.addFeedback(send.id, FEEDBACK_FOR[kind], toEpochSeconds(deps.clock()));
      registerFeedback(deps, send, kind);
    }
    return reason === null
      ? null
      : firstOrCreateSuppression(deps, workspaceId, email, reason, kind === 'complaint' ? 'complaint' : 'bounce');
  });
  if (send !== undefined) announceSend(deps, send);
  if (suppression?.created === true) announceSuppressions(deps, workspaceId, [suppression.row.uuid]);
  return suppression;
}

/** The subscriber side of a bounce or complaint on a send. */
function registerFeedback(deps: EngagementDeps, send: SendRow, kind: FeedbackKind): void {
  deps.store.transaction(() => {
    const subscriber = subscriberOf(deps, send);
    if (subscriber === undefined) return;
    if (kind === 'complaint') {
      unsubscribeSubscriber(deps, subscriber, campaignOf(deps, send));
      return;
    }
    if (kind === 'soft-bounce') {
      publishMailcoachEvent(deps.events, send.workspace_id, { type: 'SoftBounceRegisteredEvent', send, subscriber });
      return;
    }
    // `$this->subscriber->update(['unsubscribed_at' => now()])`: whatever the status, and without an event.
    const now = toEpochSeconds(deps.clock());
    const row = deps.store.subscribers.update(subscriber.id, { unsubscribed_at: now, updated_at: now });
    publishMailcoachEvent(deps.events, send.workspace_id, { type: 'BounceRegisteredEvent', send, subscriber: row });
  });
}

function open(deps: EngagementDeps, send: SendRow, now: Date): SendRow {
  // diffInSeconds(absolute: true) against the latest open's whole-second created_at.
  if (send.last_opened_at !== null && Math.abs(now.getTime() - send.last_opened_at * 1000) < OPEN_WINDOW_MS)
    return send;
  const at = toEpochSeconds(now);
  const row = deps.store.sends.registerEngagement(send.id, 'open', at);
  const campaign = campaignOf(deps, row);
  const subscriber = subscriberOf(deps, row);
  // AddOpenedTag runs before the webhooks' listener: its TagAddedEvent comes first (docs/spec/mailcoach-webhooks.md#38-sequences-order-in-which-jobs-are-queued).
  if (campaign?.add_subscriber_tags === 1 && subscriber !== undefined)
    addTags(deps, subscriber, [`campaign-${campaign.uuid}-opened`], subscriber, 'mailcoach');
  if (campaign !== undefined && campaign.email_list_id !== null) {
    // No Open rows are kept (only the send's counts): the open's uuid is new each time.
    publishMailcoachEvent(deps.events, row.workspace_id, {
      type: 'ContentOpenedEvent',
      send: row,
      campaign,
      subscriber,
      openUuid: deps.ids(),
      openedAt: at,
    });
  }
  return row;
}

/** An open, click or report changed the send (or, an open in the 5 s window, did not: announced all the same). */
function announceSend(deps: EngagementDeps, send: SendRow): void {
  deps.events.emit('sends.changed', { workspaceId: send.workspace_id, uuids: [send.uuid] });
}

function campaignOf(deps: EngagementDeps, send: SendRow): CampaignRow | undefined {
  return send.campaign_uuid === null
    ? undefined
    : deps.store.campaigns.findByUuid(send.workspace_id, send.campaign_uuid);
}

function subscriberOf(deps: EngagementDeps, send: SendRow): SubscriberRow | undefined {
  return send.subscriber_uuid === null
    ? undefined
    : deps.store.subscribers.findByUuid(send.workspace_id, send.subscriber_uuid);
}

/** The first href of a campaign's html, where a simulated click without a url lands. */
function firstLinkOf(html: string | null): string | undefined {
  return html === null ? undefined : /href\s*=\s*["']([^"']+)["']/i.exec(html)?.[1];
}
