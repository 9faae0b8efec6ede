/**
 * Work that once grew with the square of its input: the address parser, twig.js's tokenizer, and the
 * HTML parser under the CSS inliner and the text part, on deep nesting, take one pass. Each is checked by how its time grows (test/support/scaling.ts: 16 times the input
 * costs about 16 times the time, where the quadratic versions took 256 times, and minutes at the big sizes here),
 * not against a guess at the machine's speed, and against what it replaced on ordinary input. The same for the
 * other one-pass rewrites, whose results their own test files check: address lists and the email rule, LIKE,
 * campaign placeholders, Twig variables and the MJML structure check. A slow test (test/vitest.config.ts): it runs
 * alone, after the others, so that their load does not pass for growth.
 */
import { describe, expect, it } from 'vitest';
import { placeholders } from '../../server/campaigns/template-placeholders.js';
import { likeMatches } from '../../server/db/linear-like.js';
import { AddressError, createAddress, normalizeAddresses, splitCsv } from '../../server/mail/addresses.js';
import { htmlToText, inlineCss } from '../../server/mail/render/html.js';
import { MAX_CHECKED_LENGTH, mjmlStructureProblems } from '../../server/mail/render/mjml-structure.js';
import { renderTwig } from '../../server/mail/render/twig.js';
import { renderVariablesOnly } from '../../server/mail/render/twig-variables.js';
import { isRfcEmail } from '../../server/validation/email.js';
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

/** The error `run` throws, or null: a refusal is the work timed. */
function thrown(run: () => unknown): unknown {
  try {
    run();
    return null;
  } catch (error) {
    return error;
  }
}

describe('addresses (addresses.test.ts)', () => {
  it('splits a list of items in linear time', () => {
    const list = (count: number) =>
      Array.from({ length: count }, (_, i) => `"Name, ${i}" <r${i}@example.com>`).join(', ');
    // 16,000 items cost about 16 times 1,000, where a quadratic split costs 256 times.
    expect(growth(list, splitCsv, 1000)).toBeLessThan(LINEAR_GROWTH);
  });

  it('refuses an address longer than 998 characters in linear time', () => {
    const long = (length: number) => `${'a'.repeat(length)}@example.com`;
    expect(thrown(() => createAddress(long(16_000)))).toBeInstanceOf(AddressError);
    expect(growth(long, (address) => thrown(() => createAddress(address)), 1000)).toBeLessThan(LINEAR_GROWTH);
  });

  it('parses a list of named recipients in linear time', () => {
    const list = (count: number) =>
      Array.from({ length: count }, (_, i) => `Recipient ${i} <r${i}@example.com>`).join(', ');
    expect(growth(list, normalizeAddresses, 1000)).toBeLessThan(LINEAR_GROWTH);
  });
});

describe('email:rfc (email.test.ts)', () => {
  it('rejects a megabyte-long candidate in linear time', () => {
    const candidate = (length: number) => `${'a'.repeat(length)}@x.com`;
    // A megabyte costs about 16 times 62,500 characters, where a quadratic check costs 256 times.
    expect(growth(candidate, (value) => isRfcEmail(value), 62_500)).toBeLessThan(LINEAR_GROWTH);
  });
});

describe('like_linear (linear-like.test.ts)', () => {
  it('takes linear time on periodic text and a long value that almost matches everywhere', () => {
    const input = (n: number) => ({ text: 'ab'.repeat(100 * n), value: `%${'ab'.repeat(n)}x%` });
    // Text and value both 16 times longer: about 16 times the time, where SQLite's LIKE takes 256 times.
    expect(growth(input, (like) => likeMatches(like.text, like.value), 320)).toBeLessThan(LINEAR_GROWTH);
  });
});

describe('campaign template placeholders (template-placeholders.test.ts)', () => {
  it('scans a line of 250,000 brackets in linear time', () => {
    // Each shape at n and 16n: about 16 times the time, where Mailcoach's regex takes 256 times.
    const shapes: Array<[string, (n: number) => string, number]> = [
      ['[', (n) => '['.repeat(n), 250_000],
      ['[[[a]]]', (n) => '[[[a]]]'.repeat(n), 40_000],
      ['[[[ then newline', (n) => `${'[[['.repeat(n)}\n]]]`, 80_000],
      ['[[[x', (n) => `${'[[[x'.repeat(n)}]]]`, 60_000],
    ];
    for (const [shape, make, count] of shapes) {
      expect(
        growth(make, (v) => [...placeholders(v)], count / 16),
        shape,
      ).toBeLessThan(LINEAR_GROWTH);
    }
  });
});

describe('twig variables (twig-variables.test.ts)', () => {
  it('renders a megabyte of `{{ a }}` in one linear pass', () => {
    // 16 times the tags, about 16 times the time; a quadratic pass takes 256 times.
    expect(
      growth(
        (tags) => '{{ a }}'.repeat(tags),
        (source) => renderVariablesOnly(source, { a: '<' }),
        9_375,
      ),
    ).toBeLessThan(LINEAR_GROWTH);
  });
});

describe('the MJML structure check (mjml-structure.test.ts)', () => {
  it('takes linear time on hostile bodies', () => {
    // Each at its size (under MAX_CHECKED_LENGTH) and at 1/16 of it: about 16 times the time, where a check that
    // goes quadratic takes 256 times.
    const hostile: Array<[(n: number) => string, number]> = [
      [(n) => '<mj-a<mj-a'.repeat(n), 50_000],
      [(n) => '<mj-b><mj-c></mj-b>'.repeat(n), 25_000],
      [(n) => `<mj-text>${'<mj-x '.repeat(n)}`, 80_000],
    ];
    for (const [make, count] of hostile) {
      expect(make(count).length).toBeLessThan(MAX_CHECKED_LENGTH);
      expect(growth(make, mjmlStructureProblems, count / 16), make(1)).toBeLessThan(LINEAR_GROWTH);
    }
  });
});
