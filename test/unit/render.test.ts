/**
 * server/mail/render/*: placeholder replacement and Arr::undot (replacements.ts), Twig as Mailcoach's
 * RenderTwigAction runs it (twig.ts: autoescape, errors swallowed, compiled once, no file access), template bodies
 * by type with caching (body.ts: MJML once per body version), CSS inlining / text part / inline wrapping (html.ts)
 * and the assembled subject and bodies (mail-content.ts; docs/spec/mailcoach-reference.md#43-processing-pipeline-v8-domainsharedactionssendtransactionalmailactionphp-domaintransactionalmailmailstransactionalmailphp step 3 and docs/spec/mailcoach-reference.md#44-templates-at-send-time-v8-mailsconcernsusesmailcoachtemplatephp-actionsrendertemplateactionphp).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type mjml2html from 'mjml';
import Twig from 'twig';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import type { TemplateRow, TemplateType } from '../../server/db/rows.js';
import { renderBody, renderBodyWithMessages } from '../../server/mail/render/body.js';
import { htmlToText, inlineCss, wrapInlineHtml } from '../../server/mail/render/html.js';
import { inlineContent, renderTemplateContent } from '../../server/mail/render/mail-content.js';
import { replacePlaceholders, undot } from '../../server/mail/render/replacements.js';
import { renderTwig, twigMayChange } from '../../server/mail/render/twig.js';

/** Counts MJML compilations; a body containing FAIL_ONCE fails the first time it is compiled. */
const mjml = vi.hoisted(() => ({ calls: [] as string[], failed: new Set<string>() }));
vi.mock('mjml', async (importOriginal) => {
  const actual = (await importOriginal<{ default: typeof mjml2html }>()).default;
  return {
    default: (source: string, options?: Parameters<typeof actual>[1]) => {
      mjml.calls.push(source);
      if (source.includes('FAIL_ONCE') && !mjml.failed.has(source)) {
        mjml.failed.add(source);
        // mjml 4's mjml2html is synchronous: a failure is a throw.
        throw new Error('mjml failed');
      }
      return actual(source, options);
    },
  };
});

afterEach(() => vi.restoreAllMocks());

let counter = 0;
/** A body no other test has rendered (the render caches are module-wide). */
const unique = (prefix = 'body') => `${prefix}-${++counter}-${Math.random().toString(36).slice(2)}`;
const mjmlBody = (text: string) =>
  `<mjml><mj-body><mj-section><mj-column><mj-text>${text}</mj-text></mj-column></mj-section></mj-body></mjml>`;

function template(overrides: Partial<TemplateRow>): TemplateRow {
  return {
    id: 1,
    workspace_id: 1,
    uuid: '00000000-0000-4000-8000-000000000001',
    name: 't',
    label: null,
    type: 'html',
    subject: 'Template subject',
    body: '<p>x</p>',
    from_address: null,
    to_json: '[]',
    cc_json: '[]',
    bcc_json: '[]',
    store_mail: 0,
    created_at: 0,
    updated_at: 0,
    ...overrides,
  };
}

describe('replacePlaceholders', () => {
  it('replaces every ::key:: occurrence with string values', () => {
    expect(replacePlaceholders('Hi ::name::, ::name:: again; code ::code::', { name: 'Jane', code: '42' })).toBe(
      'Hi Jane, Jane again; code 42',
    );
  });

  it('skips array, object, number, boolean and null values, leaving their placeholders', () => {
    const text = '::a:: ::b:: ::c:: ::d:: ::e::';
    expect(replacePlaceholders(text, { a: ['x'], b: { y: 1 }, c: 3, d: true, e: null })).toBe(text);
  });

  it('leaves unknown placeholders and other colon forms alone', () => {
    expect(replacePlaceholders('::missing:: :name: ::name :: ::NAME::', { name: 'x' })).toBe(
      '::missing:: :name: ::name :: ::NAME::',
    );
  });

  it('takes keys literally, including regex and replacement-pattern characters', () => {
    expect(replacePlaceholders('::a.b:: ::x*:: ::$&::', { 'a.b': '$1', 'x*': '$&', '$&': 'amp' })).toBe('$1 $& amp');
  });

  it("inserts values literally: $&, $', $` and $$ are not replacement patterns (PHP str_replace)", () => {
    expect(replacePlaceholders('[::a::]', { a: "$& $' $` $$ $1" })).toBe("[$& $' $` $$ $1]");
  });

  it('inserts values as they are: no escaping, empty strings allowed', () => {
    expect(replacePlaceholders('<p>::html::</p>[::empty::]', { html: '<b>&</b>', empty: '' })).toBe(
      '<p><b>&</b></p>[]',
    );
  });

  it('replaces in key order, so a value may contain a later key (str_replace one key after another)', () => {
    expect(replacePlaceholders('::first::', { first: '::second::', second: 'done' })).toBe('done');
    expect(replacePlaceholders('::second::', { first: 'x', second: '::first::' })).toBe('::first::');
  });
});

