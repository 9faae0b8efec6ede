/**
 * Who may use the Mailpit surface (/api/v1, /view, /api/events), and which workspace a request is about
 * (docs/spec/mailpit-api.md#21-global-behaviour-applies-to-every-endpoint-below, quirks.md "Mailpit surface"):
 * - Mailpit's Origin rule: a request whose Origin is not the Host it was sent to gets 403 `Blocked due to CORS
 *   violation`; an allowed one gets Mailpit's CORS headers. (Browsers send an Origin with every cross-origin
 *   fetch, form post and websocket, so this is the CSRF guard too.)
 * - Our DNS-rebinding guard, as on /_emulator (http/local-surface.ts): Mailpit has none, but a compose service
 *   name (one label) passes it, so `http://mailpit:8025` works unchanged.
 * - Credentials: when no token is needed (bound to loopback, or --ui-token off as in Docker) Mailpit ignores the
 *   Authorization header, and so do we, beyond reading the Basic user. When one is needed, HTTP Basic with an
 *   accepted token as the password (as SMTP AUTH), or a Bearer token; otherwise 401 as Mailpit's --ui-auth-file.
 *   With --isolate the token picks the workspace.
 * Written over plain headers so that the websocket upgrade, which never reaches Hono, applies the same rules.
 */
import type { MiddlewareHandler } from 'hono';
import type { AppDeps } from '../deps.js';
import { mailpitError } from '../errors.js';
import { bearerToken } from '../http/auth.js';
import { createHostCheck, tokenNeeded } from '../http/local-surface.js';
import type { MailpitEnv } from './env.js';

export interface MailpitCaller {
  workspaceId: number;
  basicUser: string;
  /** Mailpit's CORS headers for an allowed Origin (empty without one). */
  corsHeaders: Record<string, string>;
}

type HeaderOf = (name: string) => string | undefined;

/** Returns the caller of a request with these headers, or throws the 401 or 403 Mailpit would answer. */
export function createMailpitCallerCheck(
  deps: Pick<AppDeps, 'options' | 'workspaces'>,
): (header: HeaderOf) => MailpitCaller {
  const checkHost = createHostCheck(deps.options);
  const needToken = tokenNeeded(deps.options);
  const known = new Set(deps.options.tokens);
  const accepted = (token: string) => deps.options.anyToken || known.has(token);
  return (header) => {
    const host = header('host') ?? '';
    checkHost(host);
    const origin = header('origin');
    const corsHeaders: Record<string, string> = {};
    if (origin !== undefined) {
      if (originHost(origin) !== host.toLowerCase()) throw mailpitError(403, 'Blocked due to CORS violation\n');
      corsHeaders['access-control-allow-origin'] = origin;
      corsHeaders['access-control-allow-methods'] = 'GET, POST, DELETE, PUT, OPTIONS';
      corsHeaders['access-control-allow-headers'] = '*';
    }
    const authorization = header('authorization');
    const basic = basicCredentials(authorization);
    const token = basic?.password ?? bearerToken(authorization);
    if (needToken && (token === null || token === '' || !accepted(token))) {
      throw mailpitError(401, 'Unauthorized.\n', { 'www-authenticate': 'Basic realm="Login"' });
    }
    const ownWorkspace = token !== null && token !== '' && accepted(token);
    return {
      workspaceId: ownWorkspace ? deps.workspaces.forToken(token) : deps.workspaces.defaultId,
      basicUser: basic?.user ?? '',
      corsHeaders,
    };
  };
}

/** The middleware form of the check: sets the workspace and Basic user, and adds the CORS headers to the answer. */
export function mailpitCaller(deps: Pick<AppDeps, 'options' | 'workspaces'>): MiddlewareHandler<MailpitEnv> {
  const check = createMailpitCallerCheck(deps);
  return async (c, next) => {
    const caller = check((name) => c.req.header(name));
    c.set('workspaceId', caller.workspaceId);
    c.set('basicUser', caller.basicUser);
    await next();
    for (const [name, value] of Object.entries(caller.corsHeaders)) c.res.headers.set(name, value);
  };
}

/** The host:port of an Origin, lower-cased; '' for one that does not parse (`null`). */
function originHost(origin: string): string {
  try {
    return new URL(origin).host.toLowerCase();
  } catch {
    return '';
  }
}

/** Go's Request.BasicAuth(): `Basic base64(user:password)`, the scheme in any case; null when it is not one. */
function basicCredentials(header: string | undefined): { user: string; password: string } | null {
  const match = /^basic +(\S+)$/i.exec(header?.trim() ?? '');
  if (match === null) return null;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon === -1 ? null : { user: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}
