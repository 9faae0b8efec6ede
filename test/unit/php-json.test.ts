import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { phpJsonEncode, phpJsonPieces, stringCharsNear } from '../../server/php-json.js';

const compact = (value: unknown) => phpJsonEncode(value);
const pretty = (value: unknown) => phpJsonEncode(value, { pretty: true });

describe('phpJsonEncode compact (json_encode with flags 0)', () => {
  it('writes objects and arrays without any whitespace', () => {
    expect(compact({ a: 1, b: [true, false, null], c: 'x' })).toBe('{"a":1,"b":[true,false,null],"c":"x"}');
  });

  it('escapes every forward slash as \\/', () => {
    expect(compact({ url: 'https://h/api/sends?page=2' })).toBe('{"url":"https:\\/\\/h\\/api\\/sends?page=2"}');
  });

  it('escapes slashes in keys too', () => {
    expect(compact({ 'a/b': 1 })).toBe('{"a\\/b":1}');
  });

  it('writes non-ASCII characters as lowercase \\uXXXX escapes', () => {
    expect(compact('é')).toBe('"\\u00e9"');
    expect(compact('Grüße, Ω')).toBe('"Gr\\u00fc\\u00dfe, \\u03a9"');
    expect(compact('\u00ff\u0100\uabcd')).toBe('"\\u00ff\\u0100\\uabcd"');
  });

  it('writes characters above the BMP (emoji) as a surrogate pair of escapes', () => {
    expect(compact('😀')).toBe('"\\ud83d\\ude00"');
    expect(compact('a🎉b')).toBe('"a\\ud83c\\udf89b"');
  });

  it('uses the short escapes for quote, backslash, \\b, \\f, \\n, \\r and \\t', () => {
    expect(compact('"\\\b\f\n\r\t')).toBe('"\\"\\\\\\b\\f\\n\\r\\t"');
  });

  it('writes the other control characters as \\u00XX', () => {
    expect(compact('\u0001\u001f\u0000')).toBe('"\\u0001\\u001f\\u0000"');
  });

  it('leaves DEL (0x7f) and printable ASCII unescaped', () => {
    expect(compact("a~\u007f <>&'")).toBe('"a~\u007f <>&\'"');
  });

  it('replaces a lone high surrogate with \\ufffd', () => {
    expect(compact('a\ud800b')).toBe('"a\\ufffdb"');
  });

  it('replaces a lone low surrogate, and a reversed pair, with \\ufffd each', () => {
    expect(compact('\udc00')).toBe('"\\ufffd"');
    expect(compact('\ude00\ud83d')).toBe('"\\ufffd\\ufffd"');
  });

  it('writes empty arrays as [] and empty objects as {}', () => {
    expect(compact({ a: [], b: {} })).toBe('{"a":[],"b":{}}');
  });

  it('writes integers and non-finite numbers the way PHP can (NaN and Infinity become 0)', () => {
    expect(compact([0, -3, 15, 1.5, Number.NaN, Number.POSITIVE_INFINITY])).toBe('[0,-3,15,1.5,0,0]');
  });

  it('drops object keys whose value is undefined and writes undefined elsewhere as null', () => {
    expect(compact({ a: undefined, b: 1 })).toBe('{"b":1}');
    expect(compact([undefined])).toBe('[null]');
    expect(compact(undefined)).toBe('null');
  });

  it('keeps the key order of the object', () => {
    expect(compact({ z: 1, a: 2, m: 3 })).toBe('{"z":1,"a":2,"m":3}');
  });
});

describe('phpJsonEncode pretty (JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES)', () => {
  it('indents a flat object by four spaces with ": " between key and value', () => {
    expect(pretty({ message: 'Too Many Attempts.' })).toBe('{\n    "message": "Too Many Attempts."\n}');
  });

  it('leaves forward slashes unescaped', () => {
    expect(pretty({ message: 'The route api/foo could not be found.' })).toBe(
      '{\n    "message": "The route api/foo could not be found."\n}',
    );
  });

  it('still escapes non-ASCII as \\uXXXX', () => {
    expect(pretty({ m: 'é😀' })).toBe('{\n    "m": "\\u00e9\\ud83d\\ude00"\n}');
  });

  it('indents nested objects and arrays one level further each', () => {
    const value = { a: 1, b: [1, { c: null, d: true }], e: { f: 'g' } };
    expect(pretty(value)).toBe(
      [
        '{',
        '    "a": 1,',
        '    "b": [',
        '        1,',
        '        {',
        '            "c": null,',
        '            "d": true',
        '        }',
        '    ],',
        '    "e": {',
        '        "f": "g"',
        '    }',
        '}',
      ].join('\n'),
    );
  });

  it('writes empty arrays and objects as [] and {} on one line, also when nested', () => {
    expect(pretty({ a: [], b: {}, c: [[]] })).toBe('{\n    "a": [],\n    "b": {},\n    "c": [\n        []\n    ]\n}');
    expect(pretty([])).toBe('[]');
    expect(pretty({})).toBe('{}');
  });

  it('does not indent the escaped newline inside a string', () => {
    expect(pretty({ a: { b: 'x\ny' } })).toBe('{\n    "a": {\n        "b": "x\\ny"\n    }\n}');
  });

  it('writes scalars at the top level without any whitespace', () => {
    expect(pretty('x/y')).toBe('"x/y"');
    expect(pretty(3)).toBe('3');
    expect(pretty(null)).toBe('null');
  });
});

