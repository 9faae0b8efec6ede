/**
 * /api/suppressions refusing: validation, authentication before everything, not-found (the implicit binding's 404
 * text), and the spam_complaint deletion rule with and without --allow-spam-complaint-deletion
 * (docs/spec/mailcoach-reference.md#15-error-bodies-exact-formats, docs/spec/mailcoach-reference.md#2-suppressions;
 * decisions.md). The shared server is seeded from test/fixtures/suppressions.json, as in suppressions.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { useEmulator } from '../support/emulator-process.js';
import { apiClient } from '../support/http.js';
import {
  COMPLAINER,
  expectJson,
  invalidEmailBody,
  listBody,
  notFoundBody,
  requiredBody,
} from '../support/suppression-bodies.js';

const emulator = useEmulator();
const api = () => apiClient(emulator().url, emulator().token);

const list = (rows: string[], options?: { page?: number; total?: number }) => listBody(emulator().url, rows, options);

describe('validation', () => {
  it.each([
    ['an empty JSON object', { json: {} }],
    ['an empty email', { json: { email: '' } }],
    ['a whitespace-only email', { json: { email: '   ' } }],
    ['a null email', { json: { email: null } }],
    ['a form body without email', { form: 'reason=manual' }],
    [
      'a malformed JSON body',
      { body: '{"email": "broken@suppress.test"', headers: { 'content-type': 'application/json' } },
    ],
  ])('answers %s with 422 "The email field is required."', async (_name, options) => {
    const res = await api().post('/api/suppressions', options);
    expectJson(res, 422);
    expect(res.text).toBe(requiredBody);
  });

  it.each([
    ['a string without @', 'not-an-email'],
    ['a display-name address', 'Jane <jane-display@suppress.test>'],
    ['two addresses', 'a@suppress.test,b@suppress.test'],
    ['a domain starting with a hyphen', 'x@-suppress.test'],
  ])('answers %s with 422 "The email field must be a valid email address."', async (_name, email) => {
    const res = await api().post('/api/suppressions', { json: { email } });
    expectJson(res, 422);
    expect(res.text).toBe(invalidEmailBody);
  });

  it('rejects a JSON number as the email', async () => {
    const res = await api().post('/api/suppressions', { json: { email: 123 } });
    expectJson(res, 422);
    expect(res.text).toBe(invalidEmailBody);
  });

  it('creates nothing when validation fails', async () => {
    await api().post('/api/suppressions', { json: { email: 'Jane <jane-nothing@suppress.test>' } });
    const res = await api().get('/api/suppressions?filter[search]=jane-nothing');
    expectJson(res, 200);
    expect(res.text).toBe(list([]));
  });

  it('answers an unknown sort with 400 and the query-builder sentence', async () => {
    const res = await api().get('/api/suppressions?sort=foo');
    expectJson(res, 400);
    expect(res.text).toBe(
      '{\n    "message": "Requested sort(s) `foo` is not allowed. Allowed sort(s) are `created_at`."\n}',
    );
  });

  it('names unknown sorts without their minus sign and skips the allowed ones', async () => {
    const res = await api().get('/api/suppressions?sort=-email,created_at,updated_at');
    expectJson(res, 400);
    expect(res.text).toBe(
      '{\n    "message": "Requested sort(s) `email, updated_at` is not allowed. Allowed sort(s) are `created_at`."\n}',
    );
  });

  it('answers an unknown filter with 400 and the query-builder sentence', async () => {
    const res = await api().get('/api/suppressions?filter[email]=jane@example.com');
    expectJson(res, 400);
    expect(res.text).toBe(
      '{\n    "message": "Requested filter(s) `email` are not allowed. Allowed filter(s) are `search, reason`."\n}',
    );
  });

  it('rejects an unknown filter even when its value is empty', async () => {
    const res = await api().get('/api/suppressions?filter[uuid]=&filter[status]=x');
    expectJson(res, 400);
    expect(res.text).toBe(
      '{\n    "message": "Requested filter(s) `uuid, status` are not allowed. Allowed filter(s) are `search, reason`."\n}',
    );
  });

  it('checks sorts before filters', async () => {
    const res = await api().get('/api/suppressions?filter[bogus]=1&sort=bogus');
    expectJson(res, 400);
    expect(res.text).toBe(
      '{\n    "message": "Requested sort(s) `bogus` is not allowed. Allowed sort(s) are `created_at`."\n}',
    );
  });
});

describe('auth', () => {
  it('authenticates before validating: an invalid POST without a token is a 401', async () => {
    const res = await api().post('/api/suppressions', { json: {}, token: null });
    expectJson(res, 401);
    expect(res.text).toBe('{"message":"Unauthorized"}');
  });

  it('authenticates before the spam_complaint rule and before route-model binding', async () => {
    const spam = await api().delete('/api/suppressions/complainer@example.org', { token: 'wrong' });
    expectJson(spam, 401);
    expect(spam.text).toBe('{"message":"Unauthorized"}');
    const unknown = await api().get('/api/suppressions/nobody-at-all@suppress.test', { token: null });
    expectJson(unknown, 401);
    expect(unknown.text).toBe('{"message":"Unauthorized"}');
  });

  it('creates nothing for an unauthenticated POST', async () => {
    const res = await api().post('/api/suppressions', {
      json: { email: 'unauthenticated@suppress.test' },
      token: 'wrong',
    });
    expect(res.status).toBe(401);
    expect((await api().get('/api/suppressions/unauthenticated@suppress.test')).status).toBe(404);
  });
});

describe('not-found', () => {
  it('answers an unknown email with 404 naming the model class and the value, without a full stop', async () => {
    const res = await api().get('/api/suppressions/nobody@suppress.test');
    expectJson(res, 404);
    expect(res.text).toBe(notFoundBody('nobody@suppress.test'));
  });

  it('treats a UUID-shaped value only as a uuid', async () => {
    const res = await api().get('/api/suppressions/00000000-0000-4000-8000-0000000fffff');
    expectJson(res, 404);
    expect(res.text).toBe(notFoundBody('00000000-0000-4000-8000-0000000fffff'));
  });

  it('shows the percent-decoded value in the 404 text', async () => {
    const res = await api().get('/api/suppressions/no%40body%2Btag@suppress.test');
    expectJson(res, 404);
    expect(res.text).toBe(notFoundBody('no@body+tag@suppress.test'));
  });

  it('escapes non-ASCII characters of the value as \\uXXXX in the 404 text', async () => {
    const res = await api().get('/api/suppressions/j%C3%B6rg@suppress.test');
    expectJson(res, 404);
    expect(res.text).toBe(notFoundBody('j\\u00f6rg@suppress.test'));
  });

  it('answers DELETE of an unknown suppression with the same 404', async () => {
    const res = await api().delete('/api/suppressions/never-there@suppress.test');
    expectJson(res, 404);
    expect(res.text).toBe(notFoundBody('never-there@suppress.test'));
  });
});

describe('spam_complaint deletion rule', () => {
  describe('by default (the hosted service rule)', () => {
    const own = useEmulator();
    const client = () => apiClient(own().url, own().token);
    const forbiddenBody = '{\n    "message": "Suppressions with reason spam_complaint cannot be deleted."\n}';

    it('refuses to delete a spam_complaint suppression by email with 403 and keeps the row', async () => {
      const res = await client().delete('/api/suppressions/complainer@example.org');
      expectJson(res, 403);
      expect(res.text).toBe(forbiddenBody);
      const shown = await client().get('/api/suppressions/complainer@example.org');
      expectJson(shown, 200);
      expect(shown.text).toBe(`{"data":${COMPLAINER}}`);
    });

    it('refuses to delete a spam_complaint suppression by uuid with 403', async () => {
      const res = await client().delete('/api/suppressions/6c3e4f1a-9d5b-4e33-9c77-2b4a8d3f0e92');
      expectJson(res, 403);
      expect(res.text).toBe(forbiddenBody);
      expect((await client().get('/api/suppressions/6c3e4f1a-9d5b-4e33-9c77-2b4a8d3f0e92')).status).toBe(200);
    });

    it('still deletes hard_bounce suppressions', async () => {
      const res = await client().delete('/api/suppressions/5b2d3e0f-8c4a-4d22-8b66-1a3f7c2e9d81');
      expect(res.status).toBe(204);
      expect(res.text).toBe('');
      expect((await client().get('/api/suppressions/bounced@example.com')).status).toBe(404);
    });
  });

  describe('with --allow-spam-complaint-deletion (the self-hosted behaviour)', () => {
    const own = useEmulator({ args: ['--allow-spam-complaint-deletion'] });
    const client = () => apiClient(own().url, own().token);

    it('deletes a spam_complaint suppression with 204 and an empty body', async () => {
      const res = await client().delete('/api/suppressions/complainer@example.org');
      expect(res.status).toBe(204);
      expect(res.text).toBe('');
      expect(res.headers['content-type']).toBeUndefined();
      const shown = await client().get('/api/suppressions/6c3e4f1a-9d5b-4e33-9c77-2b4a8d3f0e92');
      expectJson(shown, 404);
      expect(shown.text).toBe(notFoundBody('6c3e4f1a-9d5b-4e33-9c77-2b4a8d3f0e92'));
    });
  });
});
