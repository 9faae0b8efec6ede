/**
 * The libxml2 port on pathological input: deep nesting, huge input, hostile markup. It must return what libxml2
 * returns (the depth limit, the swallowed rest), never throw, never hang; the results are asserted, not the time.
 */
import { describe, expect, it } from 'vitest';
import type { DocumentNode, ElementNode, Node } from '../../server/mail/render/libxml/dom.js';
import { parseHtml } from '../../server/mail/render/libxml/parse.js';
import { serializeHtml } from '../../server/mail/render/libxml/serialize.js';

const DTD =
  '<!DOCTYPE html PUBLIC "-//W3C//DTD HTML 4.0 Transitional//EN" "http://www.w3.org/TR/REC-html40/loose.dtd">\n';

function body(doc: DocumentNode): ElementNode {
  const html = doc.children.find((child): child is ElementNode => child.type === 'element')!;
  return html.children.find((child): child is ElementNode => child.type === 'element' && child.name === 'body')!;
}

/** Elements on the way down through first children. */
function depth(node: Node | DocumentNode): number {
  let levels = 0;
  for (let cur: Node | undefined = node.type === 'document' ? node.children[1] : node; cur?.type === 'element'; ) {
    levels++;
    cur = cur.children.find((child) => child.type === 'element');
  }
  return levels;
}

describe('libxml2 port on hostile input', () => {
  it('stops building at xmlParserMaxDepth (257 open nodes) for 100,000 nested divs, as libxml2 halts', () => {
    const html = '<div>'.repeat(100_000) + 'deep' + '</div>'.repeat(100_000);
    const doc = parseHtml(html);
    // html, body and 255 divs: the 258th node is refused and the parser halts (text and end tags unread).
    expect(depth(doc)).toBe(257);
    // One child each: formatOutput adds no newline anywhere.
    expect(serializeHtml(doc, { format: true })).toBe(
      DTD + '<html><body>' + '<div>'.repeat(255) + '</div>'.repeat(255) + '</body></html>\n',
    );
  });

  it('nests 100,000 unclosed inline elements only to the same depth', () => {
    const doc = parseHtml('<span><b>'.repeat(50_000) + 'x');
    expect(depth(doc)).toBe(257);
    expect(serializeHtml(doc, { format: false })).not.toContain('x<');
  });

  it('keeps sibling structure of a huge flat input (5 MB of paragraphs and entities)', () => {
    const html = '<p class="a">caf&eacute; &amp; <b>x</b></p>\n'.repeat(120_000);
    const doc = parseHtml(html);
    const paragraphs = body(doc).children.filter((child) => child.type === 'element');
    expect(paragraphs).toHaveLength(120_000);
    const out = serializeHtml(doc, { format: false });
    expect(out).toBe(
      DTD + '<html><body>' + '<p class="a">caf&eacute; &amp; <b>x</b></p>\n'.repeat(120_000) + '</body></html>\n',
    );
  });

  it('reads 100,000 stray markup characters as text', () => {
    const doc = parseHtml('<p>' + '<'.repeat(50_000) + '&'.repeat(50_000) + '</>'.repeat(10_000) + '</ x>');
    const p = body(doc).children[0] as ElementNode;
    expect(p.children).toHaveLength(1);
    const text = p.children[0]!;
    // '</' that starts no end tag is dropped with the end-tag attempt, as htmlParseEndTag does; '>' stays text.
    expect(text.type === 'text' && text.value).toBe(
      '<'.repeat(50_000) + '&'.repeat(50_000) + '>'.repeat(10_000) + ' x>',
    );
  });

  it('lets an unclosed comment swallow the rest of a large document', () => {
    const doc = parseHtml('<p>a</p><!-- ' + '<p>x</p>'.repeat(100_000));
    expect(serializeHtml(doc, { format: false })).toBe(DTD + '<html><body><p>a</p></body></html>\n');
  });

  it('handles many comments with no `--!>` anywhere, and an unterminated attribute, in one pass', () => {
    const doc = parseHtml('<!-- c -->'.repeat(100_000) + '<a href="x' + ' y'.repeat(100_000));
    const out = serializeHtml(doc, { format: false });
    expect(out.startsWith(DTD + '<!-- c -->'.repeat(100_000) + '<html><body><a href="x%20y%20y')).toBe(true);
    expect(out.endsWith('%20y"></a></body></html>\n')).toBe(true);
  });

  it('drops repeated attributes of a tag with 50,000 attributes', () => {
    const attributes = Array.from({ length: 50_000 }, (_, k) => `a${k % 25_000}="${k}"`).join(' ');
    const doc = parseHtml(`<div ${attributes}>x</div>`);
    const div = body(doc).children[0] as ElementNode;
    expect(div.attributes).toHaveLength(25_000);
    expect(div.attributes[24_999]).toEqual({ name: 'a24999', value: '24999' });
  });

  it('survives NUL bytes, lone surrogates and control characters', () => {
    expect(serializeHtml(parseHtml('<p>a\0b</p>'), { format: false })).toBe(
      DTD + '<html><body><p>a b</p></body></html>\n',
    );
    expect(serializeHtml(parseHtml('<p>a</p>\0<p>b</p>'), { format: false })).toBe(
      DTD + '<html><body><p>a</p></body></html>\n',
    );
    expect(() => serializeHtml(parseHtml('<p title="\uD800">\uDC00\u0001</p>'), { format: true })).not.toThrow();
  });

  it('returns a document for empty and blank input', () => {
    expect(serializeHtml(parseHtml(''), { format: false })).toBe(DTD + '\n');
    expect(serializeHtml(parseHtml(' \n\t'), { format: false })).toBe(DTD + '\n');
  });

  it('serializes an element detached from any document', () => {
    const element: ElementNode = {
      type: 'element',
      name: 'td',
      attributes: [{ name: 'nowrap', value: null }],
      children: [],
      parent: null,
    };
    element.children.push({ type: 'text', value: 'a & b', parent: element });
    expect(serializeHtml(element, { format: true })).toBe('<td nowrap>a &amp; b</td>');
  });
});
