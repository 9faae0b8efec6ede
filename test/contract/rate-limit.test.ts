/**
 * Rate limiting (docs/spec/mailcoach-reference.md#13-rate-limiting; decisions.md "Rate limiting"): off by default; with --rate-limit N every
 * authenticated /api response carries X-RateLimit-Limit and X-RateLimit-Remaining, and the request after the N-th
 * in a window gets 429 `{"message": "Too Many Attempts."}` (pretty) with Retry-After and X-RateLimit-Reset.
 * Authentication (401) and the router (404 unknown route, 405, OPTIONS) come before the limiter; route-model
 * binding (404 unknown suppression) and validation (422) come after it.
 *
 * Each test starts its own emulator, so that its limiter window and its stepping clock start fresh.
 *
 * Clock arithmetic. The harness clock starts at 2025-03-01T10:00:00Z and advances one second on every read. The
 * emulator reads it twice while starting (workspace row, fixture seeding), so the first request's read is
 * 10:00:02. The limiter reads it once per authenticated request; a request that creates a suppression reads it
 * once more for created_at; nothing else in these requests reads it. The window opens at the first hit and lasts
 * 60 s (Laravel's RateLimiter::hit), so it resets at 10:01:02; Retry-After is the reset time minus the clock read
 * of the refused request, and X-RateLimit-Reset is the reset time as a Unix timestamp.
 */
import { describe, expect, it } from 'vitest';
import { spawnEmulator, type SpawnedEmulator } from '../support/emulator-process.js';
import { apiClient, rawRequest, type ApiClient, type RawResponse } from '../support/http.js';

const FIRST_REQUEST_AT = Date.parse('2025-03-01T10:00:02Z') / 1000;
const RESET_AT = String(FIRST_REQUEST_AT + 60); // 1740823262
const TOO_MANY = '{\n    "message": "Too Many Attempts."\n}';

/** Runs `body` against a fresh emulator started with `args`, and fails if the server logged an error. */
async function withEmulator(args: string[], body: (api: ApiClient, emulator: SpawnedEmulator) => Promise<void>) {
  const emulator = await spawnEmulator({ args });
  try {
    await body(apiClient(emulator.url, emulator.token), emulator);
  } finally {
    const output = emulator.output();
    await emulator.stop();
    expect(output, 'the server logged an error').not.toMatch(/^error:/m);
  }
}

const limited = (body: (api: ApiClient, emulator: SpawnedEmulator) => Promise<void>) =>
  withEmulator(['--rate-limit', '3'], body);

function expectRemaining(res: RawResponse, remaining: number): void {
  expect(res.headers['x-ratelimit-limit']).toBe('3');
  expect(res.headers['x-ratelimit-remaining']).toBe(String(remaining));
  expect(res.headers['retry-after']).toBeUndefined();
  expect(res.headers['x-ratelimit-reset']).toBeUndefined();
}

function expectTooMany(res: RawResponse, retryAfter: number): void {
  expect(res.status).toBe(429);
  expect(res.headers['content-type']).toBe('application/json');
  expect(res.headers['cache-control']).toBe('no-cache, private');
  expect(res.headers['x-ratelimit-limit']).toBe('3');
  expect(res.headers['x-ratelimit-remaining']).toBe('0');
  expect(res.headers['retry-after']).toBe(String(retryAfter));
  expect(res.headers['x-ratelimit-reset']).toBe(RESET_AT);
  expect(res.text).toBe(TOO_MANY);
}

function expectNoRateLimitHeaders(res: RawResponse): void {
  for (const name of ['x-ratelimit-limit', 'x-ratelimit-remaining', 'retry-after', 'x-ratelimit-reset']) {
    expect(res.headers[name], name).toBeUndefined();
  }
}

/** Uses up the three allowed requests with GETs (three clock reads: 10:00:02, :03, :04). */
async function exhaust(api: ApiClient): Promise<void> {
  for (const remaining of [2, 1, 0]) {
    const res = await api.get('/api/suppressions');
    expect(res.status).toBe(200);
    expectRemaining(res, remaining);
  }
}

