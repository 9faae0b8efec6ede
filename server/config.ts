/**
 * Command-line options and their environment equivalents, parsed once into a typed Config. Nothing else reads
 * process.argv or process.env. A bad value is a ConfigError with a one-line reason.
 */
import { existsSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { availableParallelism } from 'node:os';
import { parseArgs } from 'node:util';
import type { OnlineLinkMode } from './checks/online.js';
import { parseClockSpec } from './clock.js';
import { parseIdSpec } from './ids.js';
import { parseRandomSpec } from './random.js';
import { isWebhookUrl } from './webhooks/configurations.js';
import { isWebhookRetries, WEBHOOK_RETRY_MODES, type WebhookRetries } from './webhooks/retries.js';

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

export interface Config {
  port: number;
  host: string;
  /** A second, HTTPS listener for clients that only speak HTTPS (the Mailcoach mailer transport); null: none. */
  httpsPort: number | null;
  /** The HTTPS certificate and key files; null: a self-signed certificate kept beside the database. */
  tlsCert: string | null;
  tlsKey: string | null;
  /** The SMTP intake's port (server/smtp/), on the same address as HTTP; null: no SMTP (`--smtp-port off`). */
  smtpPort: number | null;
  /** Recipients one SMTP message may have. */
  smtpMaxRecipients: number;
  /**
   * Offer STARTTLS on the SMTP port, with the HTTPS certificate (--tls-cert, or the self-signed one). Off by
   * default: clients upgrade whenever it is offered and then check the certificate, which a self-signed one fails
   * (Symfony Mailer, nodemailer), so offering it would break the apps that Mailpit serves unchanged.
   */
  smtpStartTls: boolean;
  /**
   * A second SMTP port speaking TLS from the first byte (implicit TLS, RFC 8314: what `MAIL_ENCRYPTION=ssl` and
   * `smtps://` clients expect, usually on 465), with the same certificate, rules and capture; null: none (default).
   */
  smtpsPort: number | null;
  /**
   * SMTP timeouts, in ms: a client silent this long while it owes input gets a 421 and is closed; a connection
   * open this long in all (a trickle of bytes never idles) likewise. Hidden from --help (README "SMTP"): for tests.
   */
  smtpIdleTimeoutMs: number;
  smtpConnectionTimeoutMs: number;
  /** A file path, or `:memory:`. */
  dbPath: string;
  tokens: string[];
  /** Accept any non-empty bearer token. */
  anyToken: boolean;
  /** null: start without fixtures. */
  fixturesDir: string | null;
  /** Load the fixtures again when their files change (the template studio's designers edit them on disk). */
  watch: boolean;
  alwaysJson: boolean;
  /** Requests per minute per token; null: no rate limit (the default). */
  rateLimit: number | null;
  allowSpamComplaintDeletion: boolean;
  /** Mailer names the send endpoint accepts. */
  mailers: string[];
  maxBodyBytes: number;
  /** `system`, `fixed:<iso>` or `stepping:<iso>[,<ms>]`. */
  clock: string;
  /** `random` or `sequential`. */
  ids: string;
  /** `system` or `seed:<n>`: where fault probabilities draw from. */
  random: string;
  /** One workspace per token. */
  isolate: boolean;
  /** A JSON file of fault rules applied to every workspace; null: none. */
  faultsFile: string | null;
  /** Worker threads that render sends and write their messages; 0: in-process (mail/capture/worker-pool.ts). */
  renderWorkers: number;
  /**
   * Whether the web UI and /_emulator need an accepted token: `auto` (needed when bound beyond loopback), `required`
   * or `off` (http/local-surface.ts).
   */
  uiToken: UiTokenMode;
  /** Host names the UI and /_emulator answer to besides localhost, 127.0.0.1 and [::1], when no token is needed. */
  allowedHosts: string[];
  /** URLs that get every webhook of every list (--webhook), beside the fixtures' configurations. */
  webhooks: string[];
  /** The secret --webhook's configurations sign with. */
  webhookSecret: string;
  /** Where webhookSecret came from, for the start banner (which prints only the default one). */
  webhookSecretSource: '--webhook-secret' | 'MAILCOACH_EMULATOR_WEBHOOK_SECRET' | 'default';
  /** How failed webhook calls are tried again (webhooks/retries.ts). */
  webhookRetries: WebhookRetries;
  /** Whether a mail's checks request its links (checks/online.ts): off, public addresses only, or all. */
  checkLinks: OnlineLinkMode;
}

export type UiTokenMode = 'auto' | 'required' | 'off';

export class ConfigError extends Error {}

/**
 * A --fixtures path that is not a directory: the value is a well-formed option, what it names is the problem, so
 * the command exits 1 for it as for fixtures that do not load (README "Options"), not 2 as for a bad option.
 */
export class FixturesPathError extends ConfigError {}

/** The command's exit code for an error that stops it: 2 for a bad option, 1 for the fixtures and anything else. */
export function exitCodeFor(error: unknown): 1 | 2 {
  return error instanceof ConfigError && !(error instanceof FixturesPathError) ? 2 : 1;
}

/** One rendering thread per core beyond the first (the main thread's), at most two: on 2 cores, one. */
export function defaultRenderWorkers(): number {
  return Math.max(0, Math.min(2, availableParallelism() - 1));
}

interface OptionDoc {
  flag: string;
  env: string;
  help: string;
}

/** The option table `--help` prints; README.md documents the same list. */
export const OPTION_DOCS: OptionDoc[] = [
  {
    flag: '--port <n>',
    env: 'MAILCOACH_EMULATOR_PORT, PORT',
    help: `port to listen on; 0 picks a free one (default ${DEFAULT_PORT})`,
  },
  {
    flag: '--https-port <n>',
    env: 'MAILCOACH_EMULATOR_HTTPS_PORT',
    help: 'also serve HTTPS on this port (0: a free one), for the Mailcoach mailer transport',
  },
  {
    flag: '--tls-cert <file>',
    env: 'MAILCOACH_EMULATOR_TLS_CERT',
    help: 'HTTPS certificate (PEM; default: a self-signed one for localhost, kept beside the db)',
  },
  { flag: '--tls-key <file>', env: 'MAILCOACH_EMULATOR_TLS_KEY', help: 'HTTPS private key (PEM), with --tls-cert' },
  {
    flag: '--host <addr>',
    env: 'MAILCOACH_EMULATOR_HOST',
    help: `address to bind (default ${DEFAULT_HOST}; 0.0.0.0 exposes it)`,
  },
  {
    flag: '--smtp-port <n>',
    env: 'MAILCOACH_EMULATOR_SMTP_PORT',
    help: `SMTP port capturing mail like the API (default ${DEFAULT_SMTP_PORT}; 0: a free one; off: no SMTP)`,
  },
  {
    flag: '--smtp-max-recipients <n>',
    env: 'MAILCOACH_EMULATOR_SMTP_MAX_RECIPIENTS',
    help: `recipients per SMTP message, 452 beyond (default ${DEFAULT_SMTP_MAX_RECIPIENTS})`,
  },
  {
    flag: '--smtp-starttls',
    env: 'MAILCOACH_EMULATOR_SMTP_STARTTLS=1',
    help: 'offer STARTTLS on the SMTP port, with the HTTPS certificate (clients must trust it)',
  },
  {
    flag: '--smtps-port <n>',
    env: 'MAILCOACH_EMULATOR_SMTPS_PORT',
    help: 'also SMTP over implicit TLS (smtps://, port 465 style) with the HTTPS certificate (default: off; 0: a free one)',
  },
  { flag: '--db <path>', env: 'MAILCOACH_EMULATOR_DB', help: `SQLite file, or :memory: (default ./${DEFAULT_DB})` },
  {
    flag: '--token <token>',
    env: 'MAILCOACH_EMULATOR_TOKENS (comma-separated)',
    help: `accepted API token, repeatable (default ${DEFAULT_TOKEN})`,
  },
  { flag: '--any-token', env: 'MAILCOACH_EMULATOR_ANY_TOKEN=1', help: 'accept any non-empty bearer token' },
  {
    flag: '--fixtures <dir>',
    env: 'MAILCOACH_EMULATOR_FIXTURES',
    help: 'fixtures directory to seed (default: the bundled fixtures)',
  },
  { flag: '--no-fixtures', env: 'MAILCOACH_EMULATOR_FIXTURES=none', help: 'start with no templates or suppressions' },
  {
    flag: '--watch',
    env: 'MAILCOACH_EMULATOR_WATCH=1',
    help: 'reload fixture templates when their files change (a broken file keeps the last good version)',
  },
  {
    flag: '--always-json',
    env: 'MAILCOACH_EMULATOR_ALWAYS_JSON=1',
    help: 'answer errors as JSON even without "Accept: application/json"',
  },
  {
    flag: '--rate-limit <n>',
    env: 'MAILCOACH_EMULATOR_RATE_LIMIT',
    help: 'requests per minute per token, 429 beyond (default: off)',
  },
  {
    flag: '--allow-spam-complaint-deletion',
    env: 'MAILCOACH_EMULATOR_ALLOW_SPAM_COMPLAINT_DELETION=1',
    help: 'let DELETE remove spam_complaint suppressions (self-hosted behaviour)',
  },
  {
    flag: '--mailers <a,b>',
    env: 'MAILCOACH_EMULATOR_MAILERS',
    help: `mailer names the send endpoint accepts (default ${DEFAULT_MAILERS.join(',')})`,
  },
  {
    flag: '--max-body-mb <n>',
    env: 'MAILCOACH_EMULATOR_MAX_BODY_MB',
    help: 'largest request body accepted, in MB (default 40)',
  },
  {
    flag: '--clock <spec>',
    env: 'MAILCOACH_EMULATOR_CLOCK',
    help: 'system, fixed:<iso> or stepping:<iso>[,<ms>] (deterministic tests)',
  },
  { flag: '--ids <kind>', env: 'MAILCOACH_EMULATOR_IDS', help: 'random or sequential uuids (deterministic tests)' },
  {
    flag: '--random <spec>',
    env: 'MAILCOACH_EMULATOR_RANDOM',
    help: 'system or seed:<n>: the source of fault probabilities (seed it for repeatable runs)',
  },
  {
    flag: '--isolate',
    env: 'MAILCOACH_EMULATOR_ISOLATE=1',
    help: 'give each API token its own workspace (data, captured mail, faults)',
  },
  {
    flag: '--faults <file>',
    env: 'MAILCOACH_EMULATOR_FAULTS',
    help: 'JSON array of fault rules applied to every workspace',
  },
  {
    flag: '--render-workers <n>',
    env: 'MAILCOACH_EMULATOR_RENDER_WORKERS',
    help: `threads rendering sends, 0: in-process (default ${defaultRenderWorkers()}: one per core beyond the first, at most 2)`,
  },
  {
    flag: '--ui-token <mode>',
    env: 'MAILCOACH_EMULATOR_UI_TOKEN',
    help: 'auto, required or off: whether the web UI and /_emulator need a token (auto: when --host is not loopback)',
  },
  {
    flag: '--allowed-hosts <a,b>',
    env: 'MAILCOACH_EMULATOR_ALLOWED_HOSTS',
    help: 'more host names the UI and /_emulator answer to (default: localhost, 127.0.0.1, [::1] only)',
  },
  {
    flag: '--webhook <url>',
    env: 'MAILCOACH_EMULATOR_WEBHOOKS (comma-separated)',
    help: "call this URL with Mailcoach's webhooks (all lists, all events), repeatable",
  },
  {
    flag: '--webhook-secret <s>',
    env: 'MAILCOACH_EMULATOR_WEBHOOK_SECRET',
    help: `the Signature secret of --webhook's calls (default ${DEFAULT_WEBHOOK_SECRET})`,
  },
  {
    flag: '--check-links <mode>',
    env: 'MAILCOACH_EMULATOR_CHECK_LINKS',
    help: "offline (default), online (a mail's checks request its links, never a private address) or online-all (private ones too)",
  },
  {
    flag: '--webhook-retries <m>',
    env: 'MAILCOACH_EMULATOR_WEBHOOK_RETRIES',
    help: "mailcoach (5 tries, 10 s to 10000 s apart on the emulator's clock), fast (5 tries within 4 s) or off",
  },
  { flag: '--help', env: '', help: 'print this help' },
  { flag: '--version', env: '', help: 'print the version' },
];

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

export type CliRequest = { kind: 'help' } | { kind: 'version' } | { kind: 'run'; config: Config };

export function parseCli(argv: string[], env: NodeJS.ProcessEnv): CliRequest {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      strict: true,
      options: {
        port: { type: 'string' },
        host: { type: 'string' },
        db: { type: 'string' },
        'https-port': { type: 'string' },
        'smtp-port': { type: 'string' },
        'smtp-max-recipients': { type: 'string' },
        'smtp-starttls': { type: 'boolean' },
        'smtps-port': { type: 'string' },
        'smtp-idle-timeout-ms': { type: 'string' },
        'smtp-connection-timeout-ms': { type: 'string' },
        'tls-cert': { type: 'string' },
        'tls-key': { type: 'string' },
        token: { type: 'string', multiple: true },
        'any-token': { type: 'boolean' },
        fixtures: { type: 'string' },
        'no-fixtures': { type: 'boolean' },
        watch: { type: 'boolean' },
        'always-json': { type: 'boolean' },
        'rate-limit': { type: 'string' },
        'allow-spam-complaint-deletion': { type: 'boolean' },
        mailers: { type: 'string' },
        'max-body-mb': { type: 'string' },
        clock: { type: 'string' },
        ids: { type: 'string' },
        random: { type: 'string' },
        isolate: { type: 'boolean' },
        faults: { type: 'string' },
        'render-workers': { type: 'string' },
        'ui-token': { type: 'string' },
        'allowed-hosts': { type: 'string' },
        webhook: { type: 'string', multiple: true },
        'webhook-secret': { type: 'string' },
        'webhook-retries': { type: 'string' },
        'check-links': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
        version: { type: 'boolean', short: 'v' },
      },
    }).values;
  } catch (error) {
    // node:util parseArgs explains some errors over several lines; the reason stays one line.
    throw new ConfigError((error as Error).message.replace(/\s*\n\s*/g, ' '));
  }
  if (parsed.help) return { kind: 'help' };
  if (parsed.version) return { kind: 'version' };
  const fixturesSetting = parsed['no-fixtures'] ? 'none' : (parsed.fixtures ?? env.MAILCOACH_EMULATOR_FIXTURES);
  const config: Config = {
    port: integerOption('--port', parsed.port ?? env.MAILCOACH_EMULATOR_PORT ?? env.PORT, DEFAULT_PORT, 0, 65535),
    host: nonEmpty('--host', parsed.host ?? env.MAILCOACH_EMULATOR_HOST ?? DEFAULT_HOST),
    httpsPort: optionalPort('--https-port', parsed['https-port'] ?? env.MAILCOACH_EMULATOR_HTTPS_PORT),
    ...tlsFiles(
      parsed['tls-cert'] ?? env.MAILCOACH_EMULATOR_TLS_CERT,
      parsed['tls-key'] ?? env.MAILCOACH_EMULATOR_TLS_KEY,
    ),
    smtpPort: smtpPortOption(parsed['smtp-port'] ?? env.MAILCOACH_EMULATOR_SMTP_PORT),
    smtpMaxRecipients: integerOption(
      '--smtp-max-recipients',
      parsed['smtp-max-recipients'] ?? env.MAILCOACH_EMULATOR_SMTP_MAX_RECIPIENTS,
      DEFAULT_SMTP_MAX_RECIPIENTS,
      1,
      100_000,
    ),
    smtpStartTls: parsed['smtp-starttls'] ?? booleanEnv('MAILCOACH_EMULATOR_SMTP_STARTTLS', env),
    smtpsPort: offOrPort('--smtps-port', parsed['smtps-port'] ?? env.MAILCOACH_EMULATOR_SMTPS_PORT),
    smtpIdleTimeoutMs: integerOption(
      '--smtp-idle-timeout-ms',
      parsed['smtp-idle-timeout-ms'] ?? env.MAILCOACH_EMULATOR_SMTP_IDLE_TIMEOUT_MS,
      60_000,
      100,
      86_400_000,
    ),
    smtpConnectionTimeoutMs: integerOption(
      '--smtp-connection-timeout-ms',
      parsed['smtp-connection-timeout-ms'] ?? env.MAILCOACH_EMULATOR_SMTP_CONNECTION_TIMEOUT_MS,
      600_000,
      100,
      86_400_000,
    ),
    dbPath: nonEmpty('--db', parsed.db ?? env.MAILCOACH_EMULATOR_DB ?? DEFAULT_DB),
    tokens: tokensOption(parsed.token, env.MAILCOACH_EMULATOR_TOKENS),
    anyToken: parsed['any-token'] ?? booleanEnv('MAILCOACH_EMULATOR_ANY_TOKEN', env),
    fixturesDir: fixturesOption(fixturesSetting),
    watch: parsed.watch ?? booleanEnv('MAILCOACH_EMULATOR_WATCH', env),
    alwaysJson: parsed['always-json'] ?? booleanEnv('MAILCOACH_EMULATOR_ALWAYS_JSON', env),
    rateLimit: rateLimitOption(parsed['rate-limit'] ?? env.MAILCOACH_EMULATOR_RATE_LIMIT),
    allowSpamComplaintDeletion:
      parsed['allow-spam-complaint-deletion'] ?? booleanEnv('MAILCOACH_EMULATOR_ALLOW_SPAM_COMPLAINT_DELETION', env),
    mailers: listOption('--mailers', parsed.mailers ?? env.MAILCOACH_EMULATOR_MAILERS) ?? DEFAULT_MAILERS,
    maxBodyBytes:
      integerOption('--max-body-mb', parsed['max-body-mb'] ?? env.MAILCOACH_EMULATOR_MAX_BODY_MB, 40, 1, 1024) *
      1024 *
      1024,
    clock: checked('--clock', parsed.clock ?? env.MAILCOACH_EMULATOR_CLOCK ?? 'system', parseClockSpec),
    ids: checked('--ids', parsed.ids ?? env.MAILCOACH_EMULATOR_IDS ?? 'random', parseIdSpec),
    random: checked('--random', parsed.random ?? env.MAILCOACH_EMULATOR_RANDOM ?? 'system', parseRandomSpec),
    isolate: parsed.isolate ?? booleanEnv('MAILCOACH_EMULATOR_ISOLATE', env),
    faultsFile: fileOption('--faults', parsed.faults ?? env.MAILCOACH_EMULATOR_FAULTS),
    renderWorkers: integerOption(
      '--render-workers',
      parsed['render-workers'] ?? env.MAILCOACH_EMULATOR_RENDER_WORKERS,
      defaultRenderWorkers(),
      0,
      16,
    ),
    uiToken: uiTokenOption(parsed['ui-token'] ?? env.MAILCOACH_EMULATOR_UI_TOKEN),
    allowedHosts: (
      listOption('--allowed-hosts', parsed['allowed-hosts'] ?? env.MAILCOACH_EMULATOR_ALLOWED_HOSTS) ?? []
    ).map((host) => host.toLowerCase()),
    webhooks: webhookUrls(
      parsed.webhook ?? listOption('MAILCOACH_EMULATOR_WEBHOOKS', env.MAILCOACH_EMULATOR_WEBHOOKS) ?? [],
    ),
    webhookSecret: nonEmpty(
      '--webhook-secret',
      parsed['webhook-secret'] ?? env.MAILCOACH_EMULATOR_WEBHOOK_SECRET ?? DEFAULT_WEBHOOK_SECRET,
    ),
    webhookSecretSource:
      parsed['webhook-secret'] !== undefined
        ? '--webhook-secret'
        : env.MAILCOACH_EMULATOR_WEBHOOK_SECRET !== undefined
          ? 'MAILCOACH_EMULATOR_WEBHOOK_SECRET'
          : 'default',
    webhookRetries: webhookRetriesOption(
      parsed['webhook-retries'] ?? env.MAILCOACH_EMULATOR_WEBHOOK_RETRIES ?? 'mailcoach',
    ),
    checkLinks: checkLinksOption(parsed['check-links'] ?? env.MAILCOACH_EMULATOR_CHECK_LINKS ?? 'offline'),
  };
  if (config.watch && config.fixturesDir === null)
    throw new ConfigError('--watch needs fixtures to watch: drop --no-fixtures, or give --fixtures <dir>');
  return { kind: 'run', config };
}

