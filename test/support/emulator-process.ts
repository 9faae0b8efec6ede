/**
 * Spawns the built emulator (package.json's bin, the bundle users run) as a real process on port 0 with a temporary database and a
 * deterministic clock and ids, and waits for its "listening on" line. Contract tests talk to it over HTTP only.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect } from 'vitest';
import { publishedCli } from './published.js';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const CLI = publishedCli();
export const TEST_FIXTURES = join(ROOT, 'test/fixtures');
export const TOKEN = 'test-token';
export const START = '2025-03-01T10:00:00Z';

export interface EmulatorOptions {
  /** Extra CLI arguments, e.g. ['--always-json']. */
  args?: string[];
  /** Fixtures directory; null for none. Defaults to test/fixtures. */
  fixtures?: string | null;
  env?: Record<string, string>;
  /** An existing database file to use (e.g. to restart on it); it is left in place on stop. Defaults to a fresh temp file. */
  dbPath?: string;
}

export interface SpawnedEmulator {
  url: string;
  /** The SMTP port from the banner, when the test asked for SMTP (`args: ['--smtp-port', '0']`); null otherwise. */
  smtpPort: number | null;
  /** The implicit-TLS SMTP port from the banner (`args: ['--smtps-port', '0']`); null otherwise. */
  smtpsPort: number | null;
  /** The emulator's process id (to read its memory from /proc). */
  pid: number;
  token: string;
  dbPath: string;
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string;
  stop(): Promise<void>;
}

export async function spawnEmulator(options: EmulatorOptions = {}): Promise<SpawnedEmulator> {
  const dir = options.dbPath === undefined ? mkdtempSync(join(tmpdir(), 'mce-test-')) : null;
  const dbPath = options.dbPath ?? join(dir as string, 'emulator.sqlite');
  const fixtures = options.fixtures === undefined ? TEST_FIXTURES : options.fixtures;
  const args = [
    // No SMTP unless the test asks for it (its own --smtp-port, later, wins): the command's default port, 1025,
    // would make the test files running in parallel compete for it.
    CLI,
    '--port',
    '0',
    '--smtp-port',
    'off',
    '--db',
    dbPath,
    '--token',
    TOKEN,
    '--clock',
    `stepping:${START}`,
    '--ids',
    'sequential',
    ...(fixtures === null ? ['--no-fixtures'] : ['--fixtures', fixtures]),
    ...(options.args ?? []),
  ];
  const child = spawn(process.execPath, args, {
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const url = await waitForUrl(child, () => output);
  const smtp = /^ {2}SMTP: +\S*:(\d+) /m.exec(output);
  const smtps = /^ {2}SMTPS: +\S*:(\d+) /m.exec(output);
  return {
    url,
    smtpPort: smtp === null ? null : Number(smtp[1]),
    smtpsPort: smtps === null ? null : Number(smtps[1]),
    pid: child.pid!,
    token: TOKEN,
    dbPath,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      if (dir !== null) rmSync(dir, { recursive: true, force: true });
    },
  };
}

function waitForUrl(child: ChildProcess, output: () => string): Promise<string> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`emulator did not start:\n${output()}`)), 25_000);
    const check = () => {
      const match = /listening on (http:\/\/\S+)/.exec(output());
      // The whole banner (its fixtures line comes after the SMTP line), which may arrive in several chunks.
      if (match?.[1] && /^ {2}fixtures: .*\n/m.test(output())) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout?.on('data', check);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`emulator exited with ${code}:\n${output()}`));
    });
  });
}

/**
 * Starts one emulator for the test file and stops it afterwards. Fails the file if the server logged an
 * unexpected error (a 500) at any point: no request may crash it.
 */
export function useEmulator(options: EmulatorOptions = {}): () => SpawnedEmulator {
  let emulator: SpawnedEmulator | undefined;
  beforeAll(async () => {
    emulator = await spawnEmulator(options);
  });
  afterAll(async () => {
    if (emulator === undefined) return;
    const output = emulator.output();
    await emulator.stop();
    expect(output, 'the server logged an error').not.toMatch(/^error:/m);
  });
  return () => {
    if (emulator === undefined) throw new Error('emulator not started');
    return emulator;
  };
}
