/**
 * Query strings and paths that do not decode never get a 500: the emulator answers what Laravel would
 * (docs/spec/mailcoach-reference.md#14-content-negotiation-and-request-parsing) and stores nothing; every request is
 * checked against the suppression list before and after. Bodies are bad-input.test.ts's.
 */
import { describe, expect, it } from 'vitest';
import { useEmulator } from '../support/emulator-process.js';
import { pretty } from '../support/expected.js';
import { suppressionGuard } from '../support/suppression-guard.js';

const emulator = useEmulator();
const { url, get, withoutChanges } = suppressionGuard(emulator);

/** PHP json_encode's default `\/`. */
const esc = (text: string) => text.replaceAll('/', '\\/');

const SUPPRESSION_CLASS = 'Spatie\\Mailcoach\\Domain\\Audience\\Models\\Suppression';

describe('query strings and paths that do not decode', () => {
  const path = () => `${esc(url())}\\/api\\/suppressions`;
  const emptyList = () =>
    `{"data":[],"links":{"first":"${path()}?page=1","last":"${path()}?page=1","prev":null,"next":null},` +
    `"meta":{"current_page":1,"from":null,"last_page":1,"path":"${path()}","per_page":15,"to":null,"total":0}}`;

  it('percent-encoded invalid UTF-8 in a filter value matches nothing', async () => {
    for (const query of ['filter%5Bsearch%5D=%FF', 'filter%5Bsearch%5D=%E0%A4', 'filter%5Breason%5D=%FF']) {
      const res = await withoutChanges(() => get(`/api/suppressions?${query}`));
      expect(res.status, query).toBe(200);
      expect(res.text, query).toBe(emptyList());
    }
  });

  it('a bare % in the search is a LIKE wildcard that matches everything, as in Mailcoach (no escaping)', async () => {
    const plain = await get('/api/suppressions');
    for (const query of ['filter%5Bsearch%5D=%', 'filter%5Bsearch%5D=%25']) {
      const res = await get(`/api/suppressions?${query}`);
      expect(res.status, query).toBe(200);
      expect(res.text, query).toBe(plain.text);
    }
  });

  it('percent-encoded invalid UTF-8 in the path is an unknown suppression, shown undecoded', async () => {
    const res = await withoutChanges(() => get('/api/suppressions/%FF'));
    expect(res.status).toBe(404);
    expect(res.text).toBe(pretty(`No query results for model [${SUPPRESSION_CLASS}] %FF`));
  });

  it('a valid percent-encoded path value is decoded', async () => {
    const res = await get('/api/suppressions/%25FF');
    expect(res.status).toBe(404);
    expect(res.text).toBe(pretty(`No query results for model [${SUPPRESSION_CLASS}] %FF`));
    const found = await get('/api/suppressions/jane%40example.com');
    expect(found.status).toBe(200);
    expect(found.json().data.uuid).toBe('4a1c2d9e-7b3f-4c11-9a55-0f2e6b1d8c70');
  });

  it('a NUL byte in the path is an unknown suppression', async () => {
    const res = await withoutChanges(() => get('/api/suppressions/%00'));
    expect(res.status).toBe(404);
    expect(res.text).toBe(pretty(`No query results for model [${SUPPRESSION_CLASS}] \u0000`));
  });

  it('invalid UTF-8 in a filter or sort name is an unknown filter or sort', async () => {
    const filter = await get('/api/suppressions?filter%5B%FF%5D=x');
    expect(filter.status).toBe(400);
    expect(filter.text).toBe(
      pretty('Requested filter(s) `%FF` are not allowed. Allowed filter(s) are `search, reason`.'),
    );
    const sort = await get('/api/suppressions?sort=%FF');
    expect(sort.status).toBe(400);
    expect(sort.text).toBe(pretty('Requested sort(s) `%FF` is not allowed. Allowed sort(s) are `created_at`.'));
  });

  it('unknown query keys are ignored and per_page stays 15', async () => {
    const plain = await get('/api/suppressions');
    const res = await get('/api/suppressions?foo=bar&per_page=1000&perPage=2&limit=1');
    expect(res.status).toBe(200);
    expect(res.text).toBe(plain.text);
    expect(res.json().meta.per_page).toBe(15);
  });

  it('a page that is not an integer >= 1 is page 1', async () => {
    const plain = await get('/api/suppressions');
    for (const page of ['%FF', 'abc', '-1', '0', '1.5', '1e1', '%5B%5D', '99999999999999999999']) {
      const res = await get(`/api/suppressions?page=${page}`);
      expect(res.status, page).toBe(200);
      expect(res.text, page).toBe(plain.text);
    }
    const list = await get('/api/suppressions?page%5B%5D=2');
    expect(list.text).toBe(plain.text);
  });

  it('filter given as a plain string is ignored', async () => {
    const plain = await get('/api/suppressions');
    const res = await get('/api/suppressions?filter=abc');
    expect(res.status).toBe(200);
    expect(res.text).toBe(plain.text);
  });

  it('an empty filter value is ignored', async () => {
    const plain = await get('/api/suppressions');
    const res = await get('/api/suppressions?filter%5Bsearch%5D=&filter%5Breason%5D=');
    expect(res.status).toBe(200);
    expect(res.text).toBe(plain.text);
  });

  it('filter[]=x is the unknown filter `0`', async () => {
    for (const query of ['filter[]=x', 'filter%5B%5D=x']) {
      const res = await get(`/api/suppressions?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.headers['content-type']).toBe('application/json');
      expect(res.text, query).toBe(
        pretty('Requested filter(s) `0` are not allowed. Allowed filter(s) are `search, reason`.'),
      );
    }
  });

  it('an unknown name in the sort array is still reported', async () => {
    const res = await get('/api/suppressions?sort[]=created_at&sort[]=email');
    expect(res.status).toBe(400);
    expect(res.text).toBe(pretty('Requested sort(s) `email` is not allowed. Allowed sort(s) are `created_at`.'));
  });
});
