import { describe, expect, it } from 'vitest';
import { PER_PAGE, pageWindow, paginatedEnvelope, readPage, urlWindow } from '../../server/http/paginate.js';

/**
 * Illuminate\Pagination\UrlWindow::get() and LengthAwarePaginator::elements(), written out literally from the
 * framework (onEachSide = 3), to compare against.
 */
function laravelElements(currentPage: number, lastPage: number): Array<number | '...'> {
  const onEachSide = 3;
  const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
  let window: { first: number[] | null; slider: number[] | null; last: number[] | null };
  if (lastPage < onEachSide * 2 + 8) {
    window = { first: range(1, lastPage), slider: null, last: null };
  } else {
    const size = onEachSide + 4;
    const start = range(1, 2);
    const finish = range(lastPage - 1, lastPage);
    if (currentPage <= size) {
      window = { first: range(1, size + onEachSide), slider: null, last: finish };
    } else if (currentPage > lastPage - size) {
      window = { first: start, slider: null, last: range(lastPage - (size + (onEachSide - 1)), lastPage) };
    } else {
      window = { first: start, slider: range(currentPage - onEachSide, currentPage + onEachSide), last: finish };
    }
  }
  const elements: Array<number[] | '...' | null> = [
    window.first,
    Array.isArray(window.slider) ? '...' : null,
    window.slider,
    Array.isArray(window.last) ? '...' : null,
    window.last,
  ];
  return elements.flatMap(
    (element): Array<number | '...'> => (element === null ? [] : element === '...' ? ['...'] : element),
  );
}

describe('readPage (filter_var FILTER_VALIDATE_INT, then >= 1)', () => {
  it.each([
    ['abc', 1],
    ['0', 1],
    ['-3', 1],
    ['-0', 1],
    ['1.5', 1],
    ['1e2', 1],
    ['0x10', 1],
    ['02', 1],
    ['', 1],
    ['2', 2],
    [' 2 ', 2],
    ['+2', 2],
    ['15', 15],
    ['99999999999999999999', 1],
  ])('reads page=%j as %i', (raw, expected) => {
    expect(readPage({ page: raw })).toBe(expected);
  });

  it('accepts JSON integers and rejects fractions, negatives and huge numbers', () => {
    expect(readPage({ page: 2 })).toBe(2);
    expect(readPage({ page: 1.5 })).toBe(1);
    expect(readPage({ page: -2 })).toBe(1);
    expect(readPage({ page: 1e21 })).toBe(1);
  });

  it('reads a missing, null, boolean or array page as 1', () => {
    for (const page of [undefined, null, true, ['2'], { a: '2' }]) expect(readPage({ page })).toBe(1);
    expect(readPage({})).toBe(1);
  });

  it('turns a page into an offset of 15 rows per page', () => {
    expect(PER_PAGE).toBe(15);
    expect(pageWindow(1)).toEqual({ offset: 0, limit: 15 });
    expect(pageWindow(3)).toEqual({ offset: 30, limit: 15 });
  });
});

describe('urlWindow (UrlWindow, onEachSide 3)', () => {
  it.each([1, 2, 13, 14, 15, 20, 21, 100])(
    'matches Laravel for every page of %i pages and beyond the end',
    (lastPage) => {
      for (let page = 1; page <= lastPage + 3; page++) {
        expect(urlWindow(page, lastPage), `page ${page} of ${lastPage}`).toEqual(laravelElements(page, lastPage));
      }
    },
  );

  it('lists every page while there are fewer than 14', () => {
    expect(urlWindow(7, 13)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]);
  });

  it('shows 1-10, a separator and the last two near the start', () => {
    expect(urlWindow(7, 14)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, '...', 13, 14]);
  });

  it('shows the first two, a separator and the last ten near the end', () => {
    expect(urlWindow(8, 14)).toEqual([1, 2, '...', 5, 6, 7, 8, 9, 10, 11, 12, 13, 14]);
  });

  it('shows three pages each side of the current one in the middle', () => {
    expect(urlWindow(50, 100)).toEqual([1, 2, '...', 47, 48, 49, 50, 51, 52, 53, '...', 99, 100]);
  });
});

