/**
 * server/mcp/search-syntax.ts: the search syntax an agent reads in the MCP tools' descriptions names every filter
 * the inbox's parser (server/search/query.ts) knows, so a filter added there without its line here fails.
 */
import { describe, expect, it } from 'vitest';
import { ValidationError } from '../../server/errors.js';
import { SEARCH_SYNTAX } from '../../server/mcp/search-syntax.js';
import { parseSearchQuery } from '../../server/search/query.js';

/** The filters, as the parser lists them when it refuses an unknown one. */
function parserFilters(): string[] {
  try {
    parseSearchQuery('nosuchfilter:x');
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    const message = String(error.errors.query?.[0]);
    const list = /The filters are (.*?);/.exec(message)?.[1];
    if (list !== undefined) return list.split(', ');
  }
  throw new Error('the parser did not list its filters');
}

describe('SEARCH_SYNTAX', () => {
  it('names every filter of the parser', () => {
    const filters = parserFilters();
    expect(filters).toContain('to:');
    expect(filters.filter((filter) => !SEARCH_SYNTAX.includes(filter))).toEqual([]);
  });
});
