/**
 * The Mailpit surface (docs/spec/mailpit-api.md): Mailpit 1.30's API under /api/v1, its message views under /view,
 * /livez and /readyz, so that Mailpit's test helpers and hand-written Mailpit suites run unchanged against the
 * emulator. Its own app, dispatched to by app.ts before the Mailcoach middleware of /api (Mailcoach has no
 * /api/v1), with its own error shapes (http/error-response.ts createMailpitErrorFormatter) and caller rules
 * (surface.ts). The websocket /api/events is served beside Hono (events-socket.ts).
 */
import { Hono } from 'hono';
import type { AppDeps } from '../deps.js';
import { mailpitError } from '../errors.js';
import { createMailpitErrorFormatter } from '../http/error-response.js';
import { chaosRoutes } from './chaos.js';
import type { MailpitEnv } from './env.js';
import { checksRoutes } from './checks.js';
import { messageRoutes } from './message.js';
import { mailpitCaller } from './surface.js';
import { viewRoutes } from './view.js';

/** Whether a path belongs to the Mailpit surface. */
export function isMailpitPath(path: string): boolean {
  return (
    path === '/api/v1' ||
    path.startsWith('/api/v1/') ||
    path === '/api/events' ||
    path.startsWith('/view/') ||
    path === '/livez' ||
    path === '/readyz'
  );
}

/**
 * Go's ServeMux answers a path with `//`, `/./` or `/../` with a 301 to the cleaned path (cypress-mailpit asks for
 * `//view/{id}.html`): the cleaned path when it differs and is the Mailpit surface's, else null.
 */
export function mailpitRedirect(path: string): string | null {
  if (!/\/\/|\/\.\.?(\/|$)/.test(path)) return null;
  const segments: string[] = [];
  for (const segment of path.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') segments.pop();
    else segments.push(segment);
  }
  const trailing = path.endsWith('/') && segments.length > 0 ? '/' : '';
  const cleaned = `/${segments.join('/')}${trailing}`;
  return cleaned !== path && isMailpitPath(cleaned) ? cleaned : null;
}

export function mailpitApi(deps: AppDeps) {
  const api = new Hono<MailpitEnv>({ strict: true });
  const formatError = createMailpitErrorFormatter(deps.logger);
  api.onError(formatError);
  // Go's ServeMux for a GET it has no route for: the embedded-file handler's 404. Answered, not thrown: a throw
  // from notFound skips the middleware's ending (mailpitCaller's CORS headers).
  api.notFound((c) => formatError(mailpitError(404, 'File not found\n'), c));
  api.get('/livez', (c) => c.body(null, 200));
  api.get('/readyz', (c) => c.body(null, 200));
  api.use('*', mailpitCaller(deps));
  api.route('/', chaosRoutes(deps));
  api.route('/', messageRoutes(deps));
  api.route('/', checksRoutes(deps));
  api.route('/', viewRoutes(deps));
  return api;
}