describe('undot', () => {
  it('nests dotted keys and keeps the others', () => {
    expect(undot({ 'a.b': 1, 'a.c': 2, x: 'y', 'd.e.f': 'deep' })).toEqual({
      a: { b: 1, c: 2 },
      x: 'y',
      d: { e: { f: 'deep' } },
    });
  });

  it('keeps arrays and objects as values', () => {
    expect(undot({ items: ['a', 'b'], user: { first: 'Ann' } })).toEqual({ items: ['a', 'b'], user: { first: 'Ann' } });
  });

  it('replaces a scalar or an array in the way of a dotted key by an object, later keys winning', () => {
    expect(undot({ a: 'scalar', 'a.b': 1 })).toEqual({ a: { b: 1 } });
    expect(undot({ a: ['x'], 'a.b': 1 })).toEqual({ a: { b: 1 } });
    expect(undot({ 'a.b': 1, a: 'scalar' })).toEqual({ a: 'scalar' });
  });

  it('returns an empty object for no replacements', () => {
    expect(undot({})).toEqual({});
  });
});

describe('renderTwig', () => {
  it('renders variables with HTML autoescaping, and |raw unescaped', () => {
    expect(renderTwig('<p>{{ name }}</p>', { name: '<b>"Tom" & \'Jerry\'</b>' })).toBe(
      '<p>&lt;b&gt;&quot;Tom&quot; &amp; &#039;Jerry&#039;&lt;/b&gt;</p>',
    );
    expect(renderTwig('{{ name|raw }}', { name: '<b>x</b>' })).toBe('<b>x</b>');
  });

  it('loops over arrays and reads nested values', () => {
    expect(
      renderTwig('{% for i in items %}[{{ i }}]{% endfor %} {{ user.first }}', {
        items: ['a', '<b>'],
        user: { first: 'Ann' },
      }),
    ).toBe('[a][&lt;b&gt;] Ann');
  });

  it('prints undefined variables as empty', () => {
    expect(renderTwig('a{{ missing }}b{{ missing.deeper }}c', {})).toBe('abc');
  });

  it('reads {{+x+}} and {{%20x%20}} (editors that URL-encode spaces) as {{ x }}', () => {
    expect(renderTwig('{{+name+}}|{{%20name%20}}', { name: 'Jo' })).toBe('Jo|Jo');
  });

  it('rawurldecodes the whole text first, as RenderTwigAction does: every %XX, in hrefs too, Twig or not', () => {
    expect(renderTwig('<a href="https://x.test/my%20file.pdf?to=a%2Fb">%7B%7B name %7D%7D</a>', { name: 'Jo' })).toBe(
      '<a href="https://x.test/my file.pdf?to=a/b">Jo</a>',
    );
    expect(renderTwig('100% a+b %zz %C3%A9', {})).toBe('100% a+b %zz é');
  });

  it('gives the decoded, mended text back when Twig fails, not the original', () => {
    expect(renderTwig('{{+name+}} {% nosuchtag %} a%20b', { name: 'x' })).toBe('{{ name }} {% nosuchtag %} a b');
  });

  it('prints values as PHP does: true is 1, false is empty, floats at precision 14; constants are not escaped', () => {
    expect(
      renderTwig('[{{ t }}][{{ f }}][{{ 0.1 + 0.2 }}][{{ "<br>" }}][{{ c ? "<b>" : v }}]', {
        t: true,
        f: false,
        c: true,
        v: '<',
      }),
    ).toBe('[1][][0.3][<br>][<b>]');
  });

  it('says when the Twig step can change a text: a tag, a %XX escape, or a \\r', () => {
    expect(twigMayChange('plain { text } 100%')).toBe(false);
    expect(twigMayChange('a%20b')).toBe(true);
    expect(twigMayChange('{# c #}')).toBe(true);
    expect(twigMayChange('{{ a }}')).toBe(true);
    expect(twigMayChange('line\r\nbreak')).toBe(true);
  });

  it('returns text without {{ or {% as it is, without compiling', () => {
    const spy = vi.spyOn(Twig, 'twig');
    expect(renderTwig('Plain text with { braces } and %', { a: 1 })).toBe('Plain text with { braces } and %');
    expect(spy).not.toHaveBeenCalled();
  });

  it('swallows syntax errors, leaving the text unchanged', () => {
    for (const source of [
      '{{ name ',
      '{% if x %}never closed',
      '{% for %}{% endfor %}',
      '{{ name|nosuchfilter }}',
      '{{ nosuchfunction() }}',
      '{% nosuchtag %}',
    ]) {
      expect(renderTwig(source, { name: 'x' })).toBe(source);
    }
  });

  it('swallows errors raised while rendering, leaving the text unchanged', () => {
    const source = '{{ name }} {{ boom }}';
    const context = {
      name: 'n',
      get boom(): string {
        throw new Error('boom');
      },
    };
    expect(renderTwig(source, context)).toBe(source);
  });

  it('compiles a source once and renders it with each context', () => {
    const spy = vi.spyOn(Twig, 'twig');
    // A filter, so that twig.js renders it (plain variables take twig-variables.ts's path).
    const source = `{{ who|lower }} ${unique()}`;
    expect(renderTwig(source, { who: 'first' })).toMatch(/^first /);
    expect(renderTwig(source, { who: 'second' })).toMatch(/^second /);
    expect(spy).toHaveBeenCalledTimes(1);
    renderTwig(`{{ who|lower }} ${unique()}`, { who: 'other' });
    expect(spy).toHaveBeenCalledTimes(2);
  });

  it('remembers a source that does not compile, and does not compile it again', () => {
    const spy = vi.spyOn(Twig, 'twig');
    const source = `{{ broken ${unique()}`;
    expect(renderTwig(source, {})).toBe(source);
    expect(renderTwig(source, {})).toBe(source);
    expect(spy).toHaveBeenCalledTimes(1);
  });

  describe('reads no files', () => {
    const dir = mkdtempSync(join(tmpdir(), 'mce-twig-'));
    const secret = join(dir, 'secret.twig');
    writeFileSync(secret, 'TOP-SECRET-CONTENT {{ name }}');
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    it.each([
      [`{% include '${secret}' %}`],
      [`{{ include('${secret}') }}`],
      [`{{ source('${secret}') }}`],
      [`{% extends '${secret}' %}`],
      [`{% import '${secret}' as m %}`],
      [`{% from '${secret}' import x %}`],
      [`{% embed '${secret}' %}{% endembed %}`],
      [`{{ source('does-not-exist.twig') }}`],
    ])('leaves %s unchanged', (source) => {
      const out = renderTwig(`before ${source} after {{ name }}`, { name: 'n' });
      expect(out).not.toContain('TOP-SECRET');
      expect(out).toBe(`before ${source} after {{ name }}`);
    });

    it("answers source(name, ignore_missing = true) with '' as Twig does", () => {
      expect(renderTwig(`a{{ source('${secret}', true) }}b`, {})).toBe('ab');
    });
  });
});

