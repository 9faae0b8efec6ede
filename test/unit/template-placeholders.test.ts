/**
 * campaigns/template-placeholders.ts finds campaign template placeholders exactly where `/\[\[\[(.*?)\]\]\]/g` does, and
 * replaces them as String.replace() does: brackets in runs of any length, line terminators (which `.` does not
 * match), nested and unclosed placeholders; and a line of 250,000 `[` (18-22 s with the regex) in linear time.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { placeholders, replacePlaceholders } from '../../server/campaigns/template-placeholders.js';
import { growth, LINEAR_GROWTH } from '../support/scaling.js';

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

  it('scans a line of 250,000 brackets in linear time', () => {
    // Each shape at n and 16n (test/support/scaling.ts): about 16 times the time, where Mailcoach's regex takes 256 times.
    const shapes: Array<[string, (n: number) => string, number]> = [
      ['[', (n) => '['.repeat(n), 250_000],
      ['[[[a]]]', (n) => '[[[a]]]'.repeat(n), 40_000],
      ['[[[ then newline', (n) => `${'[[['.repeat(n)}\n]]]`, 80_000],
      ['[[[x', (n) => `${'[[[x'.repeat(n)}]]]`, 60_000],
    ];
    for (const [shape, make, count] of shapes) {
      const value = make(count);
      const found = [...placeholders(value)];
      if (value.length < 100_000)
        expect(found).toEqual(
          [...value.matchAll(PLACEHOLDER)].map((m) => ({ start: m.index, end: m.index + m[0].length, text: m[1] })),
        );
      expect(
        growth(make, (v) => [...placeholders(v)], count / 16),
        shape,
      ).toBeLessThan(LINEAR_GROWTH);
    }
  });
});
