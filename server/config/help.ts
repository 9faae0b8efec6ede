/** What `mailcoach-emulator --help` prints: the option table (README.md "Options" documents the same list). */
import {
  DEFAULT_DB,
  DEFAULT_HOST,
  DEFAULT_MAILERS,
  DEFAULT_PORT,
  DEFAULT_SMTP_MAX_RECIPIENTS,
  DEFAULT_SMTP_PORT,
  DEFAULT_TOKEN,
  DEFAULT_WEBHOOK_SECRET,
  defaultRenderWorkers,
} from './defaults.js';

interface OptionDoc {
  flag: string;
  env: string;
  help: string;
}

/** The option table `--help` prints; README.md documents the same list. */
const OPTION_DOCS: OptionDoc[] = [
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
  {
    flag: '--no-fixtures',
    env: 'MAILCOACH_EMULATOR_FIXTURES=none',
    help: "start empty: none of the fixtures' templates, suppressions, email lists, campaign templates, automations or webhooks",
  },
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

export function helpText(version: string): string {
  const width = Math.max(...OPTION_DOCS.map((doc) => doc.flag.length));
  const lines = OPTION_DOCS.map(
    (doc) => `  ${doc.flag.padEnd(width)}  ${doc.help}${doc.env ? `\n  ${' '.repeat(width)}  env: ${doc.env}` : ''}`,
  );
  return [
    `mailcoach-emulator ${version}: the Mailcoach HTTP API on your machine; captures mail, never delivers it.`,
    '',
    'Usage: mailcoach-emulator [options]',
    '       mailcoach-emulator mcp [--url <emulator>] [--token <token>]: MCP over stdio for a running emulator',
    '',
    'Options:',
    ...lines,
    '',
    'Exit codes: 2 for a bad option; 1 for fixtures that cannot be loaded (a --fixtures path that is not a',
    'directory included) and anything else that stops the start, such as a port in use.',
    '',
  ].join('\n');
}
