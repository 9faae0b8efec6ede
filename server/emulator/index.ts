/**
 * Our own API under /_emulator (never under /api, which stays the Mailcoach surface): the inbox of captured
 * mail, wait-for, the event stream, and the test controls (reset, seed, clock, faults, simulations).
 * Always JSON, documented in openapi.ts and served at /_emulator/openapi.json (and as interactive docs at
 * /_emulator/docs).
 */
import { Hono } from 'hono';
import type { AppDeps } from '../deps.js';
import { ApiError } from '../errors.js';
import { createApiDocs } from '../http/api-docs.js';
import type { AppEnv } from '../http/env.js';
import { controlRoutes } from './controls.js';
import { faultRoutes } from './faults.js';
import { messageRoutes } from './messages.js';
import { simulateRoutes } from './simulate.js';
import { streamRoutes } from './stream.js';
import { recordListRoutes } from './records.js';
import { templateRoutes } from './templates.js';
import { waitForRoutes } from './wait-for.js';
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
  api.route('/', controlRoutes(deps));
  api.route('/', faultRoutes(deps));
  api.route('/', simulateRoutes(deps));
  api.route('/', messageRoutes(deps));
  api.route('/', waitForRoutes(deps));
  api.route('/', streamRoutes(deps));
  api.route('/', templateRoutes(deps));
  api.route('/', recordListRoutes(deps));
  // The document is loaded on the first request for it: no start needs it.
  api.get('/openapi.json', async (c) => c.json((await import('./openapi.js')).openApiDocument));
  return api;
}