describe('happy', () => {
  it('counts X-RateLimit-Remaining down from the limit on every response', () =>
    limited(async (api) => {
      await exhaust(api);
    }));

  it('answers the request after the limit with 429, Retry-After, X-RateLimit-Reset and Remaining 0', () =>
    limited(async (api) => {
      await exhaust(api);
      // Fourth clock read after start-up: 10:00:05, 57 s before the window resets at 10:01:02.
      expectTooMany(await api.get('/api/suppressions'), 57);
    }));

  it('keeps the reset time and lowers Retry-After as the stepping clock moves on', () =>
    limited(async (api) => {
      await exhaust(api);
      expectTooMany(await api.get('/api/suppressions'), 57);
      expectTooMany(await api.get('/api/suppressions/jane@example.com'), 56);
      expectTooMany(await api.get('/api/suppressions?sort=bogus'), 55);
    }));

  it('counts 201, 422 and 404 responses too, and a created row reads the clock once more', () =>
    limited(async (api) => {
      const created = await api.post('/api/suppressions', { json: { email: 'counted@rate-limit.test' } });
      expect(created.status).toBe(201);
      expectRemaining(created, 2);
      // The limiter read 10:00:02, the new row 10:00:03.
      expect(created.json().data.created_at).toBe('2025-03-01T10:00:03.000000Z');
      const invalid = await api.post('/api/suppressions', { json: { email: 'nope' } });
      expect(invalid.status).toBe(422);
      expectRemaining(invalid, 1);
      const missing = await api.get('/api/suppressions/00000000-0000-4000-8000-0000000fffff');
      expect(missing.status).toBe(404);
      expectRemaining(missing, 0);
      // Clock reads so far: :02 (limiter), :03 (row), :04, :05; this one is :06, 56 s before 10:01:02.
      expectTooMany(await api.get('/api/suppressions'), 56);
    }));

  it('counts 204 deletions and 403 refusals', () =>
    limited(async (api) => {
      const deleted = await api.delete('/api/suppressions/jane@example.com');
      expect(deleted.status).toBe(204);
      expectRemaining(deleted, 2);
      const refused = await api.delete('/api/suppressions/complainer@example.org');
      expect(refused.status).toBe(403);
      expectRemaining(refused, 1);
    }));

  it('reopens the window 60 seconds after its first hit', () =>
    limited(async (api) => {
      await exhaust(api); // clock reads :02, :03, :04
      // Requests 4 to 60 read :05 to 01:01 and are refused, Retry-After going from 57 down to 1.
      for (let retryAfter = 57; retryAfter >= 1; retryAfter--) {
        expectTooMany(await api.get('/api/suppressions'), retryAfter);
      }
      // Request 61 reads 10:01:02, when the window has expired: a new one starts.
      const res = await api.get('/api/suppressions');
      expect(res.status).toBe(200);
      expectRemaining(res, 2);
    }));

  it('sends no X-RateLimit headers and never 429 without --rate-limit', () =>
    withEmulator([], async (api) => {
      for (let i = 0; i < 5; i++) {
        const res = await api.get('/api/suppressions');
        expect(res.status).toBe(200);
        expectNoRateLimitHeaders(res);
      }
      const missing = await api.get('/api/suppressions/nobody@rate-limit.test');
      expect(missing.status).toBe(404);
      expectNoRateLimitHeaders(missing);
      const invalid = await api.post('/api/suppressions', { json: {} });
      expect(invalid.status).toBe(422);
      expectNoRateLimitHeaders(invalid);
    }));
});

