/**
 * Fixture loading as a client sees it (server/fixtures; decisions.md "Templates come from fixtures"): seeding is
 * idempotent across restarts on one database, a bad fixture set stops the process with the file and field named,
 * and the fixtures bundled with the package load.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CLI, ROOT, spawnEmulator, TEST_FIXTURES, type SpawnedEmulator } from '../support/emulator-process.js';
import { apiClient } from '../support/http.js';

const BUNDLED_FIXTURES = join(ROOT, 'fixtures');
const scratch = mkdtempSync(join(tmpdir(), 'mce-fixtures-test-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

let dirCount = 0;
/** A fresh directory under the scratch dir holding the given files (name to JSON value, or raw text). */
function fixtureDir(files: Record<string, unknown>): string {
  const dir = join(scratch, `fixtures-${++dirCount}`);
  mkdirSync(dir);
  for (const [name, content] of Object.entries(files)) {
    writeFileSync(join(dir, name), typeof content === 'string' ? content : JSON.stringify(content, null, 2));
  }
  return dir;
}
const freshDbPath = () => join(scratch, `db-${++dirCount}.sqlite`);

/** The environment without any emulator setting, so only the flags count. */
function cleanEnv(): NodeJS.ProcessEnv {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([key]) => !key.startsWith('MAILCOACH_EMULATOR_') && key !== 'PORT'),
  );
  // No SMTP: the default port, 1025, would make the parallel starts compete for it.
  return { ...env, MAILCOACH_EMULATOR_SMTP_PORT: 'off' };
}

interface Exited {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the CLI expecting it to exit by itself; if it starts listening instead, it is stopped (exit code 0). */
function runToExit(args: string[]): Promise<Exited> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], {
      cwd: ROOT,
      env: cleanEnv(),
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
      reject(new Error(`the emulator neither exited nor started:\n${stdout}${stderr}`));
    }, 25_000);
    child.once('error', reject);
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** GETs a list and returns its data array and total. */
async function list(emulator: SpawnedEmulator, path: string): Promise<{ data: any[]; total: number }> {
  const res = await apiClient(emulator.url, emulator.token).get(path);
  expect(res.status).toBe(200);
  return { data: res.json().data, total: res.json().meta.total };
}

const LISTS = ['/api/transactional-mails/templates', '/api/suppressions', '/api/transactional-mails', '/api/sends'];

async function snapshot(emulator: SpawnedEmulator): Promise<Record<string, { data: any[]; total: number }>> {
  const result: Record<string, { data: any[]; total: number }> = {};
  for (const path of LISTS) result[path] = await list(emulator, path);
  return result;
}

/** Starts the emulator, runs `during`, stops it; the database stays for the next run. */
async function withEmulator<T>(
  options: Parameters<typeof spawnEmulator>[0],
  during: (e: SpawnedEmulator) => Promise<T>,
): Promise<T> {
  const emulator = await spawnEmulator(options);
  try {
    return await during(emulator);
  } finally {
    const output = emulator.output();
    await emulator.stop();
    expect(output, 'the server logged an error').not.toMatch(/^error:/m);
  }
}

