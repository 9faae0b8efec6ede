/**
 * Mailpit's own HTML to text (MP internal/html2text Strip; docs/spec/mailpit-api.md#254-snippet-mp-internaltoolssnippetsgo-internalhtml2texthtml2textgo):
 * the text nodes outside script, title, head, link, meta, style and noscript, a space after block closers, `<br>`
 * and before `<img`, every non-printable character a space, white space collapsed. With `includeLinks`, each
 * link's http(s) href follows its text: the search text of a message (docs/spec/mailpit-api.md#24-search-syntax-mp-internalstoragesearchgo-searchquerybuilder-internaltoolsargsparsergo-mpweb-search-filtersmd).
 */
import { parseDocument } from 'htmlparser2';
import { isTag, isText, type ParentNode } from 'domhandler';

const BLOCK_CLOSERS =
  /<\/(div|p|td|th|h[1-6]|ul|ol|li|address|article|aside|blockquote|dl|dt|footer|header|hr|main|nav|pre|table|thead|tfoot|video)></gi;
const BREAKS = /<(br \/|br)>/gi;
const IMAGES = /<(img)/gi;
const SKIPPED = new Set(['script', 'title', 'head', 'link', 'meta', 'style', 'noscript']);
/** Go's unicode.IsPrint: letters, marks, numbers, punctuation, symbols and the ASCII space. */
const NOT_PRINTABLE = /[^\p{L}\p{M}\p{N}\p{P}\p{S} ]/gu;
/** Deeper elements are left out, as libxml2 cuts HTML nested deeper than 256 levels. */
const MAX_DEPTH = 256;

export function stripHtml(html: string, includeLinks: boolean): string {
  const prepared = html.replace(BLOCK_CLOSERS, '</$1> <').replace(BREAKS, ' ').replace(IMAGES, ' <$1');
  const parts: string[] = [];
  extract(parseDocument(prepared), parts, includeLinks, 0);
  return parts
    .join('')
    .replaceAll('\uFEFF', ' ')
    .replace(NOT_PRINTABLE, ' ')
    .replace(/[\t\n\f\r ]+/g, ' ')
    .trim();
}

function extract(node: ParentNode, parts: string[], includeLinks: boolean, depth: number): void {
  if (depth > MAX_DEPTH) return;
  for (const child of node.children) {
    if (isText(child)) {
      parts.push(child.data);
      continue;
    }
    if (!isTag(child) || SKIPPED.has(child.name)) continue;
    extract(child, parts, includeLinks, depth + 1);
    const href = child.attribs.href;
    if (includeLinks && child.name === 'a' && href?.toLowerCase().startsWith('http')) {
      parts.push(` ${href} `);
    }
  }
}
