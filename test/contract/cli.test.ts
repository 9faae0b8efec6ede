/**
 * The `mailcoach-emulator` command (server/cli.ts, server/config.ts): --help and --version, one-line reasons
 * for bad options, the start banner, --db :memory:, the default fixtures and a clean stop. Runs the command as
 * published (package.json "bin": the bundle that esbuild.config.mjs builds, which finds package.json and the
 * fixtures from dist/bundle) with an environment stripped of MAILCOACH_EMULATOR_* and PORT, so only the flags
 * count.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT, TEST_FIXTURES } from '../support/emulator-process.js';
import { apiClient, rawRequest } from '../support/http.js';
import { waitUntil } from '../support/wait.js';

const MANIFEST = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  version: string;
  bin: Record<string, string>;
};
const VERSION = MANIFEST.version;
const CLI = join(ROOT, MANIFEST.bin['mailcoach-emulator'] as string);
const BUNDLED_FIXTURES = resolve(ROOT, 'fixtures');
const scratch = mkdtempSync(join(tmpdir(), 'mce-cli-test-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
let scratchCount = 0;
const scratchDir = () => mkdtempSync(join(scratch, `run-${++scratchCount}-`));

/** Every option the command documents (README and --help). */
const OPTIONS = [
  '--port',
  '--host',
  '--db',
  '--token',
  '--any-token',
  '--fixtures',
  '--no-fixtures',
  '--always-json',
  '--rate-limit',
  '--allow-spam-complaint-deletion',
  '--mailers',
  '--max-body-mb',
  '--clock',
  '--ids',
  '--help',
  '--version',
];

function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([key]) => !key.startsWith('MAILCOACH_EMULATOR_') && key !== 'PORT'),
  );
  // No SMTP unless a test asks for it: the default port, 1025, would make the parallel starts compete for it.
  return { ...env, MAILCOACH_EMULATOR_SMTP_PORT: 'off', ...extra };
}

interface RunOptions {
  cwd?: string;
  env?: Record<string, string>;
}