describe('restarting on the same database', () => {
  it('does not duplicate templates, suppressions, log items or sends that have uuids', async () => {
    const dbPath = freshDbPath();
    const first = await withEmulator({ dbPath }, snapshot);
    expect(Object.values(first).map((l) => l.total)).toEqual([3, 3, 2, 3]);
    const second = await withEmulator({ dbPath }, snapshot);
    expect(second).toEqual(first);
  });

  it('does not duplicate uuid-less fixtures (the bundled ones), which keep the uuids of the first start', async () => {
    const dbPath = freshDbPath();
    const first = await withEmulator({ dbPath, fixtures: BUNDLED_FIXTURES }, snapshot);
    expect(first['/api/transactional-mails/templates']?.total).toBe(3);
    expect(first['/api/suppressions']?.total).toBe(4);
    const second = await withEmulator({ dbPath, fixtures: BUNDLED_FIXTURES }, snapshot);
    expect(second).toEqual(first);
    const third = await withEmulator({ dbPath, fixtures: BUNDLED_FIXTURES }, snapshot);
    expect(third).toEqual(first);
  });

  it('keeps what clients created through the API', async () => {
    const dbPath = freshDbPath();
    const created = await withEmulator({ dbPath }, async (emulator) => {
      const res = await apiClient(emulator.url, emulator.token).post('/api/suppressions', {
        json: { email: 'kept@example.com' },
      });
      expect(res.status).toBe(201);
      return res.json().data;
    });
    await withEmulator({ dbPath }, async (emulator) => {
      const res = await apiClient(emulator.url, emulator.token).get('/api/suppressions/kept@example.com');
      expect(res.status).toBe(200);
      expect(res.json().data).toEqual(created);
      expect((await list(emulator, '/api/suppressions')).total).toBe(4);
    });
  });

  it('updates a template whose fixture changed in place: same uuid and created_at, new content', async () => {
    const dbPath = freshDbPath();
    const template = {
      name: 'receipt',
      type: 'html',
      subject: 'Your receipt',
      body: '<p>v1</p>',
      created_at: '2025-01-01T00:00:00Z',
    };
    const dir = fixtureDir({ 'templates.json': { templates: [template] } });
    const before = await withEmulator(
      { dbPath, fixtures: dir },
      async (e) => (await list(e, '/api/transactional-mails/templates')).data,
    );
    writeFileSync(
      join(dir, 'templates.json'),
      JSON.stringify({
        templates: [{ ...template, subject: 'Your new receipt', body: '<p>v2</p>', cc: ['books@example.com'] }],
      }),
    );
    const after = await withEmulator(
      { dbPath, fixtures: dir },
      async (e) => (await list(e, '/api/transactional-mails/templates')).data,
    );
    expect(before).toHaveLength(1);
    expect(after).toEqual([
      { ...before[0], subject: 'Your new receipt', html: '<p>v2</p>', cc: ['books@example.com'] },
    ]);
    expect(after[0].uuid).toBe(before[0].uuid);
    expect(after[0].created_at).toBe('2025-01-01T00:00:00.000000Z');
  });
});

describe('invalid fixtures', () => {
  it('stops with exit code 1 and names the file and field of a bad template type', async () => {
    const dir = fixtureDir({ 'broken-templates.json': { templates: [{ name: 'x', type: 'pug', body: 'hi' }] } });
    const result = await runToExit(['--port', '0', '--db', ':memory:', '--fixtures', dir]);
    expect(result.code).toBe(1);
    expect(result.stdout).not.toContain('listening on');
    expect(result.stderr).toMatch(/broken-templates\.json:\d+:\d+: templates\[0\]\.type: .*html/);
  });

  it('reports every problem of every file, not just the first', async () => {
    const dir = fixtureDir({
      'a.json': {
        templates: [{ name: 'x', type: 'html', subjct: 'typo', body: 'b' }],
        suppressions: [{ email: 'ok@example.com' }, { email: 'not-an-email', reason: 'bounce' }],
      },
      'b.json': '{"templates": [',
      'c.json': { templates: [{ name: 'y', type: 'html', body_file: 'missing.html' }] },
    });
    const result = await runToExit(['--port', '0', '--db', ':memory:', '--fixtures', dir]);
    expect(result.code).not.toBe(0);
    expect(result.stderr).toMatch(/a\.json:\d+:\d+: templates\[0\]: .*subjct/);
    expect(result.stderr).toMatch(/a\.json:\d+:\d+: suppressions\[1\]\.email: /);
    expect(result.stderr).toMatch(/a\.json:\d+:\d+: suppressions\[1\]\.reason: /);
    expect(result.stderr).toMatch(/b\.json:1:\d+: not valid JSON/);
    expect(result.stderr).toMatch(/c\.json:\d+:\d+: templates\[0\]\.body_file: cannot read "missing\.html"/);
    expect(result.stderr).not.toContain('    at ');
  });

  it('refuses the same template name in two files', async () => {
    const dir = fixtureDir({
      'one.json': { templates: [{ name: 'welcome', type: 'html', body: 'one' }] },
      'two.json': { templates: [{ name: 'welcome', type: 'markdown', body: 'two' }] },
    });
    const result = await runToExit(['--port', '0', '--db', ':memory:', '--fixtures', dir]);
    expect(result.code).not.toBe(0);
    expect(result.stdout).not.toContain('listening on');
    expect(result.stderr).toContain('duplicate template name "welcome"');
  });

  it('refuses the same suppression email in two files, whatever its case', async () => {
    const dir = fixtureDir({
      'one.json': { suppressions: [{ email: 'Jane@example.com' }] },
      'two.json': { suppressions: [{ email: 'jane@example.com', reason: 'hard_bounce' }] },
    });
    const result = await runToExit(['--port', '0', '--db', ':memory:', '--fixtures', dir]);
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain('duplicate suppression email "jane@example.com"');
  });

  it('seeds nothing when any file is bad: the good files are not half-loaded', async () => {
    const dbPath = freshDbPath();
    const dir = fixtureDir({
      'good.json': {
        templates: [{ name: 'good', type: 'html', body: 'fine' }],
        suppressions: [{ email: 'good@example.com' }],
      },
      'bad.json': { suppressions: [{ email: 'bad' }] },
    });
    const result = await runToExit(['--port', '0', '--db', dbPath, '--fixtures', dir]);
    expect(result.code).not.toBe(0);
    await withEmulator({ dbPath, fixtures: null }, async (emulator) => {
      expect((await list(emulator, '/api/transactional-mails/templates')).total).toBe(0);
      expect((await list(emulator, '/api/suppressions')).total).toBe(0);
    });
  });
});