describe('paginatedEnvelope', () => {
  const rows = (count: number) => Array.from({ length: count }, (_, i) => ({ n: i }));
  const options = { requestUrl: 'https://H.example:8443/api/sends?page=2&filter[x]=1', withMetaLinks: false };

  it('puts data, links and meta in Laravel’s key order', () => {
    const envelope = paginatedEnvelope(rows(15), { ...options, page: 1, total: 40, withMetaLinks: true });
    expect(Object.keys(envelope)).toEqual(['data', 'links', 'meta']);
    expect(Object.keys(envelope.links)).toEqual(['first', 'last', 'prev', 'next']);
    expect(Object.keys(envelope.meta)).toEqual([
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

  it('leaves meta.links out unless asked for', () => {
    expect(Object.keys(paginatedEnvelope(rows(1), { ...options, page: 1, total: 1 }).meta)).not.toContain('links');
  });

  it('builds absolute links from scheme and lower-cased host, keeping only page', () => {
    const envelope = paginatedEnvelope(rows(15), { ...options, page: 2, total: 40 });
    expect(envelope.links).toEqual({
      first: 'https://h.example:8443/api/sends?page=1',
      last: 'https://h.example:8443/api/sends?page=3',
      prev: 'https://h.example:8443/api/sends?page=1',
      next: 'https://h.example:8443/api/sends?page=3',
    });
    expect(envelope.meta.path).toBe('https://h.example:8443/api/sends');
  });

  it('drops a trailing slash from the path', () => {
    const envelope = paginatedEnvelope([], {
      requestUrl: 'http://h/api/sends/',
      page: 1,
      total: 0,
      withMetaLinks: false,
    });
    expect(envelope.meta.path).toBe('http://h/api/sends');
  });

  it('computes from, to and last_page for full, partial and last pages', () => {
    const first = paginatedEnvelope(rows(15), { ...options, page: 1, total: 40 }).meta;
    expect([first.from, first.to, first.last_page, first.total, first.per_page]).toEqual([1, 15, 3, 40, 15]);
    const last = paginatedEnvelope(rows(10), { ...options, page: 3, total: 40 }).meta;
    expect([last.from, last.to, last.current_page]).toEqual([31, 40, 3]);
    const exact = paginatedEnvelope(rows(15), { ...options, page: 2, total: 30 });
    expect([exact.meta.last_page, exact.links.next]).toEqual([2, null]);
  });

  it('gives an empty table one page, null from/to and no prev or next', () => {
    const envelope = paginatedEnvelope([], { ...options, page: 1, total: 0, withMetaLinks: true });
    expect(envelope.meta).toMatchObject({ current_page: 1, from: null, last_page: 1, to: null, total: 0 });
    expect(envelope.links.prev).toBeNull();
    expect(envelope.links.next).toBeNull();
    expect(envelope.meta.links).toEqual([
      { url: null, label: '&laquo; Previous', active: false },
      { url: 'https://h.example:8443/api/sends?page=1', label: '1', active: true },
      { url: null, label: 'Next &raquo;', active: false },
    ]);
  });

  it('answers a page beyond the last with no data, the requested page, prev to page-1 and no next', () => {
    const envelope = paginatedEnvelope([], { ...options, page: 7, total: 40, withMetaLinks: true });
    expect(envelope.meta).toMatchObject({ current_page: 7, from: null, to: null, last_page: 3, total: 40 });
    expect(envelope.links.prev).toBe('https://h.example:8443/api/sends?page=6');
    expect(envelope.links.next).toBeNull();
    expect(envelope.meta.links?.map((link) => link.label)).toEqual(['&laquo; Previous', '1', '2', '3', 'Next &raquo;']);
    expect(envelope.meta.links?.some((link) => link.active)).toBe(false);
  });

  it('builds meta.links with Previous, the window (separators without url) and Next', () => {
    const envelope = paginatedEnvelope(rows(15), { ...options, page: 2, total: 15 * 20, withMetaLinks: true });
    const links = envelope.meta.links ?? [];
    const url = (n: number) => `https://h.example:8443/api/sends?page=${n}`;
    expect(links[0]).toEqual({ url: url(1), label: '&laquo; Previous', active: false });
    expect(links.at(-1)).toEqual({ url: url(3), label: 'Next &raquo;', active: false });
    expect(links.slice(1, -1).map((link) => link.label)).toEqual([
      '1',
      '2',
      '3',
      '4',
      '5',
      '6',
      '7',
      '8',
      '9',
      '10',
      '...',
      '19',
      '20',
    ]);
    expect(links[11]).toEqual({ url: null, label: '...', active: false });
    expect(links.filter((link) => link.active)).toEqual([{ url: url(2), label: '2', active: true }]);
  });
});
