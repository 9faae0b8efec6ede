/**
 * Which workspace an /_emulator request is about: the one its bearer token (or `?token=`, for EventSource and
 * links, which cannot set headers) maps to, exactly as on the Mailcoach routes; the default workspace when the
 * request names no token (a 401 when bound beyond loopback: http/local-surface.ts). A token the emulator does not
 * accept is a 401.
 */
import type { MiddlewareHandler } from 'hono';
import type { AppDeps } from '../deps.js';
import { uiTokenRequired, unauthenticated } from '../errors.js';
import { bearerToken } from '../http/auth.js';
import { requestBody } from '../http/body.js';
import type { AppEnv } from '../http/env.js';
import { readInput } from '../http/input.js';
import { tokenNeeded } from '../http/local-surface.js';

export function resolveWorkspace(deps: AppDeps): MiddlewareHandler<AppEnv> {
  const known = new Set(deps.options.tokens);
  const needToken = tokenNeeded(deps.options);
  return async (c, next) => {
    const token = bearerToken(c.req.header('authorization')) ?? c.req.query('token') ?? null;
    if (token === null && needToken) throw uiTokenRequired();
    if (token !== null && !deps.options.anyToken && !known.has(token)) throw unauthenticated();
    c.set('workspaceId', token === null ? deps.workspaces.defaultId : deps.workspaces.forToken(token));
    // Read once: the test controls read the same bytes as sent (emulator/request-body.ts), not Laravel-cleansed.
    const body = requestBody(c, deps.options.maxBodyBytes);
    // `input` (query parameters, and a DELETE's body) is for the GET and DELETE routes; a POST or PATCH reads its
    // body as JSON, so a megabyte form body sent there is not parsed for nothing (qs takes some 60 ms per 6 MB).
    const readsJsonBody = c.req.method === 'POST' || c.req.method === 'PATCH';
    c.set('input', await readInput(c.req.raw, () => body, { ignoreBody: readsJsonBody }));
    await next();
  };
}
