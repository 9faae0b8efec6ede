/**
 * Twig as Mailcoach 8 renders it: each source of test/fidelity/corpus/twig.ts through the emulator's renderTwig
 * and through Mailcoach's RenderTwigAction::execute($input, $context, throw: false) on Twig 3 (oracle stage
 * `twig`: rawurldecode of the whole text, `{{+`/`+}}`, autoescape html, the decoded text back on any error), and the
 * strings must be equal. A case marked `known` is a difference twig.js keeps (listed in quirks.md): the test checks
 * it still differs, so a fix shows up. A case with `mailcoach` gives what Laravel's error handler makes of a PHP
 * warning, which the bare-PHP oracle only prints.
 *
 * Also: the plain-variable fast path (twig-variables.ts) gives exactly what twig.js gives on every case it takes,
 * and no case reads a file.
 */
import { existsSync, readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderTwig, renderWithTwigJs } from '../../server/mail/render/twig.js';
import { decodeForTwig } from '../../server/mail/render/twig-php.js';
import { renderVariablesOnly } from '../../server/mail/render/twig-variables.js';
import { TWIG_CASES } from './corpus/twig.js';
import { oracleAvailable, oracleOutput, runOracle } from './oracle.js';

const available = oracleAvailable();
const oracle = new Map<string, string>();

beforeAll(() => {
  if (!available) return;
  const results = runOracle(TWIG_CASES.map((c) => ({ stage: 'twig', input: c.input, context: c.context ?? {} })));
  TWIG_CASES.forEach((c, index) => {
    oracle.set(c.name, oracleOutput(results[index]));
  });
});

describe.skipIf(!available)('Twig fidelity: renderTwig against Twig 3 through RenderTwigAction', () => {
  it(`has at least 40 cases, each named once (${TWIG_CASES.length})`, () => {
    expect(TWIG_CASES.length).toBeGreaterThanOrEqual(40);
    expect(new Set(TWIG_CASES.map((c) => c.name)).size).toBe(TWIG_CASES.length);
  });

  it.each(TWIG_CASES.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const expected = oracle.get(c.name) as string;
    const ours = renderTwig(c.input, c.context ?? {});
    if (c.mailcoach !== undefined) {
      expect(ours, c.mailcoach.why).toBe(c.mailcoach.output);
      expect(expected).not.toBe(c.mailcoach.output);
    } else if (c.known !== undefined) {
      expect(ours, `a known difference no longer differs: ${c.known}`).not.toBe(expected);
    } else {
      expect(ours).toBe(expected);
    }
  });

  it('the counts: identical, known differences, and Mailcoach-only answers', () => {
    const identical = TWIG_CASES.filter((c) => renderTwig(c.input, c.context ?? {}) === oracle.get(c.name)).length;
    const known = TWIG_CASES.filter((c) => c.known !== undefined).length;
    const mailcoach = TWIG_CASES.filter((c) => c.mailcoach !== undefined).length;
    expect(identical + known + mailcoach).toBe(TWIG_CASES.length);
  });
});

describe('Twig fidelity: the fast path and the file system', () => {
  it('the plain-variable path gives what twig.js gives, on every case it takes', () => {
    let taken = 0;
    for (const c of TWIG_CASES) {
      const text = decodeForTwig(c.input).replace(/\r\n?/g, '\n');
      const fast = renderVariablesOnly(text, c.context ?? {});
      if (fast === undefined) continue;
      taken += 1;
      expect(fast, c.name).toBe(renderWithTwigJs(text, c.context ?? {}));
    }
    expect(taken).toBeGreaterThan(3);
  });

  it('no case reads a file', () => {
    const hostname = existsSync('/etc/hostname') ? readFileSync('/etc/hostname', 'utf8').trim() : '';
    for (const c of TWIG_CASES.filter((each) => /include|source|extends/.test(each.input))) {
      const out = renderTwig(c.input, c.context ?? {});
      if (hostname.length > 3) expect(out, c.name).not.toContain(hostname);
      expect(out, c.name).toBe(decodeForTwig(c.input));
    }
  });
});
