/** /api/sends: index, show, destroy. Mirrors SendsController and SendsQuery (v8 src/Http/Api; reference §3). */
import { Hono } from 'hono';
import type { AppDeps } from '../deps.js';
import type { SendRow } from '../db/rows.js';
import { SEND_OWNER_FILTERS, type SendFilters } from '../db/sends-store.js';
import { modelNotFound } from '../errors.js';
import type { AppEnv } from '../http/env.js';
import { laravelJson, noContent } from '../http/respond.js';
import { respondWithIndex, type IndexSpec } from './listing.js';
import { MODEL_CLASSES, sendResource } from './resources.js';

/** SendsQuery: the owner filters, sort by sent_at. Shared with the web UI's list (GET /_emulator/sends). */
export function sendIndex<Shown>(deps: AppDeps, present: (row: SendRow) => Shown): IndexSpec<SendRow, SendFilters> {
  return {
    query: { allowedSorts: ['sent_at'], allowedFilters: [...SEND_OWNER_FILTERS], defaultSort: ['-sent_at'] },
    sortColumns: { sent_at: 'sent_at' },
    // The filters are callbacks typed `string` in Mailcoach, so a comma there is a 500; we match any of the
    // values instead (quirks.md).
    filters: ({ filters }) => Object.fromEntries(SEND_OWNER_FILTERS.flatMap((name) => (filters[name] ? [[name, filters[name]]] : []))),
    list: deps.store.sends.list,
    present,
    withMetaLinks: true,
  };
}

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
