import { describe, expect, it } from 'vitest';
import { BoundedCache, boundedMemo } from '../../server/bounded-cache.js';

describe('BoundedCache', () => {
  it('drops the oldest key first once full', () => {
    const cache = new BoundedCache<number>({ maxEntries: 2, maxKeyLength: 10 });
    cache.set('a', 1);
    cache.set('b', 2);
    cache.set('a', 3);
    cache.set('c', 4);
    expect([cache.has('a'), cache.has('b'), cache.has('c')]).toEqual([false, true, true]);
    expect(cache.size).toBe(2);
  });

  it('never keeps a key longer than its limit, and still answers with the value', () => {
    const cache = new BoundedCache<string>({ maxEntries: 10, maxKeyLength: 3 });
    expect(cache.set('abcd', 'kept?')).toBe('kept?');
    expect(cache.set('abc', 'kept')).toBe('kept');
    expect([cache.has('abcd'), cache.get('abc')]).toEqual([false, 'kept']);
  });
});

describe('boundedMemo', () => {
  it('computes a short key once and a long key every time', () => {
    const calls: string[] = [];
    const length = boundedMemo({ maxEntries: 10, maxKeyLength: 4 }, (key) => {
      calls.push(key);
      return key.length;
    });
    expect([length('abc'), length('abc'), length('abcdef'), length('abcdef')]).toEqual([3, 3, 6, 6]);
    expect(calls).toEqual(['abc', 'abcdef', 'abcdef']);
  });
});
