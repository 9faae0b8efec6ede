/**
 * The CSS side of tijsverkoyen/css-to-inline-styles 2.2: Css\Processor (style-tag extraction, cleanup), Css\Rule\
 * Processor and Rule (rule splitting), Css\Property\Processor and Property (declarations). Regular expressions of
 * the PHP code that could backtrack badly in JavaScript (or that use possessive quantifiers, which JavaScript lacks)
 * are written as linear scanners with the same matches.
 */
import { PCRE_SPACE, phpRtrimChar, phpTrim } from './php.js';
import { selectorSpecificity, type Specificity } from './specificity.js';

/**
 * Css\Property\Property without its originalSpecificity: the selectors of one `{...}` block share their property
 * objects, and the specificity (the rule's) travels beside a property where the merge needs it (inline.ts).
 */
export interface Property {
  readonly name: string;
  readonly value: string;
  /** Property::isImportant(): stripos($value, '!important') !== false. */
  readonly important: boolean;
  /** Property::toString(): sprintf('%1$s: %2$s;', name, value). */
  readonly text: string;
}

/** Css\Rule\Rule. */
export interface Rule {
  readonly selector: string;
  readonly properties: readonly Property[];
  readonly specificity: Specificity;
  /** The position of its `{...}` block in the CSS, from 1 (every selector of a block shares it). */
  readonly order: number;
}

// --- Css\Processor::getCssFromStyleTags ---------------------------------------------------------------------------

/**
 * Css\Processor::getCssFromStyleTags: `preg_replace('|<!--.*?-->|s', '', $html)`, then every
 * `preg_match_all('|<style(?:\s.*)?>(.*)</style>|isU')` match's content, trimmed, each followed by "\n". The /U flag
 * makes every quantifier lazy, so a match is: `<style` (any case), then `>` or a \s and everything up to the first
 * `>`, then everything up to the first `</style>` (any case).
 */
export function cssFromStyleTags(html: string): string {
  const text = removeHtmlComments(html);
  const open = /<style/gi;
  const close = /<\/style>/gi;
  let css = '';
  for (;;) {
    const m = open.exec(text);
    if (m === null) break;
    const start = m.index;
    const next = text.charCodeAt(start + 6);
    let contentStart = -1;
    if (next === 0x3e /* > */) {
      contentStart = start + 7;
      // `(.*)</style>` cannot fail here if a `</style>` follows; when none does, the group alternative is tried and
      // cannot match `>` as \s: no match at this start.
    } else if (isPcreSpace(next)) {
      const gt = text.indexOf('>', start + 7);
      if (gt >= 0) contentStart = gt + 1;
    }
    if (contentStart < 0) {
      open.lastIndex = start + 1;
      continue;
    }
    close.lastIndex = contentStart;
    const end = close.exec(text);
    if (end === null) {
      // No `</style>` after this point: no later `<style` can match either.
      break;
    }
    css += phpTrim(text.slice(contentStart, end.index)) + '\n';
    open.lastIndex = end.index + 8;
  }
  return css;
}

function isPcreSpace(c: number): boolean {
  return c === 0x20 || (c >= 0x09 && c <= 0x0d);
}

/** preg_replace('|<!--.*?-->|s', '', $html): each `<!--` up to the first `-->` after it; an unclosed one stays. */
function removeHtmlComments(html: string): string {
  let start = html.indexOf('<!--');
  if (start < 0) return html;
  const parts: string[] = [];
  let kept = 0;
  while (start >= 0) {
    const end = html.indexOf('-->', start + 4);
    if (end < 0) break;
    parts.push(html.slice(kept, start));
    kept = end + 3;
    start = html.indexOf('<!--', kept);
  }
  parts.push(html.slice(kept));
  return parts.join('');
}

// --- Css\Processor::doCleanup and the processors' cleanup() -------------------------------------------------------

const CHARSET = /@charset "[^"]+";/g;
const WHITESPACE_RUN_2 = new RegExp(`${PCRE_SPACE}${PCRE_SPACE}+`, 'g');

/** preg_replace('|/\*.*?\*\/|', '', $css) after newlines are gone: each `/*` up to the first `*\/` after it. */
function removeCssComments(css: string): string {
  let start = css.indexOf('/*');
  if (start < 0) return css;
  const parts: string[] = [];
  let kept = 0;
  while (start >= 0) {
    const end = css.indexOf('*/', start + 2);
    if (end < 0) break;
    parts.push(css.slice(kept, start));
    kept = end + 2;
    start = css.indexOf('/*', kept);
  }
  parts.push(css.slice(kept));
  return parts.join('');
}

/**
 * preg_replace('/@media [^{]*+{([^{}]++|{[^{}]*+})*+}/', '', $css): from each `@media ` (case-sensitive, one
 * space), up to the first `{`, then runs of text and `{...}` blocks without nested braces, then `}`. The possessive
 * quantifiers make the scan deterministic: a block that does not close this way is not a match at this start.
 */
