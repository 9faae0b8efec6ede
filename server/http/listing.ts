/** The shared steps of every Mailcoach index endpoint: query-builder input, page, store call, envelope. */
import type { Context } from 'hono';
import type { ListResult, PageWindow, SortTerm } from '../db/statements.js';
import type { AppEnv } from './env.js';
import { pageWindow, paginatedEnvelope, readPage } from './paginate.js';
import { readListQuery, type ListQuery, type ListQuerySpec } from './query-builder.js';
import { laravelJson } from './respond.js';

export interface IndexSpec<Row, Filters> {
  query: ListQuerySpec;
  /** API sort name to column; each must be a trusted column name. */
  sortColumns: Record<string, string>;
  filters(query: ListQuery): Filters;
  list(
    workspaceId: number,
    filters: Filters,
    sort: SortTerm[],
    window: PageWindow,
  ): ListResult<Row> | Promise<ListResult<Row>>;
  present(row: Row): unknown;
  withMetaLinks?: boolean;
}

export async function respondWithIndex<Row, Filters>(
  c: Context<AppEnv>,
  spec: IndexSpec<Row, Filters>,
): Promise<Response> {
  const input = c.get('input');
  const query = readListQuery(input, spec.query);
  const page = readPage(input);
  const sort = sortTerms(query, spec.sortColumns);
  const result = await spec.list(c.get('workspaceId'), spec.filters(query), sort, pageWindow(page));
  return laravelJson(
    paginatedEnvelope(result.rows.map(spec.present), {
      requestUrl: c.req.url,
      page,
      total: result.total,
      withMetaLinks: spec.withMetaLinks ?? false,
    }),
  );
}

/**
 * Requested sorts as ORDER BY terms. Rows with equal sort values come back in id order (in the direction of the
 * first sort), so that pages never overlap; Mailcoach's MySQL gives no such promise, but nobody relies on chaos.
 */
function sortTerms(query: ListQuery, columns: Record<string, string>): SortTerm[] {
  const terms = query.sorts.map((sort) => ({ column: columns[sort.name] as string, descending: sort.descending }));
  if (!terms.some((term) => term.column === 'id'))
    terms.push({ column: 'id', descending: terms[0]?.descending ?? false });
  return terms;
}
