/**
 * /api/suppressions: list (filters, sorts, pagination links), show by uuid or email, create (JSON, form and query
 * input; existing rows come back unchanged) and delete (docs/spec/mailcoach-reference.md#18-filtering-and-sorting-spatielaravel-query-builder, docs/spec/mailcoach-reference.md#2-suppressions; decisions.md).
 * Validation, auth, not-found and the spam_complaint deletion rule are suppression-errors.test.ts's.
 *
 * The shared server is seeded from test/fixtures/suppressions.json (jane / bounced / complainer, inserted in that
 * order with created_at 03-02, 03-01, 03-03). No test here deletes a fixture row or creates an address containing
 * "example", so `filter[search]=example` always yields exactly the three fixtures, whatever order tests run in.
 * Rows created by tests use the `suppress.test` domain and an address of their own.
 */
import { describe, expect, it } from 'vitest';
import { useEmulator } from '../support/emulator-process.js';
import { apiClient, type RawResponse } from '../support/http.js';
import { BOUNCED, COMPLAINER, expectJson, JANE, listBody, notFoundBody } from '../support/suppression-bodies.js';

const emulator = useEmulator();
const api = () => apiClient(emulator().url, emulator().token);

const TIMESTAMP = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.000000Z$/;
const SEQUENTIAL_UUID = /^00000000-0000-4000-8000-[0-9a-f]{12}$/;
const RESOURCE_KEYS = ['uuid', 'email', 'reason', 'created_at', 'updated_at'];

const list = (rows: string[], options?: { page?: number; total?: number }) => listBody(emulator().url, rows, options);

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
