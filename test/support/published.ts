/**
 * The command the package publishes (package.json "bin"): the esbuild bundle that `npx mailcoach-emulator` and
 * Docker run. Contract tests and benchmarks spawn it, so that they check and measure what users get.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export function publishedCli(): string {
  const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { bin: Record<string, string> };
  const bin = manifest.bin['mailcoach-emulator'];
  if (bin === undefined) throw new Error('package.json has no "mailcoach-emulator" bin');
  return join(ROOT, bin);
}
