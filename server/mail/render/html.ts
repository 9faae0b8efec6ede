/** The last steps of every HTML body: CSS inlined (Mailcoach's CssToInlineStyles), a text part generated. */
import { compile } from 'html-to-text';
import type juiceType from 'juice';
import { createRequire } from 'node:module';

/**
 * juice (and the cheerio it brings) is loaded on the first mail with a <style> block: importing it costs a
 * tenth of a second or more of every start otherwise. It is CommonJS, so a synchronous require does it.
 */
let juice: typeof juiceType | undefined;
const requireModule = createRequire(import.meta.url);

export function inlineCss(html: string): string {
  if (!html.includes('<style')) return html;
  try {
    juice ??= (requireModule('juice') as { default: typeof juiceType }).default;
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
