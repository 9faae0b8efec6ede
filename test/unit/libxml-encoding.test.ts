/**
 * The libxml2 port with a meta naming ISO-8859-1 or windows-1252: the input (UTF-8, as PHP holds it) is re-read
 * in that encoding after the meta, and saveHTML() writes bytes of that encoding. The oracle's JSON cannot carry
 * those bytes, so the expected ones are PHP 8.2 + libxml2 2.9.14's, recorded here (as hex).
 */
import { describe, expect, it } from 'vitest';
import type { ElementNode } from '../../server/mail/render/libxml/dom.js';
import { parseHtml } from '../../server/mail/render/libxml/parse.js';
import { serializeHtml } from '../../server/mail/render/libxml/serialize.js';

const DTD =
  '<!DOCTYPE html PUBLIC "-//W3C//DTD HTML 4.0 Transitional//EN" "http://www.w3.org/TR/REC-html40/loose.dtd">\n';

function paragraphText(html: string): string {
  const doc = parseHtml(html);
  const found: string[] = [];
  const visit = (node: ElementNode, inP: boolean): void => {
    for (const child of node.children) {
      if (child.type === 'element') visit(child, inP || child.name === 'p');
      else if (child.type === 'text' && inP) found.push(child.value);
    }
  };
  for (const child of doc.children) if (child.type === 'element') visit(child, false);
  return found.join('');
}

describe('libxml2 port with single-byte document encodings', () => {
  it('re-reads after a windows-1252 meta and writes windows-1252 bytes, references for what it lacks', () => {
    const html =
      '<html><head><meta http-equiv="Content-Type" content="text/html; charset=windows-1252"></head><body>' +
      '<p title="&#8364;">café &#8364; &#8220;x&#8221; &#x9d; &#x3b1;</p></body></html>';
    expect(paragraphText(html)).toBe('caf\u00c3\u00a9 \u20ac \u201cx\u201d \u009d \u03b1');
    const bytes = Buffer.from(serializeHtml(parseHtml(html), { format: false }), 'latin1');
    expect(bytes.subarray(DTD.length).toString('hex')).toBe(
      '3c68746d6c3e3c686561643e3c6d65746120687474702d65717569763d22436f6e74656e742d547970652220636f6e74656e743d22746578742f68746d6c3b20636861727365743d77696e646f77732d31323532223e3c2f686561643e3c626f64793e3c70207469746c653d2280223e636166c3a92080209378942026233135373b2026233934353b3c2f703e3c2f626f64793e3c2f68746d6c3e0a',
    );
  });

  it('re-reads after an ISO-8859-1 meta and writes ISO-8859-1 bytes', () => {
    const html =
      '<html><head><meta http-equiv="Content-Type" content="text/html; charset=iso-8859-1"></head><body>' +
      '<p>café &#8364;</p></body></html>';
    expect(paragraphText(html)).toBe('caf\u00c3\u00a9 \u20ac');
    const bytes = Buffer.from(serializeHtml(parseHtml(html), { format: false }), 'latin1');
    expect(bytes.subarray(DTD.length).toString('hex')).toBe(
      '3c68746d6c3e3c686561643e3c6d65746120687474702d65717569763d22436f6e74656e742d547970652220636f6e74656e743d22746578742f68746d6c3b20636861727365743d69736f2d383835392d31223e3c2f686561643e3c626f64793e3c703e636166c3a9202623383336343b3c2f703e3c2f626f64793e3c2f68746d6c3e0a',
    );
  });

  it('writes UTF-8 as it is for a utf-8 meta, entities without one', () => {
    const utf8 =
      '<html><head><meta http-equiv="Content-Type" content="text/html; charset=UTF-8"></head><body><p>é €</p></body></html>';
    expect(serializeHtml(parseHtml(utf8), { format: false })).toContain('<p>é €</p>');
    expect(serializeHtml(parseHtml('<?xml encoding="UTF-8"><p>é €</p>'), { format: false })).toContain(
      '<p>&eacute; &euro;</p>',
    );
    // No declaration at all: the UTF-8 bytes are read as ISO-8859-1.
    expect(serializeHtml(parseHtml('<p>é</p>'), { format: false })).toContain('<p>&Atilde;&copy;</p>');
  });
});
