/**
 * A templated mail's text part from its template's text, computed once per template version instead of once per
 * send. html-to-text parses and formats the whole document: about 0.6 ms for an 8 KB MJML mail, the largest cost
 * of a templated send once MJML and CSS inlining are cached. When the `::key::` placeholders of the template's
 * HTML sit where html-to-text copies text through unchanged, and the values cannot change how the document
 * parses or is formatted, then
 *
 *   htmlToText(replace(html)) === replace(htmlToText(html))
 *
 * and the right side costs a few string replacements. Both conditions are checked, and any send that fails one
 * takes the per-send path (htmlToText of the final HTML), which is always right:
 *
 * - per template: the placeholders considered are `::key::` with a key of letters, digits, `_`, `.`, `-` (a
 *   value for any other key that occurs sends the mail down the per-send path), none overlaps another, the
 *   text holds no probe-like string, and replacing each placeholder with a probe (`qzx0q`, `qzx1q`...) before converting
 *   gives exactly the text with the same replacements made after converting. That rules out contexts that
 *   transform text (uppercased headings, entity-encoded placeholders, dropped attributes) for every placeholder
 *   at once;
 * - per send: every value replaced is non-empty, has no whitespace but single inner spaces, none of
 *   `< > & " ' { }`, no control character, no `::`, does not start or end with `:`, and does not start with `#`
 *   or `mailto:` (html-to-text drops such link targets or their prefix). Such a value is copied through by
 *   html-to-text wherever the probe was, and cannot start a tag, an entity, a Twig tag or a new placeholder.
 *
 * Replacement order is Mailcoach's: the replacements in order, then `::subject::` (server/mail/render/
 * replacements.ts); with values free of `::`, no replacement can create or hide another placeholder.
 */
import { htmlToText } from './html.js';
import { boundedMemo } from '../../bounded-cache.js';
import { TEMPLATE_SOURCES } from './cache-limits.js';
import { hasOverlappingPlaceholders, PLACEHOLDER } from './placeholders.js';
import type { Replacements } from './replacements.js';

interface TemplateText {
  /** htmlToText(html): the placeholders still in it. */
  text: string;
  /** The keys whose `::key::` occurs in the HTML. */
  keys: Set<string>;
}

const PROBE_PREFIX = 'qzx';
/** Whitespace other than a plain space, the characters that start markup, and control characters. */
const UNSAFE_CHARACTER = /[^\S ]|[<>&"'{}\u0000-\u001f\u007f\u200b]/;

/**
 * htmlToText(final HTML), where the final HTML is `html` with Mailcoach's replacements and `::subject::` made;
 * undefined when this send must convert the final HTML itself.
 */
export function textFromTemplate(html: string, replacements: Replacements, subject: string): string | undefined {
  const template = templateText(html);
  if (template === null) return undefined;
  let text = template.text;
  const replace = (key: string, value: string): boolean => {
    if (!template.keys.has(key)) return !html.includes(`::${key}::`);
    if (!isSafeValue(value)) return false;
    text = text.split(`::${key}::`).join(value);
    return true;
  };
  for (const [key, value] of Object.entries(replacements)) {
    if (typeof value === 'string' && !replace(key, value)) return undefined;
  }
  // A `subject` replacement has replaced `::subject::` already; then this finds none.
  if (!replace('subject', subject)) return undefined;
  return text;
}

function isSafeValue(value: string): boolean {
  return (
    value !== '' &&
    !UNSAFE_CHARACTER.test(value) &&
    !value.startsWith(' ') &&
    !value.endsWith(' ') &&
    !value.includes('  ') &&
    !value.includes('::') &&
    !value.startsWith(':') &&
    !value.endsWith(':') &&
    !value.startsWith('#') &&
    !/^mailto:/i.test(value)
  );
}

const templateText = boundedMemo(TEMPLATE_SOURCES, prepare);

function prepare(html: string): TemplateText | null {
  // Overlapping placeholders (`::a::b::`) make the result depend on the order of replacement: not cached.
  if (hasOverlappingPlaceholders(html)) return null;
  const keys = new Set([...html.matchAll(PLACEHOLDER)].map(([, key]) => key as string));
  const text = htmlToText(html);
  if (keys.size === 0) return { text, keys };
  if (text.includes(PROBE_PREFIX) || html.includes(PROBE_PREFIX)) return null;
  let probed = html;
  let expected = text;
  [...keys].forEach((key, index) => {
    const probe = `${PROBE_PREFIX}${index}q`;
    probed = probed.split(`::${key}::`).join(probe);
    expected = expected.split(`::${key}::`).join(probe);
  });
  return htmlToText(probed) === expected ? { text, keys } : null;
}
