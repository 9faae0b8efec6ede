/** Twig 3's lexer where twig.js's differs: whitespace control and trimming comments (installed by twig-semantics.ts). */
import type { TemplateToken } from './twig-internals.js';

/**
 * What Twig's lexer trims: `~` the spaces and tabs of a line (whitespace_line_chars) on either side; `-` before
 * the tag what rtrim() trims, after it what PCRE's \s matches. twig.js trims with JavaScript's trimEnd() and
 * trimStart(), which take a no-break space and the other Unicode spaces too.
 */
const LINE_SPACE = ' \t\0\x0B';
const SPACE_BEFORE = ' \t\n\r\0\x0B';
const SPACE_AFTER = ' \t\n\x0B\f\r';
const TAGS = new Set(['output', 'logic', 'comment']);
/** twig.js's whitespace-control tags, the plain tag each is, and which sides it trims. */
const TRIMMING: Record<string, { plain: string; before: boolean; after: boolean }> = {
  output_whitespace_pre: { plain: 'output', before: true, after: false },
  output_whitespace_post: { plain: 'output', before: false, after: true },
  output_whitespace_both: { plain: 'output', before: true, after: true },
  logic_whitespace_pre: { plain: 'logic', before: true, after: false },
  logic_whitespace_post: { plain: 'logic', before: false, after: true },
  logic_whitespace_both: { plain: 'logic', before: true, after: true },
};

/** `text` without the characters of `chars` at its end (a loop: a pattern like /[ ]*$/ is quadratic on spaces). */
function trimEndOf(text: string, chars: string): string {
  let end = text.length;
  while (end > 0 && chars.includes(text[end - 1] as string)) end--;
  return end === text.length ? text : text.slice(0, end);
}

function trimStartOf(text: string, chars: string): string {
  let start = 0;
  while (start < text.length && chars.includes(text[start] as string)) start++;
  return start === 0 ? text : text.slice(start);
}

/**
 * What twig.js's tokenizer does not do as Twig's lexer does, mended on its tokens: `{{~`, `{%~`, `{#~` and their
 * closings trim the spaces and tabs (not newlines) beside the tag; `-` trims Twig's whitespace (not JavaScript's);
 * a comment's `-` trims too; and a newline right after `#}` is dropped as after `%}` (not after `~%}`, where
 * twig.js dropped it). One pass, each token looked at once.
 */
export function lexLikeTwig(tokens: TemplateToken[], template: string): TemplateToken[] {
  const out: TemplateToken[] = [];
  const raw = (token: TemplateToken | undefined) => (token?.type === 'raw' ? token : undefined);
  const trimBefore = (chars: string) => {
    const before = raw(out.at(-1));
    if (before !== undefined) before.value = trimEndOf(before.value, chars);
  };
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i] as TemplateToken;
    out.push(token);
    const after = raw(tokens[i + 1]);
    const trimAfter = (chars: string) => {
      if (after !== undefined) after.value = trimStartOf(after.value, chars);
    };
    const trimming = TRIMMING[token.type];
    if (trimming !== undefined) {
      // `{{-` and `-}}` trimmed here with Twig's characters; twig.js then sees a plain tag and trims nothing.
      out.pop();
      if (trimming.before) trimBefore(SPACE_BEFORE);
      if (trimming.after) trimAfter(SPACE_AFTER);
      token.type = trimming.plain;
      out.push(token);
      continue;
    }
    if (!TAGS.has(token.type)) continue;
    // The character right after the two-character opening and right before the two-character closing.
    const opening = template[token.position.start + 2];
    const closing = template[token.position.end - 3];
    if (opening === '~') {
      token.value = token.value.slice(1).trim();
      out.pop();
      trimBefore(LINE_SPACE);
      out.push(token);
    }
    if (closing === '~') {
      token.value = token.value.slice(0, -1).trim();
      if (token.type === 'logic' && template[token.position.end] === '\n') {
        // twig.js dropped the newline after `%}`; Twig keeps it after `~%}`.
        if (after !== undefined && after.position.start === token.position.end + 1) after.value = `\n${after.value}`;
        else
          out.push({ type: 'raw', value: '\n', position: { start: token.position.end, end: token.position.end + 1 } });
      } else trimAfter(LINE_SPACE);
    }
    if (token.type !== 'comment') continue;
    if (opening === '-') {
      out.pop();
      trimBefore(SPACE_BEFORE);
      out.push(token);
    }
    if (after === undefined || closing === '~') continue;
    if (closing === '-') trimAfter(SPACE_AFTER);
    else if (after.position.start === token.position.end && after.value.startsWith('\n'))
      after.value = after.value.slice(1);
  }
  return out;
}
