/**
 * HtmlConverter::convert() (league/html-to-markdown 5.1) after DOMDocument::loadHTML(): find the <html> root,
 * replaceMisplacedComments(), convert, then saveHTML() the document and sanitize() it.
 *
 * After the walk the document holds its doctype, the `<?xml encoding="UTF-8">` processing instruction PHP's hack
 * put before the HTML, the root's Markdown as one text node and (without a <body>) comments. saveHTML() writes
 * them in libxml2's HTML serializer's way (htmlDocContentDumpFormatOutput, no formatting), through the "HTML"
 * output encoder because no <meta> charset survives the conversion; sanitize() then html_entity_decode()s the
 * whole. Escaping then decoding gives most characters back, and this module writes the result directly:
 *   - the Markdown text node: & < > are escaped and decoded back; C0 controls other than tab, LF and CR are
 *     dropped (xmlEncodeEntitiesReentrant); U+0080-U+009F come out as `&#N;`, which the decode leaves as is
 *     (PHP decodes no numeric reference to them); every other character round-trips;
 *   - comments, processing instructions and the doctype are written raw, so entities in them are decoded.
 */
import type { DoctypeNode, DocumentNode, ElementNode, Node } from '../libxml/dom.js';
import { serializeHtml } from '../libxml/serialize.js';
import { htmlEntityDecode } from './entities.js';
import { phpTrim, phpTrimLineEnds } from './php.js';
import { convertRoot } from './walk.js';

/** `getElementsByTagName($name)->item(0)`: the first element so named in document order, without recursion. */
function firstElementNamed(nodes: readonly Node[], name: string): ElementNode | null {
  const stack: Node[] = [];
  for (let i = nodes.length - 1; i >= 0; i--) stack.push(nodes[i] as Node);
  while (stack.length > 0) {
    const node = stack.pop() as Node;
    if (node.type !== 'element') continue;
    if (node.name === name) return node;
    for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i] as Node);
  }
  return null;
}

const C1_OR_CONTROL = /[\x00-\x08\x0b\x0c\x0e-\x1f\x80-\x9f]/;
const C1_OR_CONTROL_ALL = /[\x00-\x08\x0b\x0c\x0e-\x1f\x80-\x9f]/g;
const C1 = /[\x80-\x9f]/;
const C1_ALL = /[\x80-\x9f]/g;

function numericReference(character: string): string {
  const code = character.charCodeAt(0);
  return code >= 0x80 ? '&#' + code + ';' : '';
}

/** A text node through saveHTML() and html_entity_decode(). */
function writtenText(text: string): string {
  return C1_OR_CONTROL.test(text) ? text.replace(C1_OR_CONTROL_ALL, numericReference) : text;
}

/** Raw markup (comment, processing instruction, doctype) through saveHTML() and html_entity_decode(). */
function writtenRaw(markup: string): string {
  const decoded = htmlEntityDecode(markup);
  return C1.test(decoded) ? decoded.replace(C1_ALL, numericReference) : decoded;
}

/** xmlBufWriteQuotedString() */
function quoted(text: string): string {
  if (text.indexOf('"') === -1) return '"' + text + '"';
  if (text.indexOf("'") === -1) return "'" + text + "'";
  return '"' + text.split('"').join('&quot;') + '"';
}

/** htmlDtdDumpOutput() */
function doctypeString(doctype: DoctypeNode): string {
  let out = '<!DOCTYPE ' + doctype.name;
  if (doctype.publicId !== null) {
    out += ' PUBLIC ' + quoted(doctype.publicId);
    if (doctype.systemId !== null) out += ' ' + quoted(doctype.systemId);
  } else if (doctype.systemId !== null && doctype.systemId !== 'about:legacy-compat') {
    out += ' SYSTEM ' + quoted(doctype.systemId);
  }
  return out + '>\n';
}

const DOCTYPE_DECLARATION = /<!DOCTYPE [^>]+>/g;
const UNWANTED = ['<?xml encoding="UTF-8">', '<html>', '</html>', '<body>', '</body>', '<head>', '</head>', '&#xD;'];

/** A doctype line the declaration pattern takes whole: its only `>` ends it. */
const DOCTYPE_LINE = /^<!DOCTYPE [^>]+>\n$/;

/**
 * HtmlConverter::sanitize(), after the html_entity_decode() the writing above accounts for, on the doctype line
 * and what follows it. The doctype line is the declaration the pattern removes (unless a `>` in its identifiers
 * cuts the match short), so the rest is searched alone.
 */
