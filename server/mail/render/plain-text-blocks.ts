/**
 * html-to-text 10.0.1's block stack items without word wrap (plain-text-fast.ts): a block's lines of words, the
 * text of the blocks closed in it, and the line breaks owed before and after; and its lists, whose items are
 * formatted once the list has closed, when the widest prefix is known.
 */

/** InlineTextBuilder without word wrap: lines of words. */
export interface Block {
  lines: string[][];
  words: string[];
  stashedSpace: boolean;
  rawText: string;
  stashedLineBreaks: number;
  leadingLineBreaks: number;
}

export const newBlock = (leadingLineBreaks: number): Block => ({
  lines: [],
  words: [],
  stashedSpace: false,
  rawText: '',
  stashedLineBreaks: 0,
  leadingLineBreaks,
});

export function textOf(item: Block): string {
  if (item.lines.length === 0 && item.words.length === 0) return item.rawText;
  let inline = '';
  for (const line of item.lines) inline += line.join(' ') + '\n';
  return item.rawText + inline + item.words.join(' ');
}

export function startNewLine(item: Block, count: number): void {
  item.lines.push(item.words);
  for (let extra = 1; extra < count; extra++) item.lines.push([]);
  item.words = [];
}

/** html-to-text's addText(): a closed block's text appended to its parent. */
export function addText(parent: Block, text: string, leadingLineBreaks: number, trailingLineBreaks: number): void {
  const parentText = textOf(parent);
  const lineBreaks = Math.max(parent.stashedLineBreaks, leadingLineBreaks);
  parent.lines = [];
  parent.words = [];
  if (parentText) {
    parent.rawText = parentText + '\n'.repeat(lineBreaks) + text;
  } else {
    parent.rawText = text;
    parent.leadingLineBreaks = lineBreaks;
  }
  parent.stashedLineBreaks = trailingLineBreaks;
}

/** A list item's text as closeListItem() found it, before its prefix: formatted when the list closes. */
export interface ListItemText {
  prefix: string;
  text: string;
  leadingLineBreaks: number;
  stashedLineBreaks: number;
}

/**
 * closeListItem() for each item, then closeList(): the items' text, each prefixed (padded to the widest `li`
 * prefix) and its lines indented under it, added to `parent` as one block. Nothing for a list without items.
 */
export function addList(parent: Block, items: readonly ListItemText[], nested: boolean): void {
  if (items.length === 0) return;
  // A loop, not Math.max(...): a list may have more items than a call has room for arguments.
  let widestPrefix = 0;
  for (const item of items) widestPrefix = Math.max(widestPrefix, item.prefix.length);
  const list = newBlock(nested ? 1 : 2);
  for (const item of items) {
    const prefixLength = Math.max(item.prefix.length, widestPrefix);
    const spacing = '\n' + ' '.repeat(prefixLength);
    const text = item.prefix.padEnd(prefixLength) + item.text.replace(/\n/g, spacing);
    // A list's rows are one line break apart (interRowLineBreaks).
    addText(list, text, item.leadingLineBreaks, Math.max(item.stashedLineBreaks, 1));
  }
  const text = textOf(list);
  if (text) addText(parent, text, list.leadingLineBreaks, nested ? 1 : 2);
}