export function helpText(version: string): string {
  const width = Math.max(...OPTION_DOCS.map((doc) => doc.flag.length));
  const lines = OPTION_DOCS.map(
    (doc) => `  ${doc.flag.padEnd(width)}  ${doc.help}${doc.env ? `\n  ${' '.repeat(width)}  env: ${doc.env}` : ''}`,
  );
  return [
    `mailcoach-emulator ${version}: the Mailcoach HTTP API on your machine; captures mail, never delivers it.`,
    '',
    'Usage: mailcoach-emulator [options]',
    '',
    'Options:',
    ...lines,
    '',
    'Exit codes: 2 for a bad option; 1 for fixtures that cannot be loaded (a --fixtures path that is not a',
    'directory included) and anything else that stops the start, such as a port in use.',
    '',
  ].join('\n');
}

function integerOption(flag: string, raw: string | undefined, fallback: number, min: number, max: number): number {
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw.trim())) throw new ConfigError(`${flag} must be a whole number, got "${raw}"`);
  const value = Number(raw);
  if (value < min || value > max) throw new ConfigError(`${flag} must be between ${min} and ${max}, got ${value}`);
  return value;
}

/** Validates a spec with the parser that will use it later, so a bad value fails at the command line. */
function checked(flag: string, spec: string, parse: (spec: string) => unknown): string {
  try {
    parse(spec);
  } catch (error) {
    throw new ConfigError(`${flag}: ${(error as Error).message}`);
  }
  return spec;
}

