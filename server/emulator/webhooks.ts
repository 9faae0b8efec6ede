/**
 * Mailcoach's outgoing webhooks, as the emulator's own surface (Mailcoach configures them in its UI only,
 * docs/spec/mailcoach-webhooks.md#12-how-configurations-are-made-ui-only; decisions.md "Webhooks"):
 * - /webhooks: the workspace's configurations (list, create, show, update, delete), with Mailcoach's defaults on
 *   create (enabled, all lists, all events, a random 16-character secret);
 * - /webhook-calls: every call (one per event and configuration) with its request and attempts, newest first,
 *   filtered by event, email, subscriber, send, campaign, configuration or status; POST …/{uuid}/resend is v8's resend;
 * - /webhook-sink/{name}: a receiver that records what it gets and answers 200 (not Mailcoach behaviour), so the
 *   calls can be watched without an app running.
 */
import { Hono } from 'hono';
import * as z from 'zod/mini';
import type { AppDeps } from '../deps.js';
import type { WebhookCallRow, WebhookConfigurationRow } from '../db/rows.js';
import type { WebhookCallFilters } from '../db/webhooks-store.js';
import { ApiError, ValidationError } from '../errors.js';
import { lazySchema } from '../fixtures/zod.js';
import type { AppEnv } from '../http/env.js';
import { toEpochSeconds } from '../instant.js';
import { WEBHOOK_EVENTS } from '../mailcoach-events.js';
import {
  createWebhookConfiguration,
  deleteWebhookConfiguration,
  updateWebhookConfiguration,
} from '../webhooks/configurations.js';
import { WEBHOOK_CALL_STATUSES } from './schemas/webhooks.js';
import { DEFAULT_PER_PAGE, MAX_PER_PAGE, readInteger } from './query-params.js';
import { readJsonObject } from './request-body.js';
import { webhookCallPresenter, webhookConfigurationResource } from './webhook-resources.js';
import { webhookConfigurationInput, webhookSecret } from './webhook-input.js';

export function webhookRoutes(deps: AppDeps) {
  const find = (workspaceId: number, uuid: string): WebhookConfigurationRow => {
    const row = deps.store.webhooks.configurations.findByUuid(workspaceId, uuid);
    if (row === undefined) throw new ApiError(404, `No webhook configuration ${uuid} in this workspace.`);
    return row;
  };
  return new Hono<AppEnv>()
    .get('/', (c) =>
      c.json({ data: deps.store.webhooks.configurations.of(c.get('workspaceId')).map(webhookConfigurationResource) }),
    )
    .post('/', async (c) => {
      const workspaceId = c.get('workspaceId');
      const input = webhookConfigurationInput(deps, workspaceId, await readJsonObject(c), null);
      const now = toEpochSeconds(deps.clock());
      const row = createWebhookConfiguration(deps, {
        workspace_id: workspaceId,
        uuid: deps.ids(),
        origin: 'api',
        created_at: now,
        ...input,
        secret: input.secret ?? webhookSecret(deps),
      });
      return c.json(webhookConfigurationResource(row), 201);
    })
    .get('/:webhook', (c) => c.json(webhookConfigurationResource(find(c.get('workspaceId'), c.req.param('webhook')))))
    .on(['PUT', 'PATCH'], '/:webhook', async (c) => {
      const workspaceId = c.get('workspaceId');
      const existing = find(workspaceId, c.req.param('webhook'));
      const input = webhookConfigurationInput(deps, workspaceId, await readJsonObject(c), existing);
      const row = updateWebhookConfiguration(deps, existing, { ...input, secret: input.secret ?? existing.secret });
      return c.json(webhookConfigurationResource(row));
    })
    .delete('/:webhook', (c) => {
      deleteWebhookConfiguration(deps, find(c.get('workspaceId'), c.req.param('webhook')));
      return c.body(null, 204);
    });
}

const STATUSES = WEBHOOK_CALL_STATUSES;

