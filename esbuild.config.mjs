/**
 * The published JavaScript: the public entry points (`mailcoach-emulator/testing` and the `mailcoach-emulator`
 * command) bundled into dist/bundle. Run by `npm run build` after tsc, which still emits dist/server (the
 * declarations "types" points at, and the per-file modules the benchmarks take apart). The package ("files")
 * holds dist/bundle, dist/web and only the declarations of dist/server: its modules and their source maps, which
 * point at server/*.ts, are unreachable through "exports" and would only weigh.
 *
 * Why a bundle: the first startEmulator() in a test process was mostly module loading, a few hundred small ESM
 * files resolved, read and compiled one by one (zod alone is over a hundred). One file per entry and shared
 * chunks load in a fraction of that. Code splitting turns every dynamic import() into a chunk of its own, so
 * what the server loads on first use (parts of mail rendering, the OpenAPI document) stays out of the start.
 */
import { copyFileSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { build } from 'esbuild';

const OUT_DIR = 'dist/bundle';

/**
 * Left to Node's resolver at run time: better-sqlite3 (both release lines, server/db/driver.ts, which requires
 * them with createRequire, so Node never scans them for ES export names) loads a native addon relative to its own files; mjml
 * and selfsigned are big, loaded on first use only (a mail with MJML, HTTPS without a certificate), and mjml finds
 * its components with requires a bundler cannot follow. (markdown-it is required at run time by
 * server/mail/render/markdown.ts, so Node resolves it too.)
 */
const EXTERNAL = ['better-sqlite3', 'better-sqlite3-node22', 'mjml', 'selfsigned'];

/**
 * The bundle is ESM, but the CommonJS packages inside it call require() for Node's built-in modules: esbuild
 * routes those calls to a global `require`, which an ES module lacks, so each output file defines one.
 */
const DEFINE_REQUIRE =
  "import { createRequire as __bundleCreateRequire } from 'node:module';\n" +
  'const require = __bundleCreateRequire(import.meta.url);';

rmSync(OUT_DIR, { recursive: true, force: true });
const result = await build({
  // capture-worker is no command: as an entry of its own, mail/capture/jobs.ts and what it imports go to chunks of their
  // own, which is all a capture worker loads (it imports the module by its own URL). Inside the chunk the whole
  // server shares, a worker also compiled the HTTP app it never runs
  // (docs/performance.md#2026-11-28-378103e-the-capture-worker-as-an-entry-of-its-own-in-the-bundle).
  entryPoints: {
    testing: 'server/testing/index.ts',
    cli: 'server/cli.ts',
    'capture-worker': 'server/mail/capture/jobs.ts',
  },
  outdir: OUT_DIR,
  entryNames: '[name]',
  chunkNames: 'chunks/[name]-[hash]',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  // jsonc-parser's `main` is a UMD file whose require()s esbuild cannot follow: its ES module build instead.
  alias: { 'jsonc-parser': 'jsonc-parser/lib/esm/main.js' },
  target: 'node20',
  external: EXTERNAL,
  banner: { js: DEFINE_REQUIRE },
  // Without whitespace V8 parses the ~550 kB the start loads about a fifth faster (some 5 ms of the start on a
  // 2-core machine). Names are kept, so stack traces stay readable; `node --enable-source-maps` maps them back to
  // server/*.ts (Node reads the maps only then). The maps carry the sources: the package has no server/, and
  // without them Node shows the failing line as the bundle's (a minified line thousands of characters long).
  minifyWhitespace: true,
  minifySyntax: true,
  sourcemap: 'linked',
  sourcesContent: true,
  logLevel: 'warning',
  metafile: process.env.BUNDLE_METAFILE !== undefined,
});
// What went into which file, e.g. to see what a start loads: `BUNDLE_METAFILE=meta.json npm run build`, then open
// meta.json in https://esbuild.github.io/analyze/.
if (result.metafile) writeFileSync(process.env.BUNDLE_METAFILE, JSON.stringify(result.metafile));

/**
 * The interactive API docs (server/http/api-docs.ts) serve Swagger UI's bundle and stylesheet. swagger-ui-dist is
 * a devDependency, so users do not install it (nor its telemetry dependency): its two files, with their licence
 * and notice (Apache-2.0), are copied into dist/api-docs, which the package publishes.
 */
const API_DOCS_DIR = 'dist/api-docs';
const swaggerUiDist = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
rmSync(API_DOCS_DIR, { recursive: true, force: true });
mkdirSync(API_DOCS_DIR, { recursive: true });
for (const file of ['swagger-ui-bundle.js', 'swagger-ui.css', 'LICENSE', 'NOTICE'])
  copyFileSync(join(swaggerUiDist, file), join(API_DOCS_DIR, file));
