/**
 * `mailcoach-emulator mcp`: MCP over stdio for an agent that starts its servers as commands (Claude Code, Cursor,
 * VS Code). It is a client of a running emulator's /_emulator over HTTP (`--url`, `--token`), with the same tools
 * as /mcp (server.ts); the emulator may be started later: until then a tool answers that it cannot reach it.
 * Only the protocol goes to stdout; anything else to stderr.
 */
import { parseArgs } from 'node:util';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { ConfigError } from '../config/errors.js';
import { emulatorConnection } from './connection.js';
import { createMcpServer } from './server.js';

const DEFAULT_URL = 'http://127.0.0.1:8088';

const USAGE = `Usage: mailcoach-emulator mcp [--url <emulator>] [--token <token>]

Serves MCP over stdio (for Claude Code, Cursor, VS Code...) for a running emulator.
  --url <url>      the emulator's base URL (default ${DEFAULT_URL})   env: MAILCOACH_EMULATOR_URL
  --token <token>  its workspace's token (needed beyond loopback, and with --isolate)   env: MAILCOACH_EMULATOR_TOKEN
`;

export async function serveMcpOverStdio(argv: string[], env: NodeJS.ProcessEnv, version: string): Promise<void> {
  const options = readOptions(argv, env);
  if (options === 'help') return void process.stdout.write(USAGE);
  const connection = emulatorConnection({ url: options.url, token: options.token, fetchEmulator: fetch });
  const server = createMcpServer(connection, version);
  // The client ends the session by closing our stdin.
  process.stdin.once('end', () => void server.close().finally(() => process.exit(0)));
  await server.connect(new StdioServerTransport());
  console.error(`mailcoach-emulator mcp: serving MCP on stdio for ${options.url}`);
}

function readOptions(argv: string[], env: NodeJS.ProcessEnv): { url: string; token: string | null } | 'help' {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
  } catch (error) {
    throw new ConfigError(`mcp: ${(error as Error).message}\n\n${USAGE}`);
  }
  if (parsed.help) return 'help';
  const url = (parsed.url ?? env.MAILCOACH_EMULATOR_URL ?? DEFAULT_URL).replace(/\/+$/, '');
  if (!/^https?:\/\/[^/]+$/.test(url))
    throw new ConfigError(`mcp: --url must be the emulator's base URL, such as ${DEFAULT_URL}, got "${url}"`);
  const token = parsed.token ?? env.MAILCOACH_EMULATOR_TOKEN ?? null;
  return { url, token: token === '' ? null : token };
}

const parse = (argv: string[]) =>
  parseArgs({
    args: argv,
    options: { url: { type: 'string' }, token: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    strict: true,
    allowPositionals: false,
  }).values;
