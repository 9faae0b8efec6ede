/**
 * TextConverter::convert() (league/html-to-markdown 5.1). A text node that none of its steps changes is returned as
 * it is; another goes through one pass over its characters (or, when long, one native replace per step):
 *
 *   ltrim($text, "\n");
 *   preg_replace('~\s+~u', ' ', ...)            whitespace runs to one space; PHP's /u turns on PCRE2_UCP, so \s
 *                                                is Unicode's: U+0085, U+00A0, U+1680, U+180E, U+2000-U+200A,
 *                                                U+2028, U+2029, U+202F, U+205F, U+3000 besides ASCII's
 *   preg_replace('~([*_\[\]\\\\])~u', '\\\\$1')  unless the parent is a <div>
 *   preg_replace('~^#~u', '\\\\#', ...)
 *   ' ' before a block (or nothing) becomes ''   (the walk decides that: it needs the tree)
 *   htmlspecialchars($text, ENT_NOQUOTES)        & < > as &amp; &lt; &gt;, which the text part keeps
 */

/** ASCII characters a step changes: 1 for the escaped ones and whitespace but the space, 2 for the space. */
const ASCII_CLASS = new Uint8Array(128);
for (const character of '*_[]\\&<>\t\n\v\f\r') ASCII_CLASS[character.charCodeAt(0)] = 1;
ASCII_CLASS[0x20] = 2;

/**
 * Whether no step changes the text (no whitespace but lone spaces, nothing to escape, no leading `#`): the
 * common text node, returned as it is.
 */
function isUnchanged(value: string): boolean {
  if (value.charCodeAt(0) === 0x23) return false;
  let afterSpace = false;
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code < 0x80) {
      const kind = ASCII_CLASS[code] as number;
      if (kind === 0) {
        afterSpace = false;
        continue;
      }
      if (kind === 2 && !afterSpace) {
        afterSpace = true;
        continue;
      }
      return false;
    }
    if (code >= 0x85 && isSpace(code)) return false;
    afterSpace = false;
  }
  return true;
}

/** Past this length the steps run as PHP runs them, one native replace each: fewer, bigger strings than the loop's. */
const LONG_TEXT = 2048;
const LEADING_LINE_FEEDS = /^\n+/;
/** A whitespace run other than a lone space: what `~\s+~u` → ' ' changes. */
const SPACE_RUN =
  /[\t\n\v\f\r\x85\xa0\u1680\u180e\u2000-\u200a\u2028\u2029\u202f\u205f\u3000][\t\n\v\f\r \x85\xa0\u1680\u180e\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]*| [\t\n\v\f\r \x85\xa0\u1680\u180e\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+/g;
const MARKDOWN_CHARACTER = /[*_[\]\\]/g;
const AMPERSAND = /&/g;
const LESS_THAN = /</g;
const GREATER_THAN = />/g;

function convertLongText(value: string, escapeMarkdown: boolean): string {
  let markdown = value.replace(LEADING_LINE_FEEDS, '').replace(SPACE_RUN, ' ');
  if (escapeMarkdown) markdown = markdown.replace(MARKDOWN_CHARACTER, '\\$&');
  if (markdown.charCodeAt(0) === 0x23) markdown = '\\' + markdown;
  if (markdown.indexOf('&') !== -1) markdown = markdown.replace(AMPERSAND, '&amp;');
  if (markdown.indexOf('<') !== -1) markdown = markdown.replace(LESS_THAN, '&lt;');
  if (markdown.indexOf('>') !== -1) markdown = markdown.replace(GREATER_THAN, '&gt;');
  return markdown;
}

function isSpace(code: number): boolean {
  if (code <= 0x20) return code === 0x20 || (code >= 0x09 && code <= 0x0d);
  if (code < 0x85) return false;
  return (
    code === 0x85 ||
    code === 0xa0 ||
    code === 0x1680 ||
    code === 0x180e ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000
  );
}

/**
 * The text node's Markdown, before the walk's "a lone space before a block is dropped" rule. `escapeMarkdown`
 * is false for a text node whose parent is a <div>.
 */
export function convertText(value: string, escapeMarkdown: boolean): string {
  if (isUnchanged(value)) return value;
  if (value.length > LONG_TEXT) return convertLongText(value, escapeMarkdown);
  let start = 0;
  while (start < value.length && value.charCodeAt(start) === 10) start++;
  // Whitespace only (the indentation between tags): one space, or nothing once the line feeds are gone.
  let blank = start;
  while (blank < value.length && isSpace(value.charCodeAt(blank))) blank++;
  if (blank === value.length) return start === value.length ? '' : ' ';
  let out = '';
  let from = start;
  let i = start;
  for (; i < value.length; i++) {
    const code = value.charCodeAt(i);
    let replacement: string;
    if (isSpace(code)) {
      let end = i + 1;
      while (end < value.length && isSpace(value.charCodeAt(end))) end++;
      if (code === 0x20 && end === i + 1) continue;
      out += value.slice(from, i) + ' ';
      from = end;
      i = end - 1;
      continue;
    } else if (code === 0x26) {
      replacement = '&amp;';
    } else if (code === 0x3c) {
      replacement = '&lt;';
    } else if (code === 0x3e) {
      replacement = '&gt;';
    } else if (escapeMarkdown && (code === 0x2a || code === 0x5f || code === 0x5b || code === 0x5d || code === 0x5c)) {
      replacement = '\\' + value[i];
    } else {
      continue;
    }
    out += value.slice(from, i) + replacement;
    from = i + 1;
  }
  out += value.slice(from, i);
  return out.charCodeAt(0) === 0x23 ? '\\' + out : out;
}
