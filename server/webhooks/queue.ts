/**
 * Routing one Mailcoach event to the configurations that want it (docs/spec/mailcoach-webhooks.md#14-selection-algorithm-domainsettingsactionssendwebhookactionphp-domainaudiencemodelsemaillistphpwebhookconfigurations): every enabled
 * configuration for all lists or for the event's list, whose `events` is empty or names the event. The payload
 * is encoded once, as PHP's json_encode writes it (docs/spec/mailcoach-webhooks.md#21-request-line-headers-body-ws-webhookcallphp-callwebhookjobphp-configwebhook-serverphp-gz), and each configuration's call is stored with those
 * bytes and its own signature; the delivery (delivery.ts) sends them after the caller's transaction commits.
 */
import type { Clock } from '../clock.js';
import type { WebhookConfigurationRow } from '../db/rows.js';
import type { Store } from '../db/store.js';
import type { EventBus } from '../events.js';
import type { IdGenerator } from '../ids.js';
import { phpJsonEncode } from '../php-json.js';
import type { WebhookEventName } from '../mailcoach-events.js';
import { webhookSignature } from './sign.js';

export interface WebhookEvent {
  event: WebhookEventName;
  /** The list that routes it: the subscriber's, or the campaign's (docs/spec/mailcoach-webhooks.md#30-overview-domainsettingsenumswebhookeventtypesphp-domainsettingseventsubscriberswebhookeventsubscriberphp). */
  emailListUuid: string;
  /** Mailcoach's payload, keys in order, `event` last. */
  payload: Record<string, unknown>;
  /** What the call is about, for the log's filters and the records pages. */
  refs: { subscriberUuid?: string; email?: string; sendUuid?: string; campaignUuid?: string };
}

export interface QueueDeps {
  store: Store;
  clock: Clock;
  ids: IdGenerator;
  events: EventBus;
  /** Wakes the delivery once the caller's work is done. */
  deliverSoon(): void;
}

function wantsEvent(configuration: WebhookConfigurationRow, event: WebhookEventName, emailListUuid: string): boolean {
  if (configuration.enabled !== 1) return false;
  if (
    configuration.use_for_all_lists !== 1 &&
    !(JSON.parse(configuration.email_list_uuids) as string[]).includes(emailListUuid)
  )
    return false;
  // Only `events` is read, whatever use_for_all_events says: empty means every event (docs/spec/mailcoach-webhooks.md#14-selection-algorithm-domainsettingsactionssendwebhookactionphp-domainaudiencemodelsemaillistphpwebhookconfigurations).
  const events = JSON.parse(configuration.events) as string[];
  return events.length === 0 || events.includes(event);
}

/** Stores one call per configuration that wants the event; answers their uuids. */
export function queueWebhookCalls(deps: QueueDeps, workspaceId: number, event: WebhookEvent): string[] {
  const configurations = deps.store.webhooks.configurations
    .of(workspaceId)
    .filter((row) => wantsEvent(row, event.event, event.emailListUuid));
  if (configurations.length === 0) return [];
  const body = phpJsonEncode(event.payload);
  const nowMs = deps.clock().getTime();
  const uuids = configurations.map((configuration) => {
    const call = deps.store.webhooks.calls.insert({
      workspace_id: workspaceId,
      uuid: deps.ids(),
      configuration_id: configuration.id,
      event: event.event,
      url: configuration.url,
      body,
      signature: webhookSignature(body, configuration.secret),
      status: 'pending',
      attempts: 0,
      next_attempt_at_ms: nowMs,
      email_list_uuid: event.emailListUuid,
      subscriber_uuid: event.refs.subscriberUuid ?? null,
      email: event.refs.email?.toLowerCase() ?? null,
      send_uuid: event.refs.sendUuid ?? null,
      campaign_uuid: event.refs.campaignUuid ?? null,
      created_at_ms: nowMs,
      updated_at_ms: nowMs,
    });
    return call.uuid;
  });
  deps.events.emit('webhook-calls.changed', { workspaceId, uuids });
  deps.deliverSoon();
  return uuids;
}
