/**
 * like_linear() (server/db/linear-like.ts) answers exactly what SQLite's LIKE answers, for any text and pattern
 * (checked against SQLite itself on generated ones); that it takes linear time where LIKE takes quadratic is
 * measured in linear-time.slow.test.ts.
 */
import { sqliteDriver } from '../../server/db/driver.js';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { likeLinear, likeMatches } from '../../server/db/linear-like.js';

/** better-sqlite3 in the release line this Node runs (server/db/driver.ts). */
const Database = sqliteDriver();

const db = new Database(':memory:');
const sqliteLike = db.prepare('SELECT ? LIKE ?').pluck();
afterAll(() => db.close());

/** Characters that make LIKE's cases: wildcards, both cases of a letter, non-ASCII letters with case, astral. */
const CHARACTERS = ['%', '_', 'a', 'A', 'b', 'é', 'É', 'ß', '😀', ' ', '.', '\\'];
const texts = fc
  .array(fc.constantFrom(...CHARACTERS.filter((c) => c !== '%' && c !== '_'), 'a', 'b'), { maxLength: 12 })
  .map((cs) => cs.join(''));
const patterns = fc.array(fc.constantFrom(...CHARACTERS), { maxLength: 8 }).map((cs) => cs.join(''));

describe('like_linear', () => {
  it('agrees with SQLite LIKE on generated text and patterns', () => {
    fc.assert(
      fc.property(texts, patterns, (text, pattern) => {
        expect(likeMatches(text, pattern), `${JSON.stringify(text)} LIKE ${JSON.stringify(pattern)}`).toBe(
          sqliteLike.get(text, pattern) === 1,
        );
      }),
      { seed: 11, numRuns: 5_000 },
    );
  });

  it('agrees with SQLite LIKE on the FuzzyFilter shape, %value%', () => {
    fc.assert(
      fc.property(texts, patterns, (text, value) => {
        expect(likeMatches(text, `%${value}%`)).toBe(sqliteLike.get(text, `%${value}%`) === 1);
      }),
      { seed: 12, numRuns: 5_000 },
    );
  });

  it('takes a value of 8,000 wildcards, and tries no run longer than the text', () => {
    const text = 'x\u0301\ufeff\u200b😀_'.repeat(50);
    expect(likeMatches(text, `%${'_'.repeat(8_000)}%`)).toBe(false);
    expect(likeMatches(text, `%${'_'.repeat(200)}%`)).toBe(sqliteLike.get(text, `%${'_'.repeat(200)}%`) === 1);
    expect(likeMatches(text, `%${'_'.repeat(300)}`)).toBe(sqliteLike.get(text, `%${'_'.repeat(300)}`) === 1);
  });

  it('answers NULL for NULL, as LIKE does', () => {
    expect(likeLinear(null, '%a%')).toBeNull();
    expect(likeLinear('a', null)).toBeNull();
    expect(likeLinear('Abc', '%B%')).toBe(1);
    expect(likeLinear('Abc', '%d%')).toBe(0);
  });

  it('answers periodic text and a long value that almost matches everywhere', () => {
    // SQLite's LIKE compares about 1,000,000 x 10,000 characters here (minutes); this is one indexOf.
    expect(likeMatches('ab'.repeat(500_000), `%${'ab'.repeat(5_000)}x%`)).toBe(false);
  });
});
