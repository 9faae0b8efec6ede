/**
 * league/html-to-markdown 5.1's block converters: ParagraphConverter, HeaderConverter, BlockquoteConverter,
 * ListItemConverter, PreformattedConverter (DivConverter, ListBlockConverter and HorizontalRuleConverter are
 * one line each, in walk.ts). Each takes what its PHP class reads from the element, already looked up.
 */
import { isPhpBlank, mbStrlen, phpIntSum, phpIntval, phpLtrim, phpRtrim, phpTrim } from './php.js';

/** preg_split('/\r\n|\r|\n/', ...) */
const LINE_BREAK = /\r\n|\r|\n/;
const HAS_LINE_BREAK = /[\r\n]/;
/** ParagraphConverter::escapeOtherCharactersRegex(): digits then `)` or `.` then a space or the end. */
const ORDERED_MARKER = /^[0-9]+(?=[).](?: |$))/;

/** ParagraphConverter::escapeFirstCharacters() ('---' and '- - -' begin with '--' and '- ', already listed). */
function escapeFirstCharacters(line: string): string {
  const trimmed = phpLtrim(line);
  const first = trimmed.charCodeAt(0);
  if (first === 0x3e /* > */) return '\\' + trimmed;
  if (first === 0x2d /* - */ || first === 0x2b /* + */) {
    const second = trimmed.charCodeAt(1);
    if (second === 0x20 || (first === 0x2d && second === 0x2d)) return '\\' + trimmed;
    return line;
  }
  if (first === 0x7e /* ~ */ && trimmed.startsWith('~~~')) return '\\' + trimmed;
  return line;
}

/** ParagraphConverter::escapeSpecialCharacters() on one line. */
function escapeLine(line: string): string {
  line = escapeFirstCharacters(line);
  // escapeOtherCharacters(): the first '<!--' gets a backslash.
  const comment = line.indexOf('<!--');
  if (comment !== -1) line = line.slice(0, comment) + '\\' + line.slice(comment);
  // escapeOtherCharactersRegex()
  const marker = ORDERED_MARKER.exec(line);
  if (marker !== null) line = marker[0] + '\\' + line.slice(marker[0].length);
  return line;
}

/** ParagraphConverter::convert() */
export function convertParagraph(value: string): string {
  let markdown: string;
  if (!HAS_LINE_BREAK.test(value)) {
    markdown = escapeLine(value) + '\n';
  } else {
    const lines = value.split(LINE_BREAK);
    for (let i = 0; i < lines.length; i++) lines[i] = escapeLine(lines[i] as string);
    markdown = lines.join('\n') + '\n';
  }
  return isPhpBlank(markdown) ? '' : phpRtrim(markdown) + '\n\n';
}

/** HeaderConverter::convert() with header_style 'setext': `level` is the digit of h1-h6. */
export function convertHeader(level: number, value: string, inBlockquote: boolean): string {
  if (value.length === 0) return '\n';
  if ((level === 1 || level === 2) && !inBlockquote) {
    // createSetextHeader(): the underline is as long as the content in code points (mb_strlen).
    return value + '\n' + (level === 1 ? '=' : '-').repeat(mbStrlen(value)) + '\n\n';
  }
  return '#'.repeat(level) + ' ' + value + '\n\n';
}

/** BlockquoteConverter::convert() */
export function convertBlockquote(value: string): string {
  const content = phpTrim(value);
  if (!HAS_LINE_BREAK.test(content)) return '> ' + content + '\n\n';
  const lines = content.split(LINE_BREAK);
  return '> ' + lines.join('\n> ') + '\n\n';
}

/**
 * ListItemConverter::convert() with list_item_style '-' and no alternate style. `parentName` is the <li>'s
 * parent's name (the list type), `level` the <li> ancestors (getListItemLevel()), `position` its
 * getSiblingPosition(), `start` the parent's start attribute.
 */
export function convertListItem(
  value: string,
  parentName: string,
  level: number,
  position: number,
  start: string,
): string {
  const inner = phpTrim(value);
  const text = phpTrim(inner.indexOf('\n') === -1 ? inner : inner.split('\n').join('\n    '));
  const prefix = level > 0 && position === 1 ? '\n' : '';
  if (parentName === 'ul') return prefix + '- ' + text + '\n';
  let number: string;
  const startNumber = parentName === 'ol' && start !== '' ? phpIntval(start) : 0n;
  if (startNumber !== 0n) number = phpIntSum(startNumber, position);
  else number = String(position);
  return prefix + number + '. ' + text + '\n';
}

/** PreformattedConverter::convert(), given html_entity_decode($element->getChildrenAsString()). */
export function convertPreformatted(childrenAsString: string): string {
  let content =
    childrenAsString.indexOf('<pre>') === -1 && childrenAsString.indexOf('</pre>') === -1
      ? childrenAsString
      : childrenAsString.split('<pre>').join('').split('</pre>').join('');
  // Already a converted <code>: its backticks begin and end the trimmed content.
  const trimmed = phpTrim(content);
  if (trimmed.length > 0 && trimmed.charCodeAt(0) === 0x60 && trimmed.charCodeAt(trimmed.length - 1) === 0x60) {
    return content + '\n\n';
  }
  if (content === '') return '```\n```\n\n';
  if (content.indexOf('\r') !== -1) content = content.split(LINE_BREAK).join('\n');
  if (content.charCodeAt(content.length - 1) !== 0x0a) content += '\n';
  return '```\n' + content + '```\n\n';
}
