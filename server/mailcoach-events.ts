/**
 * Mailcoach's domain events that its webhooks forward (docs/spec/mailcoach-webhooks.md#30-overview-domainsettingsenumswebhookeventtypesphp-domainsettingseventsubscriberswebhookeventsubscriberphp), as the emulator's actions
 * announce them: each carries the rows as they are at that moment, since Mailcoach builds the payload when the
 * event fires (docs/spec/mailcoach-webhooks.md#30-overview-domainsettingsenumswebhookeventtypesphp-domainsettingseventsubscriberswebhookeventsubscriberphp), while the call itself goes out later. Publishing one is domain code's whole part in
 * webhooks: mailcoach/webhook-payloads.ts turns it into Mailcoach's payload and webhooks/queue.ts routes it.
 */
import type { CampaignCounts } from './db/campaigns-store.js';
import type { CampaignRow, SendRow, SubscriberRow } from './db/rows.js';

import { WEBHOOK_EVENTS } from './mailcoach-event-names.js';

export { WEBHOOK_EVENTS };
export type WebhookEventName = (typeof WEBHOOK_EVENTS)[number];

export type MailcoachEvent =
  /** `tags`: the subscriber's tag names as the payload lists them at that moment (docs/spec/mailcoach-webhooks.md#31-shared-subscriber-payload-httpapiresourcessubscriberresourcephptoarray-called-directly, docs/spec/mailcoach-webhooks.md#38-sequences-order-in-which-jobs-are-queued). */
  | {
      type: 'SubscribedEvent' | 'ResubscribedEvent' | 'UnconfirmedSubscriberCreatedEvent' | 'UnsubscribedEvent';
      subscriber: SubscriberRow;
      tags: string[];
    }
  | { type: 'TagAddedEvent' | 'TagRemovedEvent'; subscriber: SubscriberRow; tags: string[]; tag: string }
  /** `campaign`: as marked sent; `counts`: its statistics from before (docs/spec/mailcoach-webhooks.md#33-campaignsentevent-domaincampaignactionssendcampaignactionphpmarkcampaignassent-httpapiresourcescampaignresourcephp). */
  | { type: 'CampaignSentEvent'; campaign: CampaignRow; counts: CampaignCounts }
  | {
      type: 'ContentOpenedEvent';
      send: SendRow;
      campaign: CampaignRow;
      subscriber: SubscriberRow | undefined;
      openUuid: string;
      openedAt: number;
    }
  | {
      type: 'LinkClickedEvent';
      send: SendRow;
      subscriber: SubscriberRow;
      clickUuid: string;
      linkUuid: string;
      clickedAt: number;
    }
  | { type: 'BounceRegisteredEvent' | 'SoftBounceRegisteredEvent'; send: SendRow; subscriber: SubscriberRow };

/** Where events are published: the app's EventBus (events.ts), named by shape so that it needs no import back. */
interface MailcoachEventSink {
  emit(name: 'mailcoach.event', payload: { workspaceId: number; event: MailcoachEvent }): void;
}

/** Announces a Mailcoach domain event of the workspace (synchronously: the payload is built now). */
export function publishMailcoachEvent(events: MailcoachEventSink, workspaceId: number, event: MailcoachEvent): void {
  events.emit('mailcoach.event', { workspaceId, event });
}
