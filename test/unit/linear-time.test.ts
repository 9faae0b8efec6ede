/**
 * Work that once grew with the square of its input (issue 11): the address parser, twig.js's tokenizer and juice's
 * code blocks now take one pass. Each is checked by how its time grows (test/support/scaling.ts: 16 times the input
 * costs about 16 times the time, where the quadratic versions took 256 times, and minutes at the big sizes here),
 * not against a guess at the machine's speed, and against what it replaced on ordinary input.
 */
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { AddressError, normalizeAddresses } from '../../server/mail/addresses.js';
import { htmlToText, inlineCss, nestsDeeperThan } from '../../server/mail/render/html.js';
import { restoreCodeBlocks, setAsideCodeBlocks } from '../../server/mail/render/juice-code-blocks.js';
import { renderTwig } from '../../server/mail/render/twig.js';
import { fill } from '../support/hostile.js';
import { random } from '../support/random.js';
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
    expect(() => normalizeAddresses('x <y> <jane@example.com>')).toThrow('Email "y> <jane@example.com" does not comply');
  });
});

describe('twig', () => {
  it('renders 140,000 tags of a replacement in one pass', () => {
    expect(renderTwig(`Hi ${'{{ a }}'.repeat(140_000)}!`, { a: '<b>' })).toBe(`Hi ${'&lt;b&gt;'.repeat(140_000)}!`);
    expect(growth((tags) => `Hi ${'{{ a }}'.repeat(tags)}!`, (source) => renderTwig(source, { a: '<b>' }), 8_750)).toBeLessThan(LINEAR_GROWTH);
  });

  it('still finds closings past quoted strings, comments and whitespace control', () => {
    expect(renderTwig('{{ "a}}b" }}|{# c #}|{%- if x -%} yes {%- endif %}|{{ y|upper }}', { x: 1, y: 'z' })).toBe('a}}b||yes|Z');
  });
});

describe("juice's code blocks", () => {
  const kinds = [
    { start: '<%', end: '%>' },
    { start: '{{', end: '}}' },
    { start: '<#', end: '>' },
  ];

  it('sets blocks aside kind after kind and puts them back, with the tokens cheerio may rewrite', () => {
    const { html, blocks } = setAsideCodeBlocks('<p class="{{ c }}">{{ a }} <% b %> <#if x> {{ open', kinds);
    expect(html).toBe('<p class="JUICE_CODE_BLOCK_1_">JUICE_CODE_BLOCK_2_ JUICE_CODE_BLOCK_0_ JUICE_CODE_BLOCK_3_ {{ open');
    expect(blocks).toEqual(['<% b %>', '{{ c }}', '{{ a }}', '<#if x>']);
    expect(restoreCodeBlocks('<p juice_code_block_1_="">JUICE_CODE_BLOCK_2_ JUICE_CODE_BLOCK_9_', blocks)).toBe(
      '<p {{ c }}>{{ a }} JUICE_CODE_BLOCK_9_',
    );
  });

  it('inlines CSS around code blocks exactly as juice alone does', () => {
    const juice = createRequire(import.meta.url)('juice') as (html: string) => string;
    const html = '<html><head><style>p{color:red}</style></head><body><p title="{{ t }}">{{ a }} <% b %></p></body></html>';
    // inlineCss took juice's code block kinds away from juice; give them back for the reference run.
    const reference = (() => {
      const codeBlocks = (juice as unknown as { codeBlocks: Record<string, unknown> }).codeBlocks;
      const saved = { ...codeBlocks };
      Object.assign(codeBlocks, { EJS: { start: '<%', end: '%>' }, HBS: { start: '{{', end: '}}' } });
      try {
        return juice(html);
      } finally {
        for (const key of Object.keys(codeBlocks)) delete codeBlocks[key];
        Object.assign(codeBlocks, saved);
      }
    })();
    expect(inlineCss(html)).toBe(reference);
    expect(reference).toContain('<p title="{{ t }}" style="color: red;">{{ a }} <% b %></p>');
  });

  it('inlines CSS around 140,000 blocks, or a megabyte of unclosed ones, in one pass', () => {
    for (const shape of ['{{ a }}', '{{', '<#']) {
      const html = (size: number) => `<html><head><style>p{color:red}</style></head><body><p>${fill(shape, size)}</p></body></html>`;
      expect(inlineCss(html(1_000_000))).toContain('<p style="color: red;">');
      expect(growth(html, inlineCss, 62_500), shape).toBeLessThan(LINEAR_GROWTH);
    }
  });
});

