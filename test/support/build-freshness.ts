/**
 * Whether a build output is older than its sources, by modification times: a test run against a stale build
 * would check the previous code and pass or fail for the wrong reason. Walking the ~300 files under server/ takes
 * about 10 ms, so every run can afford it (no hashing). A checkout or rebase touches the files it changes, so it
 * asks for a rebuild too, which is what their new content needs.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface Build {
  /** A file the build writes on every run (relative to the repository root). */
  output: string;
  /** The files and folders it is built from (relative to the repository root). */
  sources: string[];
}

/** The bundle the contract tests spawn (package.json "bin") and the examples import (`mailcoach-emulator/testing`). */
export const BUNDLE: Build = { output: 'dist/bundle/cli.js', sources: ['server', 'esbuild.config.mjs'] };

/**
 * The web UI the server serves from dist/web (server/http/web-ui.ts), built by Vite from web/ and the typed client
 * it talks through (server/testing/). The screenshots under web/ are no source of it.
 */
export const WEB_UI: Build = {
  output: 'dist/web/index.html',
  sources: ['web/src', 'web/public', 'web/index.html', 'web/vite.config.ts', 'server/testing'],
};

/** Null when every build is fresh; otherwise what is stale and what to do, one sentence a build. */
export function staleBuilds(builds: Build[]): string | null {
  const stale = builds.map(staleBuild).filter((why) => why !== null);
  return stale.length === 0 ? null : stale.join(' ');
}

/** Null when `output` exists and is newer than every source; otherwise why the tests must not run, and what to do. */
function staleBuild({ output, sources }: Build): string | null {
  const built = join(ROOT, output);
  if (!existsSync(built)) return `${output} is missing: run \`npm run build\` first.`;
  const builtAt = statSync(built).mtimeMs;
  const newest = newestFile(sources.map((source) => join(ROOT, source)));
  if (newest === null || newest.mtimeMs <= builtAt) return null;
  return (
    `${output} is older than ${relative(ROOT, newest.path)} (built ${new Date(builtAt).toISOString()}, ` +
    `source changed ${new Date(newest.mtimeMs).toISOString()}): run \`npm run build\`, then the tests again.`
  );
}

function newestFile(paths: string[]): { path: string; mtimeMs: number } | null {
  let newest: { path: string; mtimeMs: number } | null = null;
  const consider = (path: string) => {
    const { mtimeMs } = statSync(path);
    if (newest === null || mtimeMs > newest.mtimeMs) newest = { path, mtimeMs };
  };
  for (const path of paths) {
    if (!existsSync(path)) continue;
    if (!statSync(path).isDirectory()) {
      consider(path);
      continue;
    }
    for (const entry of readdirSync(path, { recursive: true, withFileTypes: true })) {
      // Notes beside the code (server/emulator/README.md) are built into nothing.
      if (entry.isFile() && !entry.name.endsWith('.md')) consider(join(entry.parentPath, entry.name));
    }
  }
  return newest;
}