describe('renderBody', () => {
  it('renders a body once: the same promise for the same body and type', async () => {
    const body = `<p>${unique()}</p>`;
    const first = renderBodyWithMessages(body, 'html');
    expect(renderBodyWithMessages(body, 'html')).toBe(first);
    expect(await first).toEqual({ html: body, mjmlMessages: [] });
    expect(await renderBody(body, 'html')).toBe(body);
  });

  it('returns html and blade bodies as they are', async () => {
    const blade = `<p>{{ $name }} @if($x) y @endif ::name:: ${unique()}</p>`;
    expect(await renderBody(blade, 'blade')).toBe(blade);
    const html = `<p>{{ name }} ${unique()}</p>\n# not markdown`;
    expect(await renderBody(html, 'html')).toBe(html);
  });

  it('renders markdown as league/commonmark does: tables, strikethrough and autolinks', async () => {
    const html = await renderBody(
      `# T ${unique()}\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n~~no~~ yes https://example.com/p\n`,
      'markdown',
    );
    expect(html).toMatch(/^<h1>T body-\d+-\w+<\/h1>\n/);
    expect(html).toContain(
      '<table>\n<thead>\n<tr>\n<th>a</th>\n<th>b</th>\n</tr>\n</thead>\n<tbody>\n<tr>\n<td>1</td>\n<td>2</td>\n</tr>\n</tbody>\n</table>',
    );
    expect(html).toContain('<p><del>no</del> yes <a href="https://example.com/p">https://example.com/p</a></p>');
  });

  it('converts a body starting with <mjml, whatever the type, leading whitespace allowed', async () => {
    for (const type of ['mjml', 'html', 'blade'] as TemplateType[]) {
      const text = unique('mj');
      const html = await renderBody(`  \n${mjmlBody(text)}`, type);
      expect(html.toLowerCase()).toMatch(/^<!doctype html>/);
      expect(html).toContain(text);
      expect(html).not.toContain('<mj-');
    }
  });

  it('does not convert a body that merely contains <mjml later on', async () => {
    const body = `<p>see</p>${mjmlBody(unique())}`;
    const calls = mjml.calls.length;
    expect(await renderBody(body, 'html')).toBe(body);
    expect(mjml.calls.length).toBe(calls);
  });

  it('compiles an MJML body once per version, however often it is rendered', async () => {
    const v1 = mjmlBody(`Version one ${unique()}`);
    const v2 = mjmlBody(`Version two ${unique()}`);
    const count = (body: string) => mjml.calls.filter((call) => call === body).length;
    const [a, b, c] = await Promise.all([renderBody(v1, 'mjml'), renderBody(v1, 'mjml'), renderBody(v1, 'mjml')]);
    expect(a).toBe(b);
    expect(b).toBe(c);
    await renderBody(v1, 'mjml');
    expect(count(v1)).toBe(1);
    const other = await renderBody(v2, 'mjml');
    expect(other).toContain('Version two');
    expect(count(v2)).toBe(1);
    await renderBody(v1, 'mjml');
    expect(count(v1)).toBe(1);
  });

  it('does not keep a failed render: the next call compiles again', async () => {
    const body = mjmlBody(`FAIL_ONCE ${unique()}`);
    await expect(renderBody(body, 'mjml')).rejects.toThrow('mjml failed');
    const retried = await renderBody(body, 'mjml');
    expect(retried).toContain('FAIL_ONCE');
    expect(mjml.calls.filter((call) => call === body)).toHaveLength(2);
  });

  it('keeps a bounded cache, dropping the oldest body first', async () => {
    const oldest = `<p>${unique('oldest')}</p>`;
    const first = renderBody(oldest, 'html');
    for (let i = 0; i < 250; i++) await renderBody(`<p>${unique('filler')}</p>`, 'html');
    expect(renderBody(oldest, 'html')).not.toBe(first);
  });

  it('does not expand mj-include (no files are read)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mce-mjml-'));
    try {
      writeFileSync(join(dir, 'part.mjml'), '<mj-text>INCLUDED-SECRET</mj-text>');
      const body = `<mjml><mj-body><mj-section><mj-column><mj-include path="${join(dir, 'part.mjml')}" /><mj-text>${unique()}</mj-text></mj-column></mj-section></mj-body></mjml>`;
      expect(await renderBody(body, 'mjml')).not.toContain('INCLUDED-SECRET');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

/** What CssToInlineStyles makes of a body without a doctype: libxml2's default one, and <html><body> around it. */
const doc = (body: string) =>
  `<!DOCTYPE html PUBLIC "-//W3C//DTD HTML 4.0 Transitional//EN" "http://www.w3.org/TR/REC-html40/loose.dtd">\n<html><body>${body}</body></html>`;

describe('html helpers', () => {
  it('inlineCss moves <style> rules onto the elements', () => {
    const html = inlineCss(
      '<html><head><style>p.a { color: red; } b { font-weight: bold }</style></head><body><p class="a">x <b>y</b></p></body></html>',
    );
    expect(html).toContain('<p class="a" style="color: red;">');
    expect(html).toContain('<b style="font-weight: bold;">y</b>');
  });

  it('inlineCss re-serialises every document as CssToInlineStyles does, with or without <style>', () => {
    expect(inlineCss('<p class="a">x</p>')).toBe(doc('<p class="a">x</p>'));
  });

  it('htmlToText writes the markdown-flavoured text league/html-to-markdown writes', () => {
    const text = htmlToText(
      '<h1>Title</h1><p>Go <a href="https://example.com/a">there</a><img src="x.png" alt="pic"></p><ul><li>one</li><li>two</li></ul>',
    );
    expect(text).toBe('Title\n=====\n\nGo [there](https://example.com/a)![pic](x.png)\n\n- one\n- two');
  });

  it('htmlToText keeps a paragraph on one line, however long (no hard wrapping)', () => {
    const words = Array.from({ length: 40 }, (_, i) => `word${i}`).join(' ');
    expect(htmlToText(`<p>${words}</p><p>next</p>`)).toBe(`${words}\n\nnext`);
  });

  it('wrapInlineHtml wraps html without <html> exactly, and leaves a document alone', () => {
    expect(wrapInlineHtml('my html')).toBe('<html><body>my html</body></html>');
    expect(wrapInlineHtml('<p>x</p>')).toBe('<html><body><p>x</p></body></html>');
    expect(wrapInlineHtml('<!doctype html><html><body>x</body></html>')).toBe(
      '<!doctype html><html><body>x</body></html>',
    );
    expect(wrapInlineHtml('<html lang="en">x</html>')).toBe('<html lang="en">x</html>');
  });
});

describe('renderTemplateContent', () => {
  it('takes the request subject over the template subject; null falls back to the template', async () => {
    const t = template({ subject: 'From template ::n::', body: '<p>::subject::</p>' });
    expect(await renderTemplateContent(t, 'From request ::n::', { n: '1' })).toMatchObject({
      subject: 'From request 1',
      html: doc('<p>From request 1</p>'),
    });
    expect(await renderTemplateContent(t, null, { n: '2' })).toMatchObject({
      subject: 'From template 2',
      html: doc('<p>From template 2</p>'),
    });
  });

  it('puts the subject into ::subject:: literally, $ patterns included', async () => {
    const t = template({ type: 'blade', body: '<p>::subject::</p>' });
    expect((await renderTemplateContent(t, "Costs $& and $' ::x::", { x: '$$' })).html).toBe(
      doc("<p>Costs $&amp; and $' $$</p>"),
    );
  });

  it('applies ::key:: before Twig in the subject, and escapes Twig output there', async () => {
    const t = template({ subject: '{{ a }} ::b::' });
    expect((await renderTemplateContent(t, null, { a: 'x & y', b: '{{ a }}' })).subject).toBe('x &amp; y x &amp; y');
  });

  it('renders Twig in the body of html templates only', async () => {
    const body = `<p>{{ name }} ::name::</p>`;
    // The inliner's serialisation writes a bare & as &amp;.
    expect((await renderTemplateContent(template({ type: 'html', body }), null, { name: 'A&B' })).html).toBe(
      doc('<p>A&amp;B A&amp;B</p>'),
    );
    expect((await renderTemplateContent(template({ type: 'blade', body }), null, { name: 'A&B' })).html).toBe(
      doc('<p>{{ name }} A&amp;B</p>'),
    );
    expect(
      (await renderTemplateContent(template({ type: 'markdown', body: `{{ name }} ::name::` }), null, { name: 'A&B' }))
        .html,
    ).toBe(doc('\n<p>{{ name }} A&amp;B</p>\n'));
  });

  it('gives Twig the un-dotted replacements', async () => {
    const t = template({ body: '{{ order.id }} / {{ order.total }}' });
    expect((await renderTemplateContent(t, null, { 'order.id': '7', 'order.total': '9.50' })).html).toBe(
      doc('<p>7 / 9.50</p>'),
    );
  });

  it('inlines CSS and generates the text part from the final html', async () => {
    const t = template({
      body: '<html><head><style>.x { color: blue; }</style></head><body><p class="x">Hi ::name::</p></body></html>',
    });
    const content = await renderTemplateContent(t, null, { name: 'Jo' });
    expect(content.html).toContain('<p class="x" style="color: blue;">Hi Jo</p>');
    expect(content.text).toBe('Hi Jo');
  });

  it('gives template html the document CssToInlineStyles makes of it, not the inline wrapping', async () => {
    expect((await renderTemplateContent(template({ body: '<p>bare</p>' }), null, {})).html).toBe(doc('<p>bare</p>'));
  });
});

describe('inlineContent', () => {
  it('wraps html, generates text, and leaves placeholders alone', () => {
    expect(inlineContent('S ::x:: {{ x }}', '<p>::x:: {{ x }}</p>', null)).toEqual({
      subject: 'S ::x:: {{ x }}',
      html: '<html><body><p>::x:: {{ x }}</p></body></html>',
      text: '::x:: {{ x }}',
    });
  });

  it('keeps a given text part, and makes a text-only mail without html', () => {
    expect(inlineContent('S', '<p>h</p>', 'given')).toEqual({
      subject: 'S',
      html: '<html><body><p>h</p></body></html>',
      text: 'given',
    });
    expect(inlineContent('S', null, 'only text')).toEqual({ subject: 'S', html: null, text: 'only text' });
  });
});
