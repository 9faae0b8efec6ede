/**
 * /api/suppressions: list (filters, sorts, pagination links), show by uuid or email, create (JSON, form and query
 * input; existing rows come back unchanged), delete, the spam_complaint deletion rule, and the error bodies
 * (docs/spec/mailcoach-reference.md#15-error-bodies-exact-formats, docs/spec/mailcoach-reference.md#18-filtering-and-sorting-spatielaravel-query-builder, docs/spec/mailcoach-reference.md#2-suppressions; decisions.md).
 *
 * The shared server is seeded from test/fixtures/suppressions.json (jane / bounced / complainer, inserted in that
 * order with created_at 03-02, 03-01, 03-03). No test here deletes a fixture row or creates an address containing
 * "example", so `filter[search]=example` always yields exactly the three fixtures, whatever order tests run in.
 * Rows created by tests use the `suppress.test` domain and an address of their own.
 */
import { describe, expect, it } from 'vitest';
import { useEmulator } from '../support/emulator-process.js';
import { apiClient, type RawResponse } from '../support/http.js';

const emulator = useEmulator();
const api = () => apiClient(emulator().url, emulator().token);

const JANE =
  '{"uuid":"4a1c2d9e-7b3f-4c11-9a55-0f2e6b1d8c70","email":"jane@example.com","reason":"manual","created_at":"2025-03-02T10:15:00.000000Z","updated_at":"2025-03-02T10:15:00.000000Z"}';
const BOUNCED =
  '{"uuid":"5b2d3e0f-8c4a-4d22-8b66-1a3f7c2e9d81","email":"bounced@example.com","reason":"hard_bounce","created_at":"2025-03-01T09:00:00.000000Z","updated_at":"2025-03-01T09:00:00.000000Z"}';
const COMPLAINER =
  '{"uuid":"6c3e4f1a-9d5b-4e33-9c77-2b4a8d3f0e92","email":"complainer@example.org","reason":"spam_complaint","created_at":"2025-03-03T11:30:00.000000Z","updated_at":"2025-03-03T11:30:00.000000Z"}';

const TIMESTAMP = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.000000Z$/;
const SEQUENTIAL_UUID = /^00000000-0000-4000-8000-[0-9a-f]{12}$/;
const RESOURCE_KEYS = ['uuid', 'email', 'reason', 'created_at', 'updated_at'];

/** How the 404 of the implicit `suppression` binding reads: class, space, raw value, no full stop (pretty JSON). */
const notFoundBody = (value: string) =>
  `{\n    "message": "No query results for model [Spatie\\\\Mailcoach\\\\Domain\\\\Audience\\\\Models\\\\Suppression] ${value}"\n}`;

const requiredBody = '{"message":"The given data was invalid.","errors":{"email":["The email field is required."]}}';
const invalidEmailBody =
  '{"message":"The given data was invalid.","errors":{"email":["The email field must be a valid email address."]}}';

/** PHP json_encode's default: every `/` written as `\/`. */
const escapeSlashes = (text: string) => text.replaceAll('/', '\\/');

/** The exact compact envelope of a list page, with links built from the host the client used. */
function listBody(baseUrl: string, rows: string[], options: { page?: number; total?: number } = {}): string {
  const page = options.page ?? 1;
  const total = options.total ?? rows.length;
  const lastPage = Math.max(Math.ceil(total / 15), 1);
  const path = escapeSlashes(`${baseUrl}/api/suppressions`);
  const from = rows.length > 0 ? (page - 1) * 15 + 1 : null;
  const to = from === null ? null : from + rows.length - 1;
  const link = (n: number) => `"${path}?page=${n}"`;
  return (
    `{"data":[${rows.join(',')}],` +
    `"links":{"first":${link(1)},"last":${link(lastPage)},"prev":${page > 1 ? link(page - 1) : 'null'},"next":${page < lastPage ? link(page + 1) : 'null'}},` +
    `"meta":{"current_page":${page},"from":${from},"last_page":${lastPage},"path":"${path}","per_page":15,"to":${to},"total":${total}}}`
  );
}

