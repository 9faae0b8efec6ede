/**
 * A typed client for the emulator's own API (`/_emulator`, served at /_emulator/docs) and a few helpers for the
 * Mailcoach API it emulates, over the global fetch. It runs anywhere fetch does (Node 20+, Playwright, Deno, Bun)
 * and loads no server code, so it can talk to an emulator started in-process (startEmulator) or to one running
 * elsewhere (`createClient({ url })`).
 *
 * Its methods are written per resource in client/ (over client/transport.ts); the JSON it reads and sends is
 * typed in wire/, what it throws in errors.ts, the inbox's search filter in message-filter.ts; all of them are
 * exported from here too, so `mailcoach-emulator/testing` and the web UI import everything from this module.
 */
import type { EmulatorEvent } from './wire/controls.js';
import { audienceApi } from './client/audience.js';
import { controlsApi } from './client/controls.js';
import { mailcoachApi } from './client/mailcoach.js';
import { messagesApi, type SubscribeOptions, subscribeTo } from './client/messages.js';
import { recordsApi } from './client/records.js';
import { templatesApi } from './client/templates.js';
import { type ClientOptions, createTransport } from './client/transport.js';
import { webhooksApi } from './client/webhooks.js';

// The wire types (one module per concern under wire/), the errors and the search filter, for whoever imports the client.
export * from './errors.js';
export * from './message-filter.js';
export * from './wire/audience.js';
export * from './wire/campaigns.js';
export * from './wire/controls.js';
export * from './wire/messages.js';
export * from './wire/records.js';
export * from './wire/templates.js';
export * from './wire/webhooks.js';
export type { WaitForWebhookOptions, WebhookWaitStatus } from './wait-for-webhook.js';
export type { ChecksReport, CheckIssue } from '../emulator/schemas/checks.js';
export type { ClientOptions, MailcoachResponse, PageOptions } from './client/transport.js';
export type { SubscribeOptions, WaitOptions } from './client/messages.js';
export type { WaitForCampaignOptions } from './client/mailcoach.js';

export type EmulatorClient = ReturnType<typeof createClient>;

export function createClient(options: ClientOptions) {
  const transport = createTransport(options);
  const subscribe = (onEvent: (event: EmulatorEvent) => void, subscribeOptions: SubscribeOptions = {}) =>
    subscribeTo(transport, onEvent, subscribeOptions);

  return {
    /** The emulator's base URL. */
    url: transport.base,
    /** The Mailcoach API base URL (`<url>/api`), what an app under test is configured with. */
    apiUrl: `${transport.base}/api`,
    token: transport.token,

    /** The same client for another token, i.e. (with `--isolate`) another workspace. */
    withToken: (other: string | null) => createClient({ ...options, token: other }),
    /**
     * Follows `GET /_emulator/events` until closed, reconnecting after a break (call onOpen's refetch then). Works
     * in Node 20+ and browsers (fetch streaming, the token as a header).
     */
    subscribe,

    ...messagesApi(transport),
    ...controlsApi(transport),
    ...templatesApi(transport),
    ...recordsApi(transport),
    ...audienceApi(transport),
    ...webhooksApi(transport, subscribe),
    ...mailcoachApi(transport, subscribe),
  };
}
