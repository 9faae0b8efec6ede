/**
 * GET /_emulator/suppressions: GET /api/suppressions's answer (the same query code), each row with `origin`, why the
 * emulator holds it (rows.ts SUPPRESSION_ORIGINS); POST adds one as the API does, DELETE removes one under the
 * API's spam-complaint rule. The web UI's view: no API token needed.
 */
import { Hono } from 'hono';
import type { AppDeps } from '../../deps.js';
import { findSuppression, suppress, unsuppress } from '../../audience/suppressions.js';
import type { SuppressionRow } from '../../db/rows.js';
import { ApiError } from '../../errors.js';
import type { Input } from '../../validation/input.js';
import { validate } from '../../validation/validate.js';
import { readJsonObject } from '../request-body.js';
import type { AppEnv } from '../../http/env.js';
import { cleanse } from '../../http/input.js';
import { respondWithIndex } from '../../http/listing.js';
import { suppressionResource } from '../../mailcoach/resources/transactional.js';
import { suppressionIndex } from '../../mailcoach/resources/indexes.js';
import { STORE_SUPPRESSION_RULES } from '../../mailcoach/request-rules.js';
import type { SuppressionWithOrigin } from '../schemas/records.js';

export function suppressionRecordRoutes(deps: AppDeps) {
  const findOr404 = (workspaceId: number, key: string) => {
    const row = findSuppression(deps.store, workspaceId, key);
    if (row === undefined) throw new ApiError(404, `No suppression ${key} in this workspace.`);
    return row;
  };
  const withOrigin = (row: SuppressionRow): SuppressionWithOrigin => ({
    ...suppressionResource(row),
    origin: row.origin,
  });
  const suppressions = suppressionIndex(deps, withOrigin);
  return new Hono<AppEnv>()
    .get('/', (c) => respondWithIndex(c, suppressions))
    .post('/', async (c) => {
      const workspaceId = c.get('workspaceId');
      // The API's rules on the API's reading of the input (trimmed, "" as null): the UI gets the answer an app would.
      const input = cleanse(await readJsonObject(c)) as Input;
      validate(input, STORE_SUPPRESSION_RULES);
      const { row, created } = suppress(deps, workspaceId, input.email as string, 'manual', 'emulator');
      return c.json(withOrigin(row), created ? 201 : 200);
    })
    .delete('/:suppression', (c) => {
      // The API's rule and wording (unsuppress()): the UI shows what an app would get.
      unsuppress(deps, findOr404(c.get('workspaceId'), c.req.param('suppression')));
      return c.body(null, 204);
    });
}
