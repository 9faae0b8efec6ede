/**
 * The CSS inliner port on pathological input: deep nesting, thousands of rules, huge sibling lists under positional
 * rules, hostile selectors and CSS that would make naive regular expressions backtrack. Results are asserted (the
 * expected counts come from PHP's CssToInlineStyles on the same input, noted where so); no timings.
 */
import { describe, expect, it } from 'vitest';
import { convertCss, inlineCss } from '../../server/mail/render/css-inliner/index.js';
import { getRules } from '../../server/mail/render/css-inliner/css.js';
import { inlineRules, prepareRules } from '../../server/mail/render/css-inliner/inline.js';
import type { DocumentNode, ElementNode } from '../../server/mail/render/libxml/dom.js';

const count = (haystack: string, needle: string): number => haystack.split(needle).length - 1;

function html(result: ReturnType<typeof convertCss>): string {
  if (!result.ok) throw new Error(result.error);
  return result.html;
}

describe('deep nesting', () => {
  it.each([300, 10_000])('%i nested divs: libxml2 stops at depth 256, as PHP does', (depth) => {
    const input =
      '<style>div { color: red } div div > p:first-child { x: y } :empty { e: 1 } :lang(en) { l: 1 }</style>' +
      '<div lang="en">'.repeat(depth) +
      '<p>x</p>' +
      '</div>'.repeat(depth);
    const out = html(convertCss(input));
    // PHP at both depths: 254 divs with `color: red; l: 1;`, the innermost (empty) one with `e: 1` too, no <p>.
    expect(count(out, 'style="color: red; l: 1;"')).toBe(254);
    expect(count(out, 'style="color: red; e: 1; l: 1;"')).toBe(1);
    expect(out).not.toContain('<p');
  });

  it('a tree 100,000 levels deep built without the parser: matching and inlining use no call stack per level', () => {
    const document: DocumentNode = { type: 'document', children: [] };
    let parent: DocumentNode | ElementNode = document;
    const depth = 100_000;
    for (let i = 0; i < depth; i++) {
      const element: ElementNode = {
        type: 'element',
        name: i % 2 === 0 ? 'div' : 'span',
        attributes: [],
        children: [],
        parent,
      };
      parent.children.push(element);
      parent = element;
    }
    parent.children.push({ type: 'text', value: 'leaf', parent });
    const rules = prepareRules(
      getRules('div > span { a: 1 } span:empty { b: 2 } span:last-child { d: 4 } div:first-child { e: 5 }'),
    );
    inlineRules(document, rules);
    let styled = 0;
    let node: ElementNode | undefined = document.children[0] as ElementNode;
    let deepest: ElementNode | undefined;
    while (node !== undefined) {
      if (node.attributes.some((a) => a.name === 'style')) styled++;
      deepest = node;
      node = node.children.find((c): c is ElementNode => c.type === 'element');
    }
    // All but the root div: `descendant-or-self::*/*[...]` (div:first-child) needs an element parent.
    expect(styled).toBe(depth - 1);
    // The innermost span: a child of a div, not empty (its text), the last child.
    expect(deepest!.attributes).toEqual([{ name: 'style', value: 'a: 1; d: 4;' }]);
  });

  it(':contains() over a 20,000-level tree (the text of each element is the whole subtree below it) stops with an error', () => {
    const document: DocumentNode = { type: 'document', children: [] };
    let parent: DocumentNode | ElementNode = document;
    for (let i = 0; i < 20_000; i++) {
      const element: ElementNode = { type: 'element', name: 'div', attributes: [], children: [], parent };
      parent.children.push(element);
      parent = element;
    }
    parent.children.push({ type: 'text', value: 'leaf', parent });
    expect(() => inlineRules(document, prepareRules(getRules(':contains(leaf) { c: 3 }')))).toThrow(/^Timeout/);
  });
});

describe('many rules and many elements', () => {
  it('5,000 class rules over 5,000 elements', () => {
    const css = Array.from({ length: 5000 }, (_, i) => `.c${i} { width: ${i}px }`).join('\n');
    const body = Array.from({ length: 5000 }, (_, i) => `<p class="c${i}">${i}</p>`).join('');
    const out = html(convertCss(`<style>${css}</style>${body}`));
    expect(out).toContain('<p class="c0" style="width: 0px;">0</p>');
    expect(out).toContain('<p class="c4999" style="width: 4999px;">4999</p>');
    expect(count(out, 'style="width:')).toBe(5000);
  });

  it('one rule with 2,000 selectors and 2,000 properties', () => {
    const selectors = Array.from({ length: 2000 }, (_, i) => `.s${i}`).join(', ');
    const properties = Array.from({ length: 2000 }, (_, i) => `p${i}: ${i}`).join('; ');
    const out = html(convertCss(`<style>${selectors}, b { ${properties} }</style><b>x</b>`));
    expect(out).toContain(`<b style="${Array.from({ length: 2000 }, (_, i) => `p${i}: ${i};`).join(' ')}">x</b>`);
  });

  it('positional sibling rules over 20,000 siblings stay linear', () => {
    const css =
      'p + p { a: 1 } p ~ p:nth-child(2n) { b: 2 } p:last-child { c: 3 } p ~ :not(:first-child) { e: 5 } p:only-of-type { f: 6 }';
    const out = html(convertCss(`<style>${css}</style>${'<p>x</p>'.repeat(20_000)}`));
    // As PHP gives at 1,000 siblings (it needs minutes at 20,000): positions count from the first p, so from the
    // third p on, every p is at an even position from some earlier one.
    const styles = out.split('\n').filter((line) => line.startsWith('<p'));
    expect(styles).toHaveLength(20_000);
    expect(styles[0]).toBe('<p>x</p>');
    expect(styles[1]).toBe('<p style="a: 1;">x</p>');
    expect(new Set(styles.slice(2, -1))).toEqual(new Set(['<p style="a: 1; e: 5; b: 2;">x</p>']));
    expect(styles[19_999]).toBe('<p style="a: 1; c: 3; e: 5; b: 2;">x</p>');
  });

  it('a positional rule PHP would need minutes for ends with an error, not a hang', () => {
    // `p ~ p:last-child` compares every sibling with every earlier one: 8,000^2 / 2 pairs.
    const input = `<style>p ~ p:last-child { a: 1 }</style>${'<p>x</p>'.repeat(8000)}`;
    const result = convertCss(input);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toMatch(/^Timeout/);
    expect(inlineCss(input)).toBe(input);
  });
});

