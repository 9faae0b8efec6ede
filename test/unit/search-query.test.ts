/**
 * The inbox query language (search/query.ts): each operator, negation, phrases and their limits, with the
 * parameters it shares with the inbox's other inputs (dates, integers). What it finds is search.test.ts's.
 */
import { describe, expect, it } from 'vitest';
import { ValidationError } from '../../server/errors.js';
import { readInteger } from '../../server/emulator/query-params.js';
import { parseSearchQuery } from '../../server/search/query.js';
import { parseInstant } from '../../server/instant.js';

function queryError(query: string): string {
  try {
    parseSearchQuery(query);
  } catch (error) {
    expect(error).toBeInstanceOf(ValidationError);
    return (error as ValidationError).errors.query?.[0] ?? '';
  }
  throw new Error(`"${query}" parsed`);
}

describe('parseSearchQuery', () => {
  it('reads nothing from null or blanks', () => {
    expect(parseSearchQuery(null)).toEqual({ terms: [] });
    expect(parseSearchQuery('  \t ')).toEqual({ terms: [] });
  });

  it('reads words, phrases, negations and every filter', () => {
    const { terms } = parseSearchQuery(
      'invoice "order shipped" -spam to:bob@example.com FROM:"Acme Billing" cc:x bcc:y subject:reset mail:Order-Shipped ' +
        'has:attachment -has:Attachments has:problems -has:Problem before:2025-03-02 after:2025-03-01T10:00:00+02:00 -to:"a b"',
    );
    expect(terms).toEqual([
      { negated: false, condition: { kind: 'text', value: 'invoice', phrase: false } },
      { negated: false, condition: { kind: 'text', value: 'order shipped', phrase: true } },
      { negated: true, condition: { kind: 'text', value: 'spam', phrase: false } },
      { negated: false, condition: { kind: 'address', field: 'to', value: 'bob@example.com' } },
      { negated: false, condition: { kind: 'address', field: 'from', value: 'Acme Billing' } },
      { negated: false, condition: { kind: 'address', field: 'cc', value: 'x' } },
      { negated: false, condition: { kind: 'address', field: 'bcc', value: 'y' } },
      { negated: false, condition: { kind: 'subject', value: 'reset' } },
      { negated: false, condition: { kind: 'template', name: 'Order-Shipped' } },
      { negated: false, condition: { kind: 'has-attachment' } },
      { negated: true, condition: { kind: 'has-attachment' } },
      { negated: false, condition: { kind: 'problems' } },
      { negated: true, condition: { kind: 'problems' } },
      { negated: false, condition: { kind: 'before', at: Date.parse('2025-03-02T00:00:00Z') } },
      { negated: false, condition: { kind: 'after', at: Date.parse('2025-03-01T08:00:00Z') } },
      { negated: true, condition: { kind: 'address', field: 'to', value: 'a b' } },
    ]);
  });

  it('reads tag: as a tag name, quoted or not, and negated', () => {
    expect(parseSearchQuery('tag:signup -TAG:"Test tag"').terms).toEqual([
      { negated: false, condition: { kind: 'tag', name: 'signup' } },
      { negated: true, condition: { kind: 'tag', name: 'Test tag' } },
    ]);
  });

  it('reads reply-to:, message-id: (with or without angle brackets), larger: and smaller:', () => {
    expect(
      parseSearchQuery(
        'reply-to:support@shop.test message-id:<a1@x.test> -Message-ID:b2@x.test larger:20kb smaller:1.5MB larger:100',
      ).terms,
    ).toEqual([
      { negated: false, condition: { kind: 'reply-to', value: 'support@shop.test' } },
      { negated: false, condition: { kind: 'message-id', value: 'a1@x.test' } },
      { negated: true, condition: { kind: 'message-id', value: 'b2@x.test' } },
      { negated: false, condition: { kind: 'size', op: '>', bytes: 20 * 1024 } },
      { negated: false, condition: { kind: 'size', op: '<', bytes: 1.5 * 1024 * 1024 } },
      { negated: false, condition: { kind: 'size', op: '>', bytes: 100 } },
    ]);
  });

  it('reads a pasted URL as a phrase of its words, not as a filter', () => {
    expect(
      parseSearchQuery('https://acme.test/orders/17?ref=mail -http://x.test mailto:bob@acme.test to:bob').terms,
    ).toEqual([
      { negated: false, condition: { kind: 'text', value: 'https://acme.test/orders/17?ref=mail', phrase: true } },
      { negated: true, condition: { kind: 'text', value: 'http://x.test', phrase: true } },
      { negated: false, condition: { kind: 'text', value: 'mailto:bob@acme.test', phrase: true } },
      { negated: false, condition: { kind: 'address', field: 'to', value: 'bob' } },
    ]);
  });

  it('keeps words with colons that are no filter, and hyphens inside words', () => {
    expect(parseSearchQuery('10:30 e-mail "re: hello" a-- "--flag" -"-x"').terms).toEqual([
      { negated: false, condition: { kind: 'text', value: '10:30', phrase: false } },
      { negated: false, condition: { kind: 'text', value: 'e-mail', phrase: false } },
      { negated: false, condition: { kind: 'text', value: 're: hello', phrase: true } },
      { negated: false, condition: { kind: 'text', value: 'a--', phrase: false } },
      { negated: false, condition: { kind: 'text', value: '--flag', phrase: true } },
      { negated: true, condition: { kind: 'text', value: '-x', phrase: true } },
    ]);
  });

  it('rejects malformed queries with a message naming the problem', () => {
    expect(queryError('"order shipped')).toBe('The query has a double quote that is never closed.');
    expect(queryError('to:"bob')).toBe('The query has a double quote that is never closed.');
    expect(queryError('foo:bar')).toMatch(/^Unknown filter "foo:"\. The filters are to:, from:, .*double quotes/);
    expect(queryError('larger:big')).toBe(
      '"larger:big" needs a size in bytes, or with kb or mb (1024-based), such as 20kb or 1.5mb.',
    );
    expect(queryError('smaller:-1kb')).toMatch(/^"smaller:-1kb" needs a size/);
    expect(queryError('to:')).toBe('The filter "to:" needs a value.');
    expect(queryError('to: bob')).toBe('The filter "to:" needs a value.');
    expect(queryError('has:pdf')).toBe('"has:pdf" is not a filter: has: takes "attachment" or "problems".');
    expect(queryError('before:yesterday')).toMatch(/^"before:yesterday" needs an ISO 8601 date or date-time/);
    expect(queryError('after:2025-02-30')).toMatch(/^"after:2025-02-30" needs an ISO 8601/);
    expect(queryError('- word')).toBe('A "-" must be followed by the term it excludes.');
    const twoDashes = (term: string) =>
      `The term ${term} starts with two "-": one "-" excludes a term; put a term that starts with "-" in double quotes.`;
    expect(queryError('--foo')).toBe(twoDashes('--foo'));
    expect(queryError('x ---')).toBe(twoDashes('---'));
    expect(queryError('--"foo"')).toBe(twoDashes('--"foo"'));
    const inside = (term: string) =>
      `The term ${term} has a double quote inside it: a double quote can only start a term (put the whole term in double quotes).`;
    expect(queryError('a"b')).toBe('The query has a double quote that is never closed.');
    expect(queryError('to:bob"')).toBe('The query has a double quote that is never closed.');
    expect(queryError('a"b c"')).toBe(inside('a"b'));
    expect(queryError('"ab"cd')).toBe(inside('"ab"cd'));
    expect(queryError('to:"bob"x')).toBe(inside('to:"bob"x'));
    expect(queryError('word -"a b"c')).toBe(inside('-"a b"c'));
    expect(queryError('!!!')).toBe('The term !!! has no letter or digit to search for.');
    expect(queryError('""')).toBe('The term "" has no letter or digit to search for.');
    expect(queryError('to:@')).toBe('The term to:@ has no letter or digit to search for.');
    expect(queryError(Array.from({ length: 51 }, (_, i) => `w${i}`).join(' '))).toBe(
      'The query has more than 50 terms.',
    );
    const phrase = Array.from({ length: 33 }, () => 'a').join(' ');
    expect(queryError(`"${phrase}"`)).toBe(`The term "${phrase}" has more than 32 words.`);
    expect(queryError(`to:${'a.'.repeat(33)}com`)).toBe(`The term to:${'a.'.repeat(33)}com has more than 32 words.`);
    expect(parseSearchQuery(`"${Array.from({ length: 32 }, () => 'a').join(' ')}"`).terms).toHaveLength(1);
  });
});

