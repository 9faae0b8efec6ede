/**
 * The paginated envelope of every list endpoint (docs/spec/mailcoach-reference.md#17-pagination-all-list-endpoints-in-scope; decisions.md "page size", "meta.links",
 * "Pagination links"): 15 per page whatever per_page says, lenient page numbers, absolute links from the client's
 * Host that keep nothing but `page`, and Laravel's UrlWindow in meta.links, which only the sends list has.
 *
 * One emulator gets a generated fixtures directory: 425 sends in three campaigns (210 = 14 pages, 195 = 13 pages,
 * 20 = 2 pages; 29 pages in all) and 20 suppressions. Another starts with --no-fixtures for the empty lists.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { useEmulator } from '../support/emulator-process.js';
import { apiClient, rawRequest, type RawResponse } from '../support/http.js';

const CAMPAIGN_14_PAGES = 'aaaaaaaa-0000-4000-8000-000000000210';
const CAMPAIGN_13_PAGES = 'bbbbbbbb-0000-4000-8000-000000000195';
const CAMPAIGN_2_PAGES = 'cccccccc-0000-4000-8000-000000000020';

const sendUuid = (n: number) => `5e000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const minutesAfter = (base: string, n: number) => new Date(Date.parse(base) + n * 60_000).toISOString();

/** Send n (1..425) was sent n minutes after the base, so the default -sent_at order is 425, 424, ... */
const sends = Array.from({ length: 425 }, (_, i) => {
  const n = i + 1;
  const campaign = n <= 210 ? CAMPAIGN_14_PAGES : n <= 405 ? CAMPAIGN_13_PAGES : CAMPAIGN_2_PAGES;
  return {
    uuid: sendUuid(n),
    campaign_uuid: campaign,
    sent_at: minutesAfter('2025-01-01T00:00:00Z', n),
    created_at: minutesAfter('2025-01-01T00:00:00Z', n),
  };
});
const suppressions = Array.from({ length: 20 }, (_, i) => ({
  uuid: `5f000000-0000-4000-8000-${String(i + 1).padStart(12, '0')}`,
  email: `user${String(i + 1).padStart(2, '0')}@example.com`,
  reason: 'manual',
  created_at: minutesAfter('2025-02-01T00:00:00Z', i + 1),
}));
const fixturesDir = mkdtempSync(join(tmpdir(), 'mce-pagination-fixtures-'));
writeFileSync(join(fixturesDir, 'sends.json'), JSON.stringify({ sends }));
writeFileSync(join(fixturesDir, 'suppressions.json'), JSON.stringify({ suppressions }));
afterAll(() => rmSync(fixturesDir, { recursive: true, force: true }));

const emulator = useEmulator({ fixtures: fixturesDir });
const empty = useEmulator({ fixtures: null });
const api = () => apiClient(emulator().url, emulator().token);
const emptyApi = () => apiClient(empty().url, empty().token);

const uuids = (res: RawResponse): string[] => res.json().data.map((row: { uuid: string }) => row.uuid);
/** The uuids of sends `from` down to `to` (the default order is newest first). */
const sendsDown = (from: number, to: number) => Array.from({ length: from - to + 1 }, (_, i) => sendUuid(from - i));

interface MetaLink {
  url: string | null;
  label: string;
  active: boolean;
}
/** meta.links in a compact notation: `<` previous, `>` next, `[n]` the active page, `...` a separator. */
function window(res: RawResponse): string[] {
  return (res.json().meta.links as MetaLink[]).map((link, i, all) => {
    if (i === 0) return '<';
    if (i === all.length - 1) return '>';
    return link.active ? `[${link.label}]` : link.label;
  });
}
const pages = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => String(from + i));
const mark = (list: string[], page: number) => list.map((p) => (p === String(page) ? `[${p}]` : p));

