/** Mailcoach's outgoing webhooks: configurations, calls, resends, the built-in sink, and waiting for a call. */
import { type WaitForWebhookOptions, waitForWebhook } from '../wait-for-webhook.js';
import type {
  WebhookCall,
  WebhookCallFilter,
  WebhookCallPage,
  WebhookConfiguration,
  WebhookConfigurationInput,
  WebhookSinkRequest,
} from '../wire/webhooks.js';
import { DEFAULT_WAIT_MS } from './messages.js';
import { type PageOptions, segment, type Transport } from './transport.js';
import type { Subscribe } from '../read-until.js';

export function webhooksApi(t: Transport, subscribe: Subscribe) {
  const webhookCalls = (filter: WebhookCallFilter = {}, page: PageOptions = {}): Promise<WebhookCallPage> =>
    t.json('GET', '/webhook-calls', {
      query: {
        event: filter.event,
        email: filter.email,
        subscriber_uuid: filter.subscriberUuid,
        send_uuid: filter.sendUuid,
        campaign_uuid: filter.campaignUuid,
        configuration: filter.configuration,
        status: filter.status,
        page: page.page,
        per_page: page.perPage,
      },
    });

  const webhookCall = (uuid: string): Promise<WebhookCall> => t.json('GET', `/webhook-calls/${segment(uuid)}`);

  return {
    /** The workspace's webhook configurations (Mailcoach's outgoing webhooks), oldest first. */
    webhooks: async (): Promise<WebhookConfiguration[]> =>
      (await t.json<{ data: WebhookConfiguration[] }>('GET', '/webhooks')).data,
    webhook: (uuid: string): Promise<WebhookConfiguration> => t.json('GET', `/webhooks/${segment(uuid)}`),
    /**
     * Creates a configuration: `name` and `url` required; the rest takes Mailcoach's defaults (enabled, all lists,
     * all events, a random 16-character secret). A 422 EmulatorApiError names each bad field.
     */
    createWebhook: (input: WebhookConfigurationInput & { name: string; url: string }): Promise<WebhookConfiguration> =>
      t.json('POST', '/webhooks', { json: input }),
    /** Changes the fields given (the others stay). */
    updateWebhook: (uuid: string, input: WebhookConfigurationInput): Promise<WebhookConfiguration> =>
      t.json('PATCH', `/webhooks/${segment(uuid)}`, { json: input }),
    /** Deletes a configuration, and its calls with it. */
    deleteWebhook: (uuid: string): Promise<void> => t.done('DELETE', `/webhooks/${segment(uuid)}`),
    /** The workspace's webhook calls, newest first, each with its request and attempts; `perPage` up to 500 (default 50). */
    webhookCalls,
    webhookCall,
    /**
     * Mailcoach's resend of a call: now, once, to its configuration's current URL with its current secret; answers
     * the call with the attempt (`manual`, `attempt` null) added. A 409 EmulatorApiError when the configuration is gone.
     */
    resendWebhookCall: (uuid: string): Promise<WebhookCall> => t.json('POST', `/webhook-calls/${segment(uuid)}/resend`),
    /** The built-in receiver `<url>/_emulator/webhook-sink/<name>` (answers 200 to any POST and keeps the last 100). */
    webhookSink: (name: string) => {
      const path = `/webhook-sink/${segment(name)}`;
      return {
        /** What to point a configuration at (with the client's token, so the calls land in its workspace). */
        url: t.resourceUrl(path),
        /** What it received, newest first. */
        requests: async (): Promise<WebhookSinkRequest[]> =>
          (await t.json<{ data: WebhookSinkRequest[] }>('GET', path)).data,
        clear: (): Promise<void> => t.done('DELETE', path),
      };
    },
    /**
     * Waits until a webhook call matches and answers it (of several, the oldest): by default one whose first try
     * has happened (the receiver has had it), whatever the outcome; `status` asks for `any` (stored), `pending`,
     * `succeeded` or `failed` (every try failed). `after` limits it to calls made later. It follows the event stream
     * (no polling, no sleeps). Throws WaitForWebhookTimeoutError (what matched, the newest calls) at the timeout.
     */
    waitForWebhook: (wait: WaitForWebhookOptions = {}): Promise<WebhookCall> =>
      waitForWebhook(
        { list: (filter, page) => webhookCalls(filter, page), call: webhookCall, subscribe },
        wait,
        wait.timeoutMs ?? DEFAULT_WAIT_MS,
      ),
  };
}