export function webhookCallRoutes(deps: AppDeps) {
  const present = () => webhookCallPresenter(deps);
  const find = (workspaceId: number, uuid: string): WebhookCallRow => {
    const row = deps.store.webhooks.calls.findByUuid(workspaceId, uuid);
    if (row === undefined) throw new ApiError(404, `No webhook call ${uuid} in this workspace.`);
    return row;
  };
  return new Hono<AppEnv>()
    .get('/', (c) => {
      const workspaceId = c.get('workspaceId');
      const input = c.get('input');
      const page = readInteger(input, 'page', { min: 1, max: 1_000_000, fallback: 1 });
      const perPage = readInteger(input, 'per_page', { min: 1, max: MAX_PER_PAGE, fallback: DEFAULT_PER_PAGE });
      const filters = callFilters(deps, workspaceId, input);
      const { rows, total } = deps.store.webhooks.calls.list(workspaceId, filters, {
        offset: (page - 1) * perPage,
        limit: perPage,
      });
      return c.json({ data: rows.map(present()), meta: { page, per_page: perPage, total } });
    })
    .get('/:call', (c) => c.json(present()(find(c.get('workspaceId'), c.req.param('call')))))
    .post('/:call/resend', async (c) => {
      const call = find(c.get('workspaceId'), c.req.param('call'));
      const attempt = await deps.webhookDelivery.resend(call);
      if (attempt === undefined)
        throw new ApiError(409, 'The call is gone, or its configuration is (a reset or a delete meanwhile).');
      return c.json(present()(find(c.get('workspaceId'), call.uuid)));
    });
}

function callFilters(deps: AppDeps, workspaceId: number, input: Record<string, unknown>): WebhookCallFilters {
  const text = (name: string): string | undefined => {
    const value = input[name];
    if (value === undefined || value === null || value === '') return undefined;
    if (typeof value !== 'string')
      throw new ValidationError({ [name]: [`The ${name.replaceAll('_', ' ')} field must be a string.`] });
    return value;
  };
  const filters: WebhookCallFilters = {};
  const event = text('event');
  if (event !== undefined) {
    if (!(WEBHOOK_EVENTS as readonly string[]).includes(event))
      throw new ValidationError({ event: [`The event must be one of ${WEBHOOK_EVENTS.join(', ')}.`] });
    filters.event = event;
  }
  const status = text('status');
  if (status !== undefined) {
    if (!(STATUSES as readonly string[]).includes(status))
      throw new ValidationError({ status: [`The status must be one of ${STATUSES.join(', ')}.`] });
    filters.status = status as WebhookCallFilters['status'];
  }
  const email = text('email');
  if (email !== undefined) filters.email = email.toLowerCase();
  filters.subscriberUuid = text('subscriber_uuid');
  filters.sendUuid = text('send_uuid');
  filters.campaignUuid = text('campaign_uuid');
  const configuration = text('configuration');
  if (configuration !== undefined) {
    // An unknown configuration selects nothing, as an unknown uuid in the other filters does.
    filters.configurationId = deps.store.webhooks.configurations.findByUuid(workspaceId, configuration)?.id ?? -1;
  }
  return filters;
}

/** What a sink keeps per name: the latest requests. */
const SINK_LIMIT = 100;

const sinkName = lazySchema(() => z.string().check(z.regex(/^[A-Za-z0-9._-]{1,64}$/)));

export function webhookSinkRoutes(deps: AppDeps) {
  // Per workspace and name; in memory: a sink is a window on the calls, the log keeps them.
  const received = new Map<
    string,
    Array<{ received_at: string; method: string; url: string; headers: Record<string, string>; body: string }>
  >();
  deps.events.on('workspace.reset', ({ workspaceId }) => {
    for (const key of received.keys()) if (key.startsWith(`${workspaceId}:`)) received.delete(key);
  });
  const key = (workspaceId: number, name: string) => {
    if (!sinkName().safeParse(name).success)
      throw new ApiError(404, 'A sink name is 1 to 64 letters, digits, dots, dashes or underscores.');
    return `${workspaceId}:${name}`;
  };
  return new Hono<AppEnv>()
    .post('/:name', async (c) => {
      const at = key(c.get('workspaceId'), c.req.param('name'));
      const requests = received.get(at) ?? [];
      requests.push({
        received_at: deps.clock().toISOString(),
        method: c.req.method,
        url: c.req.url,
        headers: Object.fromEntries(c.req.raw.headers),
        body: new TextDecoder().decode(await c.get('body')),
      });
      if (requests.length > SINK_LIMIT) requests.splice(0, requests.length - SINK_LIMIT);
      received.set(at, requests);
      return c.json({ received: true });
    })
    .get('/:name', (c) =>
      c.json({ data: [...(received.get(key(c.get('workspaceId'), c.req.param('name'))) ?? [])].reverse() }),
    )
    .delete('/:name', (c) => {
      received.delete(key(c.get('workspaceId'), c.req.param('name')));
      return c.body(null, 204);
    });
}