function optionalPort(flag: string, raw: string | undefined): number | null {
  return raw === undefined || raw === '' ? null : integerOption(flag, raw, 0, 0, 65535);
}

/** A port that is off unless given (`off` says so too). */
function offOrPort(flag: string, raw: string | undefined): number | null {
  return raw !== undefined && raw.trim().toLowerCase() === 'off' ? null : optionalPort(flag, raw);
}

function smtpPortOption(raw: string | undefined): number | null {
  if (raw !== undefined && raw.trim().toLowerCase() === 'off') return null;
  return integerOption('--smtp-port', raw, DEFAULT_SMTP_PORT, 0, 65535);
}

function tlsFiles(
  cert: string | undefined,
  key: string | undefined,
): { tlsCert: string | null; tlsKey: string | null } {
  if ((cert === undefined) !== (key === undefined)) throw new ConfigError('--tls-cert and --tls-key go together');
  for (const [flag, file] of [
    ['--tls-cert', cert],
    ['--tls-key', key],
  ] as const) {
    if (file !== undefined && !existsSync(file)) throw new ConfigError(`${flag}: no such file "${file}"`);
  }
  return { tlsCert: cert ?? null, tlsKey: key ?? null };
}

function fileOption(flag: string, raw: string | undefined): string | null {
  if (raw === undefined || raw === '') return null;
  if (!existsSync(raw)) throw new ConfigError(`${flag}: no such file "${raw}"`);
  return resolve(raw);
}

