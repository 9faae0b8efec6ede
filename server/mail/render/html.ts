/** The last steps of every HTML body: CSS inlined (Mailcoach's CssToInlineStyles), a text part generated. */
import { compile } from 'html-to-text';
import juice from 'juice';

export function inlineCss(html: string): string {
  if (!html.includes('<style')) return html;
  try {
    return juice(html);
  } catch {
    return html;
  }
}

const htmlToTextConverter = compile({ wordwrap: 130, selectors: [{ selector: 'img', format: 'skip' }] });

export function htmlToText(html: string): string {
  return htmlToTextConverter(html);
}

/** Inline HTML without an <html> element is wrapped, exactly as Mailcoach's v7 test expects. */
export function wrapInlineHtml(html: string): string {
  return html.includes('<html') ? html : `<html><body>${html}</body></html>`;
}
