/**
 * header-folding.ts folds exactly as nodemailer's lib/mime-funcs foldLines(str, lineLength) does: arbitrary
 * Unicode with line breaks, whitespace runs (the non-ASCII `\s` characters included) and words longer than a line,
 * at MimeNode's 76 and other lengths, and megabyte header lines.
 */
import fc from 'fast-check';
import { encodeWord as nodemailerEncodeWord, foldLines } from 'nodemailer/lib/mime-funcs/index.js';
import { describe, expect, it } from 'vitest';
import { foldHeaderLines } from '../../server/mail/mime/header-folding.js';
import { asciiHeaderText, headerText } from '../support/header-text.js';
import { fill } from '../support/hostile.js';

describe('foldHeaderLines', () => {
  it('equals nodemailer foldLines() on arbitrary text', () => {
    const lineLength = fc.oneof(fc.constant(76), fc.integer({ min: 1, max: 100 }));
    fc.assert(
      fc.property(fc.oneof(headerText, asciiHeaderText), lineLength, (text, length) => {
        expect(foldHeaderLines(text, length)).toBe(foldLines(text, length));
      }),
      { numRuns: 5_000 },
    );
  });

  it('equals foldLines() on header lines of encoded words, as MimeNode folds them', () => {
    fc.assert(
      fc.property(headerText, fc.constantFrom('Q', 'B'), (value, encoding) => {
        const line = `Subject: ${nodemailerEncodeWord(value, encoding, 52)}`;
        expect(foldHeaderLines(line, 76)).toBe(foldLines(line, 76));
      }),
      { numRuns: 1_000 },
    );
  });

  it('breaks at each position of a line the same way (76 and around it)', () => {
    for (let pad = 60; pad < 90; pad++) {
      for (const tail of [
        ' b',
        '  b',
        '\tb',
        '\r\nb',
        '\rb',
        '\nb',
        'bbbbbbbbbbbbbbbbbbbbb c',
        '\u00a0b',
        '\u3000 b',
      ]) {
        const text = `Subject: ${'a'.repeat(pad)}${tail} ${'c'.repeat(pad)}`;
        expect(foldHeaderLines(text, 76)).toBe(foldLines(text, 76));
      }
    }
  });

  for (const shape of ['words', 'spaces', 'newlines', 'markdown', 'mixed']) {
    it(`folds a megabyte line of ${shape} as foldLines() does`, () => {
      const line = `Subject: ${fill(shape, 1_000_000)}`;
      expect(foldHeaderLines(line, 76)).toBe(foldLines(line, 76));
    }, 60_000);
  }
});
