#!/usr/bin/env node
/** The `mailcoach-emulator` command: parse options, start, print where everything is, stop cleanly. */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { type CliRequest, ConfigError, exitCodeFor, helpText, packageRoot, parseCli, type Config } from './config.js';
import { FixtureError } from './fixtures/load.js';
import { tuneHeapForServer } from './v8-flags.js';
import { consoleLogger } from './logger.js';
import { startServer, type RunningEmulator } from './server.js';

const VERSION = (JSON.parse(readFileSync(resolve(packageRoot(), 'package.json'), 'utf8')) as { version: string })
  .version;

/** Captures under way get 5 s to finish (server.ts); past this, stopping gives up waiting. */
const STOP_DEADLINE_MS = 8_000;

async function main(): Promise<void> {
  if (process.argv[2] === 'mcp') return serveMcp(process.argv.slice(3));
  let request: CliRequest;
  try {
    request = parseCli(process.argv.slice(2), process.env);
  } catch (error) {
    return fail(error);
  }
  if (request.kind === 'help') return void process.stdout.write(helpText(VERSION));
  if (request.kind === 'version') return void process.stdout.write(`${VERSION}\n`);
  tuneHeapForServer();
  let emulator: RunningEmulator;
  try {
    emulator = await startServer(request.config, consoleLogger);
  } catch (error) {
    return fail(error, request.config);
  }
  // Handlers before the banner: whoever waits for "listening on" may stop us the moment it appears.
  let stopping = false;
  const stop = () => {
    // A second signal, or a close that does not end in time (a client that never reads, a stuck capture), ends
    // the process at once: a stop must always work.
    if (stopping) process.exit(1);
    stopping = true;
    setTimeout(() => {
      console.error(`mailcoach-emulator: still stopping after ${STOP_DEADLINE_MS / 1000} s; exiting now`);
      process.exit(1);
    }, STOP_DEADLINE_MS).unref();
    void emulator.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  printBanner(emulator, request.config);
}

/** `mailcoach-emulator mcp`: MCP over stdio for a running emulator (server/mcp/stdio.ts), loaded only for it. */
async function serveMcp(argv: string[]): Promise<void> {
  try {
    await (await import('./mcp/stdio.js')).serveMcpOverStdio(argv, process.env, VERSION);
  } catch (error) {
    fail(error);
  }
}

function printBanner(emulator: RunningEmulator, config: Config): void {
  const fixtures = emulator.deps.fixtures;
  const lines = [
    `mailcoach-emulator ${VERSION} listening on ${emulator.url}`,
    `  API base URL: ${emulator.url}/api`,
    ...(emulator.https ? [`  HTTPS:        ${emulator.https.url} (certificate: ${emulator.https.certPath})`] : []),
    ...(emulator.smtp ? [`  SMTP:         ${smtpLine(emulator.smtp, config.host)}`] : []),
    ...(emulator.smtps
      ? [
          `  SMTPS:        ${hostPort(config.host, emulator.smtps.port)} (implicit TLS with the HTTPS certificate; AUTH as on SMTP)`,
        ]
      : []),
    `  API token:    ${config.anyToken ? 'any non-empty bearer token' : config.tokens.join(', ')}`,
    `  database:     ${config.dbPath === ':memory:' ? ':memory: (nothing is kept)' : resolve(config.dbPath)}`,
    ...(config.isolate ? ['  workspaces:   one per API token (--isolate)'] : []),
    ...(config.faultsFile === null ? [] : [`  faults:       ${faultsLine(emulator, config.faultsFile)}`]),
    ...webhookLines(config, fixtures.webhooks.length),
    `  fixtures:     ${config.fixturesDir ?? 'none'} (${fixtureCounts(fixtures)})${config.watch ? ', watched for changes (--watch)' : ''}`,
  ];
  if (config.host !== '127.0.0.1' && config.host !== 'localhost' && config.host !== '::1') {
    lines.push(`  note: bound to ${config.host}, so other machines can reach it`);
  }
  console.log(lines.join('\n'));
}

function hostPort(host: string, port: number): string {
  return `${host.includes(':') ? `[${host}]` : host}:${port}`;
}

/** Where apps send mail over SMTP, and what the port asks of them. */
function smtpLine(smtp: NonNullable<RunningEmulator['smtp']>, host: string): string {
  const auth = smtp.authRequired ? 'AUTH required, an API token as the password' : 'AUTH optional, any credentials';
  return `${hostPort(host, smtp.port)} (${auth}; STARTTLS ${smtp.starttls ? 'offered' : 'off, --smtp-starttls offers it'})`;
}

/** `3 templates, 4 suppressions`, and the audience's lists, campaign templates and automations when there are any. */
function fixtureCounts(fixtures: RunningEmulator['deps']['fixtures']): string {
  const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;
  const counts = [`${fixtures.templates.length} templates`, `${fixtures.suppressions.length} suppressions`];
  if (fixtures.emailLists.length > 0) counts.push(plural(fixtures.emailLists.length, 'email list'));
  if (fixtures.campaignTemplates.length > 0)
    counts.push(plural(fixtures.campaignTemplates.length, 'campaign template'));
  if (fixtures.automations.length > 0) counts.push(plural(fixtures.automations.length, 'automation'));
  if (fixtures.webhooks.length > 0) counts.push(plural(fixtures.webhooks.length, 'webhook'));
  return counts.join(', ');
}

/**
 * Each --webhook URL with where its Signature secret comes from (the default one is printed: a test needs it; one
 * the user chose is not), and the retry mode when anything may call out (--webhook or the fixtures' webhooks).
 */
function webhookLines(config: Config, fixtureWebhooks: number): string[] {
  const secret =
    config.webhookSecretSource === 'default'
      ? `the default secret "${config.webhookSecret}" (--webhook-secret sets another)`
      : `the secret of ${config.webhookSecretSource}`;
  const lines = config.webhooks.map(
    (url) => `  webhook:      ${url} (every event of every list; signed with ${secret})`,
  );
  if (config.webhooks.length > 0 || fixtureWebhooks > 0)
    lines.push(`  webhook retries: ${RETRY_WORDS[config.webhookRetries]} (--webhook-retries)`);
  return lines;
}

const RETRY_WORDS: Record<Config['webhookRetries'], string> = {
  mailcoach: "mailcoach: 5 tries, 10 s, 100 s, 1000 s and 10000 s apart on the emulator's clock",
  fast: 'fast: 5 tries within 4 s',
  off: 'off: one try',
};

/** The --faults file's rules, as every workspace starts with them (the default workspace's, before any request). */
function faultsLine(emulator: RunningEmulator, file: string): string {
  const count = emulator.deps.faults.list(emulator.deps.workspaces.defaultId).length;
  return `${resolve(file)} (${count} ${count === 1 ? 'rule' : 'rules'}, in every workspace)`;
}

function fail(error: unknown, config?: Config): void {
  const message =
    error instanceof ConfigError || error instanceof FixtureError
      ? error.message
      : (portInUse(error, config) ?? `cannot start: ${(error as Error).message}`);
  console.error(`mailcoach-emulator: ${message}`);
  process.exitCode = exitCodeFor(error);
}

/**
 * The HTTP or HTTPS port taken: which option chose it and how to move it, worded as the SMTP listener words its own
 * (server/smtp/listener.ts).
 */
function portInUse(error: unknown, config: Config | undefined): string | null {
  const { code, port } = error as { code?: unknown; port?: unknown };
  if (code !== 'EADDRINUSE' || config === undefined || typeof port !== 'number') return null;
  const [service, flag] =
    port === config.port ? ['HTTP', '--port'] : port === config.httpsPort ? ['HTTPS', '--https-port'] : [];
  if (flag === undefined) return null;
  return `cannot start: ${service} port ${port} is in use on ${config.host}: move it with ${flag} <n> (0: a free port)`;
}

void main();
