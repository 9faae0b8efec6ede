/**
 * /api/suppressions: index, show, store, destroy. Mirrors SuppressionsController, SuppressionRequest and
 * SuppressionsQuery (v8 src/Http/Api; reference §2).
 */
import { Hono } from 'hono';
import type { AppDeps } from '../deps.js';
import { forbidden, modelNotFound } from '../errors.js';
import type { AppEnv } from '../http/env.js';
import { laravelJson, noContent } from '../http/respond.js';
import { suppress } from '../mail/suppress.js';
import { isUuid } from '../ids.js';
import { validate } from '../validation/validate.js';
import { respondWithIndex } from '../http/listing.js';
import { MODEL_CLASSES, suppressionResource } from './resources/transactional.js';
import { suppressionIndex } from './resources/indexes.js';
import { STORE_SUPPRESSION_RULES } from './rules.js';

export function suppressionRoutes(deps: AppDeps) {
  const suppressions = deps.store.suppressions;

  /** Suppression::resolveRouteBinding(): a UUID-shaped value is only ever a uuid, anything else an email. */
  const findOr404 = (workspaceId: number, value: string) => {
    const row = isUuid(value)
      ? suppressions.findByUuid(workspaceId, value)
      : suppressions.findByEmail(workspaceId, value);
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
      if (!created) return laravelJson({ data: suppressionResource(row) }, 200);
      deps.events.emit('suppressions.changed', { workspaceId, uuids: [row.uuid] });
      return laravelJson({ data: suppressionResource(row) }, 201);
    })
    .delete('/:suppression', (c) => {
      const row = findOr404(c.get('workspaceId'), c.req.param('suppression'));
      // decisions.md: the hosted service's rule, unless the self-hosted behaviour is switched on.
      if (row.reason === 'spam_complaint' && !deps.options.allowSpamComplaintDeletion) {
        throw forbidden('Suppressions with reason spam_complaint cannot be deleted.');
      }
      suppressions.delete(row.id);
      deps.events.emit('suppressions.changed', { workspaceId: row.workspace_id, uuids: [row.uuid] });
      return noContent();
    });
}
