import { describe, expect, it } from 'vitest';
import { phpIntOf } from '../../server/validation/php-int.js';

describe("phpIntOf (PHP's (int) of a uuid, which v8's OpenResource applies to the list uuid)", () => {
  it('takes the leading number, 0 for a letter first, 0 for what overflows to INF', () => {
    expect(phpIntOf('4a1c0c2e-0000-4000-8000-000000000000')).toBe(4);
    expect(phpIntOf('c2f1a3e4-5b6c-4d7e-8f90-1a2b3c4d5e6f')).toBe(0);
    expect(phpIntOf('123-456')).toBe(123);
    expect(phpIntOf('3e5f0000-0000')).toBe(300000);
    expect(phpIntOf('12e9999-x')).toBe(0);
  });
});
