/**
 * juice's code blocks (`{{ }}`, `<% %>`, FreeMarker's `<# >` and `<@ >`), set aside before the HTML is parsed and
 * put back after, as juice does it, in linear time. juice puts each block back with a regex replace over the whole
 * document, one per block, and finds a block with a lazy regex that, when its end marker is missing, rescans the
 * rest of the text from every start marker: both quadratic. A replacement of 200 kB of `{{ a }}` in a template
 * with a <style> block kept a render worker busy for minutes.
 */

export interface CodeBlockKind {
  start: string;
  end: string;
}

const TOKEN_PREFIX = 'JUICE_CODE_BLOCK_';
/** What juice looks for when it puts the blocks back: cheerio may lower-case a token, or give it `=""` as an attribute. */
const TOKEN = /JUICE_CODE_BLOCK_(\d+)_(?:="")?/gi;

export interface SetAside {
  html: string;
  blocks: string[];
}

/** Replaces each block by a token, kind after kind in `kinds` order, as juice's encodeCodeBlocks does. */
export function setAsideCodeBlocks(html: string, kinds: readonly CodeBlockKind[]): SetAside {
  const blocks: string[] = [];
  let text = html;
  for (const { start, end } of kinds) {
    if (!text.includes(start)) continue;
    const parts: string[] = [];
    let from = 0;
    for (;;) {
      const open = text.indexOf(start, from);
      if (open === -1) break;
      const close = text.indexOf(end, open + start.length);
      // Without an end after this start there is none after any later start either.
      if (close === -1) break;
      const stop = close + end.length;
      parts.push(text.slice(from, open), `${TOKEN_PREFIX}${blocks.length}_`);
      blocks.push(text.slice(open, stop));
      from = stop;
    }
    parts.push(text.slice(from));
    text = parts.join('');
  }
  return { html: text, blocks };
}

/** Puts the blocks back in one pass (juice's decodeCodeBlocks, without its pass per block). */
export function restoreCodeBlocks(html: string, blocks: readonly string[]): string {
  if (blocks.length === 0) return html;
  return html.replace(TOKEN, (token, index: string) => blocks[Number(index)] ?? token);
}
