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
