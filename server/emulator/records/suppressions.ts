/**
 * GET /_emulator/suppressions: GET /api/suppressions's answer (the same query code), each row with `origin`, why the
 * emulator holds it (rows.ts SUPPRESSION_ORIGINS); POST adds one as the API does, DELETE removes one under the
 * API's spam-complaint rule. The web UI's view (issue 14): no API token needed.
 */
import { Hono } from 'hono';
import type { AppDeps } from '../../deps.js';
import type { SuppressionRow } from '../../db/rows.js';
import { ApiError } from '../../errors.js';
import { isUuid } from '../../ids.js';
import { suppress } from '../../mail/suppress.js';
import type { Input } from '../../validation/input.js';
import { validate } from '../../validation/validate.js';
import { readJsonObject } from '../request-body.js';
import type { AppEnv } from '../../http/env.js';
import { cleanse } from '../../http/input.js';
import { respondWithIndex } from '../../http/listing.js';
import { suppressionResource } from '../../mailcoach/resources/transactional.js';
import { suppressionIndex } from '../../mailcoach/resources/indexes.js';
import { STORE_SUPPRESSION_RULES } from '../../mailcoach/rules.js';

export function suppressionRecordRoutes(deps: AppDeps) {
  const suppressions = suppressionIndex(deps, (row) => ({ ...suppressionResource(row), origin: row.origin }));
  const findSuppression = (workspaceId: number, key: string) => {
    const row = isUuid(key)
      ? deps.store.suppressions.findByUuid(workspaceId, key)
      : deps.store.suppressions.findByEmail(workspaceId, key);
    if (row === undefined) throw new ApiError(404, `No suppression ${key} in this workspace.`);
    return row;
  };
  const withOrigin = (row: SuppressionRow) => ({ ...suppressionResource(row), origin: row.origin });
  return new Hono<AppEnv>()
    .get('/', (c) => respondWithIndex(c, suppressions))
    .post('/', async (c) => {
      const workspaceId = c.get('workspaceId');
      // The API's rules on the API's reading of the input (trimmed, "" as null): the UI gets the answer an app would.
      const input = cleanse(await readJsonObject(c)) as Input;
      validate(input, STORE_SUPPRESSION_RULES);
      const { row, created } = suppress(deps, workspaceId, input.email as string, 'manual', 'emulator');
      if (created) deps.events.emit('suppressions.changed', { workspaceId, uuids: [row.uuid] });
      return c.json(withOrigin(row), created ? 201 : 200);
    })
    .delete('/:suppression', (c) => {
      const row = findSuppression(c.get('workspaceId'), c.req.param('suppression'));
      // The API's rule (decisions.md), the same text: the UI shows what an app would get.
      if (row.reason === 'spam_complaint' && !deps.options.allowSpamComplaintDeletion) {
        throw new ApiError(403, 'Suppressions with reason spam_complaint cannot be deleted.');
      }
      deps.store.suppressions.delete(row.id);
      deps.events.emit('suppressions.changed', { workspaceId: row.workspace_id, uuids: [row.uuid] });
      return c.body(null, 204);
    });
}