const list = (rows: string[], options?: { page?: number; total?: number }) => listBody(emulator().url, rows, options);

function expectJson(res: RawResponse, status: number): void {
  expect(res.status).toBe(status);
  expect(res.headers['content-type']).toBe('application/json');
  expect(res.headers['cache-control']).toBe('no-cache, private');
}

/** Creates a suppression and returns the 201 response, after checking its shape. */
async function create(email: string): Promise<RawResponse> {
  const res = await api().post('/api/suppressions', { json: { email } });
  expectJson(res, 201);
  return res;
}

describe('happy', () => {
  describe('listing', () => {
    it('lists suppressions in insertion order when no sort is given, without meta.links', async () => {
      const res = await api().get('/api/suppressions?filter[search]=example');
      expectJson(res, 200);
      expect(res.text).toBe(list([JANE, BOUNCED, COMPLAINER]));
    });

    it('sorts by created_at ascending with sort=created_at', async () => {
      const res = await api().get('/api/suppressions?filter[search]=example&sort=created_at');
      expectJson(res, 200);
      expect(res.text).toBe(list([BOUNCED, JANE, COMPLAINER]));
    });

    it('sorts by created_at descending with sort=-created_at', async () => {
      const res = await api().get('/api/suppressions?sort=-created_at&filter[search]=example');
      expectJson(res, 200);
      expect(res.text).toBe(list([COMPLAINER, JANE, BOUNCED]));
    });

    it('filters by an exact reason', async () => {
      const res = await api().get('/api/suppressions?filter[reason]=hard_bounce');
      expectJson(res, 200);
      expect(res.text).toBe(list([BOUNCED]));
    });

    it('filters by a comma-separated list of reasons, with percent-encoded brackets as the SDK sends them', async () => {
      const res = await api().get('/api/suppressions?filter%5Breason%5D=spam_complaint%2Chard_bounce');
      expectJson(res, 200);
      expect(res.text).toBe(list([BOUNCED, COMPLAINER]));
    });

    it('matches nothing for a reason that does not exist', async () => {
      const res = await api().get('/api/suppressions?filter[reason]=bounced');
      expectJson(res, 200);
      expect(res.text).toBe(list([]));
    });

    it('matches filter[search] as a case-insensitive substring of the email', async () => {
      const res = await api().get('/api/suppressions?filter[search]=PLE.ORG');
      expectJson(res, 200);
      expect(res.text).toBe(list([COMPLAINER]));
    });

    it('splits filter[search] on commas and returns rows matching any part', async () => {
      const res = await api().get('/api/suppressions?filter[search]=jane@,bounced@');
      expectJson(res, 200);
      expect(res.text).toBe(list([JANE, BOUNCED]));
    });

    it('combines search and reason filters', async () => {
      const res = await api().get('/api/suppressions?filter[search]=example&filter[reason]=manual');
      expectJson(res, 200);
      expect(res.text).toBe(list([JANE]));
    });

    it('ignores filters whose value is empty', async () => {
      const res = await api().get('/api/suppressions?filter[reason]=&filter[search]=example');
      expectJson(res, 200);
      expect(res.text).toBe(list([JANE, BOUNCED, COMPLAINER]));
    });

    it('url-decodes filter[search] once more, like PHP urldecode: %2540 finds "@" and %2B turns into a space', async () => {
      await create('plus+sign@suppress.test');
      const emails = async (query: string) => {
        const res = await api().get(`/api/suppressions?${query}`);
        expectJson(res, 200);
        return (res.json().data as Array<{ email: string }>).map((row) => row.email);
      };
      // The query string gives "%40suppress.test"; the second decoding makes it "@suppress.test".
      expect(await emails('filter[search]=plus%2Bsign%2540suppress.test')).toEqual([]);
      // "%2B" arrives as "+", which urldecode turns into a space: a literal "+" needs "%252B".
      expect(await emails('filter[search]=plus%252Bsign%2540suppress.test')).toEqual(['plus+sign@suppress.test']);
      // A "+" in the query string is already a space after the first decoding.
      expect(await emails('filter[search]=plus+sign')).toEqual([]);
    });

    it('keeps only the page parameter in pagination links and answers an empty page beyond the last', async () => {
      const res = await api().get('/api/suppressions?filter[search]=example&sort=-created_at&page=2');
      expectJson(res, 200);
      expect(res.text).toBe(list([], { page: 2, total: 3 }));
      expect(res.json().links.prev).toBe(`${emulator().url}/api/suppressions?page=1`);
    });
  });

  describe('showing', () => {
    it('shows a suppression by uuid', async () => {
      const res = await api().get('/api/suppressions/4a1c2d9e-7b3f-4c11-9a55-0f2e6b1d8c70');
      expectJson(res, 200);
      expect(res.text).toBe(`{"data":${JANE}}`);
    });

    it('shows a suppression by email with a raw @ in the path', async () => {
      const res = await api().get('/api/suppressions/bounced@example.com');
      expectJson(res, 200);
      expect(res.text).toBe(`{"data":${BOUNCED}}`);
    });

    it('shows a suppression by a percent-encoded email', async () => {
      const res = await api().get('/api/suppressions/complainer%40example.org');
      expectJson(res, 200);
      expect(res.text).toBe(`{"data":${COMPLAINER}}`);
    });

    it('finds an email whatever its case, as on the MySQL databases Mailcoach runs on', async () => {
      const res = await api().get('/api/suppressions/JANE@Example.COM');
      expectJson(res, 200);
      expect(res.text).toBe(`{"data":${JANE}}`);
    });

    it('keeps a "+" in the path as a "+"', async () => {
      const created = await create('tag+show@suppress.test');
      const res = await api().get('/api/suppressions/tag+show@suppress.test');
      expectJson(res, 200);
      expect(res.text).toBe(created.text);
    });
  });

  describe('creating', () => {
    it('creates a suppression from a JSON body with 201 and reason manual, whatever reason is sent', async () => {
      const res = await api().post('/api/suppressions', {
        json: { email: 'json-body@suppress.test', reason: 'hard_bounce' },
      });
      expectJson(res, 201);
      const data = res.json().data;
      expect(Object.keys(res.json())).toEqual(['data']);
      expect(Object.keys(data)).toEqual(RESOURCE_KEYS);
      expect(data.uuid).toMatch(SEQUENTIAL_UUID);
      expect(data.email).toBe('json-body@suppress.test');
      expect(data.reason).toBe('manual');
      expect(data.created_at).toMatch(TIMESTAMP);
      expect(data.updated_at).toBe(data.created_at);
      // The body is compact JSON exactly as json_encode writes it.
      expect(res.text).toBe(
        `{"data":{"uuid":"${data.uuid}","email":"json-body@suppress.test","reason":"manual","created_at":"${data.created_at}","updated_at":"${data.created_at}"}}`,
      );
      const shown = await api().get(`/api/suppressions/${data.uuid}`);
      expectJson(shown, 200);
      expect(shown.text).toBe(res.text);
    });

    it('creates a suppression from a form body with 201 and reason manual', async () => {
      const res = await api().post('/api/suppressions', {
        form: 'email=form-body%40suppress.test&reason=spam_complaint',
      });
      expectJson(res, 201);
      expect(res.json().data.email).toBe('form-body@suppress.test');
      expect(res.json().data.reason).toBe('manual');
    });

    it('accepts the email from the query string of a POST', async () => {
      const res = await api().post('/api/suppressions?email=query-string%40suppress.test');
      expectJson(res, 201);
      expect(res.json().data.email).toBe('query-string@suppress.test');
    });

    it('trims surrounding whitespace from the email before storing it', async () => {
      const res = await api().post('/api/suppressions', { json: { email: '  padded@suppress.test \n' } });
      expectJson(res, 201);
      expect(res.json().data.email).toBe('padded@suppress.test');
    });

    it('accepts an address without a dot in its domain, since email:rfc is not strict', async () => {
      const res = await api().post('/api/suppressions', { json: { email: 'someone@localhost' } });
      expectJson(res, 201);
      expect(res.json().data.email).toBe('someone@localhost');
    });

    it('returns an existing suppression unchanged with 200, keeping its hard_bounce reason', async () => {
      const res = await api().post('/api/suppressions', { json: { email: 'bounced@example.com', reason: 'manual' } });
      expectJson(res, 200);
      expect(res.text).toBe(`{"data":${BOUNCED}}`);
    });

    it('returns the existing suppression for a differently-cased duplicate email', async () => {
      const res = await api().post('/api/suppressions', { form: 'email=COMPLAINER%40Example.ORG' });
      expectJson(res, 200);
      expect(res.text).toBe(`{"data":${COMPLAINER}}`);
    });

    it('answers a repeated POST of a new email with the first row and 200, creating nothing more', async () => {
      const first = await create('twice@suppress.test');
      const second = await api().post('/api/suppressions', { json: { email: 'twice@suppress.test' } });
      expectJson(second, 200);
      expect(second.text).toBe(first.text);
      const listed = await api().get('/api/suppressions?filter[search]=twice@');
      expect(listed.json().meta.total).toBe(1);
    });
  });

  describe('deleting', () => {
    it('deletes a suppression by uuid with 204, an empty body and no content-type', async () => {
      const { uuid } = (await create('delete-by-uuid@suppress.test')).json().data;
      const res = await api().delete(`/api/suppressions/${uuid}`);
      expect(res.status).toBe(204);
      expect(res.text).toBe('');
      expect(res.headers['content-type']).toBeUndefined();
      expect(res.headers['cache-control']).toBe('no-cache, private');
      const shown = await api().get(`/api/suppressions/${uuid}`);
      expect(shown.status).toBe(404);
      expect(shown.text).toBe(notFoundBody(uuid));
    });

    it('deletes a suppression by email with 204', async () => {
      await create('delete-by-email@suppress.test');
      const res = await api().delete('/api/suppressions/delete-by-email@suppress.test');
      expect(res.status).toBe(204);
      expect(res.text).toBe('');
      const shown = await api().get('/api/suppressions/delete-by-email@suppress.test');
      expect(shown.status).toBe(404);
    });

    it('lets a deleted email be suppressed again as a new row with 201', async () => {
      const first = (await create('again@suppress.test')).json().data;
      expect((await api().delete('/api/suppressions/again@suppress.test')).status).toBe(204);
      const second = (await create('again@suppress.test')).json().data;
      expect(second.uuid).not.toBe(first.uuid);
      expect(second.reason).toBe('manual');
    });
  });

  describe('on a fresh server without fixtures', () => {
    const fresh = useEmulator({ fixtures: null });

    it('gives new rows the next sequential uuid and the stepping clock time, and lists them in insertion order', async () => {
      const client = apiClient(fresh().url, fresh().token);
      // The emulator reads the clock twice while starting (workspace row, fixture seeding: 10:00:00 and 10:00:01);
      // each row created afterwards reads it once. Nothing else in these requests reads it.
      const first = await client.post('/api/suppressions', { json: { email: 'first@suppress.test' } });
      expectJson(first, 201);
      const firstRow =
        '{"uuid":"00000000-0000-4000-8000-000000000001","email":"first@suppress.test","reason":"manual","created_at":"2025-03-01T10:00:02.000000Z","updated_at":"2025-03-01T10:00:02.000000Z"}';
      expect(first.text).toBe(`{"data":${firstRow}}`);

      const second = await client.post('/api/suppressions', {
        form: 'email=second%40suppress.test&reason=hard_bounce',
      });
      expectJson(second, 201);
      const secondRow =
        '{"uuid":"00000000-0000-4000-8000-000000000002","email":"second@suppress.test","reason":"manual","created_at":"2025-03-01T10:00:03.000000Z","updated_at":"2025-03-01T10:00:03.000000Z"}';
      expect(second.text).toBe(`{"data":${secondRow}}`);

      const listed = await client.get('/api/suppressions');
      expectJson(listed, 200);
      expect(listed.text).toBe(listBody(fresh().url, [firstRow, secondRow]));
      const descending = await client.get('/api/suppressions?sort=-created_at');
      expect(descending.text).toBe(listBody(fresh().url, [secondRow, firstRow]));
    });
  });
});

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
