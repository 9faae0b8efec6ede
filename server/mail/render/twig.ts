/**
 * Twig rendering as Mailcoach's RenderTwigAction does it: HTML autoescaping on, errors swallowed (the text is
 * left as it was), and `{{+x+}}` from editors that URL-encode spaces read as `{{ x }}`. Compiled templates are
 * cached by source. Templates cannot include or import anything: their text comes from requests.
 */
import { createRequire } from 'node:module';
import type TwigModule from 'twig';
import { BoundedCache } from '../../bounded-cache.js';
import { TEMPLATE_SOURCES } from './cache-limits.js';
import { makeTokenizerLinear } from './twig-linear-tokenizer.js';
import { renderVariablesOnly } from './twig-variables.js';

type Twig = typeof TwigModule;

/**
 * twig.js is loaded on the first Twig template (most sends have none): importing it costs every start otherwise.
 * It is CommonJS, so a synchronous require does it, and renderTwig stays synchronous.
 */
let twig: Twig | undefined;
const requireModule = createRequire(import.meta.url);

function loadTwig(): Twig {
  if (twig !== undefined) return twig;
  const loaded = requireModule('twig') as Twig;
  loaded.cache(false);
  loaded.extend((instance) => {
    makeTokenizerLinear(instance as unknown as Parameters<typeof makeTokenizerLinear>[0]);
    const refuse = () => {
      throw new Error('templates cannot load other templates');
    };
    // @types/twig does not declare Templates; the loader registry is twig.js's documented extension point.
    const templates = (instance as unknown as { Templates: { registerLoader(m: string, f: () => never): void } }).Templates;
    for (const method of ['fs', 'ajax']) templates.registerLoader(method, refuse);
  });
  // twig.js's source() prints "Template "x" is not defined." where Twig PHP throws (so Mailcoach leaves the text as it was).
  loaded.extendFunction('source', (_name: unknown, ignoreMissing: unknown) => (ignoreMissing === true ? '' : refuseSource()));
  twig = loaded;
  return loaded;
}

function refuseSource(): never {
  throw new Error('templates cannot load other templates');
}

/** Sources that failed to compile are remembered too (as null): they render as themselves. */
const compiled = new BoundedCache<TwigModule.Template | null>(TEMPLATE_SOURCES);

export function renderTwig(source: string, context: Record<string, unknown>): string {
  if (!source.includes('{{') && !source.includes('{%')) return source;
  const normalized = normalize(source);
  return renderVariablesOnly(normalized, context) ?? renderWithTwigJs(normalized, context, source);
}

function normalize(source: string): string {
  return source.replaceAll('{{+', '{{ ').replaceAll('+}}', ' }}').replaceAll('{{%20', '{{ ').replaceAll('%20}}', ' }}');
}

/**
 * Why twig.js cannot compile `source`, or null when it can (or has no Twig in it). A send leaves such a text as it
 * was (Mailcoach swallows Twig errors); the template studio shows the reason.
 */
export function twigCompileError(source: string): string | null {
  if (!source.includes('{{') && !source.includes('{%')) return null;
  try {
    loadTwig().twig({ data: normalize(source), autoescape: true, rethrow: true } as TwigModule.Parameters);
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/** `normalized` rendered by twig.js; `fallback` when it does not compile or render (Mailcoach swallows Twig errors). */
export function renderWithTwigJs(normalized: string, context: Record<string, unknown>, fallback = normalized): string {
  const template = compile(normalized);
  if (template === null) return fallback;
  try {
    return template.render(context);
  } catch {
    return fallback;
  }
}

function compile(source: string): TwigModule.Template | null {
  if (compiled.has(source)) return compiled.get(source) ?? null;
  let template: TwigModule.Template | null;
  try {
    template = loadTwig().twig({ data: source, autoescape: true, rethrow: true } as TwigModule.Parameters);
  } catch {
    template = null;
  }
  return compiled.set(source, template);
}
