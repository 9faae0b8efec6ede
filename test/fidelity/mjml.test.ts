/**
 * MJML as Mailcoach 8 renders it. Mailcoach runs node's `mjml` 4 (its package.json: `^4.15.3`) through
 * spatie/mjml-php's bin/mjml.mjs, which passes its options to mjml2html: `keepComments: true, beautify: false,
 * minify: false, validationLevel: 'soft'` (and `ignoreIncludes: false`, `filePath: '.'`). The engine is the same
 * library, so the oracle is the library called directly with those options: each document of the corpus is
 * rendered by the emulator (`renderBody(body, 'mjml')`, and its validation messages through
 * renderBodyWithMessages) and by mjml2html, and the strings must be equal.
 *
 * The one difference kept on purpose is mj-include: spatie's default reads the included file from the server's
 * disk (or writes an "mj-include fails to read file" comment naming the server's path); the emulator's templates
 * come from requests, so it drops mj-include (`ignoreIncludes: true`). Documents with an mj-include are compared
 * with that one option added, and a test shows what Mailcoach's options would have put there instead.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import mjml2html from 'mjml';
import { describe, expect, it } from 'vitest';
import { renderBody, renderBodyWithMessages } from '../../server/mail/render/body.js';
import { MJML_CASES } from './corpus/mjml.js';

/** spatie/mjml-php's options as Mailcoach passes them (Mjml::new(), bin/mjml.mjs). */
const MAILCOACH_OPTIONS = { keepComments: true, beautify: false, minify: false, validationLevel: 'soft' } as const;

function mailcoach(source: string) {
  const ignoreIncludes = source.includes('<mj-include');
  return mjml2html(source, ignoreIncludes ? { ...MAILCOACH_OPTIONS, ignoreIncludes: true } : MAILCOACH_OPTIONS);
}

const require = createRequire(import.meta.url);

describe('MJML fidelity: the emulator renders as mjml 4 with Mailcoach options', () => {
  it('the installed mjml is 4.x, as Mailcoach 8 requires (^4.15.3)', () => {
    const { version } = require('mjml/package.json') as { version: string };
    expect(version).toMatch(/^4\.\d+\.\d+$/);
    // mjml-core as mjml itself resolves it (a dependency of mjml's, not of this project).
    const fromMjml = createRequire(require.resolve('mjml/package.json'));
    const core = fromMjml('mjml-core/package.json') as { version: string };
    expect(core.version).toBe(version);
    // mjml 4's mjml2html is synchronous (5's returns a Promise).
    expect(typeof (mjml2html('<mjml><mj-body></mj-body></mjml>') as { html?: unknown }).html).toBe('string');
  });

  it(`the corpus has the welcome fixture and at least 10 more documents (${MJML_CASES.length})`, () => {
    expect(MJML_CASES.length).toBeGreaterThanOrEqual(11);
    expect(MJML_CASES[0]?.source).toBe(
      readFileSync(new URL('../../fixtures/templates/welcome.mjml', import.meta.url), 'utf8'),
    );
  });

  it.each(MJML_CASES.map((c) => [c.name, c] as const))('%s: identical HTML and messages', async (_name, c) => {
    const expected = mailcoach(c.source);
    expect(await renderBody(c.source, 'mjml')).toBe(expected.html);
    const { mjmlMessages } = await renderBodyWithMessages(c.source, 'mjml');
    expect(mjmlMessages).toEqual(
      expected.errors.map((error) => ({ line: error.line, message: error.message, tagName: error.tagName })),
    );
    expect(mjmlMessages.length > 0).toBe(c.hasMessages === true);
  });

  it('the welcome fixture is the size Mailcoach gives with mjml 4.18 (7,683 bytes; 4.15.3 gave 7,602)', async () => {
    const welcome = MJML_CASES[0]?.source ?? '';
    expect((await renderBody(welcome, 'mjml')).length).toBe(7683);
  });

  it('mjml default fonts are kept: a default font in use is linked from Google Fonts, as in Mailcoach', async () => {
    const html = await renderBody(
      '<mjml><mj-body><mj-section><mj-column><mj-text>x</mj-text></mj-column></mj-section></mj-body></mjml>',
      'mjml',
    );
    expect(html).toContain(
      '<link href="https://fonts.googleapis.com/css?family=Ubuntu:300,400,500,700" rel="stylesheet" type="text/css">',
    );
    expect(html).toContain('@import url(https://fonts.googleapis.com/css?family=Ubuntu:300,400,500,700);');
  });

  it('a document that is no MJML at all is refused with mjml 4 own error', async () => {
    for (const source of ['<mjml></mjml>', '<mjml><mj-head></mj-head></mjml>']) {
      expect(() => mjml2html(source, MAILCOACH_OPTIONS)).toThrow('Malformed MJML');
      await expect(renderBody(source, 'mjml')).rejects.toThrow('Malformed MJML');
    }
  });

  it('mj-include never reads the disk (kept difference: Mailcoach reads it, or comments on the failure)', async () => {
    const path = require.resolve('mjml/package.json');
    const source = `<mjml><mj-body><mj-include path="${path}" type="html" /><mj-include path="./no-such-partial.mjml" /></mj-body></mjml>`;
    const ours = await renderBodyWithMessages(source, 'mjml');
    expect(ours.html).not.toContain('"name": "mjml"');
    expect(ours.html).not.toContain('mj-include');
    expect(ours.mjmlMessages).toEqual([]);
    // What spatie/mjml-php's defaults do: the file's content is included, a missing one becomes a comment and a message.
    const theirs = mjml2html(source, MAILCOACH_OPTIONS);
    expect(theirs.html).toContain('"name": "mjml"');
    expect(theirs.html).toContain('<!-- mj-include fails to read file : ./no-such-partial.mjml at ');
    expect(theirs.errors.map((error) => error.tagName)).toEqual(['mj-raw']);
  });
});
