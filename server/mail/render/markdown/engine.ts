/**
 * markdown-it configured as league/commonmark 2.3's CommonMarkConverter with Mailcoach's extensions (table,
 * strikethrough, autolink), renderers (tempest/highlight's code renderers) and options (html_input allow,
 * allow_unsafe_links true). markdown-it follows CommonMark 0.31.2 and league 2.3 follows 0.30; where the two, or
 * league's own extensions and renderers, differ, the rule is replaced here and names the league class it mirrors.
 */
import type MarkdownIt from 'markdown-it';
import type { MarkdownIt as MarkdownItInstance, Renderer, StateCore, StateInline, Token } from 'markdown-it';
import { useLeagueAutolinks } from './autolink.js';
import { useLeagueDelimiters } from './delimiters.js';
import { useLeagueTables } from './table.js';

type RenderOptions = Parameters<Renderer['render']>[1];
type RenderEnv = Parameters<Renderer['render']>[2];

/** tempest/highlight's Escape::html after Highlighter::parse's newline normalisation. */
function tempestEscape(content: string): string {
  return content.replace(/\r\n|\r/g, '\n').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
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

/** RegexHelper::PARTIAL_HTMLCOMMENT (spec 0.30: `<!-->` and `<!--->` are no comments, `--` inside ends none). */
const LEAGUE_COMMENT = /^(?:<!---->|<!--(?:-?[^>-])(?:-?[^-])*-->)/;

/** The engine, from markdown-it's constructor (markdown.ts loads the package on first use). */
export function createLeagueMarkdown(markdownIt: typeof MarkdownIt): MarkdownItInstance {
  const md = new markdownIt('default', { html: true, xhtmlOut: true, breaks: false, linkify: false, typographer: false, maxNesting: 1_000 });
  // allow_unsafe_links: true; link destinations percent-encoded as league's UrlEncoder (no punycode), autolink text kept.
  md.validateLink = () => true;
  md.normalizeLink = encodeUrl;
  md.normalizeLinkText = (text) => text;

  // League\CommonMark\Input\MarkdownInput splits lines at \r\n, \r and \n and keeps NUL characters as they are.
  md.core.ruler.at('normalize', (state: StateCore) => {
    state.src = state.src.replace(/\r\n?/g, '\n');
  });
  md.inline.ruler.disable(['linkify']);
  useLeagueDelimiters(md);
  useLeagueAutolinks(md);
  useLeagueTables(md);

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
      if (last === undefined) lastCloseBracket.set(state, (last = state.src.lastIndexOf(']')));
      return state.pos < last && rule(state, silent);
    });
  }

  // HtmlInlineParser with RegexHelper's spec 0.30 comment.
  const htmlInline = inlineRule('html_inline');
  md.inline.ruler.at('html_inline', (state, silent) => {
    if (state.src.startsWith('<!--', state.pos) && !LEAGUE_COMMENT.test(state.src.slice(state.pos, state.posMax))) return false;
    return htmlInline(state, silent);
  });

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

  const renderer = md.renderer;
  renderer.render = (tokens, options, env) => renderRange(renderer, tokens, 0, tokens.length, options, env);
  return md;
}

/**
 * markdown-it's Renderer::render, with list items as League\CommonMark\...\ListItemRenderer writes them: the
 * item's content gets a leading newline when it starts with `<` and a trailing one when it ends with `>`.
 */
function renderRange(renderer: Renderer, tokens: Token[], from: number, to: number, options: RenderOptions, env: RenderEnv): string {
  let result = '';
  for (let i = from; i < to; i++) {
    const token = tokens[i]!;
    if (token.type === 'list_item_open') {
      let close = i + 1;
      while (close < to && !(tokens[close]!.type === 'list_item_close' && tokens[close]!.level === token.level)) close++;
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
      result += rule === undefined ? renderer.renderToken(tokens, i, options) : rule(tokens, i, options, env, renderer);
    }
  }
  return result;
}

