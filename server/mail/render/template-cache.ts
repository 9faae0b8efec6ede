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
 * - replacing each key by a probe gives exactly the cached HTML and text with the same replacement: once with a
 *   word probe (letters and digits) and once with a rich one (space, non-ASCII and `.,:;@/?=+!'()~-`). libxml2
 *   percent-encodes spaces and non-ASCII in href and src, html-to-markdown counts a heading's length into its
 *   underline, and so on: a key that fails the rich probe takes only word values, one that fails both neither.
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

type ValueClass = 'word' | 'rich';

interface Prepared {
  html: Split;
  text: Split;
  /** Per key: the widest class of values it takes. */
  accepts: Map<string, ValueClass>;
  /** Keys that start a line of the text part. */
  lineStart: Set<string>;
}

interface Split {
  segments: string[];
  keys: string[];
}

const WORD = /^[A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?$/;
const RICH = /^[\p{L}\p{N}](?:[\p{L}\p{N}.,:;@/?=+!'()~-]| (?! ))*(?<=[\p{L}\p{N}])$/u;
const WORD_PROBE = (i: number) => `qzx${i}q`;
const RICH_PROBE = (i: number) => `qzx${i}q a\u00e9\u20ac.,:;@/?=+!'()~-q`;
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
    if (accepts === undefined) return !body.includes(`::${key}::`) && !prepared.html.keys.includes(key);
    if (!(accepts === 'rich' ? RICH : WORD).test(value)) return false;
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
  return { htmlParts: fill(prepared.html, values), text: fill(prepared.text, values).join('') };
}

function fill(split: Split, values: Map<string, string>): string[] {
  const parts = [split.segments[0] as string];
  split.keys.forEach((key, i) => parts.push(values.get(key) ?? `::${key}::`, split.segments[i + 1] as string));
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
  if (hasOverlappingPlaceholders(body)) return null;
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
  const render = (html: string) => {
    const inlined = steps.inlineCss(html);
    return { html: inlined, text: steps.htmlToText(inlined) };
  };
  const base = render(source);
  if (keys.length === 0) return { html: split(base.html), text: split(base.text), accepts: new Map(), lineStart: new Set() };
  if (/qzx\d/.test(source) || /qzx\d/.test(base.text)) return null;
  const styled = keysInStyledPlaces(source, keys);
  const accepts = new Map<string, ValueClass>();
  for (const [index, key] of keys.entries()) {
    if (styled.has(key)) continue;
    for (const [valueClass, probe] of [['rich', RICH_PROBE(index)], ['word', WORD_PROBE(index)]] as const) {
      if (probeHolds(source, base, render, new Map([[key, probe]]))) {
        accepts.set(key, valueClass);
        break;
      }
    }
  }
  // Each key alone took its probe; all of them at once must too (the common case, and what a send does).
  const all = new Map([...accepts].map(([key, valueClass]) => {
    const index = keys.indexOf(key);
    return [key, valueClass === 'rich' ? RICH_PROBE(index) : WORD_PROBE(index)];
  }));
  if (all.size > 0 && !probeHolds(source, base, render, all)) return null;
  return { html: split(base.html), text: split(base.text), accepts, lineStart: keysStartingLines(base.text) };
}

function placeholdersOf(text: string): string {
  return [...text.matchAll(PLACEHOLDER)].map((match) => match[0]).join('');
}

function probeHolds(
  source: string,
  base: { html: string; text: string },
  render: (html: string) => { html: string; text: string },
  probes: Map<string, string>,
): boolean {
  const replace = (text: string) => {
    let out = text;
    for (const [key, probe] of probes) out = out.split(`::${key}::`).join(probe);
    return out;
  };
  const probed = render(replace(source));
  return probed.html === replace(base.html) && probed.text === replace(base.text);
}

function split(text: string): Split {
  const segments: string[] = [];
  const keys: string[] = [];
  let at = 0;
  for (const match of text.matchAll(PLACEHOLDER)) {
    segments.push(text.slice(at, match.index));
    keys.push(match[1] as string);
    at = match.index + match[0].length;
  }
  segments.push(text.slice(at));
  return { segments, keys };
}

/** Keys that occur at the start of a line of `text` (after blanks). */
function keysStartingLines(text: string): Set<string> {
  const keys = new Set<string>();
  for (const match of text.matchAll(/^[ \t]*::([A-Za-z0-9_.-]+)::/gm)) keys.add(match[1] as string);
  return keys;
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
      if (inStyle) for (const match of node.value.matchAll(/\[\s*([-\w:]+)/g)) selectorAttributes.add((match[1] as string).toLowerCase());
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
