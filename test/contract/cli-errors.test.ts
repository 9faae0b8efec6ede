/**
 * The command's refusals say what to do (README "Options"): a port in use names the option that moves it, a port
 * option that can be off says `off` when given something else, and an unknown flag points at --help (and at the
 * flag it probably meant). Runs the published command (test/support/published.ts) as cli.test.ts does.
 */
import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI } from '../support/emulator-process.js';

interface Exited {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the command to its exit; a start ("listening on") is a failure here, so the process is stopped then. */
function runToExit(args: string[]): Promise<Exited> {
  return new Promise((resolve, reject) => {
    const env = Object.fromEntries(
      Object.entries(process.env).filter(([key]) => !key.startsWith('MAILCOACH_EMULATOR_') && key !== 'PORT'),
    );
    const child = spawn(process.execPath, [CLI, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
      if (stdout.includes('listening on')) child.kill('SIGTERM');
    });
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('a port in use', () => {
  let taken: Server;
  let port: number;
  beforeAll(async () => {
    taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    port = (taken.address() as { port: number }).port;
  });
  afterAll(() => new Promise<void>((resolve) => taken.close(() => resolve())));

  it('names --port when the HTTP port is taken, and exits 1', async () => {
    const result = await runToExit(['--port', String(port), '--db', ':memory:', '--no-fixtures', '--smtp-port', 'off']);
    expect(result).toEqual({
      code: 1,
      stdout: '',
      stderr: `mailcoach-emulator: cannot start: HTTP port ${port} is in use on 127.0.0.1: move it with --port <n> (0: a free port)\n`,
    });
  });
});

describe('port options that can be off', () => {
  it.each([
    ['--smtp-port', 'none', 'SMTP'],
    ['--smtp-port', '70000', 'SMTP'],
    ['--smtps-port', 'false', 'SMTPS'],
  ])('answer %s %s with the values they take, off among them', async (flag, value, service) => {
    const result = await runToExit([flag, value, '--port', '0', '--db', ':memory:', '--no-fixtures']);
    expect(result).toEqual({
      code: 2,
      stdout: '',
      stderr: `mailcoach-emulator: ${flag} must be a port from 0 to 65535 (0 picks a free one) or off (no ${service}), got "${value}"\n`,
    });
  });
});

describe('flags the command does not know', () => {
  it('points an unknown flag at --help, and exits 2', async () => {
    const result = await runToExit(['--bogus', '--db', ':memory:']);
    expect(result).toEqual({
      code: 2,
      stdout: '',
      stderr: 'mailcoach-emulator: unknown option --bogus; `mailcoach-emulator --help` lists every option\n',
    });
  });

  it('names the flag a misspelt one probably meant', async () => {
    const result = await runToExit(['--smtp-ports', '2525', '--db', ':memory:']);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      'mailcoach-emulator: unknown option --smtp-ports (did you mean --smtp-port?); `mailcoach-emulator --help` lists every option\n',
    );
  });

  it('points the other flag mistakes at --help too, on one line', async () => {
    const missing = await runToExit(['--db', ':memory:', '--port']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toBe(
      "mailcoach-emulator: Option '--port <value>' argument missing; `mailcoach-emulator --help` lists every option\n",
    );
    const positional = await runToExit(['--db', ':memory:', 'start']);
    expect(positional.code).toBe(2);
    expect(positional.stderr).toMatch(
      /^mailcoach-emulator: Unexpected argument 'start'[^\n]*; `mailcoach-emulator --help` lists every option\n$/,
    );
  });
});

describe('--help', () => {
  it('says what --no-fixtures leaves out: every kind of record the fixtures seed', async () => {
    const { stdout } = await runToExit(['--help']);
    expect(stdout).toMatch(
      /^ {2}--no-fixtures +start empty: none of the fixtures' templates, suppressions, email lists, campaign templates, automations or webhooks$/m,
    );
  });
});
