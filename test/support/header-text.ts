/**
 * Arbitrary header text for the property tests of the MIME encoders that mirror nodemailer's (encoded-words.ts,
 * header-folding.ts, rfc2231-parameter.ts): any Unicode (astral characters and lone surrogates included) mixed
 * with the pieces those encoders treat specially, in runs long enough to cross their 40/50/52/76 boundaries.
 */
import fc from 'fast-check';

const PIECES = [
  ' ',
  '  ',
  '\t',
  '\r',
  '\n',
  '\r\n',
  ' \r\n',
  '\v',
  '\f',
  '"',
  '\\',
  "'",
  '*',
  '(',
  ')',
  '-',
  '_',
  '.',
  '~',
  '!',
  '%',
  '=',
  '?',
  ';',
  ':',
  '/',
  ',',
  '<',
  '>',
  '@',
  '[',
  ']',
  '=?',
  '?=',
  '=?UTF-8?Q?a?=',
  '=?utf-8?B?QUJD?=',
  '=?x?Q?a b?=',
  '=?utf-8?X?x?=',
  '=?=',
  '\u0000',
  '\u0001',
  '\u001f',
  '\u007f',
  '\u0080',
  '\u00a0',
  '\u00ff',
  '\u0301',
  '\u1680',
  '\u2000',
  '\u200b',
  '\u2028',
  '\u2029',
  '\u202f',
  '\u3000',
  '\ufeff',
  '\ufffd',
  'é',
  'ß',
  '中',
  '😀',
  '👩‍👩‍👧',
  '\ud800',
  '\udbff',
  '\udc00',
  '\udfff',
  'a',
  'Z',
  '0',
  'word',
  'Supercalifragilisticexpialidocious',
];

/** One unit: a special piece, any code point, or a long word (up to past the longest line). */
const unit = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...PIECES) },
  { weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength: 3 }) },
  { weight: 2, arbitrary: fc.string({ unit: fc.constantFrom('a', 'b', 'é', '中', '😀', ' '), maxLength: 8 }) },
  { weight: 1, arbitrary: fc.nat({ max: 130 }).map((n) => 'w'.repeat(n)) },
);

export const headerText: fc.Arbitrary<string> = fc.array(unit, { maxLength: 60 }).map((units) => units.join(''));

/** Printable ASCII, as a plain (not encoded) parameter value or an unencoded header is. */
export const asciiHeaderText: fc.Arbitrary<string> = fc.string({
  unit: fc.oneof(
    fc.constantFrom(' ', '  ', 'x'.repeat(60), '=?', '-'),
    fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)),
  ),
  maxLength: 200,
});
