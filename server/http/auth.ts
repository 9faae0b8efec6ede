/** Bearer-token authentication for the Mailcoach routes (Sanctum's guard, docs/spec/mailcoach-reference.md#12-authentication). */
import type { MiddlewareHandler } from 'hono';
import { unauthenticated } from '../errors.js';
import type { AppEnv } from './env.js';

export interface AuthOptions {
  tokens: readonly string[];
  /** Accept any non-empty bearer token. */
  anyToken: boolean;
  /** The workspace a token's data lives in. */
  workspaceFor(token: string): number;
}

export function authenticate(options: AuthOptions): MiddlewareHandler<AppEnv> {
  const known = new Set(options.tokens);
  return async (c, next) => {
    const token = bearerToken(c.req.header('authorization'));
    if (token === null || !(options.anyToken || known.has(token))) throw unauthenticated();
    c.set('workspaceId', options.workspaceFor(token));
    await next();
  };
}

/**
 * Laravel's Request::bearerToken(): the text after the last "Bearer " (any case), cut at a comma.
 * Returns null when there is none or it is empty.
 */
export function bearerToken(header: string | undefined): string | null {
  if (header === undefined) return null;
  const position = header.toLowerCase().lastIndexOf('bearer ');
  if (position === -1) return null;
  const token = header.slice(position + 7).split(',')[0] ?? '';
  return token === '' ? null : token;
}
