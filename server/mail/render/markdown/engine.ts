/**
 * markdown-it configured as league/commonmark 2.3's CommonMarkConverter with Mailcoach's extensions (table,
 * strikethrough, autolink), renderers (tempest/highlight's code renderers) and options (html_input allow,
 * allow_unsafe_links true). markdown-it follows CommonMark 0.31.2 and league 2.3 follows 0.30; where the two, or
 * league's own extensions and renderers, differ, the rule is replaced here and names the league class it mirrors.
 */
import type MarkdownIt from 'markdown-it';
import type {
  MarkdownIt as MarkdownItInstance,
  Renderer,
  StateBlock,
  StateCore,
  StateInline,
  Token,
} from 'markdown-it';
import { AUTOLINK_MARKUP, useLeagueAutolinks } from './autolink.js';
import { useLeagueDelimiters } from './delimiters.js';
import { useLeagueTables } from './table.js';
import { useLeagueTightLists } from './tight-lists.js';

type RenderOptions = Parameters<Renderer['render']>[1];
type RenderEnv = Parameters<Renderer['render']>[2];

/** tempest/highlight's Escape::html after Highlighter::parse's newline normalisation. */
function tempestEscape(content: string): string {
  return content
    .replace(/\r\n|\r/g, '\n')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

/** League\CommonMark\Util\UrlEncoder::unescapeAndEncode (the unescaping is markdown-it's, as RegexHelper::unescape). */
function encodeUrl(url: string): string {
  if (/^[A-Za-z0-9~!@#$&*()\-_=+;:,./?]+$/.test(url)) return url;
  let result = '';
  const chars = [...url];
  for (let i = 0; i < chars.length; i++) {
    const char = chars[i]!;
    if (char === '%' && i + 2 < chars.length && /^[0-9a-f]{2}$/i.test(chars[i + 1]! + chars[i + 2]!)) {
      result += `%${chars[i + 1]}${chars[i + 2]}`;
      i += 2;
    } else if (/^[!#$&'()*+,\-./0-9:;=?@A-Z_a-z~]$/.test(char)) {
      result += char;
    } else {
      result += encodeURIComponent(char).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
    }
  }
  return result;
}

/** RegexHelper::PARTIAL_ESCAPABLE. */
const ESCAPABLE = /^[!"#$%&'()*+,./:;<=>?@[\\\]^_`{|}~-]$/;

/** RegexHelper::PARTIAL_HTMLTAG, PCRE's `\s` (ASCII whitespace) spelled out. */
const HTML_TAG = (() => {
  const space = '[ \\t\\n\\x0b\\f\\r]';
  const tagName = '[a-z][a-z0-9-]*';
  const attributeValue = `(?:[^"'=<>\`\\x00-\\x20]+|'[^']*'|"[^"]*")`;
  const attribute = `(?:${space}+[a-z_:][a-z0-9:._-]*(?:${space}*=${space}*${attributeValue})?)`;
  const openTag = `<${tagName}${attribute}*${space}*\\/?>`;
  const closeTag = `<\\/${tagName}${space}*[>]`;
  const comment = '<!---->|<!--(?:-?[^>-])(?:-?[^-])*-->';
  const processingInstruction = '[<][?][\\s\\S]*?[?][>]';
  const declaration = `<![A-Z]+${space}+[^>]*>`;
  const cdata = '<!\\[CDATA\\[[\\s\\S]*?]\\]>';
  return new RegExp(`(?:${openTag}|${closeTag}|${comment}|${processingInstruction}|${declaration}|${cdata})`, 'g');
})();

export function createLeagueMarkdown(markdownIt: typeof MarkdownIt): MarkdownItInstance {
  const md = new markdownIt('default', {
    html: true,
    xhtmlOut: true,
    breaks: false,
    linkify: false,
    typographer: false,
    maxNesting: 1_000,
  });
  // allow_unsafe_links: true; link destinations percent-encoded as league's UrlEncoder (no punycode), autolink text kept.
  md.validateLink = () => true;
  md.normalizeLink = encodeUrl;
  md.normalizeLinkText = (text) => text;

  // League\CommonMark\Input\MarkdownInput drops a leading byte order mark, splits lines at \r\n, \r and \n, and keeps
  // NUL characters as they are. Its last line is a line even when it holds only spaces and no newline ends it
  // (markdown-it's StateBlock drops such a line; with the newline it keeps it, and league reads both alike).
  md.core.ruler.at('normalize', (state: StateCore) => {
    const src = state.src.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
    state.src = src === '' || src.endsWith('\n') ? src : `${src}\n`;
  });
  // ParagraphParser gets each line after its leading spaces and tabs (DocumentParser advances to the next
  // non-space): a code span over a line break keeps none of them.
  md.core.ruler.before('inline', 'league_paragraph_lines', (state: StateCore) => {
    for (let i = 1; i < state.tokens.length; i++) {
      const token = state.tokens[i]!;
      const opener = state.tokens[i - 1]!.type;
      if (token.type === 'inline' && (opener === 'paragraph_open' || opener === 'heading_open'))
        token.content = token.content.replace(/\n[ \t]+/g, '\n');
    }
  });
  md.inline.ruler.disable(['linkify']);
  useLeagueDelimiters(md);
  useLeagueAutolinks(md);
  useLeagueTables(md);
  useLeagueTightLists(md);

  type InlineRule = (state: StateInline, silent: boolean) => boolean;
  const inlineRules = (md.inline.ruler as unknown as { __rules__: { name: string; fn: InlineRule }[] }).__rules__;
  const inlineRule = (name: string): InlineRule => inlineRules.find((rule) => rule.name === name)!.fn;

  // A `[` with no `]` after it opens no link: said at once, as league's bracket stack does, where markdown-it's link
  // and image rules scan the rest of the text for each `[` (quadratic on a long line of them).
  const lastCloseBracket = new WeakMap<StateInline, number>();
  for (const name of ['link', 'image']) {
    const rule = inlineRule(name);
    md.inline.ruler.at(name, (state, silent) => {
      let last = lastCloseBracket.get(state);
      if (last === undefined) {
        last = state.src.lastIndexOf(']');
        lastCloseBracket.set(state, last);
      }
      if (state.pos >= last) return false;
      const from = state.tokens.length;
      if (!rule(state, silent)) return false;
      // CloseBracketParser::parse: a Link among the new link's children (an autolink in its label) is replaced by
      // its own children, "CommonMark does not allow nested links".
      for (let i = from + 1; i < state.tokens.length; i++) {
        const token = state.tokens[i]!;
        if ((token.type === 'link_open' || token.type === 'link_close') && token.markup === AUTOLINK_MARKUP) {
          token.type = 'text';
          token.tag = '';
          token.nesting = 0;
          token.content = '';
          token.attrs = null;
        }
      }
      return true;
    });
  }

  // HtmlInlineParser: its regex (RegexHelper::PARTIAL_HTMLTAG, case-sensitive: lower-case tag and attribute names
  // only, spec 0.30 comments, upper-case declarations) matched over the whole text as InlineParserEngine::matchParsers
  // does (leftmost, non-overlapping): a tag only where a match starts, so a match that starts inside a code span
  // hides the tags it spans.
  const htmlStarts = new WeakMap<StateInline, Map<number, string>>();
  md.inline.ruler.at('html_inline', (state, silent) => {
    if (state.src.charCodeAt(state.pos) !== 0x3c) return false;
    let starts = htmlStarts.get(state);
    if (starts === undefined) {
      starts = new Map();
      for (const match of state.src.matchAll(HTML_TAG)) starts.set(match.index, match[0]);
      htmlStarts.set(state, starts);
    }
    const tag = starts.get(state.pos);
    if (tag === undefined || state.pos + tag.length > state.posMax) return false;
    if (!silent) state.push('html_inline', '', 0).content = tag;
    state.pos += tag.length;
    return true;
  });

  // BacktickParser: its matches (`+) are the whole runs, found over the text first: a run whose first backtick an
  // escape took opens no code span with the rest.
  const backticks = inlineRule('backticks');
  md.inline.ruler.at(
    'backticks',
    (state, silent) => state.src.charCodeAt(state.pos - 1) !== 0x60 && backticks(state, silent),
  );

  // EscapableParser: a backslash before a character it cannot escape is a backslash alone (markdown-it's escape
  // rule takes the next character with it, hiding an autolink that starts there).
  const escapeRule = inlineRule('escape');
  md.inline.ruler.at('escape', (state, silent) => {
    const next = state.src.charCodeAt(state.pos + 1);
    if (
      state.src.charCodeAt(state.pos) === 0x5c &&
      state.pos + 1 < state.posMax &&
      next !== 0x0a &&
      !ESCAPABLE.test(state.src[state.pos + 1]!)
    )
      return false;
    return escapeRule(state, silent);
  });

  // ListItemParser::tryContinue takes a blank line's spaces with it: a code or HTML block in a list item gets its
  // blank lines empty (markdown-it keeps the spaces past the item's indent).
  type BlockRule = (state: StateBlock, startLine: number, endLine: number, silent: boolean) => boolean;
  const blockRules = (md.block.ruler as unknown as { __rules__: { name: string; fn: BlockRule; alt: string[] }[] })
    .__rules__;
  for (const name of ['fence', 'code', 'html_block']) {
    const { fn: rule, alt } = blockRules.find((candidate) => candidate.name === name)!;
    // Ruler.at replaces the chains the rule terminates too: kept as they were.
    md.block.ruler.at(
      name,
      (state, startLine, endLine, silent) => {
        const from = state.tokens.length;
        if (!rule(state, startLine, endLine, silent)) return false;
        if (!silent && state.blkIndent > 0) {
          for (let i = from; i < state.tokens.length; i++) {
            const token = state.tokens[i]!;
            if (token.type === 'fence' || token.type === 'code_block' || token.type === 'html_block')
              token.content = token.content.replace(/^[ \t]+$/gm, '');
          }
        }
        return true;
      },
      { alt: [...alt] },
    );
  }

  const rules = md.renderer.rules;
  // tempest/highlight's CodeBlockRenderer (FencedCode): the info string's first word's leading \w+ or txt.
  rules.fence = (tokens, idx) => {
    const token = tokens[idx]!;
    const info = md.utils.unescapeAll(token.info).trim();
    const language = /^[A-Za-z0-9_]+/.exec(info.split(/\s+/)[0] ?? '')?.[0] ?? 'txt';
    // FencedCode's literal ends every line with \n, the last one too (an unclosed fence at the end of the input).
    const literal = token.content === '' || token.content.endsWith('\n') ? token.content : `${token.content}\n`;
    return `<pre data-lang="${language}" class="notranslate">${tempestEscape(literal)}</pre>\n`;
  };
  // tempest/highlight's InlineCodeBlockRenderer: a leading `{lang}` dropped.
  rules.code_inline = (tokens, idx) => {
    const literal = tokens[idx]!.content;
    const match = /^\{[A-Za-z0-9_]+\}(.*)/.exec(literal);
    return `<code>${tempestEscape(match === null ? literal : match[1]!)}</code>`;
  };
  // IndentedCodeRenderer: the literal ends with \n.
  const codeBlock = rules.code_block!;
  rules.code_block = (tokens, idx, options, env, self) => {
    const token = tokens[idx]!;
    if (token.content !== '' && !token.content.endsWith('\n')) token.content += '\n';
    return codeBlock(tokens, idx, options, env, self);
  };
  // HtmlBlockRenderer: the block, then the block separator (markdown-it omits the newline at the input's end).
  rules.html_block = (tokens, idx) => {
    const content = tokens[idx]!.content;
    return content.endsWith('\n') ? content : `${content}\n`;
  };

  // BlockQuoteRenderer: an empty quote still holds the separator.
  rules.blockquote_open = (tokens, idx, options, _env, self) => {
    const open = self.renderToken(tokens, idx, options);
    return tokens[idx + 1]?.type === 'blockquote_close' && !open.endsWith('\n') ? `${open}\n` : open;
  };

  const renderer = md.renderer;
  renderer.render = (tokens, options, env) => renderRange(renderer, tokens, 0, tokens.length, options, env);
  return md;
}

/** The blocks written by rules of their own (the others go through renderToken, which adds that newline itself). */
const RULE_BLOCKS = new Set(['fence', 'code_block', 'html_block']);

/**
 * markdown-it's Renderer::render, with list items as League\CommonMark\...\ListItemRenderer writes them: the
 * item's content gets a leading newline when it starts with `<` and a trailing one when it ends with `>`.
 */
function renderRange(
  renderer: Renderer,
  tokens: Token[],
  from: number,
  to: number,
  options: RenderOptions,
  env: RenderEnv,
): string {
  let result = '';
  for (let i = from; i < to; i++) {
    const token = tokens[i]!;
    if (token.type === 'list_item_open') {
      let close = i + 1;
      while (close < to && !(tokens[close]!.type === 'list_item_close' && tokens[close]!.level === token.level))
        close++;
      let contents = renderRange(renderer, tokens, i + 1, close, options, env);
      if (contents.endsWith('\n')) contents = contents.slice(0, -1);
      if (contents.startsWith('<')) contents = `\n${contents}`;
      if (contents.endsWith('>')) contents += '\n';
      result += `<li${renderer.renderAttrs(token)}>${contents}</li>\n`;
      i = close;
    } else if (token.type === 'inline') {
      result += renderer.renderInline(token.children ?? [], options, env);
    } else {
      const rule = renderer.rules[token.type];
      if (rule === undefined) {
        result += renderer.renderToken(tokens, i, options);
      } else {
        // A block after a tight list item's paragraph (whose tags are hidden) starts on a line of its own, as
        // renderToken does for the blocks it renders.
        if (RULE_BLOCKS.has(token.type) && i > 0 && tokens[i - 1]!.hidden) result += '\n';
        result += rule(tokens, i, options, env, renderer);
      }
    }
  }
  return result;
}