describe('deeply nested HTML', () => {
  const page = (body: string) => `<html><head><style>p{color:red}</style></head><body>${body}<p>end</p></body></html>`;

  it('estimates the nesting from the tags alone: void, self-closed and optionally closed elements do not nest', () => {
    expect(nestsDeeperThan(`${'<div>'.repeat(256)}x`, 256)).toBe(false);
    expect(nestsDeeperThan(`${'<div>'.repeat(257)}x`, 256)).toBe(true);
    expect(nestsDeeperThan('<div><span>x</span></div>'.repeat(10_000), 256)).toBe(false);
    expect(nestsDeeperThan(`${'<p>a'.repeat(1_000)}${'<li>b<br><img src=x>'.repeat(1_000)}${'<x-y/>'.repeat(1_000)}`, 256)).toBe(false);
    expect(nestsDeeperThan(`${'<a@b.co>'.repeat(300)}`, 256)).toBe(true);
    expect(nestsDeeperThan(`${'<div'.repeat(100_000)}`, 256)).toBe(false);
  });

  it('reads tag names in place exactly as the slice-and-pattern version did', () => {
    // The version before tag names were read in place (a slice and a regular expression per tag).
    const OPTIONAL_END = new Set(['p', 'li', 'dt', 'dd', 'option', 'optgroup', 'tr', 'td', 'th', 'thead', 'tbody', 'tfoot', 'colgroup', 'rt', 'rp']);
    const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);
    const reference = (html: string, limit: number): boolean => {
      let depth = 0;
      let at = 0;
      for (;;) {
        const open = html.indexOf('<', at);
        if (open === -1) return false;
        const close = html.indexOf('>', open + 1);
        if (close === -1) return false;
        at = close + 1;
        const closing = html.charCodeAt(open + 1) === 0x2f;
        const name = /^[a-zA-Z][^\s/>]*/.exec(html.slice(closing ? open + 2 : open + 1, Math.min(close, open + 20)))?.[0].toLowerCase();
        if (name === undefined || OPTIONAL_END.has(name) || VOID.has(name)) continue;
        if (closing) depth = Math.max(0, depth - 1);
        else if (html.charCodeAt(close - 1) !== 0x2f && ++depth > limit) return true;
      }
    };
    const pieces = ['<div>', '</div>', '<P>', '<br/>', '<x/>', '<li\u00a0a>', '<TD\u2028>', '<img', '>', '</', '<9>', '<optgroupx>', '<averyveryverylongname>', '<col\tspan=2>', '<a\ufeff>', 'text', '<'];
    const next = random(7);
    let deep = 0;
    for (let run = 0; run < 3000; run++) {
      const html = Array.from({ length: 1 + next(40) }, () => pieces[next(pieces.length)]).join('');
      const limit = next(6);
      const expected = reference(html, limit);
      if (expected) deep++;
      expect({ html, limit, deep: nestsDeeperThan(html, limit) }).toEqual({ html, limit, deep: expected });
    }
    expect(deep).toBeGreaterThan(300);
  });

  it('keeps the HTML of a mail nested deeper than libxml2 allows as it is, and strips its tags for the text, quickly', () => {
    const nested = (depth: number) => page(`${'<div>'.repeat(depth)}deep${'</div>'.repeat(depth)}`);
    const html = nested(50_000);
    expect(inlineCss(html)).toBe(html);
    expect(growth(nested, inlineCss, 3_125)).toBeLessThan(LINEAR_GROWTH);
    expect(htmlToText(html)).toBe('deep end');
    expect(growth(nested, htmlToText, 3_125)).toBeLessThan(LINEAR_GROWTH);
    // Many style elements, each skipped in one pass over what follows it.
    const styles = (count: number) => page(`${'<div>'.repeat(300)}${'<style>x</style>a '.repeat(count)}`);
    expect(htmlToText(styles(50_000)).startsWith('a a a')).toBe(true);
    expect(growth(styles, htmlToText, 3_125)).toBeLessThan(LINEAR_GROWTH);
    // At 256 levels both still do their work.
    expect(inlineCss(page(`${'<div>'.repeat(250)}x${'</div>'.repeat(250)}`))).toContain('<p style="color: red;">end</p>');
  });
});
