/**
 * Modules that MJML 4 loads at once but never runs for us, replaced by stubs on the render workers: we render with
 * `minify` and `beautify` off, so mjml-core never calls html-minifier nor js-beautify through
 * helpers/formatHtml.js, and loading them costs each render worker megabytes of RSS
 * (docs/performance.md#2026-12-07-36e3fcf-mjmls-html-minifier-and-js-beautify-stubbed-on-the-render-workers).
 *
 * The stubs go into require.cache (Node's documented module cache, which may be added to) under the very path each
 * requirer would load, resolved from the requirer's own location, so other copies of these packages are left
 * alone. Only on the render workers, whose isolate is ours: a process that embeds startEmulator() (renders in its
 * own thread) keeps its modules as they are. A path that does not resolve (another mjml layout) gets no stub.
 */
import Module, { createRequire } from 'node:module';

interface Stub {
  /** The package, then the chain of packages that requires it, innermost last: resolved from `mjml`. */
  via: string[];
  name: string;
  exports: unknown;
}

const refuse = (what: string) => () => {
  throw new Error(`${what} is not available in the emulator's render worker`);
};

const STUBS: Stub[] = [
  // mjml-core 4's lib/index.js: `require("html-minifier")`, used when `minify` is on.
  { via: ['mjml', 'mjml-core'], name: 'html-minifier', exports: { minify: refuse('html-minifier (MJML minify)') } },
  // mjml-core/lib/helpers/formatHtml.js: `const { html } = require('js-beautify')`, used when `beautify` is on.
  { via: ['mjml', 'mjml-core'], name: 'js-beautify', exports: { html: refuse('js-beautify (MJML beautify)') } },
];

let stubbed = false;

/** Puts the stubs in place; call before the first mjml load. Returns the module paths stubbed. */
export function stubUnusedRenderModules(): string[] {
  if (stubbed) return [];
  stubbed = true;
  const done: string[] = [];
  const requireHere = createRequire(import.meta.url);
  for (const stub of STUBS) {
    try {
      let from = requireHere.resolve(stub.via[0]!);
      for (const next of stub.via.slice(1)) from = createRequire(from).resolve(next);
      const path = createRequire(from).resolve(stub.name);
      if (requireHere.cache[path] !== undefined) continue;
      const module = new Module(path);
      module.filename = path;
      module.loaded = true;
      module.exports = stub.exports;
      requireHere.cache[path] = module;
      done.push(path);
    } catch {
      // another layout: that module loads as it is
    }
  }
  return done;
}
