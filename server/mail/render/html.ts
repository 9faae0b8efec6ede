/**
 * The last steps of every HTML body, as Mailcoach 8 runs them: CSS inlined by CssToInlineStyles (css-inliner/, a
 * port of tijsverkoyen/css-to-inline-styles over libxml2's parser and serializer, libxml/), and the text part by
 * ConvertHtmlToTextAction (text-part/, a port of league/html-to-markdown with Mailcoach's options). Both are proven
 * byte for byte against the PHP libraries by test/fidelity.
 */
export { inlineCss } from './css-inliner/index.js';
export { htmlToText } from './text-part/index.js';

/** TransactionalMail::prepareHtml: inline HTML without `<html` is wrapped in <html><body>. */
export function wrapInlineHtml(html: string): string {
  return html.includes('<html') ? html : `<html><body>${html}</body></html>`;
}
