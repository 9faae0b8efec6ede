/**
 * Differential test of the CSS inliner port (server/mail/render/css-inliner): every corpus input through
 * `(new CssToInlineStyles)->convert($html)` (test/fidelity/oracle.php, stage `inline`) and through convertCss,
 * compared as exact strings. Where PHP throws (an empty input, a document without an element), the port must
 * report the same error class.
 */
import { describe, expect, it } from 'vitest';
import { convertCss, inlineCss } from '../../server/mail/render/css-inliner/index.js';
import { CSS_CORPUS } from './corpus/css.js';
import { oracleAvailable, runOracle } from './oracle.js';

const run = oracleAvailable();

/** A deterministic generator of documents and style sheets mixing every selector kind (seeded, so reproducible). */
function randomCases(seed: number, n: number): string[] {
  let state = seed;
  const random = (): number => {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    return state / 0x7fffffff;
  };
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const tags = ['div', 'p', 'span', 'a', 'li', 'ul', 'table', 'tr', 'td', 'b', 'section', 'h1', 'img', 'input'];
  const element = (depth: number): string => {
    const tag = pick(tags);
    let attributes = '';
    if (random() < 0.4) attributes += ` class="${pick(['a', 'b', 'c', 'x y', 'a b', ''])}"`;
    if (random() < 0.15) attributes += ` id="${pick(['i1', 'i2', 'main'])}"`;
    if (random() < 0.2) attributes += ` title="${pick(['x', 'v w', 'en-GB', 'é', ''])}"`;
    if (random() < 0.1) attributes += ` lang="${pick(['en', 'fr', 'en-US'])}"`;
    if (random() < 0.15)
      attributes += ` style="${pick(['color: blue', 'margin:0;padding:1px', 'COLOR:red !important', ''])}"`;
    if (random() < 0.05) attributes += pick([' disabled', ' checked', ' nowrap', ' hidden']);
    if (tag === 'img' || tag === 'input') return `<${tag}${attributes}>`;
    let inner = '';
    const children = depth > 3 ? 0 : Math.floor(random() * 4);
    for (let i = 0; i < children; i++) inner += random() < 0.25 ? pick(['text', ' ', '', 'é']) : element(depth + 1);
    return `<${tag}${attributes}>${inner}</${tag}>`;
  };
  const simples = [
    '*',
    'div',
    'p',
    'span',
    'li',
    'td',
    'a',
    '.a',
    '.b',
    '.x',
    '#i1',
    '#main',
    '[title]',
    '[title=x]',
    '[title~=w]',
    '[lang|=en]',
    '[title^=e]',
    '[title$=B]',
    '[title*=n]',
    '[title!=x]',
    '[class]',
    '[style]',
  ];
  const pseudos = [
    '',
    '',
    '',
    ':first-child',
    ':last-child',
    ':nth-child(2)',
    ':nth-child(2n+1)',
    ':nth-child(-n+2)',
    ':nth-last-child(1)',
    ':not(.a)',
    ':not(:first-child)',
    ':empty',
    ':only-child',
    ':first-of-type',
    ':last-of-type',
    ':nth-of-type(2)',
    ':only-of-type',
    ':hover',
    ':lang(en)',
    ':contains(text)',
    ':root',
    ':disabled',
    ':checked',
    ':enabled',
  ];
  const simple = (): string => {
    let s = pick(simples);
    const pseudo = pick(pseudos);
    if (pseudo !== '' && !(s === '*' && pseudo.includes('of-type'))) s += pseudo;
    if (random() < 0.2) s = pick(tags) + pick(['.a', '.b', '#i1', '[title]']) + pick(pseudos);
    return s;
  };
  const selector = (): string => {
    let s = simple();
    const combined = Math.floor(random() * 3);
    for (let i = 0; i < combined; i++) s += pick([' ', ' > ', ' + ', ' ~ ']) + simple();
    return s;
  };
  const css = (): string => {
    let out = '';
    const rules = 1 + Math.floor(random() * 6);
    for (let i = 0; i < rules; i++) {
      const selectors = random() < 0.3 ? `${selector()}, ${selector()}` : selector();
      out += `${selectors} { ${pick(['color', 'margin', 'padding', 'Color'])}: ${pick(['red', '0', '1px !important', 'url(x.png)'])}; ${pick(['', 'border: 0;', 'color: green'])} }\n`;
    }
    return out;
  };
  const cases: string[] = [];
  for (let i = 0; i < n; i++) {
    const body = element(0) + element(0) + element(0);
    cases.push(
      random() < 0.5
        ? `<html><head><style>${css()}</style></head><body>${body}</body></html>`
        : `<style>${css()}</style>${body}`,
    );
  }
  return cases;
}

describe.runIf(run)('CssToInlineStyles::convert port against PHP', () => {
  const results = run ? runOracle(CSS_CORPUS.map((c) => ({ stage: 'inline' as const, input: c.html }))) : [];

  it('has a corpus of at least 60 inputs', () => {
    expect(CSS_CORPUS.length).toBeGreaterThanOrEqual(60);
  });

  it.each(CSS_CORPUS.map((c, i) => [c.name, i] as const))('%s', (_, i) => {
    const input = CSS_CORPUS[i]!.html;
    const expected = results[i]!;
    const actual = convertCss(input);
    if ('error' in expected) {
      expect(actual.ok).toBe(false);
      if (!actual.ok) expect(actual.error.split(':')[0]).toBe(expected.error.split(':')[0]);
      expect(inlineCss(input)).toBe(input);
    } else {
      expect(actual).toEqual({ ok: true, html: expected.output });
    }
  });
});

describe.runIf(run)('CssToInlineStyles::convert port against PHP, generated documents and selectors', () => {
  const cases = randomCases(20261207, 300);
  const results = run ? runOracle(cases.map((input) => ({ stage: 'inline' as const, input }))) : [];

  it('300 generated cases are identical', () => {
    const different = cases.filter((input, i) => {
      const expected = results[i]!;
      const actual = convertCss(input);
      return 'error' in expected ? actual.ok : !actual.ok || actual.html !== expected.output;
    });
    expect(different).toEqual([]);
  });
});
