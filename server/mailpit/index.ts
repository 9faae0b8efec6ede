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
import { applicationRoutes } from './application.js';
import { chaosRoutes } from './chaos.js';
import { checksRoutes } from './checks.js';
import type { MailpitEnv } from './env.js';
import { mailpitCaller } from './surface.js';
import { messageRoutes } from './message.js';
import { messagesRoutes } from './messages.js';
import { searchRoutes } from './search.js';
import { sendRoutes } from './send.js';
import { tagsRoutes } from './tags.js';
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
  // Go's ServeMux: a known path asked with another method is a 405 naming the methods it has (a GET route
  // answers HEAD too); any other path falls to the embedded-file handler's 404. Answered, not thrown: a throw
  // from notFound skips the middleware's ending (mailpitCaller's CORS headers).
  api.notFound((c) => {
    const allowed = allowedMethods(api.routes, c.req.path);
    if (allowed.length > 0)
      return formatError(mailpitError(405, 'Method Not Allowed\n', { allow: allowed.join(', ') }), c);
    return formatError(mailpitError(404, 'File not found\n'), c);
  });
  api.get('/livez', (c) => c.body(null, 200));
  api.get('/readyz', (c) => c.body(null, 200));
  api.use('*', mailpitCaller(deps));
  // Mailpit's GetOptions: any OPTIONS under /api/v1 is a 200 with an empty text/plain body.
  api.options('/api/v1/*', () => new Response('', { headers: { 'content-type': 'text/plain' } }));
  api.route('/', messagesRoutes(deps));
  api.route('/', searchRoutes(deps));
  api.route('/', applicationRoutes(deps));
  api.route('/', chaosRoutes(deps));
  api.route('/', messageRoutes(deps));
  api.route('/', checksRoutes(deps));
  api.route('/', viewRoutes(deps));
  api.route('/api/v1', sendRoutes(deps));
  api.route('/api/v1', tagsRoutes(deps));
  return api;
}

/** The methods the routes answer for a path, sorted as Go's ServeMux lists them in `Allow`; [] for none. */
function allowedMethods(routes: readonly { method: string; path: string }[], path: string): string[] {
  const methods = new Set<string>();
  for (const route of routes) {
    if (route.method === 'ALL' || route.method === 'OPTIONS' || !routePattern(route.path).test(path)) continue;
    methods.add(route.method);
    if (route.method === 'GET') methods.add('HEAD');
  }
  return [...methods].sort();
}

/** A Hono route path (`/api/v1/message/:id`, `/api/v1/*`) as a regular expression over request paths. */
function routePattern(path: string): RegExp {
  const source = path
    .split('/')
    .map((segment) => {
      if (segment === '*') return '.*';
      if (segment.startsWith(':')) return '[^/]+';
      return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('/');
  return new RegExp(`^${source}$`);
}
