/**
 * The text part Mailcoach 8 writes for a mail's HTML: ConvertHtmlToTextAction::execute(), which runs
 * league/html-to-markdown 5.1's HtmlConverter with ['strip_tags' => true, 'suppress_errors' => true,
 * 'remove_nodes' => 'head script style'] and answers '' when it throws. The HTML is parsed as PHP's DOMDocument
 * parses it (libxml2's HTML parser, ../libxml/parse.ts), the converters are ported one by one (walk.ts, text.ts,
 * inline.ts, block.ts) and the document is written back and sanitized as saveHTML() and sanitize() do
 * (document.ts).
 *
 * For a cache that converts a template once and puts values into its text: in a text node, the converters
 * change whitespace other than a lone space (Unicode's \s: runs become one space, a text node's leading line
 * feeds go), `* _ [ ] \` (escaped, except in text directly inside a <div>), `& < >` (written &amp; &lt; &gt;),
 * a leading `#`, and C0/C1 controls; at a paragraph line's start `- `, `+ `, `--`, `~~~` and digits before
 * `.` or `)`; the length of an <h1>/<h2> (its underline) and the blankness of an element's whole content
 * (<p>, <b>, <em>, links). A placeholder's own `_` is escaped too (`::first\_name::` in a <p>). The HTML parser
 * has already decoded `&name;` references and read `<` as markup.
 */
import { loadForHtmlToMarkdown } from '../libxml/load.js';
import { convertDocument } from './document.js';
import { phpTrim } from './php.js';

/** ConvertHtmlToTextAction::execute($html): never throws; '' where PHP throws. */
export function htmlToText(html: string): string {
  // HtmlConverter::convert(): blank input is '' before any parsing.
  if (phpTrim(html) === '') return '';
  try {
    return convertDocument(loadForHtmlToMarkdown(html)) ?? '';
  } catch {
    return '';
  }
}
