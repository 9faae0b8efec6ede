/**
 * Laravel's ThrottleRequests with a per-minute limit keyed by token (docs/spec/mailcoach-reference.md#13-rate-limiting; decisions.md "Rate
 * limiting"): off unless configured. Every response then carries X-RateLimit-Limit and X-RateLimit-Remaining;
 * beyond the limit, 429 "Too Many Attempts." with Retry-After and X-RateLimit-Reset. The window starts at the
 * first hit and lasts 60 seconds, as Laravel's RateLimiter::hit() does.
 */
import { createHash } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import type { Clock } from '../clock.js';
import { tooManyAttempts } from '../errors.js';
import { bearerToken } from './auth.js';
import type { AppEnv } from './env.js';

const DECAY_SECONDS = 60;
/** Past this many windows the expired ones are dropped: with --any-token every token a client makes up has one. */
const PRUNE_AT = 10_000;

export function throttle(maxAttempts: number, clock: Clock): MiddlewareHandler<AppEnv> {
  const windows = new Map<string, { hits: number; resetsAt: number }>();
  return async (c, next) => {
    const now = Math.floor(clock().getTime() / 1000);
    // Laravel's limiter key is a sha1 too (ThrottleRequests::resolveRequestSignature()); here it also keeps a
    // megabyte-long token from being held for a minute.
    const key = createHash('sha1')
      .update(bearerToken(c.req.header('authorization')) ?? '')
      .digest('base64');
    let window = windows.get(key);
    if (window === undefined || window.resetsAt <= now) {
      if (windows.size >= PRUNE_AT)
        for (const [stale, { resetsAt }] of windows) if (resetsAt <= now) windows.delete(stale);
      window = { hits: 0, resetsAt: now + DECAY_SECONDS };
      windows.set(key, window);
    }
    if (window.hits >= maxAttempts) {
      const retryAfter = window.resetsAt - now;
      throw tooManyAttempts({
        'x-ratelimit-limit': String(maxAttempts),
        'x-ratelimit-remaining': '0',
        'retry-after': String(retryAfter),
        'x-ratelimit-reset': String(window.resetsAt),
      });
    }
    window.hits += 1;
    const remaining = maxAttempts - window.hits;
    await next();
    c.res.headers.set('x-ratelimit-limit', String(maxAttempts));
    c.res.headers.set('x-ratelimit-remaining', String(remaining));
  };
}