describe('page size and page numbers', () => {
  it('gives 15 items per page and the totals in meta', async () => {
    const res = await api().get('/api/sends');
    expect(res.status).toBe(200);
    expect(uuids(res)).toEqual(sendsDown(425, 411));
    expect(res.json().meta).toMatchObject({
      current_page: 1,
      from: 1,
      last_page: 29,
      per_page: 15,
      to: 15,
      total: 425,
    });
  });

  it('serves page 2 as the next 15 items', async () => {
    const res = await api().get('/api/sends?page=2');
    expect(uuids(res)).toEqual(sendsDown(410, 396));
    expect(res.json().meta).toMatchObject({ current_page: 2, from: 16, to: 30 });
  });

  it('serves a short last page with `to` at the total', async () => {
    const res = await api().get('/api/sends?page=29');
    expect(uuids(res)).toEqual(sendsDown(5, 1));
    expect(res.json().meta).toMatchObject({ current_page: 29, from: 421, last_page: 29, to: 425, total: 425 });
    expect(res.json().links.next).toBeNull();
  });

  it('ignores per_page, whether larger or smaller than 15', async () => {
    for (const perPage of ['100', '5', '1000']) {
      const res = await api().get(`/api/sends?per_page=${perPage}`);
      expect(res.json().data).toHaveLength(15);
      expect(res.json().meta.per_page).toBe(15);
      expect(res.json().meta.last_page).toBe(29);
    }
  });

  it('ignores per_page on the other lists too', async () => {
    const res = await api().get('/api/suppressions?per_page=50');
    expect(res.json().data).toHaveLength(15);
    expect(res.json().meta).toMatchObject({ last_page: 2, per_page: 15, total: 20 });
  });

  it.each(['0', '-1', 'abc', '1.5', '', '02', '2abc', '99999999999999999999', '[]'])(
    'treats page=%s as page 1',
    async (page) => {
      const res = await api().get(`/api/sends?page=${page}`);
      expect(res.status).toBe(200);
      expect(res.json().meta.current_page).toBe(1);
      expect(uuids(res)).toEqual(sendsDown(425, 411));
      expect(res.json().links.prev).toBeNull();
    },
  );

  it('treats page[]=2 (an array) as page 1', async () => {
    const res = await api().get('/api/sends?page[]=2');
    expect(res.json().meta.current_page).toBe(1);
  });

  it('accepts a page number with a plus sign or surrounding spaces', async () => {
    expect((await api().get('/api/sends?page=%2B3')).json().meta.current_page).toBe(3);
    expect((await api().get('/api/sends?page=%203%20')).json().meta.current_page).toBe(3);
  });

  it('answers a page beyond the last with no data, null from/to, the requested page and a prev link only', async () => {
    const res = await api().get('/api/suppressions?page=5');
    const base = emulator().url.replaceAll('/', '\\/');
    expect(res.status).toBe(200);
    expect(res.text).toBe(
      `{"data":[],"links":{"first":"${base}\\/api\\/suppressions?page=1","last":"${base}\\/api\\/suppressions?page=2",` +
        `"prev":"${base}\\/api\\/suppressions?page=4","next":null},` +
        `"meta":{"current_page":5,"from":null,"last_page":2,"path":"${base}\\/api\\/suppressions","per_page":15,"to":null,"total":20}}`,
    );
  });
});

describe('links', () => {
  it('builds absolute first/last/prev/next links from the page number alone', async () => {
    const url = emulator().url;
    const res = await api().get('/api/sends?page=3');
    expect(res.json().links).toEqual({
      first: `${url}/api/sends?page=1`,
      last: `${url}/api/sends?page=29`,
      prev: `${url}/api/sends?page=2`,
      next: `${url}/api/sends?page=4`,
    });
    expect(res.json().meta.path).toBe(`${url}/api/sends`);
    expect(res.text).toContain(`"prev":"${url.replaceAll('/', '\\/')}\\/api\\/sends?page=2"`);
  });

  it('drops filters, sort, per_page and every other parameter from the links and the path', async () => {
    const url = emulator().url;
    const res = await api().get(
      `/api/sends?filter[campaign_uuid]=${CAMPAIGN_14_PAGES}&sort=-sent_at&page=2&per_page=50&foo=bar`,
    );
    expect(res.json().meta.total).toBe(210);
    expect(res.json().links).toEqual({
      first: `${url}/api/sends?page=1`,
      last: `${url}/api/sends?page=14`,
      prev: `${url}/api/sends?page=1`,
      next: `${url}/api/sends?page=3`,
    });
    expect(res.json().meta.path).toBe(`${url}/api/sends`);
    for (const link of res.json().meta.links as MetaLink[]) {
      if (link.url !== null) expect(link.url).toMatch(new RegExp(`^${url}/api/sends\\?page=\\d+$`));
    }
  });

  it('builds links from the Host header the client sent, lower-cased', async () => {
    const res = await rawRequest(emulator().url, {
      path: '/api/sends?page=2',
      headers: { host: 'Example.TEST:1234', accept: 'application/json', authorization: `Bearer ${emulator().token}` },
    });
    expect(res.status).toBe(200);
    expect(res.text).toContain(
      '"links":{"first":"http:\\/\\/example.test:1234\\/api\\/sends?page=1","last":"http:\\/\\/example.test:1234\\/api\\/sends?page=29",' +
        '"prev":"http:\\/\\/example.test:1234\\/api\\/sends?page=1","next":"http:\\/\\/example.test:1234\\/api\\/sends?page=3"}',
    );
    expect(res.json().meta.path).toBe('http://example.test:1234/api/sends');
    expect(res.json().meta.links[1].url).toBe('http://example.test:1234/api/sends?page=1');
  });

  it.each(['mailcoach.test', 'mailcoach.test:80'])(
    'leaves the default port out of the links for Host: %s',
    async (host) => {
      const res = await rawRequest(emulator().url, {
        path: '/api/suppressions',
        headers: { host, accept: 'application/json', authorization: `Bearer ${emulator().token}` },
      });
      expect(res.json().links.next).toBe('http://mailcoach.test/api/suppressions?page=2');
      expect(res.json().meta.path).toBe('http://mailcoach.test/api/suppressions');
    },
  );

  it('writes the path without a trailing slash when the request had one', async () => {
    const res = await api().get('/api/sends/?page=2');
    expect(res.status).toBe(200);
    expect(res.json().meta.path).toBe(`${emulator().url}/api/sends`);
    expect(res.json().links.next).toBe(`${emulator().url}/api/sends?page=3`);
  });
});

