/**
 * /api/suppressions: index, show, store, destroy. Mirrors SuppressionsController, SuppressionRequest and
 * SuppressionsQuery (v8 src/Http/Api; reference §2).
 */
import { Hono } from 'hono';
import type { AppDeps } from '../deps.js';
import { forbidden, modelNotFound } from '../errors.js';
import type { AppEnv } from '../http/env.js';
import { laravelJson, noContent } from '../http/respond.js';
import { urlDecode } from '../http/url-decode.js';
import { toEpochSeconds } from '../http/timestamps.js';
import { isUuid } from '../ids.js';
import { email, required } from '../validation/rules.js';
import { validate, type RuleSet } from '../validation/validate.js';
import { respondWithIndex } from './listing.js';
import { MODEL_CLASSES, suppressionResource } from './resources.js';

/** SuppressionRequest: `reason` is not a rule, so a client cannot choose it. */
const STORE_RULES: RuleSet = [['email', [required, email()]]];

export function suppressionRoutes(deps: AppDeps) {
  const suppressions = deps.store.suppressions;

  /** Suppression::resolveRouteBinding(): a UUID-shaped value is only ever a uuid, anything else an email. */
  const findOr404 = (workspaceId: number, value: string) => {
    const row = isUuid(value) ? suppressions.findByUuid(workspaceId, value) : suppressions.findByEmail(workspaceId, value);
    if (row === undefined) throw modelNotFound(MODEL_CLASSES.suppression, value);
    return row;
  };

  return new Hono<AppEnv>()
    .get('/', (c) =>
      respondWithIndex(c, {
        query: { allowedSorts: ['created_at'], allowedFilters: ['search', 'reason'] },
        sortColumns: { created_at: 'created_at' },
        filters: ({ filters }) => ({ search: filters.search?.map(urlDecode), reasons: filters.reason }),
        list: suppressions.list,
        present: suppressionResource,
      }),
    )
    .get('/:suppression', (c) =>
      laravelJson({ data: suppressionResource(findOr404(c.get('workspaceId'), c.req.param('suppression'))) }),
    )
    .post('/', (c) => {
      const input = c.get('input');
      validate(input, STORE_RULES);
      const workspaceId = c.get('workspaceId');
      // Suppression::fromAdmin(): firstOrCreate keyed on email; an existing row comes back unchanged with 200.
      const existing = suppressions.findByEmail(workspaceId, input.email as string);
      if (existing !== undefined) return laravelJson({ data: suppressionResource(existing) }, 200);
      const now = toEpochSeconds(deps.clock());
      const row = suppressions.insert({
        workspace_id: workspaceId, uuid: deps.ids(), email: input.email as string, reason: 'manual',
        created_at: now, updated_at: now,
      });
      return laravelJson({ data: suppressionResource(row) }, 201);
    })
    .delete('/:suppression', (c) => {
      const row = findOr404(c.get('workspaceId'), c.req.param('suppression'));
      // decisions.md: the hosted service's rule, unless the self-hosted behaviour is switched on.
      if (row.reason === 'spam_complaint' && !deps.options.allowSpamComplaintDeletion) {
        throw forbidden('Suppressions with reason spam_complaint cannot be deleted.');
      }
      suppressions.delete(row.id);
      return noContent();
    });
}
