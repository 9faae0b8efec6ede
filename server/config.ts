/**
 * Command-line options and their environment equivalents, parsed once into a typed Config. Nothing else reads
 * process.argv or process.env. A bad value is a ConfigError with a one-line reason.
 */
import { type ParseArgsConfig, parseArgs } from 'node:util';
import type { OnlineLinkMode } from './checks/online.js';
import { parseClockSpec } from './clock.js';
import { parseIdSpec } from './ids.js';
import { parseRandomSpec } from './random.js';
import type { WebhookRetries } from './webhooks/retries.js';
import {
  DEFAULT_DB,
  DEFAULT_HOST,
  DEFAULT_MAILERS,
  DEFAULT_PORT,
  DEFAULT_SMTP_MAX_RECIPIENTS,
  DEFAULT_WEBHOOK_SECRET,
  defaultRenderWorkers,
} from './config/defaults.js';
import { ConfigError } from './config/errors.js';
import {
  booleanEnv,
  checked,
  checkLinksOption,
  fileOption,
  fixturesOption,
  integerOption,
  listOption,
  nonEmpty,
  offOrPort,
  optionalPort,
  rateLimitOption,
  smtpPortOption,
  tlsFiles,
  tokensOption,
  uiTokenOption,
  type UiTokenMode,
  webhookRetriesOption,
  webhookUrls,
} from './config/values.js';

export * from './config/defaults.js';
export * from './config/errors.js';
export { helpText } from './config/help.js';
export type { UiTokenMode };

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
  /** Worker threads that render sends and write their messages; 0: in-process (mail/capture/jobs.ts). */
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

export type CliRequest = { kind: 'help' } | { kind: 'version' } | { kind: 'run'; config: Config };

/** The flags parseArgs accepts: the documented ones (config/help.ts) and the SMTP timeouts for tests. */
const CLI_OPTIONS = {
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
} as const satisfies NonNullable<ParseArgsConfig['options']>;

export function parseCli(argv: string[], env: NodeJS.ProcessEnv): CliRequest {
  const parsed = readFlags(argv);
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

function readFlags(argv: string[]) {
  try {
    return parseArgs({ args: argv, strict: true, options: CLI_OPTIONS }).values;
  } catch (error) {
    throw new ConfigError(flagsErrorReason(error as Error & { code?: string }));
  }
}

/**
 * parseArgs' complaint as one line (it explains some over several) that says where to look: a flag that is
 * probably misspelt gets its likely meaning, every other mistake a pointer to --help.
 */
function flagsErrorReason(error: Error & { code?: string }): string {
  const help = '`mailcoach-emulator --help` lists every option';
  const unknown = error.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' ? /'([^']+)'/.exec(error.message)?.[1] : undefined;
  if (unknown !== undefined) {
    const likely = closestFlag(unknown);
    return `unknown option ${unknown}${likely === null ? '' : ` (did you mean ${likely}?)`}; ${help}`;
  }
  return `${error.message.replace(/\s*\n\s*/g, ' ').replace(/\.$/, '')}; ${help}`;
}

/** The known flag one or two typing mistakes away from `given` (`--prot` for --port), or null. */
function closestFlag(given: string): string | null {
  const name = given.replace(/^-+/, '').split('=')[0] ?? '';
  let best: { flag: string; distance: number } | null = null;
  for (const known of Object.keys(CLI_OPTIONS)) {
    const distance = editDistance(name, known);
    if (distance <= 2 && distance < (best?.distance ?? Infinity)) best = { flag: `--${known}`, distance };
  }
  return best?.flag ?? null;
}

/** Levenshtein distance; flags are short, so the quadratic table is nothing. */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      row[j] = Math.min(
        (previous[j] ?? 0) + 1,
        (row[j - 1] ?? 0) + 1,
        (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    }
    previous = row;
  }
  return previous[b.length] ?? 0;
}