function rateLimitOption(raw: string | undefined): number | null {
  if (raw === undefined || raw === '' || raw === 'off') return null;
  const value = integerOption('--rate-limit', raw, 0, 0, 1_000_000);
  return value === 0 ? null : value;
}

function uiTokenOption(raw: string | undefined): UiTokenMode {
  if (raw === undefined || raw === '') return 'auto';
  if (raw === 'auto' || raw === 'required' || raw === 'off') return raw;
  throw new ConfigError(`--ui-token must be auto, required or off, got "${raw}"`);
}

function nonEmpty(flag: string, value: string): string {
  if (value.trim() === '') throw new ConfigError(`${flag} must not be empty`);
  return value;
}

/** http:// is accepted, unlike Mailcoach's create form: the app under test usually runs on localhost (decisions.md). */
function webhookUrls(urls: string[]): string[] {
  for (const url of urls) {
    if (!isWebhookUrl(url)) throw new ConfigError(`--webhook must be an http:// or https:// URL, got "${url}"`);
  }
  // The same URL twice is one configuration (webhooks/configurations.ts), so one call per event, not two.
  return [...new Set(urls)];
}

const CHECK_LINK_MODES: Record<string, OnlineLinkMode> = {
  offline: 'off',
  online: 'online',
  'online-all': 'online-all',
};

