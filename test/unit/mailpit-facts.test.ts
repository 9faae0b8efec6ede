/**
 * The Mailpit facts stored per message (server/mail/mailpit-facts.ts), Go's JSON body reading
 * (server/mailpit/json-body.ts) and the pieces of Mailpit's search language that need no server
 * (server/search/mailpit-query.ts).
 */
import { describe, expect, it } from 'vitest';
import { mailpitClean, mailpitSnippet, stripHtml } from '../../server/mail/mailpit-facts.js';
import { decodeGoJson } from '../../server/mailpit/go-json-input.js';
import { mailpitTokens, parseMailpitDate, parseMailpitSize } from '../../server/search/mailpit-query.js';

describe('mailpitSnippet', () => {
  it('takes the HTML before the text, as text without scripts, styles or the head', () => {
    const html =
      '<html><head><title>T</title><style>p{}</style></head><body><p>Hello</p><p>world&amp;co</p></body></html>';
    expect(mailpitSnippet(html, 'the text')).toBe('Hello world&co');
    expect(mailpitSnippet('  ', ' the\n\n text ')).toBe('the text');
    expect(mailpitSnippet(null, null)).toBe('');
  });

  it('cuts at 200 bytes, never inside a UTF-8 sequence, and adds ...', () => {
    expect(mailpitSnippet(null, 'a'.repeat(300))).toBe(`${'a'.repeat(200)}...`);
    // 'é' is 2 bytes: 199 bytes of 'a' then 'é' would end at byte 201.
    expect(mailpitSnippet(null, `${'a'.repeat(199)}é${'b'.repeat(10)}`)).toBe(`${'a'.repeat(199)}...`);
    expect(mailpitSnippet(null, 'a'.repeat(200))).toBe('a'.repeat(200));
  });
});

describe('the search text', () => {
  it('keeps link URLs when asked, and cleans as Mailpit', () => {
    expect(stripHtml('<a href="https://example.test/x">go</a>', true)).toBe('https://example.test/x go');
    expect(stripHtml('<a href="https://example.test/x">go</a>', false)).toBe('go');
    expect(mailpitClean('Jane <JANE@example.com>, "Bob"; (x)\tY')).toBe('jane jane@example.com bob x y');
  });
});

describe('mailpitTokens', () => {
  it('splits outside quotes and drops the quotes', () => {
    expect(mailpitTokens('to:"john doe" subject:x  "unclosed rest')).toEqual([
      'to:john doe',
      'subject:x',
      'unclosed rest',
    ]);
  });
});

describe('sizes and dates', () => {
  it('reads sizes 1024-based, and nothing else', () => {
    expect(parseMailpitSize('1kb')).toBe(1024);
    expect(parseMailpitSize('1.5m')).toBe(1572864);
    expect(parseMailpitSize('12')).toBe(12);
    expect(parseMailpitSize('abc')).toBeNull();
  });

  it('reads dates in a time zone, US order with slashes, and RFC 3339', () => {
    expect(parseMailpitDate('2024-04-01', 'UTC')).toBe(Date.UTC(2024, 3, 1));
    expect(parseMailpitDate('2024/04/01', 'Pacific/Auckland')).toBe(Date.UTC(2024, 2, 31, 11));
    expect(parseMailpitDate('01/04/2024', 'UTC')).toBe(Date.UTC(2024, 0, 4));
    expect(parseMailpitDate('2024-04-01T10:00:00Z')).toBe(Date.UTC(2024, 3, 1, 10));
    expect(parseMailpitDate('someday')).toBeNull();
  });
});

describe('decodeGoJson', () => {
  const fields = { IDs: { array: 'string' }, Read: 'bool' } as const;
  const decode = (body: string) => decodeGoJson(body, fields, 'struct');

  it('matches keys case-insensitively, the exact one preferred, ignores unknown keys, and leaves null at zero', () => {
    expect(decode('{"ids":["a"],"READ":true,"other":1}')).toEqual({ IDs: ['a'], Read: true });
    expect(decode('{"Read":null}')).toEqual({ IDs: [], Read: false });
  });

  it('reads the first JSON value only', () => {
    expect(decode('{"Read":true} trailing')).toEqual({ IDs: [], Read: true });
  });

  it("answers Go's errors", () => {
    expect(() => decode('')).toThrow(/^EOF$/);
    expect(() => decode('ids=1')).toThrow(/^invalid character 'i' looking for beginning of value$/);
    expect(() => decode('{"IDs":[')).toThrow(/^unexpected EOF$/);
    expect(() => decode('{"Read":"yes"}')).toThrow(
      /^json: cannot unmarshal string into Go struct field struct\.Read of type bool$/,
    );
    expect(() => decodeGoJson('{"N":1.5}', { N: 'int' }, 'T')).toThrow(
      /^json: cannot unmarshal number 1\.5 into Go struct field T\.N of type int$/,
    );
  });
});
