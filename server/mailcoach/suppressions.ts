/**
 * /api/suppressions: index, show, store, destroy. Mirrors SuppressionsController, SuppressionRequest and
 * SuppressionsQuery (v8 src/Http/Api; docs/spec/mailcoach-reference.md#2-suppressions).
 */
import { Hono } from 'hono';
import type { AppDeps } from '../deps.js';
import { findSuppression, suppress, unsuppress } from '../audience/suppressions.js';
import { modelNotFound } from '../errors.js';
import type { AppEnv } from '../http/env.js';
import { laravelJson, noContent } from '../http/respond.js';
import { validate } from '../validation/validate.js';
import { respondWithIndex } from '../http/listing.js';
import { MODEL_CLASSES, suppressionResource } from './resources/transactional.js';
import { suppressionIndex } from './resources/indexes.js';
import { STORE_SUPPRESSION_RULES } from './request-rules.js';

export function suppressionRoutes(deps: AppDeps) {
  const findOr404 = (workspaceId: number, value: string) => {
    const row = findSuppression(deps.store, workspaceId, value);
    if (row === undefined) throw modelNotFound(MODEL_CLASSES.suppression, value);
    return row;
  };

  return new Hono<AppEnv>()
    .get('/', (c) => respondWithIndex(c, suppressionIndex(deps, suppressionResource)))
    .get('/:suppression', (c) =>
      laravelJson({ data: suppressionResource(findOr404(c.get('workspaceId'), c.req.param('suppression'))) }),
    )
    .post('/', (c) => {
      const input = c.get('input');
      validate(input, STORE_SUPPRESSION_RULES);
      const workspaceId = c.get('workspaceId');
      // Suppression::fromAdmin(): firstOrCreate keyed on email; an existing row comes back unchanged with 200.
      const { row, created } = suppress(deps, workspaceId, input.email as string, 'manual', 'api');
      return laravelJson({ data: suppressionResource(row) }, created ? 201 : 200);
    })
    .delete('/:suppression', (c) => {
      unsuppress(deps, findOr404(c.get('workspaceId'), c.req.param('suppression')));
      return noContent();
    });
}
