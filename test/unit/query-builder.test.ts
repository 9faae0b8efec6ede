import { describe, expect, it } from 'vitest';
import { ApiError } from '../../server/errors.js';
import type { Input } from '../../server/validation/input.js';
import { readListQuery, type ListQuerySpec } from '../../server/http/query-builder.js';

const SUPPRESSIONS: ListQuerySpec = { allowedSorts: ['created_at'], allowedFilters: ['search', 'reason'] };
const SENDS: ListQuerySpec = {
  allowedSorts: ['sent_at'],
  allowedFilters: ['subscriber_uuid', 'campaign_uuid'],
  defaultSort: ['-sent_at'],
};
const TWO_SORTS: ListQuerySpec = { allowedSorts: ['subject', 'created_at', 'id'], allowedFilters: [] };

function rejection(input: Input, spec: ListQuerySpec): ApiError {
  try {
    readListQuery(input, spec);
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected readListQuery to throw');
}

describe('unknown sorts and filters', () => {
  it('rejects an unknown sort with a 400 and the query-builder sentence', () => {
    const error = rejection({ sort: 'foo' }, SUPPRESSIONS);
    expect(error.status).toBe(400);
    expect(error.message).toBe('Requested sort(s) `foo` is not allowed. Allowed sort(s) are `created_at`.');
  });

  it('names the unknown sort without its - prefix', () => {
    expect(rejection({ sort: '-foo' }, SUPPRESSIONS).message).toBe(
      'Requested sort(s) `foo` is not allowed. Allowed sort(s) are `created_at`.',
    );
  });

  it('lists only the unknown ones of several sorts, joined with ", ", and every allowed sort', () => {
    expect(rejection({ sort: 'foo,subject,-bar' }, TWO_SORTS).message).toBe(
      'Requested sort(s) `foo, bar` is not allowed. Allowed sort(s) are `subject, created_at, id`.',
    );
  });

  it('keeps a repeated unknown sort as many times as it was requested (Collection::diff)', () => {
    expect(rejection({ sort: 'foo,-foo,foo' }, SUPPRESSIONS).message).toBe(
      'Requested sort(s) `foo, foo, foo` is not allowed. Allowed sort(s) are `created_at`.',
    );
  });

  it('rejects an unknown filter with a 400 and the query-builder sentence', () => {
    const error = rejection({ filter: { email: 'x' } }, SUPPRESSIONS);
    expect(error.status).toBe(400);
    expect(error.message).toBe('Requested filter(s) `email` are not allowed. Allowed filter(s) are `search, reason`.');
  });

  it('lists several unknown filters in request order', () => {
    expect(rejection({ filter: { b: '1', search: 'x', a: '2' } }, SUPPRESSIONS).message).toBe(
      'Requested filter(s) `b, a` are not allowed. Allowed filter(s) are `search, reason`.',
    );
  });

  it('rejects an unknown filter even when its value is empty', () => {
    expect(rejection({ filter: { email: null } }, SUPPRESSIONS).status).toBe(400);
  });

  it('checks sorts before filters', () => {
    expect(rejection({ sort: 'nope', filter: { email: 'x' } }, SUPPRESSIONS).message).toMatch(/^Requested sort\(s\)/);
  });

  it('ignores a filter parameter that is a plain string', () => {
    expect(readListQuery({ filter: 'email' }, SUPPRESSIONS).filters).toEqual({});
  });
});

describe('sorts', () => {
  it('reads a leading - as descending', () => {
    expect(readListQuery({ sort: '-created_at' }, SUPPRESSIONS).sorts).toEqual([
      { name: 'created_at', descending: true },
    ]);
    expect(readListQuery({ sort: 'created_at' }, SUPPRESSIONS).sorts).toEqual([
      { name: 'created_at', descending: false },
    ]);
  });

  it('strips every leading - (ltrim) and still sorts descending', () => {
    expect(readListQuery({ sort: '--created_at' }, SUPPRESSIONS).sorts).toEqual([
      { name: 'created_at', descending: true },
    ]);
  });

  it('splits on commas and keeps the requested order', () => {
    expect(readListQuery({ sort: 'subject,-id' }, TWO_SORTS).sorts).toEqual([
      { name: 'subject', descending: false },
      { name: 'id', descending: true },
    ]);
  });

  it('drops empty and "0" parts', () => {
    expect(readListQuery({ sort: ',created_at,,0' }, SUPPRESSIONS).sorts).toEqual([
      { name: 'created_at', descending: false },
    ]);
  });

  it('accepts an array of sorts', () => {
    expect(readListQuery({ sort: ['-subject', 'id'] }, TWO_SORTS).sorts).toEqual([
      { name: 'subject', descending: true },
      { name: 'id', descending: false },
    ]);
  });

  it('applies the default sort only when no sort is requested', () => {
    expect(readListQuery({}, SENDS).sorts).toEqual([{ name: 'sent_at', descending: true }]);
    expect(readListQuery({ sort: null }, SENDS).sorts).toEqual([{ name: 'sent_at', descending: true }]);
    expect(readListQuery({ sort: 'sent_at' }, SENDS).sorts).toEqual([{ name: 'sent_at', descending: false }]);
  });

  it('returns no sorts when none is requested and there is no default', () => {
    expect(readListQuery({}, SUPPRESSIONS).sorts).toEqual([]);
  });
});

describe('filter values', () => {
  it('wraps a single value in a list', () => {
    expect(readListQuery({ filter: { reason: 'manual' } }, SUPPRESSIONS).filters).toEqual({ reason: ['manual'] });
  });

  it('splits a value on commas', () => {
    expect(readListQuery({ filter: { reason: 'manual,hard_bounce' } }, SUPPRESSIONS).filters).toEqual({
      reason: ['manual', 'hard_bounce'],
    });
  });

  it('keeps empty parts of a comma list', () => {
    expect(readListQuery({ filter: { search: 'a,,b' } }, SUPPRESSIONS).filters).toEqual({ search: ['a', '', 'b'] });
  });

  it('reads a whole "true" as "1" and a whole "false" as "" (PHP booleans read back as strings)', () => {
    expect(readListQuery({ filter: { search: 'true' } }, SUPPRESSIONS).filters).toEqual({ search: ['1'] });
    expect(readListQuery({ filter: { search: 'false' } }, SUPPRESSIONS).filters).toEqual({ search: [''] });
  });

  it('leaves "true" and "false" alone inside a comma list', () => {
    expect(readListQuery({ filter: { search: 'true,false' } }, SUPPRESSIONS).filters).toEqual({
      search: ['true', 'false'],
    });
  });

  it('reads JSON booleans and numbers as PHP strings', () => {
    expect(readListQuery({ filter: { search: true, reason: 0 } }, SUPPRESSIONS).filters).toEqual({
      search: ['1'],
      reason: ['0'],
    });
  });

  it('keeps "0", which PHP treats as empty but still filters on', () => {
    expect(readListQuery({ filter: { reason: '0' } }, SUPPRESSIONS).filters).toEqual({ reason: ['0'] });
  });

  it('drops a null filter value (an empty one after ConvertEmptyStringsToNull)', () => {
    expect(readListQuery({ filter: { search: null, reason: 'manual' } }, SUPPRESSIONS).filters).toEqual({
      reason: ['manual'],
    });
  });

  it('flattens array values and drops their nulls', () => {
    expect(readListQuery({ filter: { reason: ['manual', null, 'a,b'] } }, SUPPRESSIONS).filters).toEqual({
      reason: ['manual', 'a', 'b'],
    });
    expect(readListQuery({ filter: { reason: [] } }, SUPPRESSIONS).filters).toEqual({});
  });
});
