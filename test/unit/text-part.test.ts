/**
 * The text-part port (server/mail/render/text-part) on pathological input: nesting far deeper than a call stack
 * allows, huge documents, hostile tag names, input no parser expects. The expected values are what PHP
 * (ConvertHtmlToTextAction over libxml2 2.9.14) answers, checked once by hand; test/fidelity/text-part.test.ts
 * compares the corpus with PHP itself.
 */
import { describe, expect, it } from 'vitest';
import type { DocumentNode, ElementNode, Node } from '../../server/mail/render/libxml/dom.js';
import { convertDocument } from '../../server/mail/render/text-part/document.js';
import { htmlEntityDecode } from '../../server/mail/render/text-part/entities.js';
import { htmlToText } from '../../server/mail/render/text-part/index.js';
import { isPhpValidEmail, phpFloatToString, phpIntval } from '../../server/mail/render/text-part/php.js';
import { convertText } from '../../server/mail/render/text-part/text.js';

/** A document as loadHTML builds it around `body`'s children, built by hand (no parser, so no depth limit). */
function documentAround(children: Node[]): DocumentNode {
  const document: DocumentNode = { type: 'document', children: [] };
  const html: ElementNode = { type: 'element', name: 'html', attributes: [], children: [], parent: document };
  const body: ElementNode = { type: 'element', name: 'body', attributes: [], children, parent: html };
  html.children = [body];
  document.children = [
    {
      type: 'doctype',
      name: 'html',
      publicId: '-//W3C//DTD HTML 4.0 Transitional//EN',
      systemId: 'http://www.w3.org/TR/REC-html40/loose.dtd',
      parent: document,
    },
    { type: 'pi', target: 'xml', value: 'encoding="UTF-8"', parent: document },
    html,
  ];
  return document;
}

/** `depth` elements named `name`, each the only child of the one before, around `inner`. */
function nested(name: string, depth: number, inner: Node): ElementNode {
  let node: Node = inner;
  for (let i = 0; i < depth; i++) node = { type: 'element', name, attributes: [], children: [node], parent: null };
  return node as ElementNode;
}

const text = (value: string): Node => ({ type: 'text', value, parent: null });

describe('htmlToText on deep nesting (libxml2 stops parsing at depth 256, as PHP does)', () => {
  it('10,000 nested <div>s: the text is past the limit, nothing is left', () => {
    expect(htmlToText('<div>'.repeat(10_000) + 'x' + '</div>'.repeat(10_000))).toBe('');
  });

  it('<span>s: 255 keep their text, 256 and 10,000 lose it', () => {
    expect(htmlToText('<span>'.repeat(255) + 'x' + '</span>'.repeat(255))).toBe('x');
    expect(htmlToText('<span>'.repeat(256) + 'x' + '</span>'.repeat(256))).toBe('');
    expect(htmlToText('<span>'.repeat(10_000) + 'x' + '</span>'.repeat(10_000))).toBe('');
  });

  it('10,000 nested <blockquote>s and lists: the quotes and bullets of the levels parsed', () => {
    expect(htmlToText('<blockquote>'.repeat(10_000) + 'x' + '</blockquote>'.repeat(10_000))).toBe(
      '> '.repeat(254) + '>',
    );
    expect(htmlToText('<ul><li>'.repeat(10_000) + 'x' + '</li></ul>'.repeat(10_000))).toBe('- '.repeat(126) + '-');
  });

  it('10,000 unclosed <div><p> pairs', () => {
    const result = htmlToText('<div><p>a'.repeat(10_000));
    expect(result).toBe(Array<string>(254).fill('a').join('\n\n'));
  });
});

describe('the converters on trees deeper than any call stack (built by hand)', () => {
  it('100,000 nested <span>s', () => {
    expect(convertDocument(documentAround([nested('span', 100_000, text('x'))]))).toBe('x');
  });

  it('50,000 nested <div>s', () => {
    expect(convertDocument(documentAround([nested('div', 50_000, text('x'))]))).toBe('x');
  });

  it('2,000 nested <b>s and <blockquote>s', () => {
    expect(convertDocument(documentAround([nested('b', 2_000, text('x'))]))).toBe(
      '**'.repeat(2_000) + 'x' + '**'.repeat(2_000),
    );
    expect(convertDocument(documentAround([nested('blockquote', 2_000, text('x'))]))).toBe('> '.repeat(2_000) + 'x');
  });

  it('a <pre> around 100,000 nested elements is written without recursion', () => {
    const pre: ElementNode = {
      type: 'element',
      name: 'pre',
      attributes: [],
      children: [nested('span', 100_000, text('x'))],
      parent: null,
    };
    const expected = '```\n' + '<span>'.repeat(100_000) + 'x' + '</span>'.repeat(100_000) + '\n```';
    expect(convertDocument(documentAround([pre]))).toBe(expected);
  });

  it('a <br> in an <li> reads the start of a 100,000-deep next sibling', () => {
    const li: ElementNode = {
      type: 'element',
      name: 'li',
      attributes: [],
      children: [
        text('a'),
        { type: 'element', name: 'br', attributes: [], children: [], parent: null },
        nested('span', 100_000, text('- b')),
      ],
      parent: null,
    };
    const ul: ElementNode = { type: 'element', name: 'ul', attributes: [], children: [li], parent: null };
    expect(convertDocument(documentAround([ul]))).toBe('- a  \n    \\- b');
  });
});