function removeMediaQueries(css: string): string {
  let start = css.indexOf('@media ');
  if (start < 0) return css;
  const parts: string[] = [];
  let kept = 0;
  // The scan result for a given opening brace, shared by every `@media ` before it.
  const endAfterBrace = new Map<number, number>();
  while (start >= 0) {
    const brace = css.indexOf('{', start + 7);
    if (brace < 0) break;
    let end = endAfterBrace.get(brace);
    if (end === undefined) {
      end = scanMediaBody(css, brace + 1);
      endAfterBrace.set(brace, end);
    }
    if (end >= 0) {
      parts.push(css.slice(kept, start));
      kept = end;
      start = css.indexOf('@media ', kept);
    } else {
      start = css.indexOf('@media ', start + 1);
    }
  }
  parts.push(css.slice(kept));
  return parts.join('');
}

/** `([^{}]++|{[^{}]*+})*+}` from `i`: the index after the closing `}`, or -1. */
function scanMediaBody(css: string, i: number): number {
  const n = css.length;
  while (i < n) {
    const c = css.charCodeAt(i);
    if (c === 0x7d /* } */) return i + 1;
    if (c === 0x7b /* { */) {
      let j = i + 1;
      while (j < n) {
        const d = css.charCodeAt(j);
        if (d === 0x7b || d === 0x7d) break;
        j++;
      }
      if (j >= n || css.charCodeAt(j) !== 0x7d) return -1;
      i = j + 1;
    } else {
      i++;
    }
  }
  return -1;
}

/** The common part of every cleanup(): newlines out, tabs to spaces, `"` to `'`, comments out, whitespace runs. */
function cleanupCommon(s: string): string {
  if (s.includes('\r') || s.includes('\n')) s = s.replace(/[\r\n]/g, '');
  if (s.includes('\t')) s = s.replace(/\t/g, ' ');
  if (s.includes('"')) s = s.replace(/"/g, "'");
  s = removeCssComments(s);
  WHITESPACE_RUN_2.lastIndex = 0;
  return s.replace(WHITESPACE_RUN_2, ' ');
}

/** Css\Processor::doCleanup. */
function doCleanup(css: string): string {
  css = css.replace(CHARSET, '');
  css = removeMediaQueries(css);
  return phpTrim(cleanupCommon(css));
}

/** Css\Rule\Processor::cleanup. */
function ruleCleanup(s: string): string {
  return phpRtrimChar(phpTrim(cleanupCommon(s)), '}');
}

/** Css\Property\Processor::cleanup. */
function propertyCleanup(s: string): string {
  return phpRtrimChar(phpTrim(cleanupCommon(s)), ';');
}

// --- Css\Property\Processor ---------------------------------------------------------------------------------------

/** Css\Property\Processor::splitIntoSeparateProperties. */
function splitIntoSeparateProperties(propertiesString: string): string[] {
  const properties = propertyCleanup(propertiesString).split(';');
  const remove = new Set<number>();
  const count = properties.length;
  for (let i = 0; i < count; i++) {
    properties[i] = phpTrim(properties[i]!);
    // "if the new property begins with base64 it is part of the current property"
    const next = properties[i + 1];
    if (next !== undefined && phpTrim(next).startsWith('base64,')) {
      properties[i] += ';' + phpTrim(next);
      remove.add(i + 1);
    }
  }
  return remove.size === 0 ? properties : properties.filter((_, index) => !remove.has(index));
}

/** Css\Property\Processor::convertToObject. */
function convertToProperty(property: string): Property | null {
  const colon = property.indexOf(':');
  if (colon < 0) return null;
  const name = phpTrim(property.slice(0, colon));
  const value = phpTrim(property.slice(colon + 1));
  if (value === '') return null;
  return { name, value, important: /!important/i.test(value), text: `${name}: ${value};` };
}

/** Css\Property\Processor::convertArrayToObjects. */
function convertToProperties(properties: readonly string[]): Property[] {
  const objects: Property[] = [];
  for (const property of properties) {
    const object = convertToProperty(property);
    if (object !== null) objects.push(object);
  }
  return objects;
}

/** CssToInlineStyles::getInlineStyles: the properties of a style attribute's value. */
export function inlineStyleProperties(style: string): Property[] {
  return convertToProperties(splitIntoSeparateProperties(style));
}

// --- Css\Rule\Processor / Css\Processor::getRules -----------------------------------------------------------------

/** Css\Rule\Processor::convertToObjects. */
function convertToRules(rule: string, order: number, into: Rule[]): void {
  const chunks = ruleCleanup(rule).split('{');
  if (chunks.length < 2) return;
  const selectors = phpTrim(chunks[0]!).split(',');
  // convertArrayToObjects($properties, $specificity) per selector: the same properties each time.
  const properties = convertToProperties(splitIntoSeparateProperties(chunks[1]!));
  for (const raw of selectors) {
    const selector = phpTrim(raw);
    into.push({ selector, properties, specificity: selectorSpecificity(selector), order });
  }
}

/** Css\Processor::getRules($css): doCleanup, splitIntoSeparateRules (explode on `}`), convertArrayToObjects. */
export function getRules(css: string): Rule[] {
  const pieces = ruleCleanup(doCleanup(css)).split('}');
  const rules: Rule[] = [];
  let order = 1;
  for (const piece of pieces) {
    convertToRules(piece, order, rules);
    order++;
  }
  return rules;
}
