/** /api/sends: index, show, destroy. Mirrors SendsController and SendsQuery (v8 src/Http/Api; docs/spec/mailcoach-reference.md#3-sends). */
import { Hono } from 'hono';
import { deleteSend } from '../campaigns/delete-send.js';
import type { AppDeps } from '../deps.js';
import type { AppEnv } from '../http/env.js';
import { laravelJson, noContent } from '../http/respond.js';
import { respondWithIndex } from '../http/listing.js';
import { sendResource } from './resources/transactional.js';
import { sendIndex } from './resources/indexes.js';
import { findSend } from './bindings.js';

export function sendRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .get('/', (c) => respondWithIndex(c, sendIndex(deps, sendResource)))
    .get('/:send', (c) => laravelJson({ data: sendResource(findSend(deps, c)) }))
    .delete('/:send', (c) => {
      deleteSend(deps, findSend(deps, c));
      return noContent();
    });
}
