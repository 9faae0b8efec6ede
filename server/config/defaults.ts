/** The option defaults, and where the package and its bundled fixtures are. */
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const DEFAULT_TOKEN = 'mailcoach-emulator-token';
export const DEFAULT_PORT = 8088;
export const DEFAULT_HOST = '127.0.0.1';
export const DEFAULT_DB = 'mailcoach-emulator.sqlite';
export const DEFAULT_MAILERS = ['smtp', 'ses', 'log'];
/** The SMTP port of the command and the Docker image: Mailpit's, MailDev's and Laravel Sail's, so apps need no change. */
export const DEFAULT_SMTP_PORT = 1025;
/** Recipients per SMTP message (Mailpit's default); a 452 beyond. */
export const DEFAULT_SMTP_MAX_RECIPIENTS = 100;
/** The secret of --webhook's configurations when --webhook-secret is not given: fixed and printed, so a test knows it. */
export const DEFAULT_WEBHOOK_SECRET = 'mailcoach-emulator-webhook-secret';

/** One rendering thread per core beyond the first (the main thread's), at most two: on 2 cores, one. */
export function defaultRenderWorkers(): number {
  return Math.max(0, Math.min(2, availableParallelism() - 1));
}

/**
 * The package's root directory: the nearest one above this file with a package.json. Searched for rather than
 * written as a relative path because this file runs from server/ (tsx), dist/server/ (tsc) and, bundled, from
 * dist/bundle/ or dist/bundle/chunks/.
 */
export function packageRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(resolve(dir, 'package.json')) && dirname(dir) !== dir) dir = dirname(dir);
  return dir;
}

/** The fixtures shipped with the package: <package root>/fixtures. */
export function bundledFixturesDir(): string {
  return resolve(packageRoot(), 'fixtures');
}
