/**
 * header-value.ts parses a header value exactly as nodemailer's lib/mime-funcs parseHeaderValue() does, with and
 * without stripComments: the same value and the same parameters in the same key order, on content-type grammar
 * (quotes, escapes, comments, valueless and duplicated parameters, RFC 2231 continuations with and without a
 * charset, in any order and with odd section numbers), on arbitrary Unicode, and on megabyte values.
 */
import fc from 'fast-check';
import { parseHeaderValue as nodemailerParse } from 'nodemailer/lib/mime-funcs/index.js';
import { describe, expect, it } from 'vitest';
import { parseHeaderValue } from '../../server/mail/mime/header-value.js';
import { headerText } from '../support/header-text.js';
import { fill } from '../support/hostile.js';

/** Both parses, as [value, params entries in order], so that a key order difference fails too. */
function expectSameParse(input: string, stripComments: boolean): void {
  const options = stripComments ? { stripComments: true } : undefined;
  const theirs = nodemailerParse(input, options);
  const ours = parseHeaderValue(input, options);
  expect([ours.value, Object.entries(ours.params)]).toEqual([theirs.value, Object.entries(theirs.params)]);
  expect(Object.getPrototypeOf(ours.params)).toBe(Object.getPrototypeOf(theirs.params));
}

/** The pieces a content type is made of, and the ones its parser treats specially. */
const GRAMMAR = [
  'text/plain',
  'multipart/mixed',
  'application/pdf',
  ';',
  '; ',
  ' ;',
  '=',
  ' = ',
  '"',
  '\\',
  '\\"',
  '\\\\',
  '(',
  ')',
  '(c)',
  '(a (b) c)',
  '(x\\)y)',
  ' ',
  '  ',
  '\t',
  '\r\n',
  'name',
  'NAME',
  'filename',
  'charset',
  'boundary',
  'x',
  '__proto__',
  'constructor',
  'toString',
  '0',
  '1',
  '10',
  '*',
  '*0',
  '*1',
  '*2',
  '*0*',
  '*1*',
  '*10*',
  '*00',
  '*4000000000',
  `*${'9'.repeat(400)}`,
  'filename*0*=',
  'filename*1*=',
  'filename*0=',
  'filename*1=',
  "utf-8''",
  "UTF-8'en'",
  "''",
  "'",
  "a b''",
  "\r\n''",
  'iso-8859-1',
  '%41',
  '%e2%82%ac',
  '%',
  '%%',
  '%zz',
  '=?',
  '?=',
  '_',
  '?',
  'é',
  '中',
  '😀',
  '\ud800',
  '\udc00',
  '\u00a0',
  '\u3000',
  '\u2028',
  '\u0000',
  '\u007f',
  'report.pdf',
  'C:\\Users\\me',
];

const headerValue: fc.Arbitrary<string> = fc
  .array(fc.oneof({ weight: 8, arbitrary: fc.constantFrom(...GRAMMAR) }, { weight: 2, arbitrary: headerText }), {
    maxLength: 40,
  })
  .map((pieces) => pieces.join(''));

/** Well-formed RFC 2231 continuations, shuffled, some encoded, some with a charset, some duplicated. */
const continuations: fc.Arbitrary<string> = fc
  .array(
    fc.record({
      name: fc.constantFrom('filename', 'name', 'Title', 'x'),
      nr: fc.oneof(fc.nat({ max: 12 }), fc.constantFrom(-1, 4_000_000_000)),
      encoded: fc.boolean(),
      charset: fc.constantFrom('', "utf-8''", "utf-8'en'", "bad charset''", "'"),
      text: fc.oneof(fc.constantFrom('%41%20b', 'a b', '=_?', '%', '"q"', 'é中', ''), headerText),
      quoted: fc.boolean(),
    }),
    { maxLength: 8 },
  )
  .map((sections) => {
    const params = sections.map(({ name, nr, encoded, charset, text, quoted }) => {
      const key = `${name}${nr < 0 ? '*' : `*${nr}`}${encoded ? '*' : ''}`;
      const value = `${nr === 0 ? charset : ''}${text}`;
      return `${key}=${quoted ? JSON.stringify(value) : value}`;
    });
    return ['attachment', ...params].join('; ');
  });

describe('parseHeaderValue', () => {
  for (const stripComments of [true, false]) {
    describe(stripComments ? 'stripping comments' : 'keeping comments', () => {
      it('equals nodemailer on content-type grammar', () => {
        fc.assert(
          fc.property(headerValue, (value) => expectSameParse(value, stripComments)),
          { numRuns: 4_000 },
        );
      });

      it('equals nodemailer on RFC 2231 continuations', () => {
        fc.assert(
          fc.property(continuations, (value) => expectSameParse(value, stripComments)),
          { numRuns: 2_000 },
        );
      });

      it('equals nodemailer on arbitrary text', () => {
        fc.assert(
          fc.property(headerText, (value) => expectSameParse(value, stripComments)),
          { numRuns: 2_000 },
        );
      });
    });
  }

  it('equals nodemailer on the examples of its own comments', () => {
    for (const value of [
      "content-type: text/plain; CHARSET='UTF-8'",
      'multipart/mixed; flag; boundary="AAA"',
      'boundary="AAA" "; boundary=BBB"',
      'boundary="AAA" (unterminated comment',
      'boundary="b"; boundary="c"',
      "attachment; filename*0*=utf-8''a; filename*4000000000=b",
      "filename*0*=utf-8''safe; filename*1=%2F..%2F..%2Fetc%2Fpasswd",
      'filename=plain.txt; filename*0=evil.txt',
      'filename*0="Annual Report "; filename*1="2024.pdf"',
      'text/plain; a;*',
      'text/plain (a comment); name=Invoice(1).pdf; boundary=(c)b; x= (y)z',
      'a; b=C:\\Users\\me\\report.txt',
      `text/plain; ${'('.repeat(1000)}; x=1`,
    ]) {
      expectSameParse(value, true);
      expectSameParse(value, false);
    }
  });

  // Megabyte content types of the hostile-input shapes, bare, as a parameter value, as a parameter name and as
  // two RFC 2231 sections of half a megabyte each.
  for (const shape of [
    'words',
    'twig',
    'rtl',
    'mixed',
    'quote',
    'escapedQuote',
    'paren',
    'spaces',
    'percent',
    'nul',
    'a(b)',
  ]) {
    it(`equals nodemailer on a megabyte of ${shape}`, () => {
      const big = fill(shape, 1_000_000);
      const half = fill(shape, 500_000);
      for (const value of [
        big,
        `text/plain; x=${big}`,
        `text/plain; x="${big}"`,
        `text/plain; ${big}=1; y=2`,
        `attachment; filename*0*=utf-8''${half}; filename*1*=${half}`,
        `attachment; filename*1=${half}; filename*0=${half}`,
      ]) {
        expectSameParse(value, true);
        expectSameParse(value, false);
      }
    }, 60_000);
  }
});