function sanitize(doctype: string, rest: string): string {
  let markdown: string;
  if (doctype === '' || DOCTYPE_LINE.test(doctype)) {
    markdown =
      (doctype === '' ? '' : '\n') + (rest.indexOf('<!DOCTYPE ') === -1 ? rest : rest.replace(DOCTYPE_DECLARATION, ''));
  } else {
    markdown = (doctype + rest).replace(DOCTYPE_DECLARATION, '');
  }
  markdown = phpTrim(markdown);
  for (const tag of UNWANTED) {
    if (tag.indexOf('/') === -1) {
      if (markdown.startsWith(tag)) markdown = markdown.slice(tag.length);
    } else {
      // strpos() finds the first occurrence: only when that one ends the string is it cut.
      const at = markdown.indexOf(tag);
      if (at !== -1 && at === markdown.length - tag.length) markdown = markdown.slice(0, at);
    }
  }
  return phpTrimLineEnds(markdown);
}

function isInside(node: ElementNode, ancestor: ElementNode): boolean {
  for (let parent = node.parent; parent !== null && parent.type === 'element'; parent = parent.parent)
    if (parent === ancestor) return true;
  return false;
}

/**
 * saveHTML() and html_entity_decode() of a document that kept elements beside the converted root: libxml2 puts
 * what follows `</html>` in a second <html> element, which getElementsByTagName('html')->item(0) does not convert,
 * so saveHTML() writes it as HTML. The port of libxml2's serializer writes the document as PHP holds it then: the
 * root replaced by its Markdown, misplaced comments moved (into a <body> the walk did not convert, if that is where
 * they went). The tree is changed for the call and put back.
 */
function writtenWithElements(
  document: DocumentNode,
  root: ElementNode,
  markdown: string,
  documentChildren: readonly Node[],
  body: ElementNode | null,
  bodyChildren: Node[] | null,
): string {
  const children = document.children;
  const originalBodyChildren = body?.children ?? null;
  document.children = documentChildren.map(
    (node): Node => (node === root ? { type: 'text', value: markdown, parent: document } : node),
  );
  if (body !== null && bodyChildren !== null && !isInside(body, root)) body.children = bodyChildren;
  try {
    return htmlEntityDecode(serializeHtml(document, { format: false }));
  } finally {
    document.children = children;
    if (body !== null && originalBodyChildren !== null) body.children = originalBodyChildren;
  }
}

/**
 * HtmlConverter::convert() on the tree loadHTML() built from `'<?xml encoding="UTF-8">' . $html`. Without an
 * <html> element PHP throws 'Invalid HTML was provided', which Mailcoach answers with '': null here.
 */
export function convertDocument(document: DocumentNode): string | null {
  // getElementsByTagName('html')->item(0): libxml2's parser puts <html> at the top of the document, never inside
  // another element, so it is the first element there.
  let root: ElementNode | null = null;
  let comments = 0;
  for (const node of document.children) {
    if (node.type === 'comment') comments++;
    else if (node.type === 'element' && root === null) root = node;
  }
  if (root === null || root.name !== 'html') return null;

  // replaceMisplacedComments(): comments at the document's top level move to the start of the first <body>.
  let documentChildren: readonly Node[] = document.children;
  let body: ElementNode | null = null;
  let bodyChildren: Node[] | null = null;
  if (comments > 0) {
    body = firstElementNamed(document.children, 'body');
    if (body !== null) {
      bodyChildren = [...document.children.filter((node) => node.type === 'comment'), ...body.children];
      documentChildren = document.children.filter((node) => node.type !== 'comment');
    }
  }

  const markdown = convertRoot(root, documentChildren, body, bodyChildren);

  // saveHTML(): the doctype first (intSubset), then the document's children, then a line feed.
  let doctype = '';
  let written = '';
  for (const node of documentChildren) {
    if (node === root) written += writtenText(markdown);
    else if (node.type === 'doctype') doctype += writtenRaw(doctypeString(node));
    else if (node.type === 'comment') written += writtenRaw('<!--' + node.value + '-->');
    else if (node.type === 'pi')
      written += writtenRaw('<?' + node.target + (node.bare === true ? '' : ' ' + node.value) + '>');
    else return sanitize('', writtenWithElements(document, root, markdown, documentChildren, body, bodyChildren));
  }
  return sanitize(doctype, written + '\n');
}
