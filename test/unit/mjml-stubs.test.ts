/**
 * The render worker's stubs (server/mail/render/mjml-stubs.ts): MJML renders the same bytes with them, and the
 * two modules are not loaded. Each case runs in a fresh Node process, as a render worker starts with an
 * empty module cache (stubbing this test process would change the modules every other test in it loads).
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Renders a bundled MJML fixture (one with a style to inline, as mjml-core inlines), optionally after stubbing; prints what it saw. */
const SCRIPT = `
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
const stubbed = process.argv.includes('stub')
  ? (await import('./server/mail/render/mjml-stubs.ts')).stubUnusedRenderModules().map((path) => path.replace(/^.*node_modules\\//, ''))
  : [];
const require = createRequire(import.meta.url);
const mjml = require('mjml');
const { html, errors } = mjml(readFileSync('fixtures/templates/welcome.mjml', 'utf8'), { validationLevel: 'soft' });
const { html: inlined } = mjml('<mjml><mj-head><mj-style inline="inline">.a { color: red; }</mj-style></mj-head><mj-body><mj-section><mj-column><mj-text css-class="a">Hi</mj-text></mj-column></mj-section></mj-body></mjml>', { validationLevel: 'soft' });
const loaded = Object.keys(require.cache).filter((path) => /node_modules\\/(html-minifier|js-beautify)\\//.test(path) && require.cache[path].filename === path && !stubbed.some((s) => path.endsWith(s)));
console.log(JSON.stringify({ html, errors: errors.length, inlined, stubbed, loaded }));
`;

function render(...args: string[]): {
  html: string;
  errors: number;
  inlined: string;
  stubbed: string[];
  loaded: string[];
} {
  const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', SCRIPT, '--', ...args], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  return JSON.parse(out);
}

describe('the modules MJML loads but never runs for us', () => {
  it('render the same bytes when stubbed, and are not loaded', () => {
    const plain = render();
    const stubbed = render('stub');
    expect(plain.loaded.length).toBeGreaterThan(0);
    expect(stubbed.html).toBe(plain.html);
    expect(stubbed.inlined).toBe(plain.inlined);
    expect(stubbed.errors).toBe(plain.errors);
    expect([...new Set(stubbed.stubbed.map((path) => path.split('/')[0]))].sort()).toEqual([
      'html-minifier',
      'js-beautify',
    ]);
    expect(stubbed.loaded).toEqual([]);
  }, 60_000);
});
