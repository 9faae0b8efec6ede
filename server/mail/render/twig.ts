/**
 * Twig rendering as Mailcoach's RenderTwigAction does it (html templates and subjects):
 *
 *   1. rawurldecode() of the whole text (every `%XX`, the ones in hrefs too), then `{{+`/`+}}` read as `{{ `/` }}`;
 *   2. Twig 3 with HTML autoescaping over that text (its lexer first turns every \r\n and \r into \n);
 *   3. on any error, the text of step 1 back (decoded, mended), not the original.
 *
 * Twig 3 is PHP; the emulator runs twig.js, made to answer as Twig 3 does where it differed (twig-php.ts, and the
 * extensions below): values printed and joined as PHP prints them, constant strings not escaped, PHP's arithmetic
 * errors, and the filters whose twig.js versions differ. What twig.js still does differently is listed in
 * test/fidelity/corpus/twig.ts (`known`), checked against Twig 3.5 by test/fidelity/twig.test.ts. Compiled
 * templates are cached by source. Templates cannot include or import anything: their text comes from requests.
 */
import { createRequire } from 'node:module';
import type TwigModule from 'twig';
import { BoundedCache } from '../../bounded-cache.js';
import { TEMPLATE_SOURCES } from './cache-limits.js';
import { makeTokenizerLinear } from './twig-linear-tokenizer.js';
import type { TwigInternals } from './twig-internals.js';
import { installPhpSemantics } from './twig-semantics.js';
import { decodeForTwig, hasTwigTag } from './twig-php.js';
import { renderVariablesOnly } from './twig-variables.js';

export { twigMayChange } from './twig-php.js';

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
    installPhpSemantics(instance as unknown as TwigInternals);
    const refuse = () => {
      throw new Error('templates cannot load other templates');
    };
    // @types/twig does not declare Templates; the loader registry is twig.js's documented extension point.
    const templates = (instance as unknown as { Templates: { registerLoader(m: string, f: () => never): void } })
      .Templates;
    for (const method of ['fs', 'ajax']) templates.registerLoader(method, refuse);
  });
  // twig.js's source() prints "Template "x" is not defined." where Twig PHP throws (so Mailcoach leaves the text as it was).
  loaded.extendFunction('source', (_name: unknown, ignoreMissing: unknown) =>
    ignoreMissing === true ? '' : refuseSource(),
  );
  twig = loaded;
  return loaded;
}

function refuseSource(): never {
  throw new Error('templates cannot load other templates');
}

/** Sources that failed to compile are remembered too (as null): they render as their decoded text. */
const compiled = new BoundedCache<TwigModule.Template | null>(TEMPLATE_SOURCES);

/** RenderTwigAction::execute($source, $context, throw: false). */
export function renderTwig(source: string, context: Record<string, unknown>): string {
  const decoded = decodeForTwig(source);
  const lexed = twigLexerText(decoded);
  if (!hasTwigTag(lexed)) return lexed;
  return renderVariablesOnly(lexed, context) ?? renderWithTwigJs(lexed, context, decoded);
}

/** The text as Twig's lexer reads it: every \r\n and \r is \n (so even a text without a tag comes out so). */
function twigLexerText(decoded: string): string {
  return decoded.includes('\r') ? decoded.replace(/\r\n?/g, '\n') : decoded;
}

/**
 * Why twig.js cannot compile `source`, or null when it can (or has no Twig in it). A send gives such a text back
 * decoded (Mailcoach swallows Twig errors); the template studio shows the reason.
 */
export function twigCompileError(source: string): string | null {
  const lexed = twigLexerText(decodeForTwig(source));
  if (!hasTwigTag(lexed)) return null;
  try {
    loadTwig().twig({ data: lexed, autoescape: true, rethrow: true } as TwigModule.Parameters);
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/** `text` (decoded, as Twig's lexer reads it) rendered by twig.js; `fallback` when it does not compile or render. */
export function renderWithTwigJs(text: string, context: Record<string, unknown>, fallback = text): string {
  const template = compile(text);
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

/**
 * What renderTwig() gives back for `source` when it holds no Twig tag once decoded (the decoded, mended text, its
 * newlines as Twig's lexer reads them), whatever the context; null when it holds one. The template cache
 * (template-cache.ts) computes a body's HTML from this once instead of running renderTwig per send.
 */
export function twigFreeText(source: string): string | null {
  const lexed = twigLexerText(decodeForTwig(source));
  return hasTwigTag(lexed) ? null : lexed;
}
