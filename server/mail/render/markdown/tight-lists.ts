/**
 * Tight and loose lists as league/commonmark 2.3 decides them, replacing markdown-it's decision (a blank line
 * between any two blocks of an item makes its list loose):
 *  - ListBlockParser::canContain: a list is loose when a blank line comes right before one of its items;
 *  - ListItemParser::tryContinue / canContain: a blank line in an item counts only when the innermost open block at
 *    that line is a paragraph or a list item (not a heading, thematic break, HTML block, indented code or table,
 *    which are still open there), and makes the list loose when a block is then added to the item.
 * The tightness decides whether the items' paragraphs are written with <p> (markdown-it's `hidden`).
 */
import type { MarkdownIt, StateCore, Token } from 'markdown-it';

const LEAVES = new Set(['paragraph_open', 'heading_open', 'hr', 'html_block', 'code_block', 'fence', 'table_open']);

/** A line is blank once the blockquote markers before it are left out. */
function blankLines(src: string): boolean[] {
  return src.split('\n').map((line) => /^[ \t>]*$/.test(line));
}

/** Whether the blank line `blank` counts for the item (ListItemParser::tryContinue's activeBlock check). */
function blankCounts(tokens: Token[], from: number, to: number, blank: number, isBlank: boolean[]): boolean {
  if (blank > 0 && isBlank[blank - 1]) {
    // A second blank line: the blocks the first one closed are gone, unless it is inside an indented code block.
    for (let i = from; i < to; i++) {
      const token = tokens[i]!;
      if (token.type === 'code_block' && token.map !== null && token.map[0] < blank && blank < token.map[1])
        return false;
    }
    return true;
  }
  // The innermost leaf block holding the line before the blank one.
  let leaf: Token | undefined;
  for (let i = from; i < to; i++) {
    const token = tokens[i]!;
    if (LEAVES.has(token.type) && token.map !== null && token.map[0] <= blank - 1 && blank - 1 < token.map[1])
      leaf = token;
  }
  if (leaf === undefined) return true;
  // A fence its closing line ended is closed; the others stay open at the blank line.
  return leaf.type === 'paragraph_open' || leaf.type === 'fence';
}

function closeOf(tokens: Token[], open: number): number {
  const type = tokens[open]!.type.replace(/_open$/, '_close');
  for (let i = open + 1; i < tokens.length; i++) {
    if (tokens[i]!.type === type && tokens[i]!.level === tokens[open]!.level) return i;
  }
  return tokens.length;
}

function listIsLoose(tokens: Token[], open: number, close: number, isBlank: boolean[]): boolean {
  const itemLevel = tokens[open]!.level + 1;
  let first = true;
  for (let i = open + 1; i < close; i++) {
    const item = tokens[i]!;
    if (item.type !== 'list_item_open' || item.level !== itemLevel) continue;
    const itemClose = closeOf(tokens, i);
    // ListBlockParser::canContain: a blank line right before a new item.
    if (!first && item.map !== null && item.map[0] > 0 && isBlank[item.map[0] - 1]) return true;
    first = false;
    // ListItemParser::canContain: a block added to the item after a blank line that counts.
    let firstChild = true;
    for (let c = i + 1; c < itemClose; c++) {
      const child = tokens[c]!;
      if (child.level !== itemLevel + 1 || child.nesting === -1 || child.map === null) continue;
      if (firstChild) {
        firstChild = false;
        continue;
      }
      let blank = child.map[0] - 1;
      const itemStart = item.map?.[0] ?? 0;
      while (blank > itemStart && !isBlank[blank]) blank--;
      if (blank > itemStart && isBlank[blank] && blankCounts(tokens, i + 1, c, blank, isBlank)) return true;
    }
    i = itemClose;
  }
  return false;
}

export function useLeagueTightLists(md: MarkdownIt): void {
  md.core.ruler.after('block', 'league_tight_lists', (state: StateCore) => {
    const tokens = state.tokens;
    let isBlank: boolean[] | undefined;
    for (let open = 0; open < tokens.length; open++) {
      const type = tokens[open]!.type;
      if (type !== 'bullet_list_open' && type !== 'ordered_list_open') continue;
      isBlank ??= blankLines(state.src);
      const close = closeOf(tokens, open);
      const tight = !listIsLoose(tokens, open, close, isBlank);
      const level = tokens[open]!.level + 2;
      for (let i = open + 1; i < close; i++) {
        if (tokens[i]!.level === level && tokens[i]!.type === 'paragraph_open') {
          tokens[i]!.hidden = tight;
          tokens[i + 2]!.hidden = tight;
        }
      }
    }
  });
}