describe('meta', () => {
  it('orders the sends meta keys current_page, from, last_page, links, path, per_page, to, total', async () => {
    const res = await api().get('/api/sends');
    expect(Object.keys(res.json())).toEqual(['data', 'links', 'meta']);
    expect(Object.keys(res.json().links)).toEqual(['first', 'last', 'prev', 'next']);
    expect(Object.keys(res.json().meta)).toEqual([
      'current_page',
      'from',
      'last_page',
      'links',
      'path',
      'per_page',
      'to',
      'total',
    ]);
  });

  it.each(['/api/suppressions', '/api/transactional-mails', '/api/transactional-mails/templates'])(
    'leaves meta.links out of %s, keeping the other meta keys in order',
    async (path) => {
      const res = await api().get(path);
      expect(res.status).toBe(200);
      expect(Object.keys(res.json().meta)).toEqual([
        'current_page',
        'from',
        'last_page',
        'path',
        'per_page',
        'to',
        'total',
      ]);
      expect(res.text).not.toContain('&laquo;');
    },
  );
});

describe('meta.links (UrlWindow, three pages on each side)', () => {
  it('writes previous and next entries with their urls, and the page entries with url, label and active', async () => {
    const url = emulator().url;
    const res = await api().get(`/api/sends?filter[campaign_uuid]=${CAMPAIGN_2_PAGES}&page=2`);
    expect(res.json().meta.links).toEqual([
      { url: `${url}/api/sends?page=1`, label: '&laquo; Previous', active: false },
      { url: `${url}/api/sends?page=1`, label: '1', active: false },
      { url: `${url}/api/sends?page=2`, label: '2', active: true },
      { url: null, label: 'Next &raquo;', active: false },
    ]);
  });

  it('lists every page when there are fewer than 14', async () => {
    const res = await api().get(`/api/sends?filter[campaign_uuid]=${CAMPAIGN_13_PAGES}&page=7`);
    expect(res.json().meta.last_page).toBe(13);
    expect(window(res)).toEqual(['<', ...mark(pages(1, 13), 7), '>']);
  });

  it('shows pages 1 to 10, a separator and the last two while the current page is at most 7 (14 pages)', async () => {
    for (const page of [1, 7]) {
      const res = await api().get(`/api/sends?filter[campaign_uuid]=${CAMPAIGN_14_PAGES}&page=${page}`);
      expect(res.json().meta.last_page).toBe(14);
      expect(window(res)).toEqual(['<', ...mark(pages(1, 10), page), '...', '13', '14', '>']);
    }
  });

  it('shows 1, 2, a separator and the last ten pages near the end (14 pages)', async () => {
    for (const page of [8, 14]) {
      const res = await api().get(`/api/sends?filter[campaign_uuid]=${CAMPAIGN_14_PAGES}&page=${page}`);
      expect(window(res)).toEqual(['<', '1', '2', '...', ...mark(pages(5, 14), page), '>']);
    }
  });

  it('shows 1, 2, the current page with three on each side and the last two in the middle (29 pages)', async () => {
    expect(window(await api().get('/api/sends?page=8'))).toEqual([
      '<',
      '1',
      '2',
      '...',
      ...mark(pages(5, 11), 8),
      '...',
      '28',
      '29',
      '>',
    ]);
    expect(window(await api().get('/api/sends?page=15'))).toEqual([
      '<',
      '1',
      '2',
      '...',
      ...mark(pages(12, 18), 15),
      '...',
      '28',
      '29',
      '>',
    ]);
    expect(window(await api().get('/api/sends?page=22'))).toEqual([
      '<',
      '1',
      '2',
      '...',
      ...mark(pages(19, 25), 22),
      '...',
      '28',
      '29',
      '>',
    ]);
  });

  it('switches to the end window once the current page is past last-7 (29 pages)', async () => {
    expect(window(await api().get('/api/sends?page=23'))).toEqual([
      '<',
      '1',
      '2',
      '...',
      ...mark(pages(20, 29), 23),
      '>',
    ]);
    expect(window(await api().get('/api/sends?page=29'))).toEqual([
      '<',
      '1',
      '2',
      '...',
      ...mark(pages(20, 29), 29),
      '>',
    ]);
  });

  it('writes separators as {"url":null,"label":"...","active":false}', async () => {
    const res = await api().get('/api/sends?page=15');
    const separators = (res.json().meta.links as MetaLink[]).filter((link) => link.label === '...');
    expect(separators).toHaveLength(2);
    expect(res.text.split('{"url":null,"label":"...","active":false}')).toHaveLength(3);
  });

  it('marks no page active beyond the last page, with Previous pointing at the page before the requested one', async () => {
    const url = emulator().url;
    const res = await api().get('/api/sends?page=40');
    expect(res.json().data).toEqual([]);
    expect(window(res)).toEqual(['<', '1', '2', '...', ...pages(20, 29), '>']);
    const links = res.json().meta.links as MetaLink[];
    expect(links[0]).toEqual({ url: `${url}/api/sends?page=39`, label: '&laquo; Previous', active: false });
    expect(links.at(-1)).toEqual({ url: null, label: 'Next &raquo;', active: false });
    expect(res.json().meta).toMatchObject({ current_page: 40, from: null, to: null, last_page: 29, total: 425 });
    expect(res.json().links).toMatchObject({ prev: `${url}/api/sends?page=39`, next: null });
  });
});

