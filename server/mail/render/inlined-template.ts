/**
 * CSS inlining (juice) of a template body once per template version instead of once per send. juice parses the
 * whole document, matches every CSS rule against it and serializes it again: several ms for an MJML mail, most
 * of a templated send. Its result does not depend on what replaces a `::key::` when the key only sits where juice
 * copies text through unchanged and the value cannot change how the document parses, and then
 *
 *   inlineCss(replace(body)) === replace(inlineCss(body))
 *
 * so the second form reuses one juice run per body. juice (cheerio over htmlparser2, decodeEntities off) copies
 * verbatim: text between tags, the content of <title> and <textarea>, and quoted attribute values. The cached
 * form is used only when all of the following hold; any other send takes the per-send path, which is always
 * right:
 *
 * - the body scans cleanly (no CDATA, no juice code blocks such as `{{ }}` or `<% %>`), juice succeeds on it, its
 *   CSS looks at no text (`:empty`, `:blank`, `:contains`, `:has`, `attr()`) and no selector names an attribute
 *   that holds verbatim text;
 * - every key replaced (string values, as replacePlaceholders) is made of letters, digits, `_`, `.`, `-`, occurs
 *   only in text, <title>/<textarea> content or the quoted value of an attribute juice neither reads nor writes
 *   (not style, class, id, the table attributes it derives from CSS), never right after a `<`, and as often in
 *   the inlined body as in the body;
 * - no value has `<`, `>`, `"`, `'`, `{`, `}` or a control character other than tab, CR and LF, and no attribute
 *   value becomes empty (cheerio then writes the bare attribute name);
 * - for html templates, no Twig tag is left (renderTwig then returns its input unchanged).
 * `::subject::` is one more replacement under the same rules. `npm run bench` (test/bench/send.ts) measures it.
 */
import type { TemplateType } from '../../db/rows.js';
import { inlineCss } from './html.js';
import { boundedMemo } from '../../bounded-cache.js';
import { TEMPLATE_SOURCES } from './cache-limits.js';
import { hasOverlappingPlaceholders, PLACEHOLDER } from './placeholders.js';
import type { Replacements } from './replacements.js';

interface InlinedBody {
  /** inlineCss(body). */
  inlined: string;
  /** The same, split at its placeholders for a one-pass replacement; null when placeholders overlap. */
  compiled: CompiledBody | null;
  /** Everything of the body outside the verbatim parts, concatenated: no replaced key may occur in it. */
  outside: string;
  /** The verbatim attribute values, joined by NUL: one that becomes empty is serialized without `=""`. */
  attributes: string;
}

