/**
 * campaigns/template-placeholders.ts finds campaign template placeholders exactly where `/\[\[\[(.*?)\]\]\]/g` does, and
 * replaces them as String.replace() does: brackets in runs of any length, line terminators (which `.` does not
 * match), nested and unclosed placeholders; and a line of 250,000 `[` (18-22 s with the regex) in linear time
 * (linear-time.slow.test.ts).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { placeholders, replacePlaceholders } from '../../server/campaigns/template-placeholders.js';

const PLACEHOLDER = /\[\[\[(.*?)\]\]\]/g;

const html = fc
  .array(
    fc.constantFrom(
      '[',
      '[[[',
      ']',
      ']]]',
      '[[[a]]]',
      'name:text',
      ':',
      'a',
      'é',
      '😀',
      ' ',
      '\n',
      '\r',
      '\u2028',
      '\u2029',
      '\t',
      '<p>',
    ),
    { maxLength: 40 },
  )
  .map((pieces) => pieces.join(''));

describe('placeholders', () => {
  it('finds what /\\[\\[\\[(.*?)\\]\\]\\]/g matches', () => {
    fc.assert(
      fc.property(html, (value) => {
        const expected = [...value.matchAll(PLACEHOLDER)].map((m) => ({
          start: m.index,
          end: m.index + m[0].length,
          text: m[1],
        }));
        expect([...placeholders(value)]).toEqual(expected);
        const replace = (text: string) => `<${text.length}:${text}>`;
        expect(replacePlaceholders(value, replace)).toBe(
          value.replace(PLACEHOLDER, (_match, text: string) => replace(text)),
        );
      }),
      { numRuns: 5_000 },
    );
  });

  it('finds in long runs of brackets what the regex finds', () => {
    // The regex itself is quadratic on these shapes: a few thousand repetitions, not the 250,000 of the slow test.
    for (const value of [
      '['.repeat(2_000),
      '[[[a]]]'.repeat(2_000),
      `${'[[['.repeat(2_000)}\n]]]`,
      `${'[[[x'.repeat(2_000)}]]]`,
    ]) {
      expect([...placeholders(value)]).toEqual(
        [...value.matchAll(PLACEHOLDER)].map((m) => ({ start: m.index, end: m.index + m[0].length, text: m[1] })),
      );
    }
  });
});
