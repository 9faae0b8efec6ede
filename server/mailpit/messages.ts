/**
 * `/api/v1/messages`: the list, the read state and deletes
 * (docs/spec/mailpit-api.md#231-get-apiv1messages--list, docs/spec/mailpit-api.md#238-put-apiv1messages--read-status,
 * docs/spec/mailpit-api.md#239-delete-apiv1messages).
 */
import { Hono } from 'hono';
import type { AppDeps } from '../deps.js';
import { mailpitError } from '../errors.js';
import {
  deleteEveryMailpitMessage,
  deleteMailpitMessages,
  type MailpitReadTarget,
  setMailpitRead,
} from '../mail/mailpit-inbox-writes.js';
import { fillMailpitFacts } from '../search/mailpit-facts-backfill.js';
import { compileMailpitQuery, parseMailpitDate } from '../search/mailpit-query.js';
import { readyMailpitSearch } from '../search/mailpit-search-index.js';
import { mailpitJson, mailpitOk } from './answers.js';
import type { MailpitEnv } from './env.js';
import { uuidFromMailpitId } from './ids.js';
import { readGoJson } from './json-body.js';
import { limitParameter, messagesSummary, startParameter } from './paging.js';

export function messagesRoutes(deps: AppDeps) {
  const routes = new Hono<MailpitEnv>();

  routes.get('/api/v1/messages', async (c) => {
    await fillMailpitFacts(deps.store);
    const workspaceId = c.get('workspaceId');
    const limit = limitParameter(c.req.query('limit'));
    // limit=0 is every message, and then start is not used.
    const start = limit === 0 ? 0 : startParameter(c.req.query('start'));
    const before = c.req.query('before');
    const page = deps.store.mailpit.page(workspaceId, {
      where: null,
      beforeMs: before === undefined ? null : parseMailpitDate(before.trim(), c.req.query('tz')),
      start,
      limit: limit === 0 ? null : limit,
    });
    return mailpitJson(
      messagesSummary(deps.store.mailpit.totals(workspaceId), page, start, 'list', {
        store: deps.store.messageTags,
        workspaceId,
      }),
    );
  });

  routes.put('/api/v1/messages', async (c) => {
    const body = await readGoJson(c, { IDs: { array: 'string' }, Read: 'bool', Search: 'string' });
    if (!body.ok) throw mailpitError(400, body.error);
    const { IDs: ids, Read: read, Search: search } = body.value;
    if (ids.length > 0 && search !== '') {
      throw mailpitError(400, 'You may specify either IDs or a search query, not both');
    }
    let target: MailpitReadTarget = 'all';
    if (search !== '') {
      const where = compileMailpitQuery(search, c.req.query('tz'));
      await readyMailpitSearch(deps, where);
      target = { where };
    } else if (ids.length > 0) {
      target = { uuids: knownUuids(ids) };
    }
    setMailpitRead(deps, c.get('workspaceId'), read, target);
    return mailpitOk();
  });

  routes.delete('/api/v1/messages', async (c) => {
    // No body, a body that is not JSON, and no IDs all delete every message, as Mailpit does.
    const body = await readGoJson(c, { IDs: { array: 'string' } });
    const ids = body.ok ? body.value.IDs : [];
    if (ids.length === 0) await deleteEveryMailpitMessage(deps, c.get('workspaceId'));
    else deleteMailpitMessages(deps, c.get('workspaceId'), knownUuids(ids));
    return mailpitOk();
  });

  return routes;
}

/** The uuids of the IDs given in either form; one that is neither names no message, and is ignored. */
function knownUuids(ids: string[]): string[] {
  return ids.map(uuidFromMailpitId).filter((uuid): uuid is string => uuid !== null);
}
