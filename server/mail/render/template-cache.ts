/**
 * A template version's final HTML and text part computed once, with its `::key::` placeholders still in them, so
 * that a send only puts its values in. Mailcoach renders every send from scratch (RenderTemplateAction: `::key::`
 * replacements, Twig for html templates, CssToInlineStyles; then ConvertHtmlToTextAction); doing the same here
 * costs a parse and serialization of the whole document twice per send. For a value that the later steps copy
 * through unchanged,
 *
 *   text(inline(twig(replace(body)))) === replace(text(inline(twig(body))))   (and the same for the HTML)
 *
 * and the right side costs a few string joins. What is checked, once per template body (any send that fails a
 * check takes the per-send path, which is always right):
 *
 * - for html templates, Twig has nothing to do: no tag once rawurldecoded (RenderTwigAction decodes the whole
 *   HTML first), and no placeholder right after a `%` or a `%` and one hex digit (a value could complete an
 *   escape);
 * - every key sits where a value cannot change which CSS rules match or what they say: not in a <style>, not in
 *   a class, id or style attribute, nor in an attribute a selector names, nor inside a tag outside an attribute
 *   value;
 * - the cached HTML and text are rendered with a word probe (letters and digits) for each key and split at the
 *   probes (html-to-markdown escapes a placeholder's own `_`, so never at `::key::`); rendering with another word
 *   (other length and case) for a key gives exactly the cached segments around it, and so may a URL-like one
 *   (ASCII, `.,:;@/?=+!'()~_#-`, no space) and a rich one (space, non-ASCII and `.,:;@/?=+!'()~-`). libxml2
 *   percent-encodes spaces and non-ASCII in href and src, html-to-markdown escapes `_` and `#` in text and counts a
 *   heading's length into its underline, and so on: a key takes the classes of values whose probes hold, none when
 *   the word probe fails. A send must give every key of the template a value.
 *
 * And once per send, each value: non-empty, no `%`, `{`, `}`, no character the converters escape or read as
 * markup (`< > & " * _ [ ] \ #` and the like), no whitespace but single inner spaces, starting and ending with a
 * letter or digit (html-to-markdown escapes `- `, `+ `, `>` and `1. ` at a line start), and starting with a
 * letter when its key starts a line of the text. Replacement order is Mailcoach's (the replacements in order,
 * then `::subject::`); with values free of `::`, no replacement can make or hide another placeholder.
 */
import { boundedMemo } from '../../bounded-cache.js';
import { TEMPLATE_SOURCES } from './cache-limits.js';
import type { ElementNode, Node } from './libxml/dom.js';
import { parseHtml } from './libxml/parse.js';
import { hasOverlappingPlaceholders, PLACEHOLDER } from './placeholders.js';
import type { Replacements } from './replacements.js';

/** The steps after the replacements, as the send runs them (mail-content.ts). */
export interface LaterSteps {
  /** What RenderTwigAction gives back for a text that holds no Twig tag once decoded; null when it holds one. */
  twigFreeText(html: string): string | null;
  inlineCss(html: string): string;
  htmlToText(html: string): string;
}

/** The final HTML as fixed segments and the values between them (OutgoingMail.htmlParts), and the text part. */
export interface CachedRender {
  htmlParts: string[];
  text: string;
}

/** word: letters, digits, inner `.` and `-`; url: ASCII without spaces (a link); rich: any letters, single spaces. */
type ValueClass = 'word' | 'url' | 'rich';

interface Prepared {
  /** The keys of the template's placeholders, each once. */
  keys: string[];
  html: Split;
  text: Split;
  /** Per key: the classes of values it takes (word always, when it takes any). */
  accepts: Map<string, Set<ValueClass>>;
  /** Keys that start a line of the text part. */
  lineStart: Set<string>;
}

interface Split {
  segments: string[];
  /** The key between segments[i] and segments[i + 1]. */
  keys: string[];
}

