/**
 * rfc2231-parameter.ts writes a parameter exactly as nodemailer's lib/mime-funcs buildHeaderValue() does (with
 * buildHeaderParam(key, value, 50) for long or non-plain values): arbitrary Unicode (astral characters, lone
 * surrogates, controls, quotes, `=?`, whitespace runs, long words), printable ASCII around the 50/75 limits, and
 * megabyte filenames of the hostile-input shapes; and headerValue() as buildHeaderValue() writes a whole parsed
 * content type (any parameter names, controls included, and megabyte parameters).
 */
import fc from 'fast-check';
import { buildHeaderValue } from 'nodemailer/lib/mime-funcs/index.js';
import { describe, expect, it } from 'vitest';
import { headerParameter, headerValue } from '../../server/mail/mime/rfc2231-parameter.js';
import { asciiHeaderText, headerText } from '../support/header-text.js';
import { fill } from '../support/hostile.js';

const nodemailerParameter = (value: string) => buildHeaderValue({ value: 'attachment', params: { filename: value } });
const ours = (value: string) => `attachment; ${headerParameter('filename', value)}`;

describe('headerParameter', () => {
  it('equals nodemailer buildHeaderValue() on arbitrary text', () => {
    fc.assert(
      fc.property(headerText, (value) => {
        expect(ours(value)).toBe(nodemailerParameter(value));
      }),
      { numRuns: 5_000 },
    );
  });

  it('equals buildHeaderValue() on printable ASCII, quoted, plain and continued', () => {
    fc.assert(
      fc.property(asciiHeaderText, (value) => {
        expect(ours(value)).toBe(nodemailerParameter(value));
      }),
      { numRuns: 3_000 },
    );
  });

  it('starts lines over encoded where buildHeaderParam() does (plain runs, then a character to encode)', () => {
    for (let plain = 0; plain < 60; plain++) {
      for (const char of ['é', '😀', '\ud800', '*', ' ', '%', '"']) {
        for (const lead of ['', 'ü', 'a b ']) {
          const value = `${lead}${'x'.repeat(plain)}${char}${'y '.repeat(plain % 7)}${char}z`;
          expect(ours(value)).toBe(nodemailerParameter(value));
        }
      }
    }
  });

  for (const shape of ['words', 'rtl', 'mixed', 'quote', 'spaces', 'nul', 'markdown', 'angle']) {
    it(`writes a megabyte filename of ${shape} as buildHeaderValue() does`, () => {
      const value = fill(shape, 1_000_000);
      expect(ours(value)).toBe(nodemailerParameter(value));
    }, 60_000);
  }
});

describe('headerValue', () => {
  const name = fc.oneof(
    fc.constantFrom('name', 'charset', 'x', '', 'a\u0000b', '\r\n', '\u007f', 'é', 'a b', '*0*'),
    fc.string({ maxLength: 6 }),
  );
  const params = fc.dictionary(name, fc.oneof(headerText, asciiHeaderText), { maxKeys: 5 });

  it('equals nodemailer buildHeaderValue() on arbitrary parsed values', () => {
    fc.assert(
      fc.property(fc.oneof(headerText, asciiHeaderText), params, (value, parameters) => {
        expect(headerValue({ value, params: parameters })).toBe(buildHeaderValue({ value, params: parameters }));
      }),
      { numRuns: 3_000 },
    );
  });

  for (const shape of ['words', 'rtl', 'percent']) {
    it(`writes a megabyte parameter of ${shape} as buildHeaderValue() does`, () => {
      const structured = { value: 'text/plain', params: { x: fill(shape, 1_000_000), charset: 'utf-8' } };
      expect(headerValue(structured)).toBe(buildHeaderValue(structured));
    }, 60_000);
  }
});