interface Exited {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the CLI expecting it to exit by itself; if it starts listening instead, it is stopped (exit code 0). */
function runToExit(args: string[], options: RunOptions = {}): Promise<Exited> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], {
      cwd: options.cwd ?? ROOT,
      env: cleanEnv(options.env),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
      if (stdout.includes('listening on')) child.kill('SIGTERM');
    });
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the command did not exit:\n${stdout}${stderr}`));
    }, 25_000);
    child.once('error', reject);
    child.once('close', (code) => {
      clearTimeout(timer);
      resolvePromise({ code, stdout, stderr });
    });
  });
}

interface Running {
  url: string;
  child: ChildProcess;
  stdout(): string;
  stderr(): string;
  /** SIGTERM, then the exit code. */
  stop(): Promise<number | null>;
}

const running = new Set<Running>();
afterAll(async () => {
  for (const r of running) await r.stop();
});

/** Starts the CLI and waits for its "listening on" line. */
function start(args: string[], options: RunOptions = {}): Promise<Running> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], {
      cwd: options.cwd ?? ROOT,
      env: cleanEnv(options.env),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    const closed = new Promise<number | null>((done) => child.once('close', (code) => done(code)));
    const handle: Running = {
      url: '',
      child,
      stdout: () => stdout,
      stderr: () => stderr,
      stop: async () => {
        running.delete(handle);
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
        return closed;
      },
    };
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the emulator did not start:\n${stdout}${stderr}`));
    }, 25_000);
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
      const match = /listening on (http:\/\/\S+)/.exec(stdout);
      // Wait for the whole banner (its last line names the fixtures).
      if (match?.[1] && stdout.includes('fixtures:') && stdout.endsWith('\n')) {
        clearTimeout(timer);
        handle.url = match[1];
        running.add(handle);
        resolvePromise(handle);
      }
    });
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the emulator exited with ${code}:\n${stdout}${stderr}`));
    });
  });
}

describe('--help and --version', () => {
  it('prints usage listing every option and exits 0', async () => {
    const result = await runToExit(['--help']);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('');
    expect(result.stdout).toContain(`mailcoach-emulator ${VERSION}`);
    expect(result.stdout).toContain('Usage: mailcoach-emulator [options]');
    for (const option of OPTIONS) expect(result.stdout).toMatch(new RegExp(`^  ${option}(\\s|$)`, 'm'));
    expect(result.stdout).toMatch(/^Exit codes: 2 for a bad option; 1 for fixtures that cannot be loaded /m);
  });

  it('documents the environment variable of every setting option', async () => {
    const { stdout } = await runToExit(['--help']);
    for (const name of [
      'MAILCOACH_EMULATOR_PORT',
      'MAILCOACH_EMULATOR_HOST',
      'MAILCOACH_EMULATOR_DB',
      'MAILCOACH_EMULATOR_TOKENS',
      'MAILCOACH_EMULATOR_FIXTURES',
      'MAILCOACH_EMULATOR_ALWAYS_JSON',
      'MAILCOACH_EMULATOR_RATE_LIMIT',
      'MAILCOACH_EMULATOR_MAILERS',
      'MAILCOACH_EMULATOR_CLOCK',
      'MAILCOACH_EMULATOR_IDS',
    ]) {
      expect(stdout).toContain(name);
    }
  });

  it('prints the same help for -h, without starting a server', async () => {
    const long = await runToExit(['--help']);
    const short = await runToExit(['-h', '--port', '0']);
    expect(short.code).toBe(0);
    expect(short.stdout).toBe(long.stdout);
  });

  it('prints the package version for --version and exits 0', async () => {
    const result = await runToExit(['--version']);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(`${VERSION}\n`);
    expect(result.stderr).toBe('');
  });
});

describe('bad options', () => {
  it('refuses --port abc with exit code 2 and one line saying why', async () => {
    const result = await runToExit(['--port', 'abc', '--db', ':memory:']);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe('mailcoach-emulator: --port must be a whole number, got "abc"\n');
  });

  it.each([
    [['--port', '70000'], /--port must be between 0 and 65535, got 70000/],
    [['--port', '-1'], /--port/],
    [['--bogus'], /--bogus/],
    [['--port'], /--port/],
    [['--rate-limit', 'lots'], /--rate-limit must be a whole number, got "lots"/],
    [['--clock', 'tomorrow'], /--clock: unknown clock "tomorrow"/],
    [['--ids', 'uuid7'], /--ids: unknown id generator "uuid7"/],
    [['--token', 'has space'], /--token/],
    [['--watch', '--no-fixtures'], /--watch needs fixtures to watch/],
  ])('refuses %j with exit code 2 and one line saying why', async (args, reason) => {
    const result = await runToExit([...args, '--db', ':memory:']);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/^mailcoach-emulator: [^\n]+\n$/);
    expect(result.stderr).toMatch(reason);
  });

  // README "Options": 1 for fixtures. The option is well formed; the directory it names is the problem.
  it('refuses a --fixtures directory that does not exist with exit code 1 and one line', async () => {
    const result = await runToExit(['--fixtures', '/no/such/dir', '--db', ':memory:']);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe('mailcoach-emulator: --fixtures: no such directory "/no/such/dir"\n');
  });

  it('refuses a --fixtures path that is a file, and a MAILCOACH_EMULATOR_FIXTURES that does not exist, the same way', async () => {
    const file = join(ROOT, 'package.json');
    const onFile = await runToExit(['--fixtures', file, '--db', ':memory:']);
    expect(onFile.code).toBe(1);
    expect(onFile.stderr).toBe(`mailcoach-emulator: --fixtures: "${file}" is not a directory\n`);
    const fromEnv = await runToExit(['--db', ':memory:'], { env: { MAILCOACH_EMULATOR_FIXTURES: '/no/such/dir' } });
    expect(fromEnv.code).toBe(1);
    expect(fromEnv.stderr).toBe('mailcoach-emulator: --fixtures: no such directory "/no/such/dir"\n');
  });

  it('refuses a bad value from the environment the same way', async () => {
    const result = await runToExit(['--db', ':memory:'], { env: { MAILCOACH_EMULATOR_PORT: 'abc' } });
    expect(result.code).toBe(2);
    expect(result.stderr).toBe('mailcoach-emulator: --port must be a whole number, got "abc"\n');
  });

  it('lets a flag win over the environment', async () => {
    const emulator = await start(['--port', '0', '--db', ':memory:', '--no-fixtures'], {
      env: { MAILCOACH_EMULATOR_PORT: 'abc' },
    });
    expect(emulator.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(await emulator.stop()).toBe(0);
  });
});

describe('the start banner', () => {
  it('prints the URL, the API base URL, the token, the database path and the fixtures', async () => {
    const dir = scratchDir();
    const dbPath = join(dir, 'emulator.sqlite');
    const emulator = await start(['--port', '0', '--db', dbPath, '--token', 'secret-1', '--fixtures', TEST_FIXTURES]);
    const port = new URL(emulator.url).port;
    expect(emulator.url).toBe(`http://127.0.0.1:${port}`);
    expect(emulator.stdout()).toBe(
      `mailcoach-emulator ${VERSION} listening on http://127.0.0.1:${port}\n` +
        `  API base URL: http://127.0.0.1:${port}/api\n` +
        '  API token:    secret-1\n' +
        `  database:     ${dbPath}\n` +
        `  fixtures:     ${resolve(TEST_FIXTURES)} (3 templates, 3 suppressions)\n`,
    );
    expect(emulator.stderr()).toBe('');
    const res = await apiClient(emulator.url, 'secret-1').get('/api/suppressions');
    expect(res.status).toBe(200);
    expect(existsSync(dbPath)).toBe(true);
    await emulator.stop();
  });

  it('lists every accepted token, and accepts each of them', async () => {
    const emulator = await start([
      '--port',
      '0',
      '--db',
      ':memory:',
      '--no-fixtures',
      '--token',
      'one',
      '--token',
      'two',
    ]);
    expect(emulator.stdout()).toContain('  API token:    one, two\n');
    expect((await apiClient(emulator.url, 'one').get('/api/sends')).status).toBe(200);
    expect((await apiClient(emulator.url, 'two').get('/api/sends')).status).toBe(200);
    expect((await apiClient(emulator.url, 'three').get('/api/sends')).status).toBe(401);
    await emulator.stop();
  });

  it('says any token works with --any-token', async () => {
    const emulator = await start(['--port', '0', '--db', ':memory:', '--no-fixtures', '--any-token']);
    expect(emulator.stdout()).toContain('  API token:    any non-empty bearer token\n');
    expect((await apiClient(emulator.url, 'whatever-1').get('/api/sends')).status).toBe(200);
    await emulator.stop();
  });

  it('shows the default token when none is given', async () => {
    const emulator = await start(['--port', '0', '--db', ':memory:', '--no-fixtures']);
    expect(emulator.stdout()).toContain('  API token:    mailcoach-emulator-token\n');
    expect((await apiClient(emulator.url, 'mailcoach-emulator-token').get('/api/sends')).status).toBe(200);
    await emulator.stop();
  });

  it('shows a relative --db as the absolute path it created', async () => {
    const dir = scratchDir();
    const emulator = await start(['--port', '0', '--db', 'relative.sqlite', '--no-fixtures'], { cwd: dir });
    expect(emulator.stdout()).toContain(`  database:     ${join(dir, 'relative.sqlite')}\n`);
    expect(existsSync(join(dir, 'relative.sqlite'))).toBe(true);
    await emulator.stop();
  });

  it('shows --isolate and the --faults file with its number of rules, before the fixtures', async () => {
    const faultsFile = join(scratchDir(), 'faults.json');
    writeFileSync(
      faultsFile,
      JSON.stringify([
        { route: '/api/sends', preset: 'server-error' },
        { recipient: '*@flaky.test', status: 503 },
      ]),
    );
    const emulator = await start([
      '--port',
      '0',
      '--db',
      ':memory:',
      '--no-fixtures',
      '--isolate',
      '--faults',
      faultsFile,
    ]);
    expect(emulator.stdout()).toContain(
      '  database:     :memory: (nothing is kept)\n' +
        '  workspaces:   one per API token (--isolate)\n' +
        `  faults:       ${faultsFile} (2 rules, in every workspace)\n` +
        '  fixtures:     none (0 templates, 0 suppressions)\n',
    );
    await emulator.stop();
  });

  it('shows "none" for --no-fixtures', async () => {
    const emulator = await start(['--port', '0', '--db', ':memory:', '--no-fixtures']);
    expect(emulator.stdout()).toContain('  fixtures:     none (0 templates, 0 suppressions)\n');
    await emulator.stop();
  });
});

