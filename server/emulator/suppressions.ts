/**
 * GET /_emulator/suppressions: the web UI's suppressions page. The Mailcoach list (GET /api/suppressions) with
 * the same filters, sorts and pages, each row with `origin`, why the emulator holds it (rows.ts SUPPRESSION_ORIGINS),
 * which Mailcoach's resource has no room for.
 */
import { Hono } from 'hono';
import type { AppDeps } from '../deps.js';
import type { AppEnv } from '../http/env.js';
import { respondWithIndex } from '../mailcoach/listing.js';
import { suppressionResource } from '../mailcoach/resources.js';
import { suppressionIndex } from '../mailcoach/suppressions.js';

export function suppressionListRoutes(deps: AppDeps) {
  const spec = suppressionIndex(deps, (row) => ({ ...suppressionResource(row), origin: row.origin }));
  return new Hono<AppEnv>().get('/suppressions', (c) => respondWithIndex(c, spec));
}
