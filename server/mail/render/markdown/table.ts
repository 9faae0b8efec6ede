/**
 * league/commonmark 2.3's TableExtension (Extension/Table/) as a markdown-it block rule, replacing markdown-it's GFM
 * table: TableStartParser (the separator line turns the paragraph's last line into the header; the header may have
 * fewer cells than the separator has columns, not more), TableParser (rows go on while a line holds a `|`; a row
 * has exactly the header's cell count; `split` unescapes `\|`) and TableCellRenderer (`align="..."`).
 */
import type { MarkdownIt, StateBlock } from 'markdown-it';

type Align = 'left' | 'center' | 'right' | null;

function lineText(state: StateBlock, line: number): string {
  return state.src.slice(state.bMarks[line]! + state.tShift[line]!, state.eMarks[line]);
}

/** TableStartParser::parseSeparator: the columns' alignments, or null when the line is no separator. */
function parseSeparator(line: string): Align[] | null {
  const columns: Align[] = [];
  let pipes = 0;
  let valid = false;
  let i = 0;
  while (i < line.length) {
    const c = line[i]!;
    if (c === '|') {
      i++;
      pipes++;
      if (pipes > 1) return null;
      valid = true;
    } else if (c === '-' || c === ':') {
      if (pipes === 0 && columns.length > 0) return null;
      let left = false;
      let right = false;
      if (c === ':') {
        left = true;
        i++;
      }
      const dashes = /^-+/.exec(line.slice(i));
      if (dashes === null) return null;
      i += dashes[0].length;
      if (line[i] === ':') {
        right = true;
        i++;
      }
      columns.push(left && right ? 'center' : left ? 'left' : right ? 'right' : null);
      pipes = 0;
    } else if (c === ' ' || c === '\t') {
      i++;
    } else {
      return null;
    }
  }
  return valid ? columns : null;
}

/** TableParser::split. */
function splitRow(row: string): string[] {
  const line = row.trim();
  let i = line[0] === '|' ? 1 : 0;
  const cells: string[] = [];
  let cell = '';
  for (; i < line.length; i++) {
    const c = line[i]!;
    if (c === '\\') {
      if (line[i + 1] === '|') {
        cell += '|';
        i++;
      } else {
        cell += '\\';
      }
    } else if (c === '|') {
      cells.push(cell);
      cell = '';
    } else {
      cell += c;
    }
  }
  if (cell !== '') cells.push(cell);
  return cells;
}

/** The rules that would start another block at the header line: league's header is a paragraph's line. */
const OTHER_STARTS = ['fence', 'blockquote', 'hr', 'list', 'html_block', 'heading'];

type BlockRule = (state: StateBlock, startLine: number, endLine: number, silent: boolean) => boolean;

/** The first line of the paragraph being read, for the table rule when it is asked whether a line ends it. */
const PARAGRAPH_START = new WeakMap<StateBlock, number>();

function leagueTable(otherStarts: readonly BlockRule[]): BlockRule {
  return (state, startLine, endLine, silent) => table(state, startLine, endLine, silent, otherStarts);
}

function table(
  state: StateBlock,
  startLine: number,
  endLine: number,
  silent: boolean,
  otherStarts: readonly BlockRule[],
): boolean {
  if (startLine + 1 >= endLine) return false;
  if (state.sCount[startLine]! - state.blkIndent >= 4) return false;
  // A lazy header line (outside the list item the separator continues) is not followed here.
  if (state.sCount[startLine]! < state.blkIndent) return false;
  const separatorLine = startLine + 1;
  if (state.sCount[separatorLine]! < state.blkIndent) return false;
  const separator = lineText(state, separatorLine);
  // ListBlockStartParser (priority 10) comes before TableStartParser (0): `- |:-:|` is a list item.
  if (/^-[ \t]+\S/.test(separator)) return false;
  const columns = parseSeparator(separator);
  if (columns === null || columns.length === 0) return false;
  // TableStartParser: the paragraph's content, any line of it, holds a `|`; its last line is the header. (Asked
  // after the separator, which almost every line fails: the paragraph is read only below a separator.)
  const header = lineText(state, startLine);
  const paragraphStart = silent ? (PARAGRAPH_START.get(state) ?? startLine) : startLine;
  let pipe = false;
  for (let line = startLine; line >= paragraphStart && !pipe; line--) pipe = lineText(state, line).includes('|');
  if (!pipe) return false;
  const headerCells = splitRow(header);
  if (headerCells.length > columns.length) return false;
  if (!silent) {
    for (const start of otherStarts) if (start(state, startLine, endLine, true)) return false;
  }
  if (silent) return true;

  const push = (type: string, tag: string, nesting: -1 | 0 | 1) => state.push(type, tag, nesting);
  const cell = (kind: 'th' | 'td', content: string, column: number): void => {
    const open = push(`${kind}_open`, kind, 1);
    const align = columns[column] ?? null;
    if (align !== null) open.attrs = [['align', align]];
    const inline = push('inline', '', 0);
    inline.content = content.trim();
    inline.map = [startLine, startLine + 1];
    inline.children = [];
    push(`${kind}_close`, kind, -1);
  };
  const tableOpen = push('table_open', 'table', 1);
  push('thead_open', 'thead', 1);
  push('tr_open', 'tr', 1);
  headerCells.forEach((content, column) => {
    cell('th', content, column);
  });
  push('tr_close', 'tr', -1);
  push('thead_close', 'thead', -1);
  let line = separatorLine + 1;
  let body = false;
  for (; line < endLine; line++) {
    // TableParser::tryContinue: a line with `|` is a row; TableParser::canHaveLazyContinuationLines: so is any other
    // line that is not blank and starts no other block (DocumentParser tries the block starts first).
    // A line outside the container (less indented than a list item's content) is a lazy one.
    const lazy = state.sCount[line]! < state.blkIndent;
    const row = lineText(state, line);
    if (row.trim() === '') break;
    if (lazy || !row.includes('|')) {
      if (!lazy && state.sCount[line]! - state.blkIndent >= 4) break;
      if (otherStarts.some((start) => start(state, line, endLine, true))) break;
    }
    if (!body) {
      push('tbody_open', 'tbody', 1);
      body = true;
    }
    const cells = splitRow(row);
    push('tr_open', 'tr', 1);
    for (let column = 0; column < headerCells.length; column++) cell('td', cells[column] ?? '', column);
    push('tr_close', 'tr', -1);
  }
  if (body) push('tbody_close', 'tbody', -1);
  push('table_close', 'table', -1);
  tableOpen.map = [startLine, line];
  state.line = line;
  return true;
}

export function useLeagueTables(md: MarkdownIt): void {
  // The rules' functions by name (Ruler keeps them in __rules__; getRules gives them without names).
  const rules = (md.block.ruler as unknown as { __rules__: { name: string; fn: BlockRule }[] }).__rules__;
  const otherStarts = OTHER_STARTS.map((name) => rules.find((rule) => rule.name === name)?.fn).filter(
    (fn) => fn !== undefined,
  );
  md.block.ruler.at('table', leagueTable(otherStarts), { alt: ['paragraph', 'reference'] });
  const paragraph = rules.find((rule) => rule.name === 'paragraph')!.fn;
  md.block.ruler.at('paragraph', (state, startLine, endLine, silent) => {
    const outer = PARAGRAPH_START.get(state);
    PARAGRAPH_START.set(state, startLine);
    try {
      return paragraph(state, startLine, endLine, silent);
    } finally {
      if (outer === undefined) PARAGRAPH_START.delete(state);
      else PARAGRAPH_START.set(state, outer);
    }
  });
}
