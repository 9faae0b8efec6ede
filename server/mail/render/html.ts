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
  const loaded = requireModule('juice') as typeof juiceType;
  codeBlockKinds = Object.values(loaded.codeBlocks);
  for (const key of Object.keys(loaded.codeBlocks)) delete loaded.codeBlocks[key];
  juice = loaded;
  return loaded;
}

export function inlineCss(html: string): string {
  if (!html.includes('<style')) return html;
  // cheerio's parser and selector engine take time (and memory) in the square of the nesting depth: 50,000
  // nested <div>s took 10 s. Such a mail keeps its HTML as it is, as when juice fails.
  if (nestsDeeperThan(html, MAX_NESTING)) return html;
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
  if (nestsDeeperThan(html, MAX_NESTING)) return strippedText(html);
  try {
    return htmlToTextConverter(html);
  } catch (error) {
    // html-to-text walks the document recursively: elements nested some ten thousand deep (a replacement of
    // `<div>` repeated) overflow the stack. The mail is still captured, with the tags stripped from its text.
    if (error instanceof RangeError) return strippedText(html);
    throw error;
  }
}

/**
 * How deep a document may nest for juice and html-to-text: libxml2's limit (xmlParserMaxDepth, 256), beyond
 * which the DOMDocument that Mailcoach's CSS inliner parses with gives up on the document too.
 */
const MAX_NESTING = 256;

/**
 * Elements whose end tag HTML lets a document leave out (the parser closes a <p> at the next <p>): not counted,
 * so that a mail of unclosed paragraphs or cells is not taken for a deep one.
 */
const OPTIONAL_END = new Set(['p', 'li', 'dt', 'dd', 'option', 'optgroup', 'tr', 'td', 'th', 'thead', 'tbody', 'tfoot', 'colgroup', 'rt', 'rp']);
const VOID_ELEMENTS = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);

/** Whether elements nest deeper than `limit` (an estimate from the tags alone), in one pass. */
export function nestsDeeperThan(html: string, limit: number): boolean {
  let depth = 0;
  let at = 0;
  for (;;) {
    const open = html.indexOf('<', at);
    if (open === -1) return false;
    const close = html.indexOf('>', open + 1);
    if (close === -1) return false;
    at = close + 1;
    const closing = html.charCodeAt(open + 1) === 0x2f;
    const name = /^[a-zA-Z][^\s/>]*/.exec(html.slice(closing ? open + 2 : open + 1, Math.min(close, open + 20)))?.[0].toLowerCase();
    if (name === undefined || OPTIONAL_END.has(name) || VOID_ELEMENTS.has(name)) continue;
    if (closing) depth = Math.max(0, depth - 1);
    else if (html.charCodeAt(close - 1) !== 0x2f && ++depth > limit) return true;
  }
}

/** Where what strippedText() skips ends. */
const CLOSING = { style: /<\/style/gi, script: /<\/script/gi };

/**
 * The text between the tags, whitespace collapsed, in one pass (a tag without its `>` ends the stripping); what
 * <style> and <script> hold is no text.
 */
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
    const element = /^(style|script)\b/i.exec(html.slice(open + 1, open + 8))?.[1]?.toLowerCase();
    if (element !== undefined) {
      const end = CLOSING[element as 'style' | 'script'];
      end.lastIndex = at;
      const found = end.exec(html);
      if (found === null) break;
      at = found.index;
    }
  }
  if (at < html.length) pieces.push(html.slice(at));
  return pieces.join(' ').replace(/\s+/g, ' ').trim();
}

/** Inline HTML without an <html> element is wrapped, exactly as Mailcoach's v7 test expects. */
export function wrapInlineHtml(html: string): string {
  return html.includes('<html') ? html : `<html><body>${html}</body></html>`;
}