describe('htmlToText on huge input', () => {
  it('numbers 3,000 list items from their positions', () => {
    const items = Array.from({ length: 3_000 }, (_, i) => `<li>item ${i + 1}</li>`).join('\n');
    const lines = htmlToText(`<ol start="10">${items}</ol>`).split('\n');
    expect(lines).toHaveLength(3_000);
    expect(lines[0]).toBe('10. item 1');
    expect(lines[2_999]).toBe('3009. item 3000');
  });

  it('50,000 paragraphs', () => {
    const html = Array.from({ length: 50_000 }, (_, i) => `<p>para_${i} &amp; more</p>`).join('');
    const result = htmlToText(html);
    expect(result.split('\n\n')).toHaveLength(50_000);
    expect(result.endsWith('para\\_49999 &amp; more')).toBe(true);
  });

  it('a 4 MB text node, escaped and collapsed', () => {
    const result = htmlToText('<p>' + 'word_   '.repeat(500_000) + '</p>');
    expect(result).toBe('word\\_ '.repeat(500_000).trimEnd());
  });
});

describe('hostile names', () => {
  it('elements named after Object.prototype members convert as unknown elements', () => {
    expect(
      htmlToText(
        '<constructor>c</constructor><__proto__>p</__proto__><toString>t</toString><valueOf>v</valueOf><hasOwnProperty>h</hasOwnProperty>',
      ),
    ).toBe('c&lt;\\_\\_proto\\_\\_&gt;ptvh');
  });

  it('processing instructions and attributes so named', () => {
    expect(htmlToText('<p>a<?constructor x?>b<?__proto__ y?>c</p>')).toBe('ax?by?c');
    expect(
      htmlToText(
        '<a href="/x" __proto__="p" constructor="c" title="t">link</a><img src="i.png" __proto__="x" alt="a">',
      ),
    ).toBe('[link](/x "t")![a](i.png)');
    expect(htmlToText('<ol start="constructor"><li>a</li></ol><ul><li class="__proto__">b</li></ul>')).toBe(
      '1. a\n\n- b',
    );
  });
});

describe('never throws', () => {
  it.each([
    ['empty', ''],
    ['blank', ' \t\n\r\0\x0b'],
    ['no <html> (a lone comment)', '<!-- x -->'],
    ['lone surrogates and NUL', 'a\ud800b\u0000c\udfffd'],
    ['a huge attribute', `<a href="${'x'.repeat(1_000_000)}">l</a>`],
    ['binary noise', String.fromCharCode(...Array.from({ length: 4096 }, (_, i) => (i * 7919) % 65536))],
  ])('%s', (_, html) => {
    expect(typeof htmlToText(html)).toBe('string');
  });

  it("answers '' where PHP throws 'Invalid HTML was provided'", () => {
    expect(htmlToText('<!-- only a comment -->')).toBe('');
  });
});

/** TextConverter::convert()'s steps as PHP writes them, one replace each. */
function phpTextConverter(value: string, escapeMarkdown: boolean): string {
  let markdown = value
    .replace(/^\n+/, '')
    .replace(/[\t\n\v\f\r \x85\xa0\u1680\u180e\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+/g, ' ');
  if (escapeMarkdown) markdown = markdown.replace(/([*_[\]\\])/g, '\\$1');
  markdown = markdown.replace(/^#/, '\\#');
  return markdown.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

describe('TextConverter', () => {
  const alphabet = [
    'a',
    'b',
    ' ',
    '  ',
    '\n',
    '\t',
    '\r',
    '\u00a0',
    '\u2003',
    '\u0085',
    '\u200b',
    '*',
    '_',
    '[',
    ']',
    '\\',
    '#',
    '&',
    '<',
    '>',
    '`',
    'é',
    '😀',
  ];
  let seed = 7;
  const random = (n: number): number => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed % n;
  };
  const randomText = (length: number): string =>
    Array.from({ length }, () => alphabet[random(alphabet.length)]).join('');

  it('the short and the long path both give what the PHP steps give', () => {
    for (let i = 0; i < 2_000; i++) {
      const value = randomText(i % 10 === 0 ? 900 + random(400) : random(40));
      expect(convertText(value, true)).toBe(phpTextConverter(value, true));
      expect(convertText(value, false)).toBe(phpTextConverter(value, false));
    }
  });
});

describe('PHP built-ins', () => {
  it('html_entity_decode with ENT_QUOTES | ENT_HTML401', () => {
    expect(
      htmlEntityDecode(
        '&#x0D;&#X41;&#0065;&#65&apos;&quot;&#39;&AMP;&amp;&nbsp&#128;&#0000000000000000065;&#x110000;&eacute;&#1;&#x9;',
      ),
    ).toBe('\rAA&#65&apos;"\'&AMP;&&nbsp&#128;A&#x110000;é&#1;\t');
  });

  it('intval() of an ol start', () => {
    expect(
      [
        '3',
        'abc',
        ' 3',
        '3abc',
        '1e3',
        '-2',
        '0x1A',
        '99999999999999999999',
        '1e400',
        ' 7 ',
        '+5',
        '3.9',
        '',
        '.5e1',
      ].map((s) => String(phpIntval(s))),
    ).toEqual(['3', '0', '3', '3', '1000', '-2', '0', '9223372036854775807', '0', '7', '5', '3', '0', '5']);
    expect(phpFloatToString(2 ** 63 /* PHP_INT_MAX + 1 */)).toBe('9.2233720368548E+18');
    expect(phpFloatToString(1e25)).toBe('1.0E+25');
  });

  it('FILTER_VALIDATE_EMAIL', () => {
    expect(
      [
        'a@b.co',
        'first.last@example.com',
        'x+y@sub.example.org',
        'a@b',
        'a b@c.com',
        'ü@example.com',
        '"q"@example.com',
        'a@[127.0.0.1]',
      ].map(isPhpValidEmail),
    ).toEqual([true, true, true, false, false, false, true, true]);
  });
});
