/**
 * /api/transactional-mails/templates: index and show. Mirrors TransactionalMailTemplatesController and
 * TransactionalMailQuery (v8 src/Http/Api; docs/spec/mailcoach-reference.md#6-transactional-templates).
 */
import { Hono } from 'hono';
import type { AppDeps } from '../deps.js';
import { modelNotFound } from '../errors.js';
import type { AppEnv } from '../http/env.js';
import { laravelJson } from '../http/respond.js';
import { urlDecode } from '../http/url-decode.js';
import { respondWithIndex } from '../http/listing.js';
import { MODEL_CLASSES, templateResource } from './resources/transactional.js';

export function transactionalMailTemplateRoutes(deps: AppDeps) {
  const templates = deps.store.templates;
  return new Hono<AppEnv>()
    .get('/', (c) =>
      respondWithIndex(c, {
        // The base document: "only created_at is sortable" (Mailcoach also takes subject and id; quirks.md).
        query: {
          allowedSorts: ['created_at'],
          allowedFilters: ['uuid', 'name', 'search'],
          defaultSort: ['-created_at', '-id'],
        },
        sortColumns: { created_at: 'created_at', id: 'id' },
        filters: ({ filters }) => ({
          uuids: filters.uuid,
          names: filters.name,
          search: filters.search?.map(urlDecode),
        }),
        list: templates.list,
        present: templateResource,
      }),
    )
    .get('/:transactionalMailTemplate', (c) => {
      // Explicit binding by uuid only: a template name is a 404 here.
      const row = templates.findByUuid(c.get('workspaceId'), c.req.param('transactionalMailTemplate'));
      if (row === undefined) throw modelNotFound(MODEL_CLASSES.template);
      return laravelJson({ data: templateResource(row) });
    });
}