describe('--db :memory:', () => {
  it('serves the API from memory and writes no database file', async () => {
    const dir = scratchDir();
    const emulator = await start(['--port', '0', '--db', ':memory:', '--fixtures', TEST_FIXTURES], { cwd: dir });
    expect(emulator.stdout()).toContain('  database:     :memory: (nothing is kept)\n');
    const api = apiClient(emulator.url, 'mailcoach-emulator-token');
    expect((await api.get('/api/transactional-mails/templates')).json().meta.total).toBe(3);
    const created = await api.post('/api/suppressions', { json: { email: 'memory@example.com' } });
    expect(created.status).toBe(201);
    expect((await api.get('/api/suppressions/memory@example.com')).status).toBe(200);
    expect(await emulator.stop()).toBe(0);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('starts empty again after a restart: nothing is kept', async () => {
    const first = await start(['--port', '0', '--db', ':memory:', '--no-fixtures']);
    const api1 = apiClient(first.url, 'mailcoach-emulator-token');
    expect((await api1.post('/api/suppressions', { json: { email: 'gone@example.com' } })).status).toBe(201);
    await first.stop();
    const second = await start(['--port', '0', '--db', ':memory:', '--no-fixtures']);
    const res = await apiClient(second.url, 'mailcoach-emulator-token').get('/api/suppressions');
    expect(res.json().meta.total).toBe(0);
    await second.stop();
  });
});

describe('defaults and stopping', () => {
  it('seeds the bundled fixtures when no --fixtures option is given', async () => {
    const emulator = await start(['--port', '0', '--db', ':memory:']);
    expect(emulator.stdout()).toContain(
      `  fixtures:     ${BUNDLED_FIXTURES} (3 templates, 4 suppressions, 2 email lists, 1 campaign template, 1 automation)\n`,
    );
    const api = apiClient(emulator.url, 'mailcoach-emulator-token');
    const templates = (await api.get('/api/transactional-mails/templates'))
      .json()
      .data.map((t: { name: string }) => t.name);
    expect(templates).toEqual(['order-confirmation', 'password-reset', 'welcome']);
    expect((await api.get('/api/suppressions')).json().meta.total).toBe(4);
    await emulator.stop();
  });

  it('exits 0 on SIGTERM and stops listening', async () => {
    const emulator = await start(['--port', '0', '--db', ':memory:', '--no-fixtures']);
    expect(await emulator.stop()).toBe(0);
    await expect(apiClient(emulator.url, 'mailcoach-emulator-token').get('/healthz')).rejects.toThrow();
  });

  it('lets the captures under way finish on SIGTERM: no error, and every answered send stored', async () => {
    const dbPath = join(scratchDir(), 'stop.sqlite');
    const emulator = await start(['--port', '0', '--db', dbPath, '--no-fixtures', '--render-workers', '1']);
    const api = apiClient(emulator.url, 'mailcoach-emulator-token');
    const send = (i: number) =>
      api
        .post('/api/transactional-mails/send', {
          json: { from: 'app@example.com', to: `r${i}@example.com`, subject: `S ${i}`, html: '<p>x</p>' },
        })
        .then(
          (res) => res.status,
          () => 'no answer',
        );
    // Warm up, so that the capture worker is running, then stop while 40 sends are in flight.
    expect(await send(-1)).toBe(200);
    const inFlight = Array.from({ length: 40 }, (_, i) => send(i));
    await Promise.race(inFlight);
    expect(await emulator.stop()).toBe(0);
    const statuses = await Promise.all(inFlight);
    expect(emulator.stdout() + emulator.stderr()).not.toMatch(/error/i);
    const answered = statuses.filter((status) => status === 200).length;
    const reopened = await start(['--port', '0', '--db', dbPath, '--no-fixtures']);
    const stored = (await apiClient(reopened.url, 'mailcoach-emulator-token').get('/_emulator/messages')).json().meta
      .total;
    expect(stored).toBeGreaterThanOrEqual(answered + 1);
    await reopened.stop();
  });

  it('stops while heavy hostile sends are rendering, and at once on a second signal', async () => {
    const heavySends = async (emulator: Running) => {
      const api = apiClient(emulator.url, 'mailcoach-emulator-token');
      // 20,000 paragraphs with a class in a replacement: about a second of CSS inlining and text conversion each (the
      // ports of Mailcoach's libraries), on the render worker.
      const json = {
        mail_name: 'welcome',
        from: 'app@example.com',
        to: 'jane@example.com',
        replacements: { first_name: '<p class="a">x</p>'.repeat(20_000) },
      };
      expect(
        (await api.post('/api/transactional-mails/send', { json: { ...json, replacements: { first_name: 'x' } } }))
          .status,
      ).toBe(200);
      const inFlight = Array.from({ length: 6 }, () =>
        api.post('/api/transactional-mails/send', { json }).catch(() => null),
      );
      // One answered: the one render worker has the other five to render, one after the other.
      await Promise.race(inFlight);
      return inFlight;
    };
    const args = ['--port', '0', '--db', ':memory:', '--render-workers', '1'];
    const once = await start(args);
    const inFlight = await heavySends(once);
    // The exit is awaited within the test's timeout; how soon it comes is bounded by the CLI's own stop deadline.
    expect([0, 1]).toContain(await once.stop());
    await Promise.all(inFlight);

    const twice = await start(args);
    await heavySends(twice);
    const closed = new Promise<number | null>((done) => twice.child.once('close', (exitCode) => done(exitCode)));
    twice.child.kill('SIGTERM');
    // The first signal is handled once the port refuses connections (stopping closes the listener first); only then
    // the second, so that the system cannot merge the two into one pending signal.
    await waitUntil(
      () =>
        rawRequest(twice.url, { path: '/healthz' }).then(
          () => 'answered',
          (error: NodeJS.ErrnoException) => error.code ?? String(error),
        ),
      (outcome) => outcome === 'ECONNREFUSED',
      { what: 'the stopping emulator to close its port' },
    );
    twice.child.kill('SIGTERM');
    expect(await closed).toBe(1);
    // Exit code 1 by the second signal, not by the stop deadline, which says so on stderr.
    expect(twice.stderr()).not.toMatch(/still stopping/);
    running.delete(twice);
  }, 60_000);

  it('exits 0 on SIGINT (Ctrl-C)', async () => {
    const emulator = await start(['--port', '0', '--db', ':memory:', '--no-fixtures']);
    const closed = new Promise<number | null>((done) => emulator.child.once('close', (code) => done(code)));
    emulator.child.kill('SIGINT');
    expect(await closed).toBe(0);
    running.delete(emulator);
  });

  it('refuses a port that is already taken with exit code 1 and one line', async () => {
    const emulator = await start(['--port', '0', '--db', ':memory:', '--no-fixtures']);
    const port = new URL(emulator.url).port;
    const result = await runToExit(['--port', port, '--db', ':memory:', '--no-fixtures']);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^mailcoach-emulator: [^\n]*\n$/);
    expect(result.stderr).toContain(port);
    await emulator.stop();
  });
});
