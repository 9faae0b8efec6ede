import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  decodePhpJson,
  hasArrayIndexKeys,
  isArrayIndexKey,
  orderedObject,
  readOrdered,
  toPhpArray,
} from '../../server/php-array.js';
import { phpJsonEncode } from '../../server/php-json.js';

describe('orderedObject', () => {
  it('lists integer-like keys where they were given, for Object.keys, JSON.stringify and phpJsonEncode', () => {
    const object = orderedObject([
      ['b', 1],
      ['10', 2],
      ['a', 3],
    ]);
    expect(Object.keys(object)).toEqual(['b', '10', 'a']);
    expect(JSON.stringify(object)).toBe('{"b":1,"10":2,"a":3}');
    expect(phpJsonEncode({ extra: object })).toBe('{"extra":{"b":1,"10":2,"a":3}}');
    object['2'] = 'late';
    object.b = 9;
    delete object.a;
    expect(JSON.stringify(object)).toBe('{"b":9,"10":2,"2":"late"}');
    expect(object).toEqual({ b: 9, 10: 2, 2: 'late' });
  });
});

describe('readOrdered and decodePhpJson', () => {
  it("read keys in the text's order; a repeated key keeps its first place and its last value", () => {
    expect(JSON.stringify(readOrdered('{"b":1,"10":2,"a":3}'))).toBe('{"b":1,"10":2,"a":3}');
    expect(JSON.stringify(readOrdered('{"10":1,"b":2,"10":3}'))).toBe('{"10":3,"b":2}');
    expect(
      JSON.stringify(readOrdered(' { "s" : "a\\"b\\\\" , "u":"\\u00e9\\/" , "n":[1,-2.5e3,true,false,null,{}] } ')),
    ).toBe('{"s":"a\\"b\\\\","u":"é/","n":[1,-2500,true,false,null,{}]}');
  });

  it('decodes as json_decode($json, true) then json_encode writes it: lists for 0..n-1, [] for {}', () => {
    const encoded = (text: string) => phpJsonEncode(decodePhpJson(text));
    expect(encoded('{"0":"x","1":"y"}')).toBe('["x","y"]');
    expect(encoded('{"1":"y","0":"x"}')).toBe('{"1":"y","0":"x"}');
    expect(encoded('{"a":{},"b":{"0":1}}')).toBe('{"a":[],"b":[1]}');
    expect(encoded('{"b":1,"10":{"z":1,"3":2}}')).toBe('{"b":1,"10":{"z":1,"3":2}}');
  });

  it('reads any JSON as JSON.parse does (same values, same keys)', () => {
    fc.assert(
      fc.property(fc.json(), (text) => {
        expect(readOrdered(text)).toEqual(JSON.parse(text));
      }),
      { numRuns: 500 },
    );
  });

  it('keeps every key in its first place for any object text', () => {
    const keys = fc.oneof(fc.string(), fc.integer({ min: 0, max: 99999 }).map(String));
    fc.assert(
      fc.property(fc.array(fc.tuple(keys, fc.integer()), { maxLength: 12 }), (entries) => {
        const text = `{${entries.map(([key, value]) => `${JSON.stringify(key)}:${value}`).join(',')}}`;
        const firsts = [...new Set(entries.map(([key]) => key))];
        expect(Object.keys(readOrdered(text) as object)).toEqual(firsts);
      }),
      { numRuns: 300 },
    );
  });
});

describe('isArrayIndexKey, hasArrayIndexKeys, toPhpArray', () => {
  it('knows the keys JavaScript moves', () => {
    expect(['0', '10', '4294967294'].map(isArrayIndexKey)).toEqual([true, true, true]);
    expect(['01', '-1', '1.5', '4294967295', '', 'a'].map(isArrayIndexKey)).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
    expect(hasArrayIndexKeys({ a: [{ b: { 3: 1 } }] })).toBe(true);
    expect(hasArrayIndexKeys({ a: [1, 2], '-1': 0 })).toBe(false);
  });

  it('does not change its input', () => {
    const input = { a: {}, b: { 0: 'x' } };
    expect(toPhpArray(input)).toEqual({ a: [], b: ['x'] });
    expect(input).toEqual({ a: {}, b: { 0: 'x' } });
  });
});
