/**
 * Work that once grew with the square of its input: the address parser, twig.js's tokenizer, and the
 * HTML parser under the CSS inliner and the text part, on deep nesting, take one pass. Each is checked by how its time grows (test/support/scaling.ts: 16 times the input
 * costs about 16 times the time, where the quadratic versions took 256 times, and minutes at the big sizes here),
 * not against a guess at the machine's speed, and against what it replaced on ordinary input.
 */
import { describe, expect, it } from 'vitest';
import { AddressError, normalizeAddresses } from '../../server/mail/addresses.js';
import { htmlToText, inlineCss } from '../../server/mail/render/html.js';
import { renderTwig } from '../../server/mail/render/twig.js';
import { fill } from '../support/hostile.js';
import { growth, LINEAR_GROWTH } from '../support/scaling.js';

describe('address lists', () => {
  it.each(['words', 'twig', 'rtl', 'gt', 'mixed'])('a megabyte of %s is refused in one pass', (shape) => {
    const refusal = (value: string) => {
      try {
        normalizeAddresses(value);
        return null;
      } catch (error) {
        return error;
      }
    };
    expect(refusal(fill(shape, 1_000_000))).toBeInstanceOf(AddressError);
    expect(growth((size) => fill(shape, size), refusal, 62_500)).toBeLessThan(LINEAR_GROWTH);
  });

  it('reads Name <address> as Symfony does: the name before the first <, the address up to the last >', () => {
    expect(normalizeAddresses('Jane <jane@example.com>')).toEqual([{ name: 'Jane', email: 'jane@example.com' }]);
    expect(() => normalizeAddresses('x <y> <jane@example.com>')).toThrow(
      'Email "y> <jane@example.com" does not comply',
    );
  });
});

describe('twig', () => {
  it('renders 140,000 tags of a replacement in one pass', () => {
    expect(renderTwig(`Hi ${'{{ a }}'.repeat(140_000)}!`, { a: '<b>' })).toBe(`Hi ${'&lt;b&gt;'.repeat(140_000)}!`);
    expect(
      growth(
        (tags) => `Hi ${'{{ a }}'.repeat(tags)}!`,
        (source) => renderTwig(source, { a: '<b>' }),
        8_750,
      ),
    ).toBeLessThan(LINEAR_GROWTH);
  });

  it('still finds closings past quoted strings, comments and whitespace control', () => {
    expect(renderTwig('{{ "a}}b" }}|{# c #}|{%- if x -%} yes {%- endif %}|{{ y|upper }}', { x: 1, y: 'z' })).toBe(
      'a}}b||yes|Z',
    );
  });
});

describe('deeply nested HTML', () => {
  const page = (body: string) => `<html><head><style>p{color:red}</style></head><body>${body}<p>end</p></body></html>`;

  it('parses, inlines and converts a mail nested far deeper than libxml2 allows in one pass', () => {
    // libxml2 stops at 256 levels (xmlParserMaxDepth) and Mailcoach's converters get what it built up to there:
    // test/fidelity pins the results against PHP; here only that the time grows with the input, not its square.
    const nested = (depth: number) => page(`${'<div>'.repeat(depth)}deep${'</div>'.repeat(depth)}`);
    expect(growth(nested, inlineCss, 3_125)).toBeLessThan(LINEAR_GROWTH);
    expect(growth(nested, htmlToText, 3_125)).toBeLessThan(LINEAR_GROWTH);
    const styles = (count: number) => page(`${'<div>'.repeat(200)}${'<style>x</style>a '.repeat(count)}`);
    expect(growth(styles, htmlToText, 3_125)).toBeLessThan(LINEAR_GROWTH);
    expect(growth(styles, inlineCss, 3_125)).toBeLessThan(LINEAR_GROWTH);
    // Below the limit both do their work.
    expect(inlineCss(page(`${'<div>'.repeat(250)}x${'</div>'.repeat(250)}`))).toContain(
      '<p style="color: red;">end</p>',
    );
    expect(htmlToText(page(`${'<div>'.repeat(250)}x${'</div>'.repeat(250)}`))).toMatch(/^x\n[\s\S]*end$/);
  });
});
