/**
 * /api/transactional-mails: the log index, show and resend (reference §5). Mirrors TransactionalMailsController,
 * ResendTransactionalMailController and TransactionalMailLogItemQuery (v8 src/Http/Api).
 */
import { Hono } from 'hono';
import type { AppDeps } from '../deps.js';
import { modelNotFound } from '../errors.js';
import type { AppEnv } from '../http/env.js';
import { laravelJson, noContent } from '../http/respond.js';
import { urlDecode } from '../http/url-decode.js';
import { respondWithIndex } from './listing.js';
import { logItemResource, MODEL_CLASSES } from './resources.js';

export function transactionalMailRoutes(deps: AppDeps) {
  const logItems = deps.store.logItems;

  /** Explicit binding by uuid: `GET /api/transactional-mails/send` lands here too, and is this 404. */
  const findOr404 = (workspaceId: number, uuid: string) => {
    const row = logItems.findByUuid(workspaceId, uuid);
    if (row === undefined) throw modelNotFound(MODEL_CLASSES.logItem);
    return row;
  };

  return new Hono<AppEnv>()
    .get('/', (c) =>
      respondWithIndex(c, {
        query: {
          allowedSorts: ['subject', 'created_at', 'id'],
          allowedFilters: ['search', 'transport_message_id'],
          defaultSort: ['-created_at', '-id'],
        },
        sortColumns: { subject: 'subject', created_at: 'created_at', id: 'id' },
        filters: ({ filters }) => ({
          search: filters.search?.map(urlDecode),
          transportMessageIds: filters.transport_message_id,
        }),
        list: logItems.list,
        present: logItemResource,
      }),
    )
    .get('/:transactionalMail', (c) =>
      laravelJson({ data: logItemResource(findOr404(c.get('workspaceId'), c.req.param('transactionalMail'))) }),
    )
    .post('/:transactionalMail/resend', (c) => {
      findOr404(c.get('workspaceId'), c.req.param('transactionalMail'));
      // The resend capture arrives with the send pipeline; the status and the lookup are final already.
      return noContent();
    });
}
