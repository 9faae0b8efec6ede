/** The last steps of every HTML body: CSS inlined (Mailcoach's CssToInlineStyles), a text part generated. */
import type { compile as compileType } from 'html-to-text';
import type juiceType from 'juice';
import { createRequire } from 'node:module';
import { restoreCodeBlocks, setAsideCodeBlocks, type CodeBlockKind } from './juice-code-blocks.js';
import { plainTextFast } from './plain-text-fast.js';

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
 * Most mails' HTML gets the same text from plainTextFast() (plain-text-fast.ts), in a quarter of the time; the rest
 * from html-to-text, which is loaded on first use, like juice.
 */
let htmlToTextConverter: ((html: string) => string) | undefined;

export function htmlToText(html: string): string {
  if (nestsDeeperThan(html, MAX_NESTING)) return strippedText(html);
  let fast: string | undefined;
  try {
    fast = plainTextFast(html);
  } catch {
    // Whatever the port did not foresee goes the way it would have gone without it.
    fast = undefined;
  }
  if (fast !== undefined) return fast;
  htmlToTextConverter ??= (requireModule('html-to-text') as { compile: typeof compileType }).compile({
    wordwrap: false,
    selectors: [{ selector: 'img', format: 'skip' }],
  });
  try {
    return htmlToTextConverter(html);
  } catch {
    // The mail is still captured, with the tags stripped from its text. html-to-text walks the document
    // recursively: elements nested some ten thousand deep (a replacement of `<div>` repeated) overflow the stack.
    // And its selector tree looks tag names up in a plain object: an element named `constructor` finds
    // Object.prototype's and throws a TypeError (plain-text-fast.ts formats such a mail, unless it has a <pre> or a
    // <blockquote>).
    return strippedText(html);
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

/** The longest name in OPTIONAL_END and VOID_ELEMENTS: a longer tag name is neither. */
const LONGEST_UNCOUNTED_NAME = 8;

/**
 * Whether elements nest deeper than `limit` (an estimate from the tags alone), in one pass. A tag's name is read
 * from at most 19 characters after its `<` (or `</`); read in place, without a slice and a regular expression
 * per tag, since every send's text part pays for this (10 µs of 26 for a 600-byte receipt, measured).
 */
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
    const start = closing ? open + 2 : open + 1;
    const end = Math.min(close, open + 20);
    if (start >= end || !isAsciiLetter(html.charCodeAt(start))) continue;
    let nameEnd = start + 1;
    while (nameEnd < end && !endsTagName(html.charCodeAt(nameEnd))) nameEnd++;
    if (nameEnd - start <= LONGEST_UNCOUNTED_NAME) {
      const name = html.slice(start, nameEnd).toLowerCase();
      if (OPTIONAL_END.has(name) || VOID_ELEMENTS.has(name)) continue;
    }
    if (closing) depth = Math.max(0, depth - 1);
    else if (html.charCodeAt(close - 1) !== 0x2f && ++depth > limit) return true;
  }
}

const isAsciiLetter = (code: number): boolean => (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a);

/** `/`, `>` or what a regular expression's `\s` matches. */
function endsTagName(code: number): boolean {
  if (code === 0x2f || code === 0x3e || code === 0x20 || (code >= 0x09 && code <= 0x0d)) return true;
  return code > 0x7f && /\s/.test(String.fromCharCode(code));
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
