/**
 * Mailcoach's outgoing webhooks as the emulator's own API shows them (`/_emulator/webhooks`, `/_emulator/webhook-calls`,
 * `/_emulator/webhook-sink/{name}`; mailcoach-webhooks.md, decisions.md "Webhooks"): the configurations, each call
 * (one per event and configuration) with the request exactly as sent and every attempt, and the built-in sink.
 */
import type { EmailListOverview } from '../../emulator/schemas/audience.js';
import type { WebhookCallStatus, WebhookEvent } from '../../emulator/schemas/webhooks.js';

// The shapes, from their schemas (types only: the client loads no zod).
export type {
  WebhookAttempt,
  WebhookCall,
  WebhookCallPage,
  WebhookCallStatus,
  WebhookConfiguration,
  WebhookConfigurationInput,
  WebhookEvent,
  WebhookRequestHeaders,
  WebhookSinkRequest,
} from '../../emulator/schemas/webhooks.js';

/** The eleven event names, as a call's `event` (the body's last key) and a configuration's `events` hold them. */
export { WEBHOOK_EVENTS as WEBHOOK_EVENT_NAMES } from '../../mailcoach-event-names.js';

/** Mailcoach's labels of the events (its edit form's checkboxes, docs/spec/mailcoach-webhooks.md#30-overview-domainsettingsenumswebhookeventtypesphp-domainsettingseventsubscriberswebhookeventsubscriberphp). */
export const WEBHOOK_EVENT_LABELS: Record<WebhookEvent, string> = {
  SubscribedEvent: 'Subscribed',
  ResubscribedEvent: 'Subscriber resubscribed',
  UnconfirmedSubscriberCreatedEvent: 'Unconfirmed subscriber created',
  UnsubscribedEvent: 'Unsubscribed',
  TagAddedEvent: 'Tag added',
  TagRemovedEvent: 'Tag removed',
  CampaignSentEvent: 'Campaign sent',
  ContentOpenedEvent: 'Email opened',
  LinkClickedEvent: 'Link clicked',
  BounceRegisteredEvent: 'Bounced',
  SoftBounceRegisteredEvent: 'Soft bounced',
};

/** The filters of GET /_emulator/webhook-calls (and waitForWebhook's). */
export interface WebhookCallFilter {
  event?: WebhookEvent;
  /** The subscriber's address, exactly, in any case. */
  email?: string;
  subscriberUuid?: string;
  sendUuid?: string;
  campaignUuid?: string;
  /** A configuration's uuid. */
  configuration?: string;
  status?: WebhookCallStatus;
}

/** An email list as the UI picks it (GET /_emulator/email-lists). */
export type EmailListChoice = Pick<EmailListOverview, 'uuid' | 'name' | 'active_subscribers_count'>;