function checkLinksOption(raw: string): OnlineLinkMode {
  const mode = CHECK_LINK_MODES[raw];
  if (mode === undefined)
    throw new ConfigError(`--check-links must be one of ${Object.keys(CHECK_LINK_MODES).join(', ')}, got "${raw}"`);
  return mode;
}

function webhookRetriesOption(raw: string): WebhookRetries {
  if (!isWebhookRetries(raw))
    throw new ConfigError(`--webhook-retries must be one of ${WEBHOOK_RETRY_MODES.join(', ')}, got "${raw}"`);
  return raw;
}

function tokensOption(flags: string[] | undefined, env: string | undefined): string[] {
  const tokens = flags ?? listOption('MAILCOACH_EMULATOR_TOKENS', env) ?? [DEFAULT_TOKEN];
  for (const token of tokens) {
    if (token.trim() === '' || /\s/.test(token))
      throw new ConfigError(`--token must be non-empty without spaces, got "${token}"`);
  }
  return tokens;
}

function listOption(name: string, raw: string | undefined): string[] | null {
  if (raw === undefined) return null;
  const items = raw
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
  if (items.length === 0) throw new ConfigError(`${name} must list at least one value`);
  return items;
}

function fixturesOption(setting: string | undefined): string | null {
  if (setting === 'none') return null;
  const dir = resolve(setting ?? bundledFixturesDir());
  const stats = statSync(dir, { throwIfNoEntry: false });
  if (stats === undefined) throw new FixturesPathError(`--fixtures: no such directory "${dir}"`);
  if (!stats.isDirectory()) throw new FixturesPathError(`--fixtures: "${dir}" is not a directory`);
  return dir;
}

const TRUE_VALUES = ['1', 'true', 'yes', 'on'];
const FALSE_VALUES = ['', '0', 'false', 'no', 'off'];

function booleanEnv(name: string, env: NodeJS.ProcessEnv): boolean {
  const raw = env[name];
  if (raw === undefined) return false;
  const value = raw.trim().toLowerCase();
  if (TRUE_VALUES.includes(value)) return true;
  if (FALSE_VALUES.includes(value)) return false;
  throw new ConfigError(`${name} must be 1 or 0, got "${raw}"`);
}
