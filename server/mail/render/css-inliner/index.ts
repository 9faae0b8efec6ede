/**
 * `(new CssToInlineStyles)->convert($html)` (tijsverkoyen/css-to-inline-styles 2.2 with Symfony CssSelector 5.4 on
 * PHP 8.2's DOMDocument, libxml2 2.9.14), byte for byte: what Mailcoach 8 does to every template and campaign mail.
 *
 * The CSS comes from the `<style>` blocks of the raw HTML (css.ts), the document from libxml2's HTML parser fed
 * the HTML with every non-ASCII character as a numeric reference (mb_encode_numericentity, as
 * createDomDocumentFromHtml does), the matching from Symfony's XPath run as libxml2 runs it (selector-xpath.ts,
 * xpath.ts), and the output is getHtmlFromDocument's: the doctype line (lower-cased when it is `<!DOCTYPE html>`),
 * "\n", then saveHTML(documentElement) with formatOutput on, the `<style>` blocks kept.
 *
 * Placeholders (checked against PHP, same results with the port): inlineCss(replace(body)) equals
 * replace(inlineCss(body)), `::key::` surviving the conversion as it is, when the placeholder sits
 * - in text (not in `<style>`, `<script>` or a comment), with a value that has no `&`, `<` or `>` and is not empty
 *   or blank where it is a whole text node (formatting newlines depend on the text), and the CSS has no
 *   `:contains()` or `:empty`;
 * - in an attribute other than href, src, action, a's name, class, id, style, lang and any attribute the CSS
 *   selects on (`[title=...]`), with a value that has no `&`, `<`, `>` or `"`; non-ASCII is kept as UTF-8;
 * - in href, src, action or a's name, which libxml2 URI-escapes (xmlURIEscapeStr) after dropping leading blanks:
 *   only with a value of ASCII letters, digits and `-_.!~*'()@/:=?;#%,+` (no `&`, space, non-ASCII, `$[]{}|\^`"`),
 *   not starting with a blank. A Twig `{{ x }}` there comes out as `%7B%7B%20x%20%7D%7D`.
 * Never in `<style>` or a comment (non-ASCII becomes `&#NNN;` there), class, id or style.
 */
import type { DocumentNode } from '../libxml/dom.js';
import { documentElement, loadForCssInliner } from '../libxml/load.js';
import { serializeHtml } from '../libxml/serialize.js';
import { cssFromStyleTags, getRules } from './css.js';
import { inlineRules, prepareRules, type PreparedRule } from './inline.js';
import { phpTrim } from './php.js';
import { PhpFatal } from './selector-parser.js';

export type ConvertResult = { ok: true; html: string } | { ok: false; error: string };

/** The sorted rules of a CSS text, cached: a campaign's mails share their CSS. */
const RULES_CACHE_LIMIT = 200;
/** Style sheets with more rules than this are not kept (each rule also keeps its results, PreparedRule.aloneOver). */
const RULES_CACHE_MAX_RULES = 2000;
const rulesCache = new Map<string, PreparedRule[]>();

function rulesOf(css: string): PreparedRule[] {
  let rules = rulesCache.get(css);
  if (rules === undefined) {
    rules = prepareRules(getRules(css));
    if (rules.length <= RULES_CACHE_MAX_RULES) {
      if (rulesCache.size >= RULES_CACHE_LIMIT) rulesCache.clear();
      rulesCache.set(css, rules);
    }
  }
  return rules;
}

/**
 * CssToInlineStyles::convert($html), or the error PHP ends it with: a ValueError for '' (DOMDocument::loadHTML
 * refuses an empty string), a TypeError when the document has no element (getHtmlFromDocument's removeChild(null)),
 * or one a selector provokes in Symfony (`[*|=x]`). In Mailcoach these fail the render.
 */
export function convertCss(html: string): ConvertResult {
  if (html === '')
    return { ok: false, error: 'ValueError: DOMDocument::loadHTML(): Argument #1 ($source) must not be empty' };
  try {
    const rules = rulesOf(cssFromStyleTags(html));
    const document = loadForCssInliner(html);
    inlineRules(document, rules);
    return getHtmlFromDocument(document);
  } catch (error) {
    if (error instanceof PhpFatal) return { ok: false, error: error.message };
    // Not a PHP behaviour: a bug of the port. Reported as an error rather than thrown.
    return { ok: false, error: `internal: ${error instanceof Error ? error.message : String(error)}` };
  }
}

/** CssToInlineStyles::getHtmlFromDocument. */
function getHtmlFromDocument(document: DocumentNode): ConvertResult {
  const root = documentElement(document);
  if (root === null) {
    return {
      ok: false,
      error: 'TypeError: DOMNode::removeChild(): Argument #1 ($child) must be of type DOMNode, null given',
    };
  }
  const html = phpTrim(serializeHtml(root, { format: true }));
  document.children.splice(document.children.indexOf(root), 1);
  let doctype = phpTrim(serializeHtml(document, { format: true }));
  if (doctype === '<!DOCTYPE html>') doctype = doctype.toLowerCase();
  return { ok: true, html: doctype + '\n' + html };
}

/**
 * CssToInlineStyles::convert($html): the HTML with its `<style>` rules inlined, as Mailcoach 8 makes it. Never
 * throws: where PHP would throw (see convertCss), the input comes back unchanged.
 */
export function inlineCss(html: string): string {
  const result = convertCss(html);
  return result.ok ? result.html : html;
}
