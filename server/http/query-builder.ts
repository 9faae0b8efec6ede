/**
 * spatie/laravel-query-builder's reading of `filter[...]` and `sort` (docs/spec/mailcoach-reference.md#18-filtering-and-sorting-spatielaravel-query-builder): sorts are checked before
 * filters, unknown names give its 400 sentences, `-` means descending, filter values split on commas, and empty
 * filter values are ignored.
 */
import { badRequest } from '../errors.js';
import type { Input } from '../validation/input.js';

export interface ListQuerySpec {
  allowedSorts: readonly string[];
  allowedFilters: readonly string[];
  /** Applies only when the request has no sort. */
  defaultSort?: readonly string[];
}

interface RequestedSort {
  name: string;
  descending: boolean;
}

export interface ListQuery {
  sorts: RequestedSort[];
  /** Only filters with a non-empty value; each value is the list of alternatives (a comma splits them). */
  filters: Record<string, string[]>;
}

export function readListQuery(input: Input, spec: ListQuerySpec): ListQuery {
  const requestedSorts = readSortNames(input.sort);
  const unknownSorts = requestedSorts
    .map((sort) => sort.replace(/^-+/, ''))
    .filter((n) => !spec.allowedSorts.includes(n));
  if (unknownSorts.length > 0) {
    throw badRequest(
      // Collection::diff() keeps repeats, so `sort=foo,-foo` names `foo` twice.
      `Requested sort(s) \`${unknownSorts.join(', ')}\` is not allowed. ` +
        `Allowed sort(s) are \`${spec.allowedSorts.join(', ')}\`.`,
    );
  }
  const rawFilters = isMap(input.filter) ? input.filter : {};
  const unknownFilters = Object.keys(rawFilters).filter((name) => !spec.allowedFilters.includes(name));
  if (unknownFilters.length > 0) {
    throw badRequest(
      `Requested filter(s) \`${unknownFilters.join(', ')}\` are not allowed. ` +
        `Allowed filter(s) are \`${spec.allowedFilters.join(', ')}\`.`,
    );
  }
  const names = requestedSorts.length > 0 ? requestedSorts : (spec.defaultSort ?? []);
  return {
    sorts: names.map((name) => ({ name: name.replace(/^-+/, ''), descending: name.startsWith('-') })),
    filters: readFilterValues(rawFilters),
  };
}

/** QueryBuilderRequest::sorts(): a comma list (or an array), empty parts dropped (Collection::filter(), so `0` too). */
function readSortNames(sort: unknown): string[] {
  const parts = typeof sort === 'string' ? sort.split(',') : Array.isArray(sort) ? sort : [];
  return parts.filter((part): part is string => typeof part === 'string' && part !== '' && part !== '0');
}

/**
 * QueryBuilderRequest::filters() then AllowedFilter::filter(): commas split a value, "true"/"false" become
 * booleans (which PHP then reads back as "1" and ""), nested arrays are flattened and a null value skips the
 * filter.
 */
function readFilterValues(rawFilters: Record<string, unknown>): Record<string, string[]> {
  const filters: Record<string, string[]> = {};
  for (const [name, value] of Object.entries(rawFilters)) {
    const values = flattenFilterValue(value);
    if (values.length > 0) filters[name] = values;
  }
  return filters;
}

function flattenFilterValue(value: unknown): string[] {
  if (value === null || value === undefined) return [];
  if (typeof value === 'string') {
    // getFilterValue(): a value with a comma is split and its parts kept as they are; only a whole value is a boolean.
    if (value.includes(',')) return value.split(',');
    return [value === 'true' ? '1' : value === 'false' ? '' : value];
  }
  if (typeof value === 'boolean') return [value ? '1' : ''];
  if (typeof value === 'number') return [String(value)];
  if (typeof value === 'object') return Object.values(value).flatMap(flattenFilterValue);
  return [];
}

function isMap(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object';
}
