/**
 * Workspaces (server/emulator/README.md "Workspace"): with --isolate each distinct token has its own
 * suppressions, templates (each seeded from the fixtures), sends, log, captured mail and fault rules, and a reset
 * of one leaves the others intact; without it every token shares the default workspace.
 *
 * Captured mail is counted per workspace straight from the database: a token's workspace has the key
 * `token:<sha256 of the token>`.
 */
import { createHash } from 'node:crypto';
import { sqliteDriver } from '../../server/db/driver.js';
import { describe, expect, it } from 'vitest';
import { useEmulator } from '../support/emulator-process.js';
import { apiClient, type ApiClient } from '../support/http.js';

/** better-sqlite3 in the release line this Node runs (server/db/driver.ts). */
const Database = sqliteDriver();

const isolated = useEmulator({ args: ['--isolate', '--any-token'] });
const shared = useEmulator({ args: ['--any-token'] });

const SEND = '/api/transactional-mails/send';
const mail = (to: string, extra: Record<string, unknown> = {}) => ({
  from: 'App <app@example.com>',
  to,
  subject: 'Hello',
  html: '<p>Hi</p>',
  ...extra,
});

/** Captured messages of a token's workspace ('default' for the default one). */
function capturedCount(dbPath: string, token: string | null): number {
  const key = token === null ? 'default' : `token:${createHash('sha256').update(token).digest('hex')}`;
  const db = new Database(dbPath, { readonly: true, fileMustExist: true });
  try {
    const row = db
      .prepare('SELECT COUNT(*) AS n FROM messages m JOIN workspaces w ON w.id = m.workspace_id WHERE w.key = ?')
      .get(key) as { n: number };
    return row.n;
  } finally {
    db.close();
  }
}

async function totals(client: ApiClient) {
  const total = async (path: string) => {
    const res = await client.get(path);
    expect(res.status, res.text).toBe(200);
    return res.json().meta.total as number;
  };
  return {
    suppressions: await total('/api/suppressions'),
    templates: await total('/api/transactional-mails/templates'),
    logItems: await total('/api/transactional-mails'),
    sends: await total('/api/sends'),
  };
}

const FIXTURES = { suppressions: 3, templates: 3, logItems: 2, sends: 3 };