describe('parseInstant', () => {
  it('reads ISO dates as midnight UTC and date-times as UTC unless they carry an offset', () => {
    expect(parseInstant('2025-03-01')).toBe(Date.parse('2025-03-01T00:00:00Z'));
    expect(parseInstant('2025-03-01T10:00')).toBe(Date.parse('2025-03-01T10:00:00Z'));
    expect(parseInstant('2025-03-01T10:00:05.5Z')).toBe(Date.parse('2025-03-01T10:00:05.500Z'));
    expect(parseInstant('2025-03-01 10:00:00-0130')).toBe(Date.parse('2025-03-01T11:30:00Z'));
  });

  it('rejects anything else', () => {
    for (const value of ['2025-3-1', '2025-02-29', '2025-13-01', '2025-03-01T24:00', '1740823200000', 'now', '']) {
      expect(parseInstant(value), value).toBeNull();
    }
  });

  it('rejects a date without a time when a time is required', () => {
    expect(parseInstant('2025-03-01', { requireTime: true })).toBeNull();
    expect(parseInstant('2025-03-01T10:00', { requireTime: true })).toBe(Date.parse('2025-03-01T10:00:00Z'));
  });
});

describe('readInteger', () => {
  const options = { min: 1, max: 500, fallback: 50 };
  it('reads integers in range and falls back when absent', () => {
    expect(readInteger({}, 'per_page', options)).toBe(50);
    expect(readInteger({ per_page: null }, 'per_page', options)).toBe(50);
    expect(readInteger({ per_page: '500' }, 'per_page', options)).toBe(500);
  });

  it('answers 422 on the field otherwise', () => {
    const errorOf = (value: unknown) => {
      try {
        readInteger({ per_page: value }, 'per_page', options);
        return null;
      } catch (error) {
        return (error as ValidationError).errors;
      }
    };
    expect(errorOf('0')).toEqual({ per_page: ['The per page field must be between 1 and 500.'] });
    expect(errorOf('501')).toEqual({ per_page: ['The per page field must be between 1 and 500.'] });
    expect(errorOf('ten')).toEqual({ per_page: ['The per page field must be an integer.'] });
    expect(errorOf('1.5')).toEqual({ per_page: ['The per page field must be an integer.'] });
    expect(errorOf(['5'])).toEqual({ per_page: ['The per page field must be an integer.'] });
  });
});
