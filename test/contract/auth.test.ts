/**
 * Bearer-token authentication (docs/spec/mailcoach-reference.md#11-mounting-and-middleware, docs/spec/mailcoach-reference.md#12-authentication; decisions.md): the base document's 401 body
 * `{"message":"Unauthorized"}` (compact, as Laravel's AuthenticationException renders), Laravel's reading of the
 * Authorization header, --any-token, and the router's 404/405 coming before authentication.
 * Every request here sends Accept: application/json; what happens without it is in negotiation.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { useEmulator } from '../support/emulator-process.js';
import { apiClient, rawRequest, type RawResponse } from '../support/http.js';

const emulator = useEmulator();
const api = () => apiClient(emulator().url, emulator().token);

const UNAUTHORIZED = '{"message":"Unauthorized"}';

/** A GET with exactly these headers (plus Host). */
const getWith = (path: string, headers: Record<string, string>) =>
  rawRequest(emulator().url, { path, headers: { accept: 'application/json', ...headers } });

function expectUnauthorized(res: RawResponse): void {
  expect(res.status).toBe(401);
  expect(res.headers['content-type']).toBe('application/json');
  expect(res.headers['cache-control']).toBe('no-cache, private');
  expect(res.text).toBe(UNAUTHORIZED);
}

describe('happy', () => {
  it('accepts the configured token as "Bearer <token>"', async () => {
    const res = await getWith('/api/suppressions/jane@example.com', { authorization: 'Bearer test-token' });
    expect(res.status).toBe(200);
    expect(res.json().data.email).toBe('jane@example.com');
  });

  it.each(['bearer test-token', 'BEARER test-token', 'BeArEr test-token'])(
    'reads the scheme case-insensitively: %s',
    async (authorization) => {
      const res = await getWith('/api/suppressions/jane@example.com', { authorization });
      expect(res.status).toBe(200);
    },
  );

  it('cuts the token at a comma, as Request::bearerToken() does', async () => {
    const res = await getWith('/api/suppressions/jane@example.com', { authorization: 'Bearer test-token, Basic abc' });
    expect(res.status).toBe(200);
  });
});

describe('auth', () => {
  it('answers a request without Authorization with 401 {"message":"Unauthorized"}', async () => {
    expectUnauthorized(await api().get('/api/suppressions', { token: null }));
  });

  it('answers an unknown token with 401', async () => {
    expectUnauthorized(await api().get('/api/suppressions', { token: 'not-the-token' }));
  });

  it.each([
    ['a bare "Bearer"', 'Bearer'],
    ['"Bearer" followed by spaces', 'Bearer    '],
    ['the token without a scheme', 'test-token'],
    ['another scheme', 'Basic dGVzdC10b2tlbjo='],
    ['"Token <token>"', 'Token test-token'],
    ['an empty header', ''],
  ])('answers %s with 401', async (_name, authorization) => {
    expectUnauthorized(await getWith('/api/suppressions', { authorization }));
  });

  it('checks the token on every verb of the surface', async () => {
    expectUnauthorized(await api().post('/api/suppressions', { json: { email: 'x@auth.test' }, token: null }));
    expectUnauthorized(await api().delete('/api/suppressions/jane@example.com', { token: null }));
    expectUnauthorized(await api().get('/api/suppressions/jane@example.com', { token: 'wrong' }));
    // The fixture is still there: the unauthenticated DELETE did nothing.
    expect((await api().get('/api/suppressions/jane@example.com')).status).toBe(200);
  });

  it('authenticates before validation (422) and before route-model binding (404)', async () => {
    expectUnauthorized(await api().post('/api/suppressions', { json: { email: 'not-an-email' }, token: 'wrong' }));
    expectUnauthorized(await api().get('/api/suppressions/nobody@auth.test', { token: null }));
  });

  it('authenticates before the query builder checks sorts and filters (400)', async () => {
    expectUnauthorized(await api().get('/api/suppressions?sort=bogus&filter[bogus]=1', { token: null }));
  });

  describe('with --any-token', () => {
    const anyToken = useEmulator({ args: ['--any-token'] });
    const get = (authorization: string | null) =>
      rawRequest(anyToken().url, {
        path: '/api/suppressions/jane@example.com',
        headers: { accept: 'application/json', ...(authorization === null ? {} : { authorization }) },
      });

    it.each(['Bearer anything-at-all', 'Bearer 1|a-sanctum-shaped-token', 'bearer x'])(
      'accepts any non-empty bearer token: %s',
      async (authorization) => {
        const res = await get(authorization);
        expect(res.status).toBe(200);
        expect(res.json().data.email).toBe('jane@example.com');
      },
    );

    it('still answers 401 without a token', async () => {
      expectUnauthorized(await get(null));
      expectUnauthorized(await get('Bearer'));
      expectUnauthorized(await get('Basic dGVzdA=='));
    });
  });
});

describe('not-found', () => {
  it('answers an unknown route with 404 before checking the token', async () => {
    const res = await api().get('/api/nothing-here', { token: null });
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toBe('application/json');
    expect(res.text).toBe('{\n    "message": "The route api/nothing-here could not be found."\n}');
  });

  it('answers an unknown route with 404 even for a wrong token', async () => {
    const res = await api().delete('/api/suppressions/a/b', { token: 'wrong' });
    expect(res.status).toBe(404);
    expect(res.text).toBe('{\n    "message": "The route api/suppressions/a/b could not be found."\n}');
  });

  it('answers a wrong verb with 405 before checking the token', async () => {
    const res = await api().patch('/api/suppressions/jane@example.com', { token: null });
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe('GET, HEAD, DELETE');
    expect(res.text).toBe(
      '{\n    "message": "The PATCH method is not supported for route api/suppressions/jane@example.com. Supported methods: GET, HEAD, DELETE."\n}',
    );
  });
});
