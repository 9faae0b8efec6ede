/**
 * encoded-words.ts writes exactly what nodemailer's lib/mime-funcs encodeWord() and encodeWords(…, true) write:
 * arbitrary Unicode (astral characters, lone surrogates, controls, quotes, `=?` look-alikes, whitespace runs,
 * long words) at the maximum lengths MimeNode uses and others, and megabyte values of the hostile-input shapes.
 */
import fc from 'fast-check';
import {
  encodeWord as nodemailerEncodeWord,
  encodeWords as nodemailerEncodeWords,
} from 'nodemailer/lib/mime-funcs/index.js';
import { describe, expect, it } from 'vitest';
import { encodeWord, encodeWordsWhole, type WordEncoding } from '../../server/mail/mime/encoded-words.js';
import { isJsWhitespace } from '../../server/mail/mime/js-whitespace.js';
import { headerText } from '../support/header-text.js';
import { fill } from '../support/hostile.js';

const encoding = fc.constantFrom<WordEncoding>('Q', 'B');
/** MimeNode's 52, none, and any other (under 12 the frame is not taken off, under 16 B's minimum of 3 applies). */
const maxLength = fc.oneof(fc.constantFrom(52, 0), fc.integer({ min: 1, max: 90 }));

describe('encodeWord', () => {
  it('equals nodemailer encodeWord() on arbitrary text', () => {
    fc.assert(
      fc.property(headerText, encoding, maxLength, (value, enc, max) => {
        expect(encodeWord(value, enc, max)).toBe(nodemailerEncodeWord(value, enc, max));
      }),
      { numRuns: 3_000 },
    );
  });

  it('splits where nodemailer does around the 40-character piece of a 52 word', () => {
    // Q pieces are 40 characters: a multi-byte character's escapes straddling each position of the boundary.
    for (let pad = 0; pad < 45; pad++) {
      for (const char of ['é', '中', '😀', '\ud800', ' ', '_', '=']) {
        const value = `${'a'.repeat(pad)}${char.repeat(20)}b`;
        for (const enc of ['Q', 'B'] as const)
          expect(encodeWord(value, enc, 52)).toBe(nodemailerEncodeWord(value, enc, 52));
      }
    }
  });
});

describe('encodeWordsWhole', () => {
  it('equals nodemailer encodeWords(…, true) on arbitrary text', () => {
    fc.assert(
      fc.property(headerText, encoding, (value, enc) => {
        expect(encodeWordsWhole(value, enc, 52)).toBe(nodemailerEncodeWords(value, enc, 52, true));
      }),
      { numRuns: 3_000 },
    );
  });

  it('leaves plain ASCII and valid encoded words alone, and encodes invalid look-alikes', () => {
    for (const value of [
      'Hello world',
      'a =?UTF-8?Q?x?= b',
      '=?utf-8?B?QUJD?=',
      'x=?y',
      '=?utf-8?X?x?=',
      'see =?utf-8?Q?a b?= here',
      '=?==?=',
    ]) {
      expect(encodeWordsWhole(value, 'Q', 52)).toBe(nodemailerEncodeWords(value, 'Q', 52, true));
    }
    expect(encodeWordsWhole('a =?UTF-8?Q?x?= b', 'Q', 52)).toBe('a =?UTF-8?Q?x?= b');
    expect(encodeWordsWhole('=?utf-8?X?x?=', 'Q', 52)).not.toBe('=?utf-8?X?x?=');
  });
});

describe('megabyte values', () => {
  // The shapes of the hostile-input fuzz that reach the encoders: non-ASCII words, right-to-left text with
  // controls, quotes, NULs (an encoded word without encodeWords()), and `=?` runs.
  for (const shape of ['words', 'rtl', 'mixed', 'quote', 'nul', '=?a?Q?b ']) {
    it(`encodes 1 MB of ${shape} as nodemailer does`, () => {
      const value = fill(shape, 1_000_000);
      for (const enc of ['Q', 'B'] as const) {
        expect(encodeWordsWhole(value, enc, 52)).toBe(nodemailerEncodeWords(value, enc, 52, true));
        expect(encodeWord(value, enc, 52)).toBe(nodemailerEncodeWord(value, enc, 52));
      }
    }, 60_000);
  }
});

describe('isJsWhitespace', () => {
  it('agrees with /\\s/ on every UTF-16 code unit', () => {
    const disagreements: number[] = [];
    for (let code = 0; code <= 0xffff; code++) {
      if (isJsWhitespace(code) !== /\s/.test(String.fromCharCode(code))) disagreements.push(code);
    }
    expect(disagreements).toEqual([]);
  });
});
