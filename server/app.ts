/**
 * createApp(deps): the root Hono app. Global middleware in Laravel's order (body size, CORS, router outcomes,
 * authentication, rate limit), the Mailcoach surface under /api, our own endpoints, and the one error handler.
 */
import { Hono } from 'hono';
import { cors } from 'hono/cors';
import type { AppDeps } from './deps.js';
import { routeNotFound } from './errors.js';
import { createErrorFormatter } from './http/error-response.js';
import { authenticate, bearerToken } from './http/auth.js';
import { declaredSizeLimit, requestBody } from './http/body.js';
import type { AppEnv } from './http/env.js';
import { readInput } from './http/input.js';
import { routeGuard } from './http/route-guard.js';
import { throttle } from './http/throttle.js';
import { emulatorApi } from './emulator/index.js';
import { resolveWorkspace } from './emulator/workspace.js';
import { applyFaults } from './http/apply-faults.js';
import { mailcoachApi } from './mailcoach/index.js';
import { createLocalSurfaceCheck } from './http/local-surface.js';
import { createWebUi } from './http/web-ui.js';
import { loginPage } from './pages.js';
import { publicAudienceRoutes } from './mailcoach/public-routes.js';
import { isMailpitPath, mailpitApi, mailpitRedirect } from './mailpit/index.js';

export function createApp(deps: AppDeps) {
  const app = new Hono<AppEnv>({ strict: false });
  const formatError = createErrorFormatter({ alwaysJson: deps.options.alwaysJson, logger: deps.logger });
  app.onError(formatError);
  app.notFound((c) => formatError(routeNotFound(new URL(c.req.url).pathname), c));

  // The Mailpit surface (mailpit/index.ts) has its own rules, errors and body limits: it never reaches /api's.
  const mailpit = mailpitApi(deps);
  app.use('*', async (c, next) => {
    const path = c.req.path;
    if (isMailpitPath(path)) return mailpit.fetch(c.req.raw, c.env);
    const cleaned = mailpitRedirect(path);
    if (cleaned !== null) return c.redirect(cleaned + new URL(c.req.url).search, 301);
    return next();
  });
  app.use('*', declaredSizeLimit(deps.options.maxBodyBytes));
  // Laravel's HandleCors defaults: any origin on api/* paths, preflights answered before routing.
  const answerPreflight = cors();
  app.use('/api/*', async (c, next) => {
    const preflight = c.req.method === 'OPTIONS' && c.req.header('access-control-request-method') !== undefined;
    if (preflight) return answerPreflight(c, next);
    // A bare OPTIONS is no preflight (php-cors isPreflightRequest): the router answers it with its Allow list.
    // The headers are added to the final response only: reading `c.res` earlier makes Hono copy the handler's
    // response into a new one, which costs more than the rest of a small request.
    await next();
    const headers = c.res.headers;
    headers.set('access-control-allow-origin', '*');
    if (c.req.method === 'OPTIONS') headers.append('vary', 'Access-Control-Request-Method');
    // Symfony's default for responses without cache headers, present on every Laravel response.
    if (!headers.has('cache-control')) headers.set('cache-control', 'no-cache, private');
  });
  app.use('/api/*', routeGuard(app, '/api/'));
  app.use('/api/*', authenticate({ ...deps.options, workspaceFor: deps.workspaces.forToken }));
  if (deps.options.rateLimit !== null) app.use('/api/*', throttle(deps.options.rateLimit, deps.clock));
  app.use('/api/*', async (c, next) => {
    c.set('input', await readInput(c.req.raw, () => requestBody(c, deps.options.maxBodyBytes)));
    await next();
  });
  app.use('/api/*', applyFaults(deps));
  app.route('/api', mailcoachApi(deps));

  // Our own surface resists other web pages (DNS rebinding, CSRF) and needs a token beyond loopback.
  const checkLocalSurface = createLocalSurfaceCheck(deps.options);
  app.use('/_emulator/*', async (c, next) => {
    checkLocalSurface(c);
    await next();
  });
  // Our own API answers a wrong verb as the Mailcoach API does: 405 with the supported methods.
  app.use('/_emulator/*', routeGuard(app, '/_emulator/'));
  app.route('/_emulator', emulatorApi(deps));

  // MCP (server/mcp/http.ts, loaded on first use) under /_emulator's rules: the same guard, token and workspace.
  // Its tools call /_emulator in this process with the request's token.
  app.use('/mcp', async (c, next) => {
    checkLocalSurface(c);
    await next();
  });
  app.use('/mcp', resolveWorkspace(deps));
  app.all('/mcp', async (c) => {
    const { answerMcpRequest } = await import('./mcp/http.js');
    return answerMcpRequest(c.req.raw, await c.get('body'), {
      token: bearerToken(c.req.header('authorization')) ?? c.req.query('token') ?? null,
      fetchEmulator: async (input, init) => app.fetch(new Request(input, init)),
    });
  });

  app.get('/healthz', (c) => c.json({ status: 'ok' }));
  // The links of captured mails (a double opt-in's confirmation), public as on a real server.
  app.route('/', publicAudienceRoutes(deps));
  // Where real Mailcoach redirects unauthenticated browser-style requests (docs/spec/mailcoach-reference.md#12-authentication).
  app.get('/login', (c) => c.html(loginPage()));

  // The web UI: every other GET outside the APIs.
  const webUi = createWebUi();
  app.get('*', async (c, next) => {
    const path = webUi.pathOf(c);
    if (path === null) return next();
    checkLocalSurface(c);
    return webUi.serve(c, path) ?? formatError(routeNotFound(path), c);
  });
  return app;
}

export type App = ReturnType<typeof createApp>;