describe('phpJsonEncode strings, against json_encode’s rule one UTF-16 unit at a time', () => {
  /** PHP: printable ASCII and DEL as they are, the short escapes, `\/` when escaped, every other unit as lowercase \uXXXX, a lone surrogate as \ufffd. */
  const oracle = (value: string, escapeSlashes: boolean) => {
    let out = '"';
    for (let i = 0; i < value.length; i++) {
      const code = value.charCodeAt(i);
      const high = code >= 0xd800 && code <= 0xdbff;
      const low = code >= 0xdc00 && code <= 0xdfff;
      const paired =
        (high && /[\udc00-\udfff]/.test(value[i + 1] ?? '')) || (low && /[\ud800-\udbff]/.test(value[i - 1] ?? ''));
      if ((high || low) && !paired) out += '\\ufffd';
      else if (code >= 0x80) out += `\\u${code.toString(16).padStart(4, '0')}`;
      else if (value[i] === '/') out += escapeSlashes ? '\\/' : '/';
      else out += JSON.stringify(value[i]).slice(1, -1);
    }
    return `${out}"`;
  };

  it('writes any string as PHP does, compact and pretty', () => {
    const units = fc.constantFrom(
      'a',
      '/',
      '"',
      '\\',
      '\n',
      '\u0001',
      '\u007f',
      'é',
      '中',
      '😀',
      '\ud83d',
      '\ude00',
      ' ',
    );
    fc.assert(
      fc.property(
        fc.array(units, { maxLength: 20 }).map((parts) => parts.join('')),
        (value) => {
          expect(compact(value)).toBe(oracle(value, true));
          expect(pretty(value)).toBe(oracle(value, false));
        },
      ),
      { seed: 11, numRuns: 2_000 },
    );
  });

  it('writes strings longer than its reused buffer the same way', () => {
    const value = 'a/é"\\😀\ud83d\n'.repeat(20_000);
    expect(compact(value)).toBe(oracle(value, true));
    expect(compact(['x', value, 'y'])).toBe(`["x",${oracle(value, true)},"y"]`);
  });
});

describe('phpJsonPieces', () => {
  const join = (value: unknown) => [...phpJsonPieces(value)].join('');

  it('writes exactly phpJsonEncode(value), for any JSON value', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(join(value)).toBe(phpJsonEncode(value));
      }),
      { numRuns: 500, seed: 3 },
    );
  });

  it('slices long strings without splitting a surrogate pair, lone surrogates and all', () => {
    const unit = fc.constantFrom('a', '/', '"', 'é', '中', '😀', '\ud83d', '\ude00', '\n', '\u0000');
    fc.assert(
      fc.property(
        fc.array(unit, { minLength: 1, maxLength: 8 }),
        fc.integer({ min: 60_000, max: 140_000 }),
        (units, length) => {
          const text = units
            .join('')
            .repeat(Math.ceil(length / units.join('').length))
            .slice(0, length);
          expect(join({ body: text, list: [text] })).toBe(phpJsonEncode({ body: text, list: [text] }));
        },
      ),
      { numRuns: 40, seed: 4 },
    );
  });

  it('gives a megabyte string in pieces of at most 64 k characters, as escaped', () => {
    const pieces = [...phpJsonPieces('中'.repeat(1_000_000))];
    expect(pieces.length).toBeGreaterThan(15);
    expect(Math.max(...pieces.map((piece) => piece.length))).toBeLessThanOrEqual(6 * 64 * 1024);
  });
});

describe('stringCharsNear', () => {
  it('counts the characters of the strings of a page’s rows and fields', () => {
    expect(
      stringCharsNear({ data: [{ body: 'x'.repeat(10), html: 'y'.repeat(5) }, { n: 1 }], meta: { path: 'abc' } }),
    ).toBe(18);
    expect(stringCharsNear({ a: { b: { c: { d: 'too deep' } } } })).toBe(0);
  });
});
