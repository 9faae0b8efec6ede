/**
 * Which placeholders a template uses and which of them the replacements fill, for the template studio: the
 * `::key::` placeholders Mailcoach replaces with string values (replacements.ts), and the variables Twig reads
 * (`{{ user.name }}`, `{% if vip %}`), in the subject always and in the body of an html template (mail-content.ts).
 * Twig is read the simple way (a variable path at the start of an expression, minus what a loop or `set` defines):
 * it lists what a designer wrote, it does not run the template.
 */
import type { Replacements } from './replacements.js';

export interface PlaceholderSource {
  text: string;
  /** Whether Twig runs over this text (its `{{ }}` and `{% %}` read variables). */
  twig: boolean;
}

export interface PlaceholderUsage {
  /** Every placeholder, `::key::` and Twig variable path, in order of first appearance. */
  placeholders: string[];
  /** Replacement keys no placeholder uses. */
  unused: string[];
  /** Placeholders no replacement fills. */
  unreplaced: string[];
}

/** A studio lists a few dozen; a body with more is not a template someone edits by hand. */
const MAX_PLACEHOLDERS = 1_000;

const COLON_PLACEHOLDER = /::([A-Za-z0-9_.-]+)::/g;
const PATH = String.raw`[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*`;
/** `{{ path`, `{% if path`, `{% elseif path`, `{% for x in path`, and what loops and `set` define. */
const TWIG_READ = new RegExp(
  String.raw`\{\{-?\s*(${PATH})|\{%-?\s*(?:if|elseif)\s+(?:not\s+)?(${PATH})|\{%-?\s*for\s+([A-Za-z_]\w*)(?:\s*,\s*([A-Za-z_]\w*))?\s+in\s+(${PATH})|\{%-?\s*set\s+([A-Za-z_]\w*)`,
  'g',
);
const TWIG_NAMES = new Set(['loop', '_self', '_context', 'true', 'false', 'null', 'none', 'not']);

export function placeholderUsage(sources: PlaceholderSource[], replacements: Replacements): PlaceholderUsage {
  const colon = new Set<string>();
  const twig = new Set<string>();
  const order: string[] = [];
  const add = (set: Set<string>, name: string) => {
    if (order.length >= MAX_PLACEHOLDERS) return;
    set.add(name);
    if (!order.includes(name)) order.push(name);
  };
  for (const source of sources) {
    const reads: Array<{ at: number; name: string; kind: 'colon' | 'twig' }> = [];
    for (const match of source.text.matchAll(COLON_PLACEHOLDER))
      reads.push({ at: match.index, name: match[1] as string, kind: 'colon' });
    if (source.twig) {
      const local = new Set<string>();
      for (const match of source.text.matchAll(TWIG_READ)) {
        const [, printed, condition, loopKey, loopValue, iterated, assigned] = match;
        for (const name of [loopKey, loopValue, assigned]) if (name !== undefined) local.add(name);
        const path = printed ?? condition ?? iterated;
        if (path !== undefined) reads.push({ at: match.index, name: path, kind: 'twig' });
      }
      for (let i = reads.length - 1; i >= 0; i--) {
        const read = reads[i] as (typeof reads)[number];
        const root = read.name.split('.')[0] as string;
        if (read.kind === 'twig' && (local.has(root) || TWIG_NAMES.has(root.toLowerCase()))) reads.splice(i, 1);
      }
    }
    reads.sort((a, b) => a.at - b.at);
    for (const read of reads) add(read.kind === 'colon' ? colon : twig, read.name);
  }
  const keys = Object.keys(replacements);
  const covers = (key: string, name: string) =>
    key === name || name.startsWith(`${key}.`) || key.startsWith(`${name}.`);
  const filled = (name: string) =>
    (colon.has(name) && typeof replacements[name] === 'string') ||
    (twig.has(name) && keys.some((key) => covers(key, name)));
  return {
    placeholders: order,
    unused: keys.filter((key) => !order.some((name) => covers(key, name))),
    unreplaced: order.filter((name) => !filled(name)),
  };
}