describe('validation', () => {
  it('answers 429 before validating the body', () =>
    limited(async (api) => {
      await exhaust(api);
      expectTooMany(await api.post('/api/suppressions', { json: { email: 'not-an-email' } }), 57);
    }));

  it('answers 429 before the query builder rejects a sort', () =>
    limited(async (api) => {
      await exhaust(api);
      expectTooMany(await api.get('/api/suppressions?sort=bogus'), 57);
    }));

  it('creates nothing for a refused request', () =>
    limited(async (api) => {
      await exhaust(api);
      // Refused at 10:00:05, before the handler could read the clock for a new row.
      expectTooMany(await api.post('/api/suppressions', { json: { email: 'refused@rate-limit.test' } }), 57);
      // Wait out the window (reads :06 to 10:01:01), then look: the next read is 10:01:02, a new window.
      for (let retryAfter = 56; retryAfter >= 1; retryAfter--) {
        expectTooMany(await api.get('/api/suppressions'), retryAfter);
      }
      const res = await api.get('/api/suppressions/refused@rate-limit.test');
      expect(res.status).toBe(404);
      expectRemaining(res, 2);
    }));

  it('answers a refused request without Accept: application/json with an HTML 429 page and the same headers', () =>
    limited(async (api, emulator) => {
      await exhaust(api);
      const res = await rawRequest(emulator.url, {
        path: '/api/suppressions',
        headers: { authorization: `Bearer ${emulator.token}` },
      });
      expect(res.status).toBe(429);
      expect(res.headers['content-type']).toBe('text/html; charset=UTF-8');
      expect(res.headers['retry-after']).toBe('57');
      expect(res.headers['x-ratelimit-reset']).toBe(RESET_AT);
      expect(res.headers['x-ratelimit-remaining']).toBe('0');
      expect(res.text).toContain('<title>Too Many Requests</title>');
    }));
});

describe('auth', () => {
  it('authenticates before limiting: 401 responses carry no X-RateLimit headers and use up nothing', () =>
    limited(async (api) => {
      for (let i = 0; i < 5; i++) {
        const anonymous = await api.get('/api/suppressions', { token: null });
        expect(anonymous.status).toBe(401);
        expect(anonymous.text).toBe('{"message":"Unauthorized"}');
        expectNoRateLimitHeaders(anonymous);
        const wrong = await api.get('/api/suppressions', { token: 'wrong-token' });
        expect(wrong.status).toBe(401);
        expectNoRateLimitHeaders(wrong);
      }
      // Ten refused requests later the token still has its full allowance, and no clock read happened: the
      // 429 below is computed from a window that opened at 10:00:02.
      await exhaust(api);
      expectTooMany(await api.get('/api/suppressions'), 57);
    }));

  it('answers 401 rather than 429 to an unauthenticated request once the limit is reached', () =>
    limited(async (api) => {
      await exhaust(api);
      const res = await api.get('/api/suppressions', { token: null });
      expect(res.status).toBe(401);
      expectNoRateLimitHeaders(res);
    }));
});

describe('not-found', () => {
  it('answers unknown routes, wrong verbs and OPTIONS in the router, before the limiter', () =>
    limited(async (api) => {
      const missing = await api.get('/api/nowhere');
      expect(missing.status).toBe(404);
      expectNoRateLimitHeaders(missing);
      const wrongVerb = await api.put('/api/suppressions');
      expect(wrongVerb.status).toBe(405);
      expectNoRateLimitHeaders(wrongVerb);
      const options = await api.request('OPTIONS', '/api/suppressions');
      expect(options.status).toBe(200);
      expectNoRateLimitHeaders(options);
      await exhaust(api);
      expectTooMany(await api.get('/api/suppressions'), 57);
    }));

  it('answers 429 before route-model binding: an unknown suppression gets 429, not 404', () =>
    limited(async (api) => {
      await exhaust(api);
      expectTooMany(await api.get('/api/suppressions/nobody@rate-limit.test'), 57);
      expectTooMany(await api.delete('/api/suppressions/nobody@rate-limit.test'), 56);
    }));

  it('keeps answering unknown routes with 404 once the limit is reached', () =>
    limited(async (api) => {
      await exhaust(api);
      const res = await api.get('/api/nowhere');
      expect(res.status).toBe(404);
      expect(res.text).toBe('{\n    "message": "The route api/nowhere could not be found."\n}');
      expectNoRateLimitHeaders(res);
    }));
});
