/**
 * Runs cases through test/fidelity/oracle.php: the PHP libraries Mailcoach 8 itself uses, in its order. The tier
 * is skipped, loudly, where PHP or a library is missing; with FIDELITY_REQUIRED=1 (set by .ci/run) it fails instead.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export type OracleCase =
  | { stage: 'text' | 'inline' | 'markdown' | 'dom' | 'dom-inline'; input: string }
  | { stage: 'twig'; input: string; context?: Record<string, unknown> }
  | {
      stage: 'campaign';
      html: string;
      mjml?: boolean;
      context?: Record<string, unknown>;
      replacements?: Record<string, string>;
    }
  | {
      stage: 'template';
      type: 'html' | 'markdown' | 'blade' | 'mjml';
      body: string;
      subject?: string;
      replacements?: Record<string, unknown>;
    };

export type OracleResult = { output: string } | { error: string };

const SCRIPT = fileURLToPath(new URL('./oracle.php', import.meta.url));
const LIBRARIES = [
  '/usr/share/php/League/HTMLToMarkdown/autoload.php',
  '/usr/share/php/League/CommonMark/autoload.php',
  '/usr/share/php/Twig/autoload.php',
  '/usr/share/php/TijsVerkoyen/CssToInlineStyles/autoload.php',
];

/** Why the oracle cannot run here, or null when it can. */
function oracleMissing(): string | null {
  const php = spawnSync('php', ['-v'], { encoding: 'utf8' });
  if (php.error !== undefined || php.status !== 0) return 'php is not installed';
  const missing = LIBRARIES.filter((path) => !existsSync(path));
  return missing.length === 0 ? null : `missing ${missing.join(', ')}`;
}

const INSTALL_HINT =
  'apt-get install -y php-cli php-league-commonmark php-league-html-to-markdown php-twig php-tijsverkoyen-css-to-inline-styles';

/** Whether the tier runs; prints why not, or throws when it must run (FIDELITY_REQUIRED=1). */
export function oracleAvailable(): boolean {
  const missing = oracleMissing();
  if (missing === null) return true;
  const message = `fidelity tier SKIPPED: ${missing}. Install the oracle with: ${INSTALL_HINT}`;
  if (process.env.FIDELITY_REQUIRED === '1') throw new Error(message);
  console.warn(`\n*** ${message} ***\n`);
  return false;
}

/** All cases through one PHP process (a PHP start costs ~20 ms; one run for the whole corpus). */
export function runOracle(cases: readonly OracleCase[]): OracleResult[] {
  const out = execFileSync('php', ['-d', 'memory_limit=512M', SCRIPT], {
    input: JSON.stringify(cases),
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  return JSON.parse(out) as OracleResult[];
}

export function oracleOutput(result: OracleResult | undefined): string {
  if (result === undefined) throw new Error('the oracle gave no result');
  if ('error' in result) throw new Error(`the oracle failed: ${result.error}`);
  return result.output;
}
