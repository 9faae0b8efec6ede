/**
 * The Mailpit facts stored per message (server/mail/mailpit-facts.ts), Go's JSON body reading
 * (server/mailpit/json-body.ts) and the pieces of Mailpit's search language that need no server
 * (server/search/mailpit-query.ts).
 */
import { describe, expect, it } from 'vitest';
import { mailpitClean, mailpitFacts } from '../../server/mail/mailpit-facts.js';
import { decodeGoJson } from '../../server/mailpit/go-json-input.js';
import { mailpitTokens, parseMailpitDate, parseMailpitSize } from '../../server/search/mailpit-query.js';

describe('the facts', () => {
  it("take the message view's snippet, and the HTML as text with its link URLs for the search text, cleaned", () => {
    const facts = mailpitFacts({
      from: [{ name: 'Jane', email: 'JANE@example.com' }],
      to: [],
      cc: [],
      bcc: [],
      replyTo: [],
      subject: 'Hi (there)',
      returnPath: '',
      html: '<p>See <a href="https://a.test/x">this</a></p>',
      text: 'the text',
      attachments: [
        { filename: 'a.pdf', contentId: null },
        { filename: 'logo.png', contentId: 'logo' },
      ],
    });
    expect(facts).toEqual({
      snippet: 'See this',
      attachments: 1,
      inlines: 1,
      searchText: 'jane jane@example.com hi there see this https://a.test/x a.pdf logo.png',
    });
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
