/**
 * Which sources dist/ was built from: `npm run build` ends with `node build-stamp.mjs write`, which records a
 * digest of the build's inputs in dist/build-stamp.json; `node build-stamp.mjs check` exits 0 when dist/ was built
 * from the sources as they are now, 1 otherwise (never built, a source changed, a dependency moved).
 *
 * Why: package.json's `prepare` builds (`npm run build:changed`), because npm runs it when a project installs this
 * package from git (with our devDependencies installed, in a clone of its own) and an install without dist/ fails
 * with ERR_MODULE_NOT_FOUND. npm runs `prepare` for `npm ci` and `npm install` in this repository too, and twice
 * for a git install (once in the clone's own install, once before packing it); `npm test` builds as well. With the
 * check, each of those builds only when something changed since the last build.
 *
 * The digest is of file contents, not times: a checkout or a copy changes every mtime and no byte.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('.', import.meta.url));
const STAMP = join(ROOT, 'dist', 'build-stamp.json');

/** What `npm run build` reads: tsc's and esbuild's server/, Vite's web/ (its screenshots aside), their configs, the locked dependencies. */
const INPUTS = ['server', 'web', 'esbuild.config.mjs', 'tsconfig.json', 'tsconfig.build.json', 'package-lock.json'];
/** Not read by the build: the README's screenshots. */
const SKIPPED = new Set(['web/screenshots']);

function* inputFiles(path) {
  const stats = statSync(join(ROOT, path), { throwIfNoEntry: false });
  if (stats === undefined || SKIPPED.has(path)) return;
  if (stats.isFile()) yield path;
  else if (stats.isDirectory()) {
    for (const name of readdirSync(join(ROOT, path)).sort()) yield* inputFiles(`${path}/${name}`);
  }
}

function sourceDigest() {
  const hash = createHash('sha256');
  for (const path of INPUTS.flatMap((input) => [...inputFiles(input)])) {
    hash
      .update(`${path}\0`)
      .update(readFileSync(join(ROOT, path)))
      .update('\0');
  }
  return hash.digest('hex');
}

/** The digest dist/ was built from, or null when it has no stamp (never built, or built before stamps). */
function builtDigest() {
  try {
    return JSON.parse(readFileSync(STAMP, 'utf8')).sources;
  } catch {
    return null;
  }
}

const command = process.argv[2];
if (command === 'write') {
  writeFileSync(STAMP, `${JSON.stringify({ sources: sourceDigest() })}\n`);
} else if (command === 'check') {
  const current = builtDigest() === sourceDigest();
  console.log(
    current
      ? 'dist/ was built from these sources: not building again'
      : `dist/ ${builtDigest() === null ? 'was never built' : 'is older than the sources'}: building`,
  );
  process.exitCode = current ? 0 : 1;
} else if (command !== undefined) {
  console.error(`build-stamp.mjs: unknown command "${command}" (write or check; ${relative(process.cwd(), STAMP)})`);
  process.exitCode = 2;
}
