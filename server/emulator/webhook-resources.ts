/**
 * How /_emulator shows webhook configurations and calls (our own surface: Mailcoach has no API for them,
 * docs/spec/mailcoach-webhooks.md#12-how-configurations-are-made-ui-only). A call shows the request exactly as sent (headers and body) and each attempt
 * (v8's log rows, docs/spec/mailcoach-webhooks.md#27-the-log-mailcoach_webhook_logs-domainsettingseventsubscriberswebhooklogeventsubscriberphp-modelswebhooklogphp-v7-test-webhooklogeventsubscribertestphp), a resend with what it sent instead.
 */
import type { AppDeps } from '../deps.js';
import type { WebhookAttemptRow, WebhookCallRow, WebhookConfigurationRow } from '../db/rows.js';
import type {
  WebhookAttempt,
  WebhookCall,
  WebhookConfiguration,
  WebhookEvent,
  WebhookRequestHeaders,
} from './schemas/webhooks.js';

const iso = (ms: number) => new Date(ms).toISOString();

export function webhookConfigurationResource(row: WebhookConfigurationRow): WebhookConfiguration {
  return {
    uuid: row.uuid,
    name: row.name,
    url: row.url,
    secret: row.secret,
    enabled: row.enabled === 1,
    use_for_all_lists: row.use_for_all_lists === 1,
    email_lists: JSON.parse(row.email_list_uuids) as string[],
    use_for_all_events: row.use_for_all_events === 1,
    events: JSON.parse(row.events) as WebhookEvent[],
    origin: row.origin,
    created_at: iso(row.created_at * 1000),
    updated_at: iso(row.updated_at * 1000),
  };
}

/** The headers Mailcoach's Guzzle sends besides Host and Content-Length (docs/spec/mailcoach-webhooks.md#21-request-line-headers-body-ws-webhookcallphp-callwebhookjobphp-configwebhook-serverphp-gz). */
function webhookRequestHeaders(signature: string): WebhookRequestHeaders {
  return { 'Content-Type': 'application/json', Signature: signature, 'User-Agent': 'GuzzleHttp/7' };
}

function attemptResource(row: WebhookAttemptRow): WebhookAttempt {
  return {
    uuid: row.uuid,
    attempt: row.attempt,
    manual: row.attempt === null,
    url: row.url,
    status_code: row.status_code,
    succeeded: row.status_code !== null && row.status_code >= 200 && row.status_code < 300,
    response: row.response,
    error: row.error,
    duration_ms: row.duration_ms,
    // A resend re-encodes the payload and signs with the current secret (docs/spec/mailcoach-webhooks.md#28-resend-domainsettingsactionsresendwebhookcallactionphp-ui-resend-on-a-log-row): what it sent, when that differs.
    request: row.body === null ? null : { headers: webhookRequestHeaders(row.signature as string), body: row.body },
    created_at: iso(row.created_at_ms),
  };
}

export function webhookCallPresenter(deps: AppDeps) {
  const names = new Map<number, WebhookConfigurationRow | undefined>();
  const configuration = (id: number) => {
    if (!names.has(id)) names.set(id, deps.store.webhooks.configurations.findById(id));
    return names.get(id);
  };
  return (row: WebhookCallRow): WebhookCall => {
    const owner = configuration(row.configuration_id);
    return {
      uuid: row.uuid,
      // The queue stores only the events it routes (mailcoach-events.ts WEBHOOK_EVENTS).
      event: row.event as WebhookEvent,
      status: row.status,
      attempts: row.attempts,
      next_attempt_at: row.next_attempt_at_ms === null ? null : iso(row.next_attempt_at_ms),
      configuration: owner === undefined ? null : { uuid: owner.uuid, name: owner.name },
      email_list_uuid: row.email_list_uuid,
      subscriber_uuid: row.subscriber_uuid,
      email: row.email,
      send_uuid: row.send_uuid,
      campaign_uuid: row.campaign_uuid,
      request: { method: 'POST', url: row.url, headers: webhookRequestHeaders(row.signature), body: row.body },
      attempts_log: deps.store.webhooks.attempts.of(row.id).map(attemptResource),
      created_at: iso(row.created_at_ms),
      updated_at: iso(row.updated_at_ms),
    };
  };
}
