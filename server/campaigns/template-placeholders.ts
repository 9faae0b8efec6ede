/**
 * The `[[[name]]]` / `[[[name:type]]]` placeholders of a campaign template, found where Mailcoach's
 * `/\[\[\[(.*?)\]\]\]/` finds them (TemplateRenderer), in linear time.
 *
 * Why not the regex: from every `[[[` it tries, `.*?` runs to the end of the line looking for `]]]`, so a line of
 * many `[` takes quadratic time, and held the event loop for seconds, /healthz unanswered meanwhile
 * (docs/performance.md#2026-11-26-a9a7f94-campaign-template-placeholders-in-linear-time). Here each search
 * resumes where the last one stopped: a start that finds no `]]]` before the end of its line rules out every
 * start before that line's end too (`.` matches no line terminator).
 * test/unit/template-placeholders.test.ts compares the two.
 */

export interface Placeholder {
  /** Offsets of the whole `[[[…]]]`. */
  start: number;
  end: number;
  /** What is between the brackets. */
  text: string;
}

const OPEN = '[[[';
const CLOSE = ']]]';

/** The matches of `/\[\[\[(.*?)\]\]\]/g`, in order. */
export function* placeholders(html: string): Generator<Placeholder> {
  // The next `]]]` and line terminator at or after where they were last looked for (-1: none left).
  let close = -2;
  let terminator = -2;
  let from = 0;
  while (from < html.length) {
    const open = html.indexOf(OPEN, from);
    if (open === -1) return;
    const inner = open + OPEN.length;
    if (close !== -1 && close < inner) close = html.indexOf(CLOSE, inner);
    if (close === -1) return;
    if (terminator !== -1 && terminator < inner) terminator = nextLineTerminator(html, inner);
    if (terminator !== -1 && terminator < close) {
      from = terminator + 1;
      continue;
    }
    yield { start: open, end: close + CLOSE.length, text: html.slice(inner, close) };
    from = close + CLOSE.length;
  }
}

/** The first of \n, \r, U+2028, U+2029 (what `.` does not match) at or after `from`, or -1. */
function nextLineTerminator(text: string, from: number): number {
  for (let i = from; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 0x0a || code === 0x0d || code === 0x2028 || code === 0x2029) return i;
  }
  return -1;
}

/** `html.replace(/\[\[\[(.*?)\]\]\]/g, (match, text) => replace(text))`. */
export function replacePlaceholders(html: string, replace: (text: string) => string): string {
  const parts: string[] = [];
  let last = 0;
  for (const { start, end, text } of placeholders(html)) {
    parts.push(html.slice(last, start), replace(text));
    last = end;
  }
  if (last === 0) return html;
  parts.push(html.slice(last));
  return parts.join('');
}

/**
 * TemplateRenderer::fields(): every `[[[name]]]` / `[[[name:type]]]` in order, repeats dropped, the type `editor`
 * when not given; a template without any has one editor field, `html`. (PHP's array_unique can leave holes that
 * turn the list into an object; the emulator always answers a list.)
 */
export function templateFields(html: string): Array<{ name: string; type: string }> {
  const seen = new Set<string>();
  const fields: Array<{ name: string; type: string }> = [];
  for (const { text: placeholder } of placeholders(html)) {
    if (seen.has(placeholder)) continue;
    seen.add(placeholder);
    const [name, type] = placeholder.split(':', 2) as [string, string | undefined];
    fields.push({ name, type: type ?? 'editor' });
  }
  return fields.length === 0 ? [{ name: 'html', type: 'editor' }] : fields;
}