describe('the bundled fixtures', () => {
  it('load three templates, newest first, with their bodies read from the template files', async () => {
    await withEmulator({ fixtures: BUNDLED_FIXTURES }, async (emulator) => {
      const { data, total } = await list(emulator, '/api/transactional-mails/templates');
      expect(total).toBe(3);
      const body = (file: string) => readFileSync(join(BUNDLED_FIXTURES, 'templates', file), 'utf8');
      expect(data.map(({ uuid: _uuid, ...rest }) => rest)).toEqual([
        {
          name: 'order-confirmation',
          to: [],
          cc: ['orders@example.com'],
          bcc: [],
          subject: 'Your order ::order_number:: is confirmed',
          html: body('order-confirmation.html'),
          store_mail: true,
          created_at: '2025-01-06T09:10:00.000000Z',
        },
        {
          name: 'password-reset',
          to: [],
          cc: [],
          bcc: [],
          subject: 'Reset your ::app_name:: password',
          html: body('password-reset.md'),
          store_mail: false,
          created_at: '2025-01-06T09:05:00.000000Z',
        },
        {
          name: 'welcome',
          to: [],
          cc: [],
          bcc: ['audit@example.com'],
          subject: 'Welcome to ::app_name::, ::first_name::!',
          html: body('welcome.mjml'),
          store_mail: true,
          created_at: '2025-01-06T09:00:00.000000Z',
        },
      ]);
      for (const template of data)
        expect(template.uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(new Set(data.map((t) => t.uuid)).size).toBe(3);
    });
  });

  it('load four suppressions with their reasons and dates', async () => {
    await withEmulator({ fixtures: BUNDLED_FIXTURES }, async (emulator) => {
      const { data, total } = await list(emulator, '/api/suppressions?sort=created_at');
      expect(total).toBe(4);
      expect(
        data.map(({ email, reason, created_at, updated_at }) => ({ email, reason, created_at, updated_at })),
      ).toEqual([
        {
          email: 'bounced@example.com',
          reason: 'hard_bounce',
          created_at: '2025-01-05T08:00:00.000000Z',
          updated_at: '2025-01-05T08:00:00.000000Z',
        },
        {
          email: 'complained@example.com',
          reason: 'spam_complaint',
          created_at: '2025-01-05T08:30:00.000000Z',
          updated_at: '2025-01-05T08:30:00.000000Z',
        },
        {
          email: 'unsubscribed@example.com',
          reason: 'manual',
          created_at: '2025-01-05T09:00:00.000000Z',
          updated_at: '2025-01-05T09:00:00.000000Z',
        },
        {
          email: 'former-employee@example.org',
          reason: 'manual',
          created_at: '2025-01-05T09:30:00.000000Z',
          updated_at: '2025-01-05T09:30:00.000000Z',
        },
      ]);
    });
  });

  it('seed no log items and no sends', async () => {
    await withEmulator({ fixtures: BUNDLED_FIXTURES }, async (emulator) => {
      expect((await list(emulator, '/api/transactional-mails')).total).toBe(0);
      expect((await list(emulator, '/api/sends')).total).toBe(0);
    });
  });

  it('serve each bundled template by the uuid the list gives it', async () => {
    await withEmulator({ fixtures: BUNDLED_FIXTURES }, async (emulator) => {
      for (const template of (await list(emulator, '/api/transactional-mails/templates')).data) {
        const res = await apiClient(emulator.url, emulator.token).get(
          `/api/transactional-mails/templates/${template.uuid}`,
        );
        expect(res.status).toBe(200);
        expect(res.json().data).toEqual(template);
      }
    });
  });
});

describe('the test fixtures', () => {
  it('are what the other contract tests expect: 3 templates, 3 suppressions, 2 log items, 3 sends', async () => {
    await withEmulator({ fixtures: TEST_FIXTURES }, async (emulator) => {
      const totals = Object.values(await snapshot(emulator)).map((l) => l.total);
      expect(totals).toEqual([3, 3, 2, 3]);
    });
  });
});