const SAFE_KEY = /^[A-Za-z0-9_.-]+$/;
const UNSAFE_VALUE = /[<>"'{}\x00-\x08\x0b\x0c\x0e-\x1f\x7f]/;
/** Attributes juice reads or writes (style, the table attributes it derives from CSS) or selectors often use. */
const REWRITTEN_ATTRIBUTES = new Set([
  'style', 'class', 'id', 'width', 'height', 'bgcolor', 'background', 'align', 'valign', 'border', 'cellpadding',
  'cellspacing', 'data-embed', 'data-juice-duplicates', 'data-juice-important',
]);
/** Elements whose content htmlparser2 reads as text up to the end tag: verbatim for title/textarea only. */
const SPECIAL_ELEMENTS = new Set(['script', 'style', 'title', 'textarea', 'xmp']);
const VERBATIM_SPECIAL = new Set(['title', 'textarea']);
/** juice's code blocks (EJS, HBS, FTL) are set aside before parsing and put back after: not handled here. */
const CODE_BLOCK_STARTS = ['{{', '<%', '<#', '<@', '</#', '</@'];
/** CSS that looks at text, or reads attributes (`attr()` in pseudo-element content). */
const TEXT_CSS = /:(?:empty|blank|contains|icontains|has)\b|\battr\s*\(/i;

/**
 * inlineCss(replacePlaceholders(body, replacements).replaceAll('::subject::', subject)), with Twig for html
 * templates, from the cached inlined body; undefined when this send must take the per-send path.
 */
export function inlinedTemplateHtml(
  body: string,
  type: TemplateType,
  replacements: Replacements,
  subject: string,
): string | undefined {
  const parts = inlinedTemplateParts(body, type, replacements, subject);
  return parts === undefined || typeof parts === 'string' ? parts : parts.join('');
}

/**
 * inlinedTemplateHtml()'s HTML, as the cached body's segments between the values put in (segments[0], value,
 * segments[1], ...: the segments the same strings for every send of the template) when one pass made it, which
 * lets the MIME encoder reuse the segments' encoding (mime/text-body.ts); else as one string.
 */
export function inlinedTemplateParts(
  body: string,
  type: TemplateType,
  replacements: Replacements,
  subject: string,
): string[] | string | undefined {
  // Without a <style> inlineCss is the identity and the per-send path costs nothing.
  if (!body.includes('<style')) return undefined;
  const cached = inlinedBody(body);
  if (cached === null) return undefined;
  if (cached.compiled !== null) {
    const fast = replaceInOnePass(cached.compiled, type, replacements, subject);
    if (fast !== SEQUENTIAL) return fast;
  }
  return replaceSequentially(body, cached, type, replacements, subject);
}

/**
 * Placeholders in key order, each through the whole body: the general path, which also checks what depends on
 * the values (a value that makes Twig syntax, an attribute that becomes empty).
 */
function replaceSequentially(
  body: string,
  cached: InlinedBody,
  type: TemplateType,
  replacements: Replacements,
  subject: string,
): string | undefined {
  let source = body;
  let inlined = cached.inlined;
  let attributes = cached.attributes;
  const replace = (key: string, value: string): boolean => {
    const token = `::${key}::`;
    if (!source.includes(token)) return !inlined.includes(token);
    if (!SAFE_KEY.test(key) || UNSAFE_VALUE.test(value) || cached.outside.includes(token)) return false;
    // split/join: the same as replaceAll with a function (no `$&` patterns), and the pieces count the token.
    const sourceParts = source.split(token);
    const inlinedParts = inlined.split(token);
    if (sourceParts.length !== inlinedParts.length) return false;
    if (sourceParts.some((_, i) => i > 0 && sourceParts[i - 1]!.endsWith('<'))) return false;
    source = sourceParts.join(value);
    inlined = inlinedParts.join(value);
    if (attributes.includes(token)) attributes = attributes.split(token).join(value);
    return true;
  };
  for (const [key, value] of Object.entries(replacements)) {
    if (typeof value === 'string' && !replace(key, value)) return undefined;
  }
  if (!replace('subject', subject)) return undefined;
  if (type === 'html' && (source.includes('{{') || source.includes('{%'))) return undefined;
  if (attributes !== cached.attributes && emptied(cached.attributes, attributes)) return undefined;
  return inlined;
}

interface CompiledBody {
  /** The inlined body around its placeholders: segments[0], keys[0], segments[1], ... (one more segment). */
  segments: string[];
  keys: string[];
  /** Keys whose `::key::` occurs in the body (before inlining), and in the inlined body. */
  inBody: Set<string>;
  inInlined: Set<string>;
  /** Keys of the body whose every occurrence the sequential path accepts, whatever the value. */
  replaceable: Set<string>;
  /** The body has Twig syntax (html templates then take the per-send path). */
  twig: boolean;
}

const SEQUENTIAL = Symbol('sequential');

/**
 * The sequential path's result in one pass over the inlined body, for sends whose values cannot interact with
 * each other or the markup: none empty (an attribute could become empty), none with `::` or starting or ending
 * with `:` (a value could form or complete another placeholder, so the order of replacement would matter), and
 * for html templates none starting with `%` (`{` + `%...` makes a Twig tag). Any other send returns SEQUENTIAL,
 * for replaceSequentially() to decide. Everything checked per key depends on the body alone and is computed once.
 */
function replaceInOnePass(
  compiled: CompiledBody,
  type: TemplateType,
  replacements: Replacements,
  subject: string,
): string[] | undefined | typeof SEQUENTIAL {
  const values = new Map<string, string>();
  const take = (key: string, value: string): boolean | typeof SEQUENTIAL => {
    if (!SAFE_KEY.test(key)) return SEQUENTIAL;
    if (!compiled.inBody.has(key)) return !compiled.inInlined.has(key);
    if (!compiled.replaceable.has(key) || UNSAFE_VALUE.test(value)) return false;
    if (value === '' || value.includes('::') || value.startsWith(':') || value.endsWith(':')) return SEQUENTIAL;
    if (type === 'html' && value.startsWith('%')) return SEQUENTIAL;
    values.set(key, value);
    return true;
  };
  for (const [key, value] of Object.entries(replacements)) {
    if (typeof value !== 'string') continue;
    const taken = take(key, value);
    if (taken !== true) return taken === false ? undefined : SEQUENTIAL;
  }
  // A `subject` replacement has replaced `::subject::` already.
  if (!values.has('subject')) {
    const taken = take('subject', subject);
    if (taken !== true) return taken === false ? undefined : SEQUENTIAL;
  }
  if (type === 'html' && compiled.twig) return undefined;
  const parts = [compiled.segments[0] as string];
  compiled.keys.forEach((key, i) => {
    parts.push(values.get(key) ?? `::${key}::`, compiled.segments[i + 1] as string);
  });
  return parts;
}

/** Splits the inlined body at its placeholders; null when two overlap. */
function compile(body: string, inlined: string, outside: string): CompiledBody | null {
  if (hasOverlappingPlaceholders(body) || hasOverlappingPlaceholders(inlined)) return null;
  const segments: string[] = [];
  const keys: string[] = [];
  const counts = new Map<string, number>();
  let at = 0;
  for (const match of inlined.matchAll(PLACEHOLDER)) {
    const key = match[1] as string;
    segments.push(inlined.slice(at, match.index));
    keys.push(key);
    counts.set(key, (counts.get(key) ?? 0) + 1);
    at = match.index + match[0].length;
  }
  segments.push(inlined.slice(at));
  const inBody = new Set<string>();
  const replaceable = new Set<string>();
  for (const [, key] of body.matchAll(PLACEHOLDER)) {
    const token = `::${key as string}::`;
    inBody.add(key as string);
    // replaceSequentially's checks that do not depend on the value.
    const bodyParts = body.split(token);
    const fine =
      !outside.includes(token) &&
      bodyParts.length === inlined.split(token).length &&
      !bodyParts.some((part, i) => i < bodyParts.length - 1 && part.endsWith('<'));
    if (fine) replaceable.add(key as string);
  }
  const twig = body.includes('{{') || body.includes('{%');
  return { segments, keys, inBody, inInlined: new Set(counts.keys()), replaceable, twig };
}

/** inlineCss(body) with its placeholders, as cached for a body inlinedTemplateHtml() has served. */
export function cachedInlinedBody(body: string): string | undefined {
  return inlinedBody(body)?.inlined;
}

const inlinedBody = boundedMemo(TEMPLATE_SOURCES, prepare);

function prepare(body: string): InlinedBody | null {
  if (CODE_BLOCK_STARTS.some((start) => body.includes(start))) return null;
  const parts = verbatimParts(body);
  if (parts === null || TEXT_CSS.test(parts.outside)) return null;
  // No selector may test an attribute whose value is copied verbatim (and may hold a placeholder).
  for (const name of parts.names) {
    const escaped = name.replace(/[^a-z0-9]/g, (c) => `\\${c}`);
    if (new RegExp(`\\[[^\\]]*(?<![a-z0-9_-])${escaped}(?![a-z0-9_-])`, 'i').test(parts.outside)) return null;
  }
  const inlined = inlineCss(body);
  // inlineCss answers its input when juice fails: the per-send path then does the same, send by send.
  if (inlined === body) return null;
  return {
    inlined, compiled: compile(body, inlined, parts.outside), outside: parts.outside, attributes: parts.attributes.join('\u0000'),
  };
}

/** Whether an attribute value that was not empty is now. */
function emptied(before: string, after: string): boolean {
  const original = before.split('\u0000');
  return after.split('\u0000').some((value, i) => value === '' && original[i] !== '');
}

/**
 * What of an HTML document a parse and serialize with htmlparser2 (decodeEntities off) does not copy verbatim,
 * concatenated: tags (names, attribute names, unquoted values, the values of REWRITTEN_ATTRIBUTES), comments,
 * declarations and the content of script/style/xmp. Also the verbatim attribute values and their attributes'
 * names. Follows htmlparser2's tokenizer; null for anything it is not sure about.
 */
function verbatimParts(html: string): { outside: string; attributes: string[]; names: Set<string> } | null {
  const outside: string[] = [];
  const attributes: string[] = [];
  const names = new Set<string>();
  let lower: string | undefined;
  let at = 0;
  const length = html.length;
  const isLetter = (c: string | undefined) => c !== undefined && /[A-Za-z]/.test(c);
  const isSpace = (c: string | undefined) => c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\f';
  while (at < length) {
    const lt = html.indexOf('<', at);
    if (lt === -1) break; // the rest is text
    const next = html[lt + 1];
    if (html.startsWith('<!--', lt)) {
      if (html.startsWith('<!-->', lt) || html.startsWith('<!--->', lt)) return null;
      const end = html.indexOf('-->', lt + 4);
      if (end === -1) return null;
      outside.push(html.slice(lt, end + 3));
      at = end + 3;
    } else if (next === '!' || next === '?') {
      if (html.startsWith('<![CDATA[', lt)) return null;
      const end = html.indexOf('>', lt);
      if (end === -1) return null;
      outside.push(html.slice(lt, end + 1));
      at = end + 1;
    } else if (next === '/') {
      if (!isLetter(html[lt + 2])) return null;
      const end = html.indexOf('>', lt);
      if (end === -1) return null;
      outside.push(html.slice(lt, end + 1));
      at = end + 1;
    } else if (isLetter(next)) {
      let i = lt + 1;
      while (i < length && !isSpace(html[i]) && html[i] !== '/' && html[i] !== '>') i++;
      const name = html.slice(lt + 1, i).toLowerCase();
      let pieceStart = lt;
      let selfClosing = false;
      for (;;) {
        while (i < length && (isSpace(html[i]) || html[i] === '/')) selfClosing = html[i++] === '/';
        if (i >= length) return null;
        if (html[i] === '>') break;
        selfClosing = false;
        const nameStart = i;
        while (i < length && !isSpace(html[i]) && html[i] !== '/' && html[i] !== '>' && html[i] !== '=') i++;
        const attribute = html.slice(nameStart, i).toLowerCase();
        let j = i;
        while (j < length && isSpace(html[j])) j++;
        if (html[j] !== '=') continue;
        j++;
        while (j < length && isSpace(html[j])) j++;
        const quote = html[j];
        if (quote === '"' || quote === "'") {
          const close = html.indexOf(quote, j + 1);
          if (close === -1) return null;
          if (!REWRITTEN_ATTRIBUTES.has(attribute)) {
            names.add(attribute);
            outside.push(html.slice(pieceStart, j + 1));
            attributes.push(html.slice(j + 1, close));
            pieceStart = close;
          }
          i = close + 1;
        } else {
          while (j < length && !isSpace(html[j]) && html[j] !== '>') j++;
          i = j;
        }
      }
      outside.push(html.slice(pieceStart, i + 1));
      at = i + 1;
      if (SPECIAL_ELEMENTS.has(name)) {
        if (selfClosing) return null;
        lower ??= html.toLowerCase();
        const end = lower.indexOf(`</${name}`, at);
        const after = end === -1 ? undefined : html[end + 2 + name.length];
        if (end === -1 || !(isSpace(after) || after === '/' || after === '>')) return null;
        if (!VERBATIM_SPECIAL.has(name)) outside.push(html.slice(at, end));
        at = end;
      }
    } else {
      at = lt + 1; // a `<` that starts no tag is text
    }
  }
  return { outside: outside.join(''), attributes, names };
}