describe('hostile selectors and CSS', () => {
  it.each([
    ['a selector of 10,000 descendants', 'p '.repeat(10_000) + '{ a: 1 }'],
    ['a selector of 5,000 child combinators', 'div > '.repeat(5000) + 'p { a: 1 }'],
    ['5,000 chained classes', 'p' + '.a'.repeat(5000) + ' { a: 1 }'],
    ['5,000 :not()', 'p' + ':not(.z)'.repeat(5000) + ' { a: 1 }'],
    ['an unclosed string', "p[title='abc { a: 1 }"],
    ['an unclosed :not(', 'p:not(.a { a: 1 }'],
    ['a 100,000-character attribute value', `p[title="${'x'.repeat(100_000)}"] { a: 1 }`],
    [
      'huge nth-child arguments',
      'p:nth-child(99999999999999999999n+99999999999999999999) { a: 1 } p:nth-last-child(-99999999999999999999) { b: 2 }',
    ],
    ['control characters', 'p\u0000\u0001\u001f { a: 1 } .\u0007 { b: 2 }'],
    ['escapes out of range', '.\\110000 { a: 1 } #\\0 { b: 2 } .\\d800 { c: 3 }'],
    ['10,000 unclosed @media', '@media '.repeat(10_000) + 'p { a: 1 }'],
    ['10,000 @media without a closing brace', '@media x { p { a: 1 }'.repeat(10_000)],
    ['10,000 unclosed comments', '/*'.repeat(10_000) + 'p { a: 1 }'],
    ['100,000 spaces and tabs', `p {${' \t'.repeat(50_000)}a: 1 }`],
    ['100,000 semicolons', `p { a: 1${';'.repeat(100_000)} }`],
    ['a namespace TypeError selector', '[*|=x] { a: 1 }'],
  ])('%s', (_, css) => {
    const result = convertCss(`<style>${css}</style><div><p class="a" title="t">x</p></div>`);
    if (result.ok) expect(result.html).toContain('<p class="a" title="t"');
    else expect(result.error).toMatch(/^(TypeError|Timeout)/);
  });

  it('[*|=x] is a TypeError in PHP: the conversion fails, inlineCss returns its input', () => {
    const input = '<style>[*|=x] { a: 1 }</style><p>x</p>';
    expect(convertCss(input)).toEqual({
      ok: false,
      error: 'TypeError: AttributeNode::__construct(): Argument #3 ($attribute) must be of type string, null given',
    });
    expect(inlineCss(input)).toBe(input);
  });

  it.each([
    ['10,000 unclosed <style', '<style '.repeat(10_000) + '<p>x</p>'],
    ['10,000 unclosed <!--', '<!--'.repeat(10_000) + '<style>p{a:1}</style><p>x</p>'],
    ['10,000 <style> without </style>', '<style>p { a: 1 }'.repeat(10_000)],
  ])('HTML that would make the style-tag regex backtrack: %s', (_, input) => {
    expect(() => convertCss(input)).not.toThrow();
  });

  it('PHP errors become results: empty input, a document without an element', () => {
    expect(convertCss('')).toEqual({
      ok: false,
      error: 'ValueError: DOMDocument::loadHTML(): Argument #1 ($source) must not be empty',
    });
    expect(inlineCss('')).toBe('');
    const comment = convertCss('<!-- only a comment -->');
    expect(comment.ok).toBe(false);
    if (!comment.ok) expect(comment.error).toMatch(/^TypeError/);
  });
});

describe('quirks of the XPath Symfony writes, as libxml2 runs it', () => {
  it('li:not(:first-child) skips only the first li of the whole document (position() on descendant-or-self)', () => {
    const out = html(
      convertCss('<style>li:not(:first-child) { a: 1 }</style><ul><li>1</li><li>2</li></ul><ul><li>3</li></ul>'),
    );
    expect(out).toContain('<ul>\n<li>1</li>\n<li style="a: 1;">2</li>\n</ul>\n<ul><li style="a: 1;">3</li></ul>');
  });

  it('a:hover.x keeps only .x (Symfony drops the "0" condition), a:hover alone matches nothing', () => {
    const out = html(convertCss('<style>a:hover.x { a: 1 } a:hover { b: 2 }</style><a class="x">1</a><a>2</a>'));
    expect(out).toContain('<a class="x" style="a: 1;">1</a><a>2</a>');
  });

  it('an empty selector matches every element', () => {
    const out = html(convertCss('<style>, p { a: 1 }</style><p>x</p>'));
    expect(out).toContain('<html style="a: 1;">');
    expect(out).toContain('<style style="a: 1;">');
  });

  it('@import swallows the next rule', () => {
    const out = html(convertCss('<style>@import url(x.css); p { a: 1 } b { c: 2 }</style><p>x</p><b>y</b>'));
    expect(out).toContain('<p>x</p>\n<b style="c: 2;">y</b>');
  });
});
