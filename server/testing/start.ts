/**
 * startEmulator(): the emulator inside the test process, on a free port with an in-memory database, and a client
 * for it. The server modules are imported on the first call only, so that importing this package to use the
 * client against an emulator running elsewhere stays cheap.
 */
import type { Logger } from '../logger.js';
import { createClient, type EmulatorClient } from './client.js';

export interface StartEmulatorOptions {
  /** A fixtures directory to seed; default: the bundled fixtures; null: start empty. */
  fixtures?: string | null;
  /** Default 0: a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** The accepted token, and the one the returned client uses (default `mailcoach-emulator-token`). */
  token?: string;
  /** More accepted tokens, e.g. one per parallel worker. */
  tokens?: string[];
  /** One workspace per token (`--isolate`). */
  isolate?: boolean;
  /** Accept any non-empty bearer token (`--any-token`). */
  anyToken?: boolean;
  /** `system` (default), `fixed:<iso>` or `stepping:<iso>[,<ms>]`. */
  clock?: string;
  ids?: 'random' | 'sequential';
  /** JSON errors even without `Accept: application/json` (`--always-json`). */
  alwaysJson?: boolean;
  /**
   * Worker threads rendering sends (`--render-workers`). Default 0: in the test process itself, which starts
   * nothing more and is fast enough for a test's mail; raise it for load tests.
   */
  renderWorkers?: number;
  /**
   * URLs to call with Mailcoach's webhooks (`--webhook`, each a configuration for every event of every list), e.g.
   * a local receiver of the test.
   */
  webhooks?: string[];
  /** The secret their `Signature` is computed with (`--webhook-secret`; default `mailcoach-emulator-webhook-secret`). */
  webhookSecret?: string;
  /**
   * How failed calls are tried again (`--webhook-retries`): `mailcoach` (default: 10 s to 10000 s apart on the
   * emulator's clock), `fast` (within 4 s) or `off` (one try).
   */
  webhookRetries?: 'mailcoach' | 'fast' | 'off';
  /**
   * Also receive mail over SMTP on this port (`--smtp-port`; 0: a free one, which `smtpPort` then tells). Default:
   * no SMTP, so that parallel test files never compete for a port.
   */
  smtpPort?: number;
  /** Also SMTP over implicit TLS on this port (`--smtps-port`; 0: a free one, which `smtpsPort` then tells). */
  smtpsPort?: number;
  /** Any other command-line flags, e.g. `['--rate-limit', '60']`. */
  args?: string[];
  /** Where the server logs; default: nowhere. */
  logger?: Logger;
}

export interface StartedEmulator {
  /** The base URL, e.g. `http://127.0.0.1:41234`. */
  url: string;
  /** The Mailcoach API base URL to configure the app under test with (`<url>/api`). */
  apiUrl: string;
  token: string;
  port: number;
  /** The SMTP port when `smtpPort` was given; null otherwise. */
  smtpPort: number | null;
  /** The implicit-TLS SMTP port when `smtpsPort` was given; null otherwise. */
  smtpsPort: number | null;
  /** A client for the emulator's API, working in `token`'s workspace. */
  client: EmulatorClient;
  /** Stops the server and drops its database. */
  stop(): Promise<void>;
  [Symbol.asyncDispose](): Promise<void>;
}

export async function startEmulator(options: StartEmulatorOptions = {}): Promise<StartedEmulator> {
  const { parseCli, DEFAULT_TOKEN, startServer, silentLogger } = await import('./server-side.js');
  const token = options.token ?? DEFAULT_TOKEN;
  const request = parseCli(cliArgs(options, token), {});
  if (request.kind !== 'run') throw new Error('startEmulator: unexpected --help or --version in args');
  const running = await startServer(request.config, options.logger ?? silentLogger);
  const client = createClient({ url: running.url, token });
  let stopped: Promise<void> | null = null;
  const stop = () => (stopped ??= running.close());
  return {
    url: running.url,
    apiUrl: `${running.url}/api`,
    token,
    port: running.port,
    smtpPort: running.smtp?.port ?? null,
    smtpsPort: running.smtps?.port ?? null,
    client,
    stop,
    [Symbol.asyncDispose]: stop,
  };
}

/** The options as the command line would give them, so that they are validated exactly as the CLI's are. */
function cliArgs(options: StartEmulatorOptions, token: string): string[] {
  const args = ['--port', String(options.port ?? 0), '--db', ':memory:', '--token', token];
  for (const extra of options.tokens ?? []) if (extra !== token) args.push('--token', extra);
  if (options.host !== undefined) args.push('--host', options.host);
  if (options.fixtures === null) args.push('--no-fixtures');
  else if (options.fixtures !== undefined) args.push('--fixtures', options.fixtures);
  if (options.isolate === true) args.push('--isolate');
  if (options.anyToken === true) args.push('--any-token');
  if (options.alwaysJson === true) args.push('--always-json');
  if (options.clock !== undefined) args.push('--clock', options.clock);
  if (options.ids !== undefined) args.push('--ids', options.ids);
  for (const url of options.webhooks ?? []) args.push('--webhook', url);
  if (options.webhookSecret !== undefined) args.push('--webhook-secret', options.webhookSecret);
  if (options.webhookRetries !== undefined) args.push('--webhook-retries', options.webhookRetries);
  args.push('--render-workers', String(options.renderWorkers ?? 0));
  // Off unless asked for: the command's default (1025) would make parallel test files compete for it.
  args.push('--smtp-port', options.smtpPort === undefined ? 'off' : String(options.smtpPort));
  if (options.smtpsPort !== undefined) args.push('--smtps-port', String(options.smtpsPort));
  return [...args, ...(options.args ?? [])];
}
