/** Mailcoach's webhook event names, in a module of their own: the client's types and the web UI read them without the event code. */

/** The eleven event names, as the body's `event` and a configuration's `events` hold them (docs/spec/mailcoach-webhooks.md#30-overview-domainsettingsenumswebhookeventtypesphp-domainsettingseventsubscriberswebhookeventsubscriberphp). */
export const WEBHOOK_EVENTS = [
  'SubscribedEvent',
  'ResubscribedEvent',
  'UnconfirmedSubscriberCreatedEvent',
  'UnsubscribedEvent',
  'TagAddedEvent',
  'TagRemovedEvent',
  'CampaignSentEvent',
  'ContentOpenedEvent',
  'LinkClickedEvent',
  'BounceRegisteredEvent',
  'SoftBounceRegisteredEvent',
] as const;
