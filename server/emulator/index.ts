/**
 * Our own API under /_emulator (never under /api, which stays the Mailcoach surface): the inbox of captured
 * mail, wait-for, the event stream, and the test controls (reset, seed, clock, faults, simulations).
 * Always JSON, documented in openapi.ts and served at /_emulator/openapi.json.
 */
import { Hono } from 'hono';
import type { AppDeps } from '../deps.js';
import type { AppEnv } from '../http/env.js';
import { resolveWorkspace } from './workspace.js';

export function emulatorApi(deps: AppDeps) {
  const api = new Hono<AppEnv>({ strict: false });
  api.use('*', resolveWorkspace(deps));
  return api;
}
