/**
 * Fault injection on the Mailcoach surface: the /api middleware that applies each workspace's fault rules
 * (faults/fault-rules.ts, managed through /_emulator/faults): a canned or custom answer, a delay, or a dropped
 * connection, `times` times or with a probability.
 */
import type { HttpBindings } from '@hono/node-server';
import type { Context, MiddlewareHandler } from 'hono';
import type { AppDeps } from '../deps.js';
import { ApiError, tooManyAttempts } from '../errors.js';
import { isDecisive, type FaultRequest, type FaultSpec } from '../faults/fault-rules.js';
import type { Input } from '../validation/input.js';
import type { AppEnv } from './env.js';
import { laravelJson } from './respond.js';

/**
 * The /api middleware, after authentication and input (rules belong to the token's workspace and may match
 * the send's recipients). Delays add up; the deciding rule answers, or the request goes on and gets the
 * headers of the rules that only add headers.
 */
export function applyFaults(deps: AppDeps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const request: FaultRequest = {
      method: c.req.method,
      path: c.req.path,
      recipients: () => recipientsOf(c.get('input')),
    };
    const fired = deps.faults.fire(c.get('workspaceId'), request, deps.random);
    if (fired.length === 0) return next();
    const delay = fired.reduce((total, rule) => total + (rule.spec.delay_ms ?? 0), 0);
    if (delay > 0) {
      const { signal } = c.req.raw;
      await pause(delay, signal);
      // A client that gave up during the delay abandons the request: nothing is handled (and nothing captured
      // later, after the test that sent it has moved on).
      if (signal.aborted) return new Response(null, { status: 499 });
    }
    const headers = Object.assign({}, ...fired.map((rule) => rule.spec.headers ?? {})) as Record<string, string>;
    const decisive = fired.find((rule) => isDecisive(rule.spec));
    if (decisive === undefined) {
      await next();
      for (const [name, value] of Object.entries(headers)) c.res.headers.set(name, value);
      return;
    }
    if (decisive.spec.drop) return dropConnection(c);
    if (decisive.spec.preset !== undefined) throw presetError(decisive.spec.preset, headers, deps.clock());
    return customResponse(decisive.spec, headers);
  };
}

/** Waits `ms`, or less if the client goes away. */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });
}

/**
 * The presets, built by the error formatter like the real answers (docs/spec/mailcoach-reference.md#13-rate-limiting, docs/spec/mailcoach-reference.md#15-error-bodies-exact-formats): Laravel's throttle
 * 429 with its headers for the default 60 requests per minute, and the production 500.
 */
function presetError(preset: FaultSpec['preset'], headers: Record<string, string>, now: Date): ApiError {
  if (preset === 'server-error') return new ApiError(500, 'Server Error', headers);
  const retryAfter = 60;
  return tooManyAttempts({
    'retry-after': String(retryAfter),
    'x-ratelimit-reset': String(Math.floor(now.getTime() / 1000) + retryAfter),
    'x-ratelimit-limit': '60',
    'x-ratelimit-remaining': '0',
    ...headers,
  });
}

/** A rule's own answer: a string body as Laravel's `response($text)` sends it, anything else as JSON. */
function customResponse(spec: FaultSpec, headers: Record<string, string>): Response {
  const status = spec.status as number;
  let response: Response;
  if (spec.body === undefined) response = new Response(null, { status });
  else if (typeof spec.body === 'string') {
    response = new Response(spec.body, { status, headers: { 'content-type': 'text/html; charset=UTF-8' } });
  } else response = laravelJson(spec.body, status);
  for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
  return response;
}

/**
 * Closes the connection without an answer: the client sees a reset ("socket hang up"). Under
 * @hono/node-server the Node request is `c.env.incoming`; elsewhere (app.request() in tests) a network error.
 */
function dropConnection(c: Context<AppEnv>): Response {
  const incoming = (c.env as Partial<HttpBindings> | undefined)?.incoming;
  if (incoming === undefined) return Response.error();
  incoming.socket.destroy();
  return new Response(null, { status: 444 });
}

/** Every address in the request's to, cc and bcc (strings or lists of them). */
function recipientsOf(input: Input): string[] {
  const texts = ['to', 'cc', 'bcc'].flatMap((field) => flattenStrings(input[field]));
  return texts.flatMap((text) => text.match(/[^\s<>,;"']+@[^\s<>,;"']+/g) ?? []);
}

function flattenStrings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (value !== null && typeof value === 'object') return Object.values(value).flatMap(flattenStrings);
  return [];
}
