/**
 * DOMNode::C14N() with PHP's defaults (exclusive false, comments false, no XPath: the node set is
 * `(.//. | .//@* | .//namespace::*)` of the node), as libxml2 2.9.14's c14n.c writes an element of an HTML
 * document: league/html-to-markdown's Element::getChildrenAsString (code, pre, div and link converters).
 *
 * HTML elements and attributes carry no namespace, so of c14n.c this keeps: element start and end tags (never
 * minimized: `<br></br>`), attributes sorted by name (xmlC14NAttrsCompare: xmlStrcmp, byte order), text and
 * CDATA as escaped text (xmlC11NNormalizeText), PIs, no comments. The walk is iterative.
 */
import type { ElementNode, Node } from './dom.js';

export function canonicalize(element: ElementNode): string {
  let out = '';
  // Each entry: an element whose end tag is still to be written, and the index of its next child.
  const stack: { element: ElementNode; next: number }[] = [];
  let current: Node | null = element;
  for (;;) {
    if (current !== null) {
      switch (current.type) {
        case 'element':
          out += '<' + current.name + attributes(current) + '>';
          stack.push({ element: current, next: 0 });
          break;
        case 'text':
          out += normalizeText(current.value);
          break;
        case 'pi':
          out +=
            '<?' + current.target + (current.value === '' ? '' : ' ' + current.value.replaceAll('\r', '&#xD;')) + '?>';
          break;
        case 'comment':
        case 'doctype':
          break;
      }
    }
    const top = stack[stack.length - 1];
    if (top === undefined) return out;
    const child = top.element.children[top.next++];
    if (child !== undefined) {
      current = child;
      continue;
    }
    out += '</' + top.element.name + '>';
    stack.pop();
    if (stack.length === 0) return out;
    current = null;
  }
}

function attributes(element: ElementNode): string {
  if (element.attributes.length === 0) return '';
  const sorted = [...element.attributes].sort((a, b) => compareBytes(a.name, b.name));
  let out = '';
  for (const { name, value } of sorted)
    out += ' ' + name + '="' + (value === null ? '' : normalizeAttribute(value)) + '"';
  return out;
}

/** xmlStrcmp: UTF-8 byte order (code point order; UTF-16 order differs only above the BMP). */
function compareBytes(a: string, b: string): number {
  if (a === b) return 0;
  return Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
}

const TEXT_SPECIAL = /[<>&\r]/g;
const ATTRIBUTE_SPECIAL = /[<&"\t\n\r]/g;
const ESCAPES: Record<string, string> = {
  '<': '&lt;',
  '>': '&gt;',
  '&': '&amp;',
  '"': '&quot;',
  '\t': '&#x9;',
  '\n': '&#xA;',
  '\r': '&#xD;',
};

/** c14n.c xmlC11NNormalizeText. */
function normalizeText(text: string): string {
  return text.replace(TEXT_SPECIAL, (char) => ESCAPES[char]!);
}

/** c14n.c xmlC11NNormalizeAttr. */
function normalizeAttribute(value: string): string {
  return value.replace(ATTRIBUTE_SPECIAL, (char) => ESCAPES[char]!);
}
