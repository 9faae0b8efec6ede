/**
 * Twig sources whose only tags are plain variables (`{{ name }}`) rendered without twig.js, with the same output.
 *
 * Why: a replacement value lands in the HTML before Twig runs (docs/spec/mailcoach-reference.md#44-templates-at-send-time-v8-mailsconcernsusesmailcoachtemplatephp-actionsrendertemplateactionphp step 5), so a client's megabyte of
 * `{{ a }}` became 140,000 expressions for twig.js to tokenize and compile, seconds and hundreds of megabytes on a
 * render worker for one request (docs/performance.md#2026-11-25-314fe79-plain-twig-variables-rendered-without-twigjs). This path is one scan and one output string. Anything else (a filter, a block, a
 * comment, an expression, a value that is not a string, a name Twig treats specially) returns undefined, and
 * twig.js renders it as before. test/unit/twig-variables.test.ts checks the two agree.
 */

/** The start of any Twig tag: `{{`, `{%` or `{#`. */
const TAG_START = /\{[{%#]/g;
/** `{{ name }}`, with the whitespace twig.js trims inside the delimiters. */
const VARIABLE_TAG = /\{\{[ \t\r\n]*([A-Za-z][A-Za-z0-9_]*)[ \t\r\n]*\}\}/y;
/** Words twig.js reads as a literal or an operator, not as a variable. `_`-names (`_context`...) are excluded by the pattern. */
const SPECIAL_NAMES = new Set([
  'true',
  'false',
  'null',
  'none',
  'not',
  'and',
  'or',
  'in',
  'is',
  'matches',
  'starts',
  'ends',
  'loop',
]);

/** twig.js's escape filter, strategy html (what autoescape applies to every printed value). */
function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#039;');
}

/** `source` rendered with `context` when all its tags are plain variables holding strings (or absent), else undefined. */
export function renderVariablesOnly(source: string, context: Record<string, unknown>): string | undefined {
  const parts: string[] = [];
  let copied = 0;
  TAG_START.lastIndex = 0;
  for (let start = TAG_START.exec(source); start !== null; start = TAG_START.exec(source)) {
    if (start[0] !== '{{') return undefined;
    VARIABLE_TAG.lastIndex = start.index;
    const tag = VARIABLE_TAG.exec(source);
    if (tag === null) return undefined;
    const name = tag[1] as string;
    if (SPECIAL_NAMES.has(name.toLowerCase())) return undefined;
    const property = Object.getOwnPropertyDescriptor(context, name);
    // An inherited name (`constructor`, `toString`) is something to twig.js, and a getter may throw: left to it.
    if (property === undefined ? name in context : !('value' in property)) return undefined;
    const value: unknown = property?.value;
    if (value !== undefined && value !== null && typeof value !== 'string') return undefined;
    parts.push(source.slice(copied, start.index), escapeHtml(value ?? ''));
    copied = VARIABLE_TAG.lastIndex;
    TAG_START.lastIndex = copied;
  }
  parts.push(source.slice(copied));
  return parts.join('');
}
