/**
 * Where webhook configurations come from (decisions.md "Webhooks"): `--webhook <url>` with `--webhook-secret`, the
 * fixtures' `webhooks`, startEmulator({ webhooks }); what a reset gives back; the banner and the settings; and
 * `--webhook-retries fast`. Each test starts its own emulator, as the options are the subject.
 */
import { spawn } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { startEmulator } from '../../server/testing/start.js';
import { CLI, spawnEmulator, type SpawnedEmulator } from '../support/emulator-process.js';
import { apiClient, ok } from '../support/http.js';
import { waitUntil } from '../support/wait.js';
import { answerStatus, useWebhookReceiver } from '../support/webhook-receiver.js';

const receiver = useWebhookReceiver();
const scratch = mkdtempSync(join(tmpdir(), 'mce-webhook-config-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const started: SpawnedEmulator[] = [];
afterEach(async () => {
  for (const emulator of started.splice(0)) await emulator.stop();
  receiver().clear();
});

async function start(args: string[], fixtures: string | null = null, dbPath?: string): Promise<SpawnedEmulator> {
  const emulator = await spawnEmulator({ fixtures, args, dbPath });
  started.push(emulator);
  return emulator;
}

const hmac = (secret: string, body: Buffer) => createHmac('sha256', secret).update(body).digest('hex');

function writeFixtures(document: unknown): string {
  const dir = mkdtempSync(join(scratch, 'fixtures-'));
  writeFileSync(join(dir, 'webhooks.json'), JSON.stringify(document, null, 2));
  return dir;
}

describe('--webhook', () => {
  it('is a configuration for every list and event in each workspace, signed with --webhook-secret, named in the banner and the settings', async () => {
    const url1 = `${receiver().url}/one`;
    const url2 = `${receiver().url}/two`;
    const emulator = await start([
      '--webhook',
      url1,
      '--webhook',
      url2,
      '--webhook-secret',
      'topsecret',
      '--isolate',
      '--any-token',
    ]);
    expect(emulator.output()).toContain(
      `  webhook:      ${url1} (every event of every list; signed with the secret of --webhook-secret)\n`,
    );
    expect(emulator.output()).toContain(
      `  webhook:      ${url2} (every event of every list; signed with the secret of --webhook-secret)\n`,
    );
    expect(emulator.output()).not.toContain('topsecret');
    const api = apiClient(emulator.url, emulator.token);
    expect(ok(await api.get('/_emulator/settings'))).toMatchObject({
      webhooks: [url1, url2],
      webhook_retries: 'mailcoach',
    });
    const configurations = ok(await api.get('/_emulator/webhooks')).data;
    expect(configurations).toEqual(
      [url1, url2].map((url) =>
        expect.objectContaining({
          name: `--webhook ${url}`,
          url,
          secret: 'topsecret',
          enabled: true,
          use_for_all_lists: true,
          email_lists: [],
          use_for_all_events: true,
          events: [],
          origin: 'cli',
        }),
      ),
    );
    // Another token's workspace (--isolate) has them too.
    expect(
      ok(await apiClient(emulator.url, 'another-token').get('/_emulator/webhooks')).data.map(
        (c: { url: string }) => c.url,
      ),
    ).toEqual([url1, url2]);

    const list = ok(
      await api.post('/api/email-lists', { json: { name: 'News', default_from_email: 'news@acme.test' } }),
      201,
    ).data;
    const jane = ok(
      await api.post(`/api/email-lists/${list.uuid}/subscribers`, { json: { email: 'jane@acme.test' } }),
      201,
    ).data;
    ok(await api.post(`/api/subscribers/${jane.uuid}/unsubscribe`), 204);
    const calls = await waitUntil(
      () => receiver().calls.filter((call) => call.body.includes('"event":"UnsubscribedEvent"')),
      (found) => found.length === 2,
      { what: 'both calls' },
    );
    expect(calls.map((call) => call.path).sort()).toEqual(['/one', '/two']);
    for (const call of calls) expect(call.headers.signature).toBe(hmac('topsecret', call.bytes));

    // A reset gives back what the command line says, whatever the API did meanwhile.
    ok(await api.delete(`/_emulator/webhooks/${configurations[0].uuid}`), 204);
    ok(
      await api.patch(`/_emulator/webhooks/${configurations[1].uuid}`, {
        json: { enabled: false, secret: 'changed', events: ['SubscribedEvent'] },
      }),
    );
    ok(await api.post('/_emulator/reset'), 204);
    const restored = ok(await api.get('/_emulator/webhooks')).data;
    expect(restored.map((c: Record<string, unknown>) => [c.url, c.secret, c.enabled, c.events, c.origin])).toEqual([
      [url1, 'topsecret', true, [], 'cli'],
      [url2, 'topsecret', true, [], 'cli'],
    ]);
    expect(ok(await api.get('/_emulator/webhook-calls')).data).toEqual([]);
  });

  it('prints the default secret and the retry mode; a restart keeps one configuration per URL, one without the flag drops it', async () => {
    const url = `${receiver().url}/default`;
    const dbPath = join(mkdtempSync(join(scratch, 'db-')), 'emulator.sqlite');
    const first = await start(['--webhook', url, '--webhook-retries', 'off'], null, dbPath);
    expect(first.output()).toContain(
      `  webhook:      ${url} (every event of every list; signed with the default secret "mailcoach-emulator-webhook-secret" (--webhook-secret sets another))\n`,
    );
    expect(first.output()).toContain('  webhook retries: off: one try (--webhook-retries)\n');
    const api = apiClient(first.url, first.token);
    expect(ok(await api.get('/_emulator/webhooks')).data).toEqual([
      expect.objectContaining({ url, secret: 'mailcoach-emulator-webhook-secret' }),
    ]);
    expect(ok(await api.get('/_emulator/settings')).webhook_retries).toBe('off');
    await first.stop();
    // The same database: the configuration is kept, once (seeding is idempotent)...
    const again = await start(['--webhook', url], null, dbPath);
    expect(ok(await apiClient(again.url, again.token).get('/_emulator/webhooks')).data).toEqual([
      expect.objectContaining({ url, origin: 'cli' }),
    ]);
    await again.stop();
    // ...and goes when the command line no longer names it.
    const without = await start([], null, dbPath);
    expect(ok(await apiClient(without.url, without.token).get('/_emulator/webhooks')).data).toEqual([]);
  });

  it('refuses a URL that is not http(s), with exit code 2', async () => {
    const child = spawn(
      process.execPath,
      [CLI, '--port', '0', '--db', ':memory:', '--webhook', 'ftp://app.test/hooks'],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const code = await new Promise((resolve) => child.once('exit', resolve));
    expect(code).toBe(2);
    expect(stderr).toBe(
      'mailcoach-emulator: --webhook must be an http:// or https:// URL, got "ftp://app.test/hooks"\n',
    );
  });
});

describe("the fixtures' webhooks", () => {
  const document = (url: string) => ({
    email_lists: [
      { name: 'Newsletter', uuid: 'c2f1a3e4-5b6c-4d7e-8f90-1a2b3c4d5e6f', default_from_email: 'news@acme.test' },
      { name: 'Other', default_from_email: 'other@acme.test' },
    ],
    webhooks: [
      { name: 'App', url, secret: 's3cr3t', email_lists: ['Newsletter'], events: ['UnsubscribedEvent'] },
      { name: 'Off', uuid: '9b0f5c1e-3d7a-4f2b-8e61-2c4d5a6b7c8d', url, enabled: false },
      {
        name: 'Generated secret',
        url,
        email_lists: ['c2f1a3e4-5b6c-4d7e-8f90-1a2b3c4d5e6f', 'Other'],
        use_for_all_events: true,
        events: ['TagAddedEvent'],
      },
    ],
  });

  it('are seeded with their lists by name or uuid, restored by a reset, and route as configured', async () => {
    const url = `${receiver().url}/fixture`;
    const emulator = await start(['--webhook-retries', 'off'], writeFixtures(document(url)));
    expect(emulator.output()).toContain('3 webhooks');
    expect(emulator.output()).toContain('  webhook retries: off: one try (--webhook-retries)\n');
    const api = apiClient(emulator.url, emulator.token);
    const lists = ok(await api.get('/api/email-lists')).data as Array<{ name: string; uuid: string }>;
    const other = lists.find((list) => list.name === 'Other')?.uuid;
    const seeded = ok(await api.get('/_emulator/webhooks')).data;
    expect(seeded).toEqual([
      expect.objectContaining({
        name: 'App',
        url,
        secret: 's3cr3t',
        enabled: true,
        use_for_all_lists: false,
        email_lists: ['c2f1a3e4-5b6c-4d7e-8f90-1a2b3c4d5e6f'],
        use_for_all_events: false,
        events: ['UnsubscribedEvent'],
        origin: 'fixture',
      }),
      expect.objectContaining({
        name: 'Off',
        uuid: '9b0f5c1e-3d7a-4f2b-8e61-2c4d5a6b7c8d',
        enabled: false,
        use_for_all_lists: true,
        use_for_all_events: true,
        events: [],
        origin: 'fixture',
      }),
      expect.objectContaining({
        name: 'Generated secret',
        email_lists: ['c2f1a3e4-5b6c-4d7e-8f90-1a2b3c4d5e6f', other],
        use_for_all_events: true,
        events: ['TagAddedEvent'],
      }),
    ]);
    expect(seeded[2].secret).toMatch(/^[a-zA-Z0-9]{16}$/);
    expect(seeded[2].secret).not.toBe(seeded[0].secret);

    const jane = ok(
      await api.post('/api/email-lists/c2f1a3e4-5b6c-4d7e-8f90-1a2b3c4d5e6f/subscribers', {
        json: { email: 'jane@acme.test' },
      }),
      201,
    ).data;
    ok(await api.post(`/api/subscribers/${jane.uuid}/unsubscribe`), 204);
    // App only: Off is disabled, Generated secret wants TagAddedEvent only.
    expect(
      (
        ok(await api.get('/_emulator/webhook-calls?event=UnsubscribedEvent')).data as Array<{
          configuration: { name: string };
        }>
      ).map((call) => call.configuration.name),
    ).toEqual(['App']);
    const [call] = await receiver().waitForCalls(1);
    expect(call?.headers.signature).toBe(hmac('s3cr3t', call?.bytes as Buffer));

    ok(await api.delete(`/_emulator/webhooks/${seeded[0].uuid}`), 204);
    ok(await api.post('/_emulator/reset'), 204);
    const restored = ok(await api.get('/_emulator/webhooks')).data;
    expect(restored.map((c: Record<string, unknown>) => [c.name, c.secret])).toEqual([
      ['App', 's3cr3t'],
      ['Off', seeded[1].secret],
      ['Generated secret', seeded[2].secret],
    ]);
    expect(ok(await api.get('/_emulator/webhook-calls')).data).toEqual([]);
  });

  it('a list the fixtures do not have, or an unknown event, stops the start naming the file and field', async () => {
    const dir = writeFixtures({
      webhooks: [{ name: 'App', url: 'http://app.test/hooks', email_lists: ['Nope'], events: ['Subscribed'] }],
    });
    const child = spawn(process.execPath, [CLI, '--port', '0', '--db', ':memory:', '--fixtures', dir], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    expect(await new Promise((resolve) => child.once('exit', resolve))).toBe(1);
    expect(stderr).toMatch(/webhooks\.json:\d+:\d+: webhooks\[0\]\.events\[0\]: Invalid option/);
    const listOnly = writeFixtures({
      webhooks: [{ name: 'App', url: 'http://app.test/hooks', email_lists: ['Nope'] }],
    });
    const second = spawn(process.execPath, [CLI, '--port', '0', '--db', ':memory:', '--fixtures', listOnly], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr2 = '';
    second.stderr.on('data', (chunk) => (stderr2 += chunk));
    expect(await new Promise((resolve) => second.once('exit', resolve))).toBe(1);
    expect(stderr2).toMatch(
      /webhooks\.json:\d+:\d+: webhooks\[0\]\.email_lists\[0\]: no email list of the fixtures is named "Nope"/,
    );
  });

  it('POST /_emulator/seed takes them too; a list the workspace lacks is a 422 and nothing changes', async () => {
    const emulator = await start([]);
    const api = apiClient(emulator.url, emulator.token);
    const bad = await api.post('/_emulator/seed', {
      json: { webhooks: [{ name: 'App', url: 'http://app.test/hooks', email_lists: ['Nope'] }] },
    });
    expect(bad.status).toBe(422);
    expect(bad.json().errors).toEqual({
      'webhooks.0.email_lists.0': ['No email list named "Nope" (or with that uuid) in the workspace.'],
    });
    expect(ok(await api.get('/_emulator/webhooks')).data).toEqual([]);
    const seeded = ok(
      await api.post('/_emulator/seed', {
        json: { webhooks: [{ name: 'App', url: 'http://app.test/hooks', secret: 'x' }] },
      }),
    );
    expect(seeded.webhooks).toBe(1);
    // Seeding again changes nothing (matched by name).
    ok(
      await api.post('/_emulator/seed', {
        json: { webhooks: [{ name: 'App', url: 'http://app.test/hooks', secret: 'x' }] },
      }),
    );
    expect(ok(await api.get('/_emulator/webhooks')).data).toEqual([
      expect.objectContaining({ name: 'App', origin: 'fixture', secret: 'x' }),
    ]);
  });
});

describe('--webhook-retries fast', () => {
  it('makes five tries within a few seconds of real time', async () => {
    receiver().respondWith(answerStatus(500));
    const url = `${receiver().url}/fast`;
    // The system clock: the retries wait real time here.
    const emulator = await start(['--webhook', url, '--webhook-retries', 'fast', '--clock', 'system']);
    const api = apiClient(emulator.url, emulator.token);
    const list = ok(
      await api.post('/api/email-lists', { json: { name: 'News', default_from_email: 'news@acme.test' } }),
      201,
    ).data;
    const jane = ok(
      await api.post(`/api/email-lists/${list.uuid}/subscribers`, { json: { email: 'jane@acme.test' } }),
      201,
    ).data;
    ok(await api.post(`/api/subscribers/${jane.uuid}/unsubscribe`), 204);
    const [call] = await waitUntil(
      async () =>
        ok(await api.get('/_emulator/webhook-calls?event=UnsubscribedEvent')).data as Array<{
          status: string;
          attempts_log: Array<{ attempt: number; created_at: string }>;
        }>,
      (calls) => calls[0]?.status === 'failed',
      { what: 'five failed tries', timeoutMs: 20_000 },
    );
    expect(call?.attempts_log.map((attempt) => attempt.attempt)).toEqual([1, 2, 3, 4, 5]);
    const times = call?.attempts_log.map((attempt) => Date.parse(attempt.created_at)) as number[];
    expect((times[4] as number) - (times[0] as number)).toBeGreaterThanOrEqual(3_750);
    expect((times[4] as number) - (times[0] as number)).toBeLessThan(15_000);
  });
});

describe('startEmulator({ webhooks })', () => {
  it('passes --webhook, --webhook-secret and --webhook-retries', async () => {
    const url = `${receiver().url}/in-process`;
    await using emulator = await startEmulator({
      fixtures: null,
      webhooks: [url],
      webhookSecret: 'in-process',
      webhookRetries: 'off',
    });
    const api = apiClient(emulator.url, emulator.token);
    expect(ok(await api.get('/_emulator/settings'))).toMatchObject({ webhooks: [url], webhook_retries: 'off' });
    expect(ok(await api.get('/_emulator/webhooks')).data).toEqual([
      expect.objectContaining({ url, secret: 'in-process', origin: 'cli' }),
    ]);
  });
});
