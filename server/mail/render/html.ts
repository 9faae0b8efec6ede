/** The last steps of every HTML body: CSS inlined (Mailcoach's CssToInlineStyles), a text part generated. */
import type { compile as compileType } from 'html-to-text';
import type juiceType from 'juice';
import { createRequire } from 'node:module';
import { restoreCodeBlocks, setAsideCodeBlocks, type CodeBlockKind } from './juice-code-blocks.js';

/**
 * juice (and the cheerio it brings) is loaded on the first mail with a <style> block: importing it costs a
 * tenth of a second or more of every start otherwise. It is CommonJS, so a synchronous require does it.
 */
let juice: typeof juiceType | undefined;
/** juice's code block kinds, which juice itself is then given none of (juice-code-blocks.ts handles them). */
let codeBlockKinds: CodeBlockKind[] = [];
const requireModule = createRequire(import.meta.url);

function loadJuice(): typeof juiceType {
  if (juice !== undefined) return juice;
  const loaded = (requireModule('juice') as { default: typeof juiceType }).default;
  codeBlockKinds = Object.values(loaded.codeBlocks);
  for (const key of Object.keys(loaded.codeBlocks)) delete loaded.codeBlocks[key];
  juice = loaded;
  return loaded;
}

export function inlineCss(html: string): string {
  if (!html.includes('<style')) return html;
  try {
    const inline = loadJuice();
    const { html: parsed, blocks } = setAsideCodeBlocks(html, codeBlockKinds);
    return restoreCodeBlocks(inline(parsed), blocks);
  } catch {
    return html;
  }
}

/**
 * The text part generated from a mail's HTML. Paragraphs stay on one line (no hard wrapping, as PHP's html2text
 * converters do): mail clients wrap text themselves, quoted-printable keeps the message's own lines short, and
 * a text that does not depend on line lengths can be built from a template's text (text-template.ts).
 * html-to-text is loaded on first use, like juice.
 */
let htmlToTextConverter: ((html: string) => string) | undefined;

export function htmlToText(html: string): string {
  htmlToTextConverter ??= (requireModule('html-to-text') as { compile: typeof compileType }).compile({
    wordwrap: false,
    selectors: [{ selector: 'img', format: 'skip' }],
  });
  try {
    return htmlToTextConverter(html);
  } catch (error) {
    // html-to-text walks the document recursively: elements nested some ten thousand deep (a replacement of
    // `<div>` repeated) overflow the stack. The mail is still captured, with the tags stripped from its text.
    if (error instanceof RangeError) return strippedText(html);
    throw error;
  }
}

/** The text between the tags, whitespace collapsed, in one pass (a tag without its `>` ends the stripping). */
function strippedText(html: string): string {
  const pieces: string[] = [];
  let at = 0;
  for (;;) {
    const open = html.indexOf('<', at);
    if (open === -1) break;
    const close = html.indexOf('>', open + 1);
    if (close === -1) break;
    pieces.push(html.slice(at, open));
    at = close + 1;
  }
  pieces.push(html.slice(at));
  return pieces.join(' ').replace(/\s+/g, ' ').trim();
}

/** Inline HTML without an <html> element is wrapped, exactly as Mailcoach's v7 test expects. */
export function wrapInlineHtml(html: string): string {
  return html.includes('<html') ? html : `<html><body>${html}</body></html>`;
}
