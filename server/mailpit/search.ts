/**
 * `/api/v1/search`: Mailpit's search and delete-by-search (docs/spec/mailpit-api.md#232-get-apiv1search--search,
 * docs/spec/mailpit-api.md#2310-delete-apiv1search), in its language (search/mailpit-query.ts): never a 4xx but
 * for an empty query.
 */
import { Hono } from 'hono';
import type { AppDeps } from '../deps.js';
import { mailpitError } from '../errors.js';
import { deleteMailpitMatches } from '../mail/mailpit-inbox-writes.js';
import { compileMailpitQuery, parseMailpitDate } from '../search/mailpit-query.js';
import { readyMailpitSearch } from '../search/mailpit-search-index.js';
import { mailpitJson, mailpitOk } from './answers.js';
import type { MailpitEnv } from './env.js';
import { limitParameter, messagesSummary, startParameter } from './paging.js';

export function searchRoutes(deps: AppDeps) {
  const routes = new Hono<MailpitEnv>();

  routes.get('/api/v1/search', async (c) => {
    const query = searchQuery(c.req.query('query'));
    const workspaceId = c.get('workspaceId');
    const tz = c.req.query('tz');
    const where = compileMailpitQuery(query, tz);
    await readyMailpitSearch(deps, where);
    const limit = limitParameter(c.req.query('limit'));
    const start = startParameter(c.req.query('start'));
    const before = c.req.query('before');
    // limit=0 returns no message here (the list's 0 is all): the counts still count the matches.
    const page = deps.store.mailpit.page(workspaceId, {
      where,
      beforeMs: before === undefined ? null : parseMailpitDate(before.trim(), tz),
      start,
      limit,
    });
    return mailpitJson(
      messagesSummary(deps.store.mailpit.totals(workspaceId), page, start, 'search', {
        store: deps.store.messageTags,
        workspaceId,
      }),
    );
  });

  routes.delete('/api/v1/search', async (c) => {
    const where = compileMailpitQuery(searchQuery(c.req.query('query')), c.req.query('tz'));
    await readyMailpitSearch(deps, where);
    deleteMailpitMatches(deps, c.get('workspaceId'), where);
    return mailpitOk();
  });

  return routes;
}

/** The query, trimmed; an empty one is Mailpit's one search error. */
function searchQuery(value: string | undefined): string {
  const query = value?.trim() ?? '';
  if (query === '') throw mailpitError(400, 'Error: no search query');
  return query;
}
