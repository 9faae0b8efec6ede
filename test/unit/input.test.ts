import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cleanse, parseJson, parseQueryString, readInput } from '../../server/http/input.js';

const URL_BASE = 'http://emulator.test/api/x';

function post(body: string | Uint8Array | FormData, contentType?: string, query = ''): Request {
  const headers: Record<string, string> = contentType === undefined ? {} : { 'content-type': contentType };
  return new Request(`${URL_BASE}${query}`, { method: 'POST', headers, body });
}

const json = (body: string | Uint8Array, query = '') => readInput(post(body, 'application/json', query));
const form = (body: string, query = '') => readInput(post(body, 'application/x-www-form-urlencoded', query));

/** Fetch's Request refuses a GET with a body, so build it as POST and present it as GET (as node-server does for TRACE). */
function getWithBody(body: string, contentType: string, query = ''): Request {
  const request = post(body, contentType, query);
  Object.defineProperty(request, 'method', { get: () => 'GET' });
  return request;
}

/** A JSON document nested `containers` levels deep in total: {"a":[[...]]}. */
function nested(containers: number): string {
  const arrays = containers - 1;
  return `{"a":${'['.repeat(arrays)}${']'.repeat(arrays)}}`;
}

describe('readInput: sources and precedence', () => {
  it('reads a JSON body when the Content-Type is application/json', async () => {
    expect(await json('{"to":"a@b.c","store":false,"n":1}')).toEqual({ to: 'a@b.c', store: false, n: 1 });
  });

  it('treats any Content-Type containing /json or +json as JSON', async () => {
    expect(await readInput(post('{"a":"x"}', 'application/json; charset=utf-8'))).toEqual({ a: 'x' });
    expect(await readInput(post('{"a":"x"}', 'application/vnd.api+json'))).toEqual({ a: 'x' });
  });

  it('reads a form-urlencoded body', async () => {
    expect(await form('to=a%40b.c&subject=Hi')).toEqual({ to: 'a@b.c', subject: 'Hi' });
  });

  it('reads the string fields of a multipart body and ignores its files', async () => {
    const data = new FormData();
    data.append('subject', 'Hi');
    data.append('attachments[0][name]', 'a.txt');
    data.append('upload', new Blob(['bytes']), 'upload.bin');
    expect(await readInput(new Request(URL_BASE, { method: 'POST', body: data }))).toEqual({
      subject: 'Hi',
      attachments: [{ name: 'a.txt' }],
    });
  });

  it('reads a multipart body exactly as the same fields sent as a form', async () => {
    const names = [
      'a',
      'a[]',
      'a[0]',
      'a[b]',
      'a[b][]',
      'a[][]',
      'b[c][d]',
      '__proto__',
      'x%5By%5D',
      'sp ace',
      'é[]',
      '[]',
      'a]',
    ];
    const field = fc.tuple(fc.constantFrom(...names), fc.constantFrom('', ' v ', 'é', '[', 'a&b=c', '%5B', '1'));
    await fc.assert(
      fc.asyncProperty(fc.array(field, { maxLength: 12 }), async (fields) => {
        const multipart = new FormData();
        for (const [name, value] of fields) multipart.append(name, value);
        const pairs = fields
          .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`)
          .join('&');
        expect(await readInput(post(multipart))).toEqual(await form(pairs));
      }),
      { numRuns: 300, seed: 8 },
    );
  });

  it('reads the first 1,000 multipart fields, as PHP’s max_input_vars', async () => {
    const multipart = new FormData();
    for (let i = 0; i < 1_005; i++) multipart.append(`f${i}`, 'v');
    const input = await readInput(post(multipart));
    expect(Object.keys(input)).toHaveLength(1_000);
    expect(input.f999).toBe('v');
    expect(input.f1000).toBeUndefined();
  });

  it('reads nothing from a body whose Content-Type is neither JSON, form nor multipart', async () => {
    expect(await readInput(post('a=1', 'text/plain'))).toEqual({});
    expect(await readInput(post('a=1'))).toEqual({});
  });

  it('merges the query string in, the body winning on a clash', async () => {
    expect(await json('{"a":"body"}', '?a=query&b=query')).toEqual({ a: 'body', b: 'query' });
    expect(await form('a=body', '?a=query&b=query')).toEqual({ a: 'body', b: 'query' });
  });

  it('replaces a query value wholesale rather than merging nested keys', async () => {
    expect(await json('{"filter":{"reason":"manual"}}', '?filter[search]=x')).toEqual({ filter: { reason: 'manual' } });
  });

  it('reads only the query string on a GET request with a form body', async () => {
    expect(await readInput(getWithBody('a=body&c=1', 'application/x-www-form-urlencoded', '?a=query'))).toEqual({
      a: 'query',
    });
  });

  it('reads the body of a GET request whose Content-Type is JSON (Request::isJson() on any verb)', async () => {
    expect(await readInput(getWithBody('{"a":"body"}', 'application/json', '?b=q'))).toEqual({ a: 'body', b: 'q' });
  });

  it('reads the query string alone when there is no body', async () => {
    expect(await readInput(new Request(`${URL_BASE}?page=2&sort=-created_at`))).toEqual({
      page: '2',
      sort: '-created_at',
    });
  });
});

describe('parseQueryString: PHP rules', () => {
  it('nests bracket keys', () => {
    expect(parseQueryString('a[b][c]=1')).toEqual({ a: { b: { c: '1' } } });
  });

  it('decodes URL-encoded brackets as the SDK sends them', () => {
    expect(parseQueryString('filter%5Bsearch%5D=x')).toEqual({ filter: { search: 'x' } });
  });

  it('collects empty-bracket keys into a list', () => {
    expect(parseQueryString('a[]=1&a[]=2')).toEqual({ a: ['1', '2'] });
  });

  it('reads + as a space and %2B as a plus', () => {
    expect(parseQueryString('q=a+b%2Bc')).toEqual({ q: 'a b+c' });
  });

  it('keeps the last value of a repeated key', () => {
    expect(parseQueryString('a=1&a=2&a=3')).toEqual({ a: '3' });
  });

  it('reads a key without = as an empty string', () => {
    expect(parseQueryString('flag&b=')).toEqual({ flag: '', b: '' });
  });

  it('returns an empty object for an empty string', () => {
    expect(parseQueryString('')).toEqual({});
  });

  it('never writes to the object prototype', () => {
    const parsed = parseQueryString('__proto__[polluted]=1&constructor[prototype][x]=1');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getPrototypeOf(parsed)).toBe(Object.prototype);
  });
});

describe('readInput: TrimStrings and ConvertEmptyStringsToNull', () => {
  it('trims surrounding whitespace from every string', async () => {
    expect(await form('a=%20%20x%20y%09&b=%0Az%0D')).toEqual({ a: 'x y', b: 'z' });
  });

  it('trims the BOM, zero-width space and left-to-right mark too', async () => {
    expect(await json(JSON.stringify({ a: '\u200B\uFEFFx\u200E\u200B', b: '\uFEFF' }))).toEqual({ a: 'x', b: null });
  });

  it('keeps inner zero-width spaces and whitespace', () => {
    expect(cleanse({ a: 'x\u200B  y' })).toEqual({ a: 'x\u200B  y' });
  });

  it('turns "" and whitespace-only strings into null at any depth', async () => {
    expect(await json(JSON.stringify({ a: '', b: { c: ['', '  ', 'x'], d: { e: '\t' } } }))).toEqual({
      a: null,
      b: { c: [null, null, 'x'], d: { e: null } },
    });
  });

  it('turns empty query values into null', async () => {
    expect(await readInput(new Request(`${URL_BASE}?filter[search]=&page=`))).toEqual({
      filter: { search: null },
      page: null,
    });
  });

  it('leaves numbers, booleans, null and keys untouched', () => {
    expect(cleanse({ ' k ': 0, b: false, c: null, d: 1.5 })).toEqual({ ' k ': 0, b: false, c: null, d: 1.5 });
  });
});

describe('readInput: JSON that PHP cannot decode reads as empty', () => {
  it('reads malformed JSON as {} but still merges the query string', async () => {
    expect(await json('{"a":', '?q=1')).toEqual({ q: '1' });
    expect(await json('not json')).toEqual({});
  });

  it('reads an empty JSON body as {}', async () => {
    expect(await json('')).toEqual({});
  });

  it('reads a body with invalid UTF-8 as {}', async () => {
    expect(await json(new Uint8Array([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0x22, 0x7d]))).toEqual({});
  });

  it('reads a body with a leading UTF-8 BOM as {}', async () => {
    expect(await json(new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode('{"a":"x"}')]))).toEqual({});
  });

  it('reads a body with an escaped lone surrogate, in a value or a key, as {}', async () => {
    expect(await json('{"a":"\\ud800"}')).toEqual({});
    expect(await json('{"\\udc00":"x"}')).toEqual({});
  });

  it('accepts an escaped surrogate pair', async () => {
    expect(await json('{"a":"\\ud83d\\ude00"}')).toEqual({ a: '😀' });
  });

  it('accepts nesting up to 512 levels and reads 513 as {}', () => {
    const bytes = (text: string) => new TextEncoder().encode(text);
    expect(parseJson(bytes(nested(512)))).toHaveProperty('a');
    expect(parseJson(bytes(nested(513)))).toEqual({});
  });

  it('reads a JSON document that is not an object (array, string, number, null) as {}', async () => {
    for (const body of ['[1,2]', '"text"', '42', 'null']) expect(await json(body)).toEqual({});
  });

  it('keeps deep documents intact while cleansing them', async () => {
    const result = (await json(`{"a":${'['.repeat(400)}" x "${']'.repeat(400)}}`)) as { a: unknown };
    let cursor: unknown = result.a;
    for (let depth = 0; depth < 400; depth++) cursor = (cursor as unknown[])[0];
    expect(cursor).toBe('x');
  });
});
