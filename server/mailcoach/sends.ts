/** /api/sends: index, show, destroy. Mirrors SendsController and SendsQuery (v8 src/Http/Api; reference §3). */
import { Hono } from 'hono';
import type { AppDeps } from '../deps.js';
import { modelNotFound } from '../errors.js';
import type { AppEnv } from '../http/env.js';
import { laravelJson, noContent } from '../http/respond.js';
import { respondWithIndex } from '../http/listing.js';
import { MODEL_CLASSES, sendResource } from './resources/transactional.js';
import { sendIndex } from './resources/indexes.js';

export function sendRoutes(deps: AppDeps) {
  const sends = deps.store.sends;

  /** Explicit binding Route::model('send'): by uuid only, and a 404 without the value. */
  const findOr404 = (workspaceId: number, uuid: string) => {
    const row = sends.findByUuid(workspaceId, uuid);
    if (row === undefined) throw modelNotFound(MODEL_CLASSES.send);
    return row;
  };

  return new Hono<AppEnv>()
    .get('/', (c) => respondWithIndex(c, sendIndex(deps, sendResource)))
    .get('/:send', (c) => laravelJson({ data: sendResource(findOr404(c.get('workspaceId'), c.req.param('send'))) }))
    .delete('/:send', (c) => {
      const send = findOr404(c.get('workspaceId'), c.req.param('send'));
      sends.delete(send.id);
      deps.events.emit('sends.changed', { workspaceId: send.workspace_id, uuids: [send.uuid] });
      return noContent();
    });
}
