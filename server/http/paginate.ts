/**
 * Laravel's LengthAwarePaginator wrapped in a resource collection (docs/spec/mailcoach-reference.md#17-pagination-all-list-endpoints-in-scope): the `{data, links, meta}`
 * envelope, absolute page links from the request's scheme and host that keep no query parameter but `page`, and
 * the UrlWindow (three pages on each side) for `meta.links`.
 */
import type { Input } from '../validation/input.js';

/** Mailcoach calls paginate() without a size, so Eloquent's default of 15 applies; `per_page` is ignored. */
export const PER_PAGE = 15;

/** PaginationState::resolveCurrentPage(): an integer >= 1 (as filter_var reads it), else page 1. */
export function readPage(input: Input): number {
  const raw = input.page;
  const text = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw.trim() : '';
  if (!/^[+-]?(0|[1-9]\d*)$/.test(text)) return 1;
  const page = Number(text);
  return Number.isSafeInteger(page) && page >= 1 ? page : 1;
}

export function pageWindow(page: number): { offset: number; limit: number } {
  return { offset: (page - 1) * PER_PAGE, limit: PER_PAGE };
}

export interface PaginateOptions {
  /** The request URL; its query string is dropped, as Mailcoach never calls withQueryString(). */
  requestUrl: string;
  page: number;
  total: number;
  /** decisions.md: `meta.links` appears on the sends list only. */
  withMetaLinks: boolean;
}

interface MetaLink {
  url: string | null;
  label: string;
  active: boolean;
}

export function paginatedEnvelope<T>(data: T[], options: PaginateOptions) {
  const { page, total } = options;
  const path = currentPath(options.requestUrl);
  const url = (n: number) => `${path}?page=${n}`;
  const lastPage = Math.max(Math.ceil(total / PER_PAGE), 1);
  const from = data.length > 0 ? (page - 1) * PER_PAGE + 1 : null;
  const hasMorePages = page < lastPage;
  const meta = {
    current_page: page,
    from,
    last_page: lastPage,
    ...(options.withMetaLinks ? { links: metaLinks(page, lastPage, url) } : {}),
    path,
    per_page: PER_PAGE,
    to: from === null ? null : from + data.length - 1,
    total,
  };
  return {
    data,
    links: {
      first: url(1),
      last: url(lastPage),
      prev: page > 1 ? url(page - 1) : null,
      next: hasMorePages ? url(page + 1) : null,
    },
    meta,
  };
}

/** Request::url(): scheme, lower-cased host (with its port) and path, no query string, no trailing slash. */
function currentPath(requestUrl: string): string {
  const url = new URL(requestUrl);
  return `${url.protocol}//${url.host.toLowerCase()}${url.pathname}`.replace(/\/+$/, '');
}

/**
 * LengthAwarePaginator::linkCollection(). The base document lists `url, label, active` for these entries, so the
 * `page` key Laravel 12.23 added is left out (server/mailcoach/quirks.md).
 */
function metaLinks(page: number, lastPage: number, url: (n: number) => string): MetaLink[] {
  const links: MetaLink[] = [{ url: page > 1 ? url(page - 1) : null, label: '&laquo; Previous', active: false }];
  for (const element of urlWindow(page, lastPage)) {
    if (element === '...') links.push({ url: null, label: '...', active: false });
    else links.push({ url: url(element), label: String(element), active: element === page });
  }
  links.push({ url: page < lastPage ? url(page + 1) : null, label: 'Next &raquo;', active: false });
  return links;
}

/** Illuminate\Pagination\UrlWindow with onEachSide = 3: page numbers and '...' separators. */
export function urlWindow(page: number, lastPage: number): Array<number | '...'> {
  const onEachSide = 3;
  const window = onEachSide + 4;
  if (lastPage < onEachSide * 2 + 8) return range(1, lastPage);
  const start = range(1, 2);
  const finish = range(lastPage - 1, lastPage);
  if (page <= window) return [...range(1, window + onEachSide), '...', ...finish];
  if (page > lastPage - window) return [...start, '...', ...range(lastPage - (window + (onEachSide - 1)), lastPage)];
  return [...start, '...', ...range(page - onEachSide, page + onEachSide), '...', ...finish];
}

function range(from: number, to: number): number[] {
  return Array.from({ length: Math.max(to - from + 1, 0) }, (_, i) => from + i);
}
