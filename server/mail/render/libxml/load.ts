/**
 * The two ways Mailcoach's PHP libraries load HTML into a DOMDocument, so that their ports start from the tree PHP
 * starts from. The encoding matters: without a declaration libxml2 reads non-ASCII bytes as ISO-8859-1.
 */
import type { DocumentNode, ElementNode } from './dom.js';
import { parseHtml } from './parse.js';

/**
 * league/html-to-markdown (HtmlConverter::createDOMDocument): `loadHTML('<?xml encoding="UTF-8">' . $html)`.
 * The prefix makes libxml2 read UTF-8 and stays in the tree as the document's first child (a PI `xml`); its
 * saveHTML() still writes non-ASCII as entities (no meta names a charset) and starts with that PI.
 */
export function loadForHtmlToMarkdown(html: string): DocumentNode {
  return parseHtml('<?xml encoding="UTF-8">' + html);
}

/**
 * tijsverkoyen/css-to-inline-styles (CssToInlineStyles::createDomDocumentFromHtml):
 * `loadHTML(mb_encode_numericentity($html, [0x80, 0x10FFFF, 0, 0x1FFFFF], 'UTF-8'))`: every non-ASCII char as a
 * decimal reference, which the parser turns back into the char.
 */
export function loadForCssInliner(html: string): DocumentNode {
  return parseHtml(encodeNumericEntities(html));
}

/**
 * mb_encode_numericentity($html, [0x80, 0x10FFFF, 0, 0x1FFFFF], 'UTF-8'): every character from U+0080 up written
 * as a decimal character reference. A lone surrogate (invalid UTF-8 to mbstring) becomes '?', as mbstring
 * substitutes.
 */
function encodeNumericEntities(html: string): string {
  NON_ASCII.lastIndex = 0;
  if (!NON_ASCII.test(html)) return html;
  NON_ASCII.lastIndex = 0;
  return html.replace(NON_ASCII, (char) => {
    const code = char.codePointAt(0)!;
    return code >= 0xd800 && code <= 0xdfff ? '?' : `&#${code};`;
  });
}

const NON_ASCII = /[\uD800-\uDBFF][\uDC00-\uDFFF]|[\u0080-\uFFFF]/g;

/** DOMDocument::$documentElement (xmlDocGetRootElement): the document's first element child. */
export function documentElement(doc: DocumentNode): ElementNode | null {
  for (const child of doc.children) if (child.type === 'element') return child;
  return null;
}