describe('empty lists (--no-fixtures)', () => {
  it('answers an empty sends list byte for byte: last_page 1, total 0, from/to null, Previous, active 1, Next', async () => {
    const res = await emptyApi().get('/api/sends');
    const base = empty().url.replaceAll('/', '\\/');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/json');
    expect(res.text).toBe(
      `{"data":[],"links":{"first":"${base}\\/api\\/sends?page=1","last":"${base}\\/api\\/sends?page=1","prev":null,"next":null},` +
        `"meta":{"current_page":1,"from":null,"last_page":1,"links":[` +
        `{"url":null,"label":"&laquo; Previous","active":false},` +
        `{"url":"${base}\\/api\\/sends?page=1","label":"1","active":true},` +
        `{"url":null,"label":"Next &raquo;","active":false}],` +
        `"path":"${base}\\/api\\/sends","per_page":15,"to":null,"total":0}}`,
    );
  });

  it.each(['/api/suppressions', '/api/transactional-mails', '/api/transactional-mails/templates'])(
    'answers an empty %s list byte for byte, without meta.links',
    async (path) => {
      const res = await emptyApi().get(path);
      const full = `${empty().url}${path}`.replaceAll('/', '\\/');
      expect(res.status).toBe(200);
      expect(res.text).toBe(
        `{"data":[],"links":{"first":"${full}?page=1","last":"${full}?page=1","prev":null,"next":null},` +
          `"meta":{"current_page":1,"from":null,"last_page":1,"path":"${full}","per_page":15,"to":null,"total":0}}`,
      );
    },
  );

  it('marks page 1 inactive when an empty sends list is asked for page 2, with Previous pointing at page 1', async () => {
    const url = empty().url;
    const res = await emptyApi().get('/api/sends?page=2');
    expect(res.json().meta.links).toEqual([
      { url: `${url}/api/sends?page=1`, label: '&laquo; Previous', active: false },
      { url: `${url}/api/sends?page=1`, label: '1', active: false },
      { url: null, label: 'Next &raquo;', active: false },
    ]);
    expect(res.json().links).toEqual({
      first: `${url}/api/sends?page=1`,
      last: `${url}/api/sends?page=1`,
      prev: `${url}/api/sends?page=1`,
      next: null,
    });
    expect(res.json().meta).toMatchObject({ current_page: 2, from: null, to: null, last_page: 1, total: 0 });
  });
});
