/**
 * Twig rendering as Mailcoach's RenderTwigAction does it: HTML autoescaping on, errors swallowed (the text is
 * left as it was), and `{{+x+}}` from editors that URL-encode spaces read as `{{ x }}`. Compiled templates are
 * cached by source. Templates cannot include or import anything: their text comes from requests.
 */
import Twig from 'twig';

Twig.cache(false);
Twig.extend((twig) => {
  const refuse = () => {
    throw new Error('templates cannot load other templates');
  };
  // @types/twig does not declare Templates; the loader registry is twig.js's documented extension point.
  const templates = (twig as unknown as { Templates: { registerLoader(m: string, f: () => never): void } }).Templates;
  for (const method of ['fs', 'ajax']) templates.registerLoader(method, refuse);
});
// twig.js's source() prints "Template "x" is not defined." where Twig PHP throws (so Mailcoach leaves the text as it was).
Twig.extendFunction('source', (_name: unknown, ignoreMissing: unknown) => (ignoreMissing === true ? '' : refuseSource()));

function refuseSource(): never {
  throw new Error('templates cannot load other templates');
}

const MAX_CACHED = 500;
const compiled = new Map<string, Twig.Template | null>();

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

function compile(source: string): Twig.Template | null {
  if (compiled.has(source)) return compiled.get(source) ?? null;
  let template: Twig.Template | null;
  try {
    template = Twig.twig({ data: source, autoescape: true, rethrow: true } as Twig.Parameters);
  } catch {
    template = null;
  }
  if (compiled.size >= MAX_CACHED) compiled.delete(compiled.keys().next().value as string);
  compiled.set(source, template);
  return template;
}
