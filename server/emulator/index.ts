/**
 * Our own API under /_emulator (never under /api, which stays the Mailcoach surface): the inbox of captured
 * mail, wait-for, the event stream, and the test controls (reset, seed, clock, faults, simulations).
 * Always JSON, documented in server/openapi/document.ts and served at /_emulator/openapi.json (and as interactive docs at
 * /_emulator/docs).
 */
import { Hono } from 'hono';
import type { AppDeps } from '../deps.js';
import { ApiError } from '../errors.js';
import { createApiDocs } from '../http/api-docs.js';
import type { AppEnv } from '../http/env.js';
import { checkRoutes } from './checks.js';
import { controlRoutes } from './controls.js';
import { faultRoutes } from './faults.js';
import { messageRoutes } from './messages.js';
import { automationRecordRoutes } from './records/automations.js';
import { campaignRecordRoutes } from './records/campaigns.js';
import { campaignTemplateRecordRoutes } from './records/campaign-templates.js';
import { emailListRecordRoutes } from './records/email-lists.js';
import { logItemRecordRoutes } from './records/log-items.js';
import { sendRecordRoutes } from './records/sends.js';
import { subscriberRecordRoutes } from './records/subscribers.js';
import { suppressionRecordRoutes } from './records/suppressions.js';
import { simulateRoutes } from './simulate.js';
import { streamRoutes } from './stream.js';
import { templateRoutes } from './templates.js';
import { waitForRoutes } from './wait-for.js';
import { webhookCallRoutes, webhookRoutes, webhookSinkRoutes } from './webhooks.js';
import { resolveWorkspace } from './workspace.js';

export function emulatorApi(deps: AppDeps) {
  const api = new Hono<AppEnv>({ strict: false });
  // The interactive docs (http/api-docs.ts): static, no data, so before the workspace (no token needed), as the UI.
  const docs = createApiDocs();
  api.get('/docs', (c) => docs.page(c));
  api.get('/docs/:file', (c) => {
    const file = c.req.param('file');
    const answer = docs.file(c, file);
    if (answer === null) throw new ApiError(404, `No file ${file} in the API docs.`);
    return answer;
  });
  api.use('*', resolveWorkspace(deps));
  // The test controls at the root: /reset, /seed, /settings, /fixtures, /clock.
  api.route('/', controlRoutes(deps));
  api.route('/faults', faultRoutes(deps));
  api.route('/simulate', simulateRoutes(deps));
  api.route('/messages', messageRoutes(deps));
  api.route('/wait-for', waitForRoutes(deps));
  api.route('/events', streamRoutes(deps));
  api.route('/templates', templateRoutes(deps));
  // A checks report of a mail not captured: the studio's render (checks.ts; README "Mail checks").
  api.route('/checks', checkRoutes(deps));
  // The web UI's views of the Mailcoach records (records/*.ts).
  api.route('/suppressions', suppressionRecordRoutes(deps));
  api.route('/sends', sendRecordRoutes(deps));
  api.route('/log-items', logItemRecordRoutes(deps));
  api.route('/automations', automationRecordRoutes(deps));
  api.route('/email-lists', emailListRecordRoutes(deps));
  api.route('/subscribers', subscriberRecordRoutes(deps));
  api.route('/campaigns', campaignRecordRoutes(deps));
  api.route('/campaign-templates', campaignTemplateRecordRoutes(deps));
  // Mailcoach's outgoing webhooks (webhooks.ts): configurations, their calls, and a sink to point them at.
  api.route('/webhooks', webhookRoutes(deps));
  api.route('/webhook-calls', webhookCallRoutes(deps));
  api.route('/webhook-sink', webhookSinkRoutes(deps));
  // The document is loaded on the first request for it: no start needs it.
  api.get('/openapi.json', async (c) => c.json((await import('../openapi/document.js')).openApiDocument));
  return api;
}