const WORD = /^[A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?$/;
const URL = /^[A-Za-z0-9][A-Za-z0-9.,:;@/?=+!'()~_#-]*(?<=[A-Za-z0-9/])$/;
const RICH = /^[\p{L}\p{N}](?:[\p{L}\p{N}.,:;@/?=+!'()~-]| (?! ))*(?<=[\p{L}\p{N}])$/u;
const CLASSES: readonly (readonly [ValueClass, RegExp])[] = [
  ['word', WORD],
  ['url', URL],
  ['rich', RICH],
];
/** Probes: letters and digits the converters copy through anywhere; `q` ends each, so `qzx1q` is not in `qzx11q`. */
const WORD_PROBE = (i: number) => `qzx${i}q`;
/** Another word, of another length and case (a heading's underline counts the characters). */
const OTHER_WORD_PROBE = (i: number) => `QZX${i}Qa1b2c3d4`;
const URL_PROBE = (i: number) => `qzx${i}q.,:;@/?=+!'()~_#-q/`;
const RICH_PROBE = (i: number) => `qzx${i}q a\u00e9\u20ac.,:;@/?=+!'()~-q`;
const PROBE_LIKE = /qzx\d/i;
const PERCENT_BEFORE_KEY = /%[0-9A-Fa-f]?::[A-Za-z0-9_.-]+::/;

/**
 * The send's HTML and text from the template's cached render, or undefined when this send must render itself.
 * `body`: the template body through MJML and markdown (RenderTemplateAction's first steps).
 */
export function cachedTemplateRender(
  body: string,
  twig: boolean,
  replacements: Replacements,
  subject: string,
  steps: LaterSteps,
): CachedRender | undefined {
  const prepared = preparedFor(steps)(twig ? `t${body}` : `-${body}`);
  if (prepared === null) return undefined;
  const values = new Map<string, string>();
  const take = (key: string, value: string): boolean => {
    const accepts = prepared.accepts.get(key);
    // A key the template does not hold (or one no PLACEHOLDER matches, such as `first name`) must not occur at all.
    if (accepts === undefined) return !body.includes(`::${key}::`);
    if (!CLASSES.some(([valueClass, pattern]) => accepts.has(valueClass) && pattern.test(value))) return false;
    if (prepared.lineStart.has(key) && !/^\p{L}/u.test(value)) return false;
    values.set(key, value);
    return true;
  };
  for (const [key, value] of Object.entries(replacements)) {
    // A null replaces as '' (replaceBodyPlaceholders), which no cached form can hold.
    if (value === null) {
      if (body.includes(`::${key}::`)) return undefined;
    } else if (typeof value === 'string' && !values.has(key) && !take(key, value)) return undefined;
  }
  // A `subject` replacement has replaced `::subject::` already.
  if (!values.has('subject') && !take('subject', subject)) return undefined;
  // A placeholder left unreplaced reads `::first\_name::` in the text part: that send renders itself.
  if (prepared.keys.some((key) => !values.has(key))) return undefined;
  return { htmlParts: fill(prepared.html, values), text: fill(prepared.text, values).join('') };
}

function fill(split: Split, values: Map<string, string>): string[] {
  const parts = [split.segments[0] as string];
  split.keys.forEach((key, i) => {
    parts.push(values.get(key) as string, split.segments[i + 1] as string);
  });
  return parts;
}

/** One memo per set of steps (the product has one; tests may pass others). */
const memos = new WeakMap<LaterSteps, (key: string) => Prepared | null>();

function preparedFor(steps: LaterSteps): (key: string) => Prepared | null {
  let memo = memos.get(steps);
  if (memo === undefined) {
    memo = boundedMemo(TEMPLATE_SOURCES, (key: string) => prepare(key.slice(1), key[0] === 't', steps));
    memos.set(steps, memo);
  }
  return memo;
}

function prepare(body: string, twig: boolean, steps: LaterSteps): Prepared | null {
  if (hasOverlappingPlaceholders(body) || PROBE_LIKE.test(body)) return null;
  let source = body;
  if (twig) {
    if (PERCENT_BEFORE_KEY.test(body)) return null;
    const text = steps.twigFreeText(body);
    if (text === null || hasOverlappingPlaceholders(text)) return null;
    // Decoding must neither make nor break a placeholder (`%3A%3Ax%3A%3A` is one only after the replacements ran).
    if (placeholdersOf(text) !== placeholdersOf(body)) return null;
    source = text;
  }
  const keys = [...new Set([...source.matchAll(PLACEHOLDER)].map((match) => match[1] as string))];
  const render = (probe: (index: number) => string) => {
    const inlined = steps.inlineCss(source.replace(PLACEHOLDER, (_, key: string) => probe(keys.indexOf(key))));
    return { html: inlined, text: steps.htmlToText(inlined) };
  };
  // Rendered with a word probe for each key, and split at the probes: the converters escape a placeholder's own
  // `_` in the text part, so the split is at probes, never at `::key::`.
  const base = render(WORD_PROBE);
  const html = splitAtProbes(base.html, keys);
  const text = splitAtProbes(base.text, keys);
  const prepared = {
    keys,
    html,
    text,
    accepts: new Map<string, Set<ValueClass>>(),
    lineStart: keysStartingLines(base.text, keys),
  };
  if (keys.length === 0) return prepared;
  const holds = (probes: (index: number) => string) => {
    const probed = render(probes);
    const values = new Map(keys.map((key, index) => [key, probes(index)]));
    return probed.html === fill(html, values).join('') && probed.text === fill(text, values).join('');
  };
  const styled = keysInStyledPlaces(source, keys);
  for (const [index, key] of keys.entries()) {
    if (styled.has(key)) continue;
    const only = (probe: (i: number) => string) => (i: number) => (i === index ? probe(i) : WORD_PROBE(i));
    if (!holds(only(OTHER_WORD_PROBE))) continue;
    const accepts = new Set<ValueClass>(['word']);
    if (holds(only(URL_PROBE))) accepts.add('url');
    if (holds(only(RICH_PROBE))) accepts.add('rich');
    prepared.accepts.set(key, accepts);
  }
  // Each key alone took its probes; all of them at once must too (what a send does), with each class in turn.
  const probeOf: Record<ValueClass, (i: number) => string> = {
    word: OTHER_WORD_PROBE,
    url: URL_PROBE,
    rich: RICH_PROBE,
  };
  for (const valueClass of ['word', 'url', 'rich'] as const) {
    const all = (i: number) =>
      prepared.accepts.get(keys[i] as string)?.has(valueClass) ? probeOf[valueClass](i) : WORD_PROBE(i);
    if (prepared.accepts.size > 0 && !holds(all)) return null;
  }
  return prepared;
}

function placeholdersOf(text: string): string {
  return [...text.matchAll(PLACEHOLDER)].map((match) => match[0]).join('');
}

/** `text` split at the word probes of `keys`. */
function splitAtProbes(text: string, keys: readonly string[]): Split {
  const segments: string[] = [];
  const found: string[] = [];
  let at = 0;
  for (const match of text.matchAll(/qzx(\d+)q/g)) {
    const key = keys[Number(match[1])];
    if (key === undefined) continue;
    segments.push(text.slice(at, match.index));
    found.push(key);
    at = match.index + match[0].length;
  }
  segments.push(text.slice(at));
  return { segments, keys: found };
}

/** Keys whose probe starts a line of `text` (after blanks). */
function keysStartingLines(text: string, keys: readonly string[]): Set<string> {
  const starting = new Set<string>();
  for (const match of text.matchAll(/^[ \t]*qzx(\d+)q/gm)) {
    const key = keys[Number(match[1])];
    if (key !== undefined) starting.add(key);
  }
  return starting;
}

const STYLING_ATTRIBUTES = new Set(['class', 'id', 'style']);

/**
 * Keys a value could change the CSS matching or the rules of: in a <style>, in a class, id or style attribute or
 * one a selector names (`[href^=...]`), or inside a tag but in no attribute value (a name). Found on the document as
 * libxml2 parses it; a key some occurrence of which the walk does not find in text or an attribute value counts too.
 */
function keysInStyledPlaces(html: string, keys: readonly string[]): Set<string> {
  const document = parseHtml(html);
  const styled = new Set<string>();
  const selectorAttributes = new Set<string>();
  const seen = new Map<string, number>();
  const count = (text: string, into: Set<string> | null) => {
    for (const match of text.matchAll(PLACEHOLDER)) {
      const key = match[1] as string;
      seen.set(key, (seen.get(key) ?? 0) + 1);
      into?.add(key);
    }
  };
  const stack: Node[] = [...document.children];
  const attributeValues: { name: string; value: string }[] = [];
  while (stack.length > 0) {
    const node = stack.pop() as Node;
    if (node.type === 'text' || node.type === 'comment') {
      const inStyle = node.type === 'text' && node.parent?.type === 'element' && node.parent.name === 'style';
      if (inStyle)
        for (const match of node.value.matchAll(/\[\s*([-\w:]+)/g))
          selectorAttributes.add((match[1] as string).toLowerCase());
      count(node.value, inStyle ? styled : null);
    } else if (node.type === 'element') {
      for (const attribute of (node as ElementNode).attributes) {
        if (attribute.value !== null) attributeValues.push({ name: attribute.name, value: attribute.value });
      }
      stack.push(...node.children);
    }
  }
  for (const { name, value } of attributeValues) {
    count(value, STYLING_ATTRIBUTES.has(name) || selectorAttributes.has(name) ? styled : null);
  }
  for (const key of keys) {
    const occurrences = html.split(`::${key}::`).length - 1;
    if ((seen.get(key) ?? 0) !== occurrences) styled.add(key);
  }
  return styled;
}
