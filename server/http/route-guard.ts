/**
 * Laravel's router outcomes that come before any middleware (docs/spec/mailcoach-reference.md#11-mounting-and-middleware): an unknown path is a 404, a known
 * path with another verb is a 405 listing the supported ones, and a bare OPTIONS is answered with them.
 * The route table is read from the Hono app itself, so it can never disagree with the routes registered.
 */
import { BoundedCache } from '../bounded-cache.js';
import type { MiddlewareHandler, RouterRoute } from 'hono/types';
import { methodNotAllowed, routeNotFound } from '../errors.js';

/** Router::$verbs order, which Laravel uses when it lists supported methods. */
const VERBS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

interface CompiledRoute {
  method: string;
  pattern: RegExp;
}

/** Paths remembered with their methods; a busy client uses few (the send route, a page of a list). */
const rememberedPaths = { maxEntries: 1_000, maxKeyLength: 1_000 };

export function routeGuard(app: { routes: RouterRoute[] }, prefix: string): MiddlewareHandler {
  let routes: CompiledRoute[] | null = null;
  /** By the URL's raw path: its pathname (what `new URL` makes of it) and the methods routed there. */
  const remembered = new BoundedCache<{ path: string; methods: string[] }>(rememberedPaths);
  const routeOf = (url: string): { path: string; methods: string[] } => {
    const key = rawPath(url);
    let route = remembered.get(key);
    if (route === undefined) {
      routes ??= compileRoutes(app, prefix);
      const path = new URL(url).pathname;
      route = { path, methods: supportedMethods(routes, path) };
      remembered.set(key, route);
    }
    return route;
  };
  return async (c, next) => {
    const { path, methods } = routeOf(c.req.url);
    const method = c.req.method;
    if (methods.length === 0) throw routeNotFound(path);
    if (method === 'OPTIONS') {
      // AbstractRouteCollection::getRouteForMethods(): an empty 200 with the methods joined by bare commas.
      return c.body(null, 200, { allow: methods.join(',') });
    }
    if (!methods.includes(method)) throw methodNotAllowed(method, path, methods);
    await next();
  };
}

/** `/api/x` of `http://host/api/x?y`: a cache key only; the path itself comes from `new URL` once per key. */
function rawPath(url: string): string {
  const start = url.indexOf('/', url.indexOf('//') + 2);
  if (start === -1) return '/';
  const end = url.search(/[?#]/);
  return url.slice(start, end === -1 ? undefined : end);
}

function compileRoutes(app: { routes: RouterRoute[] }, prefix: string): CompiledRoute[] {
  return app.routes
    .filter((route) => route.method !== 'ALL' && route.path.startsWith(prefix))
    .map((route) => ({ method: route.method, pattern: pathPattern(route.path) }));
}

/** Hono's `/api/sends/:send` as a regex; a trailing slash is optional, as in Laravel. */
function pathPattern(path: string): RegExp {
  const source = path
    .replace(/\/+$/, '')
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${source}/?$`);
}

function supportedMethods(routes: CompiledRoute[], path: string): string[] {
  const matched = new Set(routes.filter((route) => route.pattern.test(path)).map((route) => route.method));
  if (matched.has('GET')) matched.add('HEAD');
  return VERBS.filter((verb) => matched.has(verb));
}