describe('with --isolate', () => {
  const client = (token: string) => apiClient(isolated().url, token);
  const alice = () => client('alice-token');
  const bob = () => client('bob-token');

  it("seeds each new token's workspace with the fixtures", async () => {
    expect(await totals(alice())).toEqual(FIXTURES);
    expect(await totals(bob())).toEqual(FIXTURES);
    const welcome = (
      await alice().get('/api/transactional-mails/templates/7c6b5a49-3827-4615-a4b3-c2d1e0f9a8b7')
    ).json();
    expect(welcome.data.name).toBe('welcome');
  });

  it("keeps suppressions apart: one token's suppression does not block the other's send", async () => {
    expect((await alice().post('/api/suppressions', { json: { email: 'blocked@iso.test' } })).status).toBe(201);
    expect((await bob().get('/api/suppressions/blocked@iso.test')).status).toBe(404);
    expect((await alice().post(SEND, { json: mail('blocked@iso.test') })).status).toBe(406);
    expect((await bob().post(SEND, { json: mail('blocked@iso.test') })).status).toBe(200);
    expect((await bob().delete('/api/suppressions/jane@example.com')).status).toBe(204);
    expect((await alice().get('/api/suppressions/jane@example.com')).status).toBe(200);
  });

  it('keeps sends, log items and captured mail apart', async () => {
    const before = { alice: await totals(alice()), bob: await totals(bob()) };
    const capturedBefore = {
      alice: capturedCount(isolated().dbPath, 'alice-token'),
      bob: capturedCount(isolated().dbPath, 'bob-token'),
    };
    const res = await alice().post(SEND, { json: mail('someone@iso.test') });
    expect(res.status).toBe(200);
    const logItemUuid = res.json().uuid as string;

    expect(await totals(alice())).toEqual({
      ...before.alice,
      logItems: before.alice.logItems + 1,
      sends: before.alice.sends + 1,
    });
    expect(await totals(bob())).toEqual(before.bob);
    expect((await alice().get(`/api/transactional-mails/${logItemUuid}`)).status).toBe(200);
    expect((await bob().get(`/api/transactional-mails/${logItemUuid}`)).status).toBe(404);
    expect(capturedCount(isolated().dbPath, 'alice-token')).toBe(capturedBefore.alice + 1);
    expect(capturedCount(isolated().dbPath, 'bob-token')).toBe(capturedBefore.bob);
  });

  it('keeps templates apart', async () => {
    const seeded = await alice().post('/_emulator/seed', {
      json: { templates: [{ name: 'alice-only', type: 'html', body: 'Hi' }] },
    });
    expect(seeded.status).toBe(200);
    expect((await alice().get('/api/transactional-mails/templates?filter[name]=alice-only')).json().data).toHaveLength(
      1,
    );
    expect((await bob().get('/api/transactional-mails/templates?filter[name]=alice-only')).json().data).toHaveLength(0);
    const byName = { from: 'app@example.com', to: 'x@iso.test', mail_name: 'alice-only' };
    expect((await alice().post(SEND, { json: byName })).status).toBe(200);
    const refused = await bob().post(SEND, { json: byName });
    expect(refused.status).toBe(422);
    expect(refused.json().errors).toEqual({ mail_name: ['The selected mail name is invalid.'] });
  });

  it('keeps fault rules apart', async () => {
    await alice().post('/_emulator/faults', { json: { route: '/api/sends', status: 500 } });
    expect((await alice().get('/api/sends')).status).toBe(500);
    expect((await bob().get('/api/sends')).status).toBe(200);
    expect((await bob().get('/_emulator/faults')).json().data).toEqual([]);
    await alice().delete('/_emulator/faults');
  });

  it('resets one workspace and leaves the other as it is', async () => {
    await alice().post('/api/suppressions', { json: { email: 'stays@iso.test' } });
    await bob().post('/api/suppressions', { json: { email: 'goes@iso.test' } });
    await bob().post(SEND, { json: mail('someone@iso.test') });
    const aliceBefore = await totals(alice());
    const aliceCaptured = capturedCount(isolated().dbPath, 'alice-token');

    expect((await bob().post('/_emulator/reset')).status).toBe(204);

    expect(await totals(bob())).toEqual(FIXTURES);
    expect(capturedCount(isolated().dbPath, 'bob-token')).toBe(0);
    expect(await totals(alice())).toEqual(aliceBefore);
    expect(capturedCount(isolated().dbPath, 'alice-token')).toBe(aliceCaptured);
    expect((await alice().get('/api/suppressions/stays@iso.test')).status).toBe(200);
  });

  it('picks the workspace of /_emulator requests from ?token= too, and the default one without a token', async () => {
    const viaQuery = apiClient(isolated().url, 'unused');
    const res = await viaQuery.post('/_emulator/seed?token=carol-token', {
      token: null,
      json: { suppressions: [{ email: 'carol@iso.test' }] },
    });
    expect(res.status).toBe(200);
    expect((await client('carol-token').get('/api/suppressions/carol@iso.test')).status).toBe(200);
    expect((await alice().get('/api/suppressions/carol@iso.test')).status).toBe(404);

    const anonymous = await viaQuery.post('/_emulator/seed', {
      token: null,
      json: { suppressions: [{ email: 'dflt@iso.test' }] },
    });
    expect(anonymous.status).toBe(200);
    expect((await client('carol-token').get('/api/suppressions/dflt@iso.test')).status).toBe(404);
  });

  it('continues the uuid sequence on reset while other workspaces exist', async () => {
    const before = (await alice().post('/api/suppressions', { json: { email: 'seq1@iso.test' } })).json().data
      .uuid as string;
    await alice().post('/_emulator/reset');
    const after = (await alice().post('/api/suppressions', { json: { email: 'seq2@iso.test' } })).json().data
      .uuid as string;
    expect(after > before).toBe(true);
  });
});

describe('without --isolate', () => {
  const client = (token: string) => apiClient(shared().url, token);

  it('shares one workspace between every token', async () => {
    expect((await client('one').post('/api/suppressions', { json: { email: 'together@iso.test' } })).status).toBe(201);
    expect((await client('two').get('/api/suppressions/together@iso.test')).status).toBe(200);
    expect((await client('two').post(SEND, { json: mail('together@iso.test') })).status).toBe(406);
    const sent = await client('one').post(SEND, { json: mail('other@iso.test') });
    expect((await client('two').get(`/api/transactional-mails/${sent.json().uuid}`)).status).toBe(200);
    expect(capturedCount(shared().dbPath, null)).toBe(1);
    expect(capturedCount(shared().dbPath, 'one')).toBe(0);
  });

  it('a reset through one token resets what the other sees', async () => {
    expect((await client('two').post('/_emulator/reset')).status).toBe(204);
    expect((await client('one').get('/api/suppressions/together@iso.test')).status).toBe(404);
    expect(await totals(client('one'))).toEqual(FIXTURES);
  });
});
