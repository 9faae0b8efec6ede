/**
 * Twig rendering as Mailcoach's RenderTwigAction does it: HTML autoescaping on, errors swallowed (the text is
 * left as it was), and `{{+x+}}` from editors that URL-encode spaces read as `{{ x }}`. Compiled templates are
 * cached by source. Templates cannot include or import anything: their text comes from requests.
 */
import { createRequire } from 'node:module';
import type TwigModule from 'twig';
import { makeTokenizerLinear } from './twig-linear-tokenizer.js';

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

const MAX_CACHED = 500;
/**
 * Only sources up to this size are kept compiled: a template is that small, and what is bigger comes from a
 * request's replacements, which seldom repeat; 500 megabyte-long sources would hold gigabytes.
 */
const MAX_CACHED_LENGTH = 64 * 1024;
const compiled = new Map<string, TwigModule.Template | null>();

export function renderTwig(source: string, context: Record<string, unknown>): string {
  if (!source.includes('{{') && !source.includes('{%')) return source;
  const normalized = source.replaceAll('{{+', '{{ ').replaceAll('+}}', ' }}').replaceAll('{{%20', '{{ ').replaceAll('%20}}', ' }}');
  const template = compile(normalized);
  if (template === null) return source;
  try {
    return template.render(context);
  } catch {
    return source;
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
  if (source.length > MAX_CACHED_LENGTH) return template;
  if (compiled.size >= MAX_CACHED) compiled.delete(compiled.keys().next().value as string);
  compiled.set(source, template);
  return template;
}
