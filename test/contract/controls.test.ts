/**
 * Test controls (server/emulator/README.md "Test controls"): POST /_emulator/reset, POST /_emulator/seed and
 * GET/POST /_emulator/clock, observed through the Mailcoach API and the captured mail.
 *
 * The emulator reads test/fixtures: 3 templates, 3 suppressions, 2 log items and 3 sends, every one with a fixed
 * uuid, so a fresh start generates no uuid before the first request. Tests reset the workspace first, so they do
 * not depend on each other's rows.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { capturedMessages } from '../support/captured.js';
import { useEmulator } from '../support/emulator-process.js';
import { apiClient, rawRequest } from '../support/http.js';

const emulator = useEmulator();
const api = () => apiClient(emulator().url, emulator().token);

const SEND = '/api/transactional-mails/send';
const PLAIN = { from: 'App <app@example.com>', to: 'bob@example.com', subject: 'Hello', html: '<p>Hi</p>' };
const FIXTURE_TOTALS = { suppressions: 3, templates: 3, logItems: 2, sends: 3 };

async function totals() {
  const total = async (path: string) => {
    const res = await api().get(path);
    expect(res.status, res.text).toBe(200);
    const body = res.json();
    // The trigger-kept total must agree with the rows actually there (one page holds them all here).
    expect(body.meta.total).toBe(body.data.length);
    return body.meta.total as number;
  };
  return {
    suppressions: await total('/api/suppressions'),
    templates: await total('/api/transactional-mails/templates'),
    logItems: await total('/api/transactional-mails'),
    sends: await total('/api/sends'),
  };
}

const emulatorPost = (path: string, json?: unknown) =>
  api().post(`/_emulator${path}`, json === undefined ? {} : { json });
const reset = async () => expect((await emulatorPost('/reset')).status).toBe(204);

describe('POST /_emulator/reset', () => {
  beforeEach(reset);

  it('answers 204 with an empty body', async () => {
    const res = await emulatorPost('/reset');
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
  });

  it('deletes what tests created and seeds the fixtures again, with exact list totals', async () => {
    expect((await api().post('/api/suppressions', { json: { email: 'extra@reset.test' } })).status).toBe(201);
    expect((await api().delete('/api/suppressions/jane@example.com')).status).toBe(204);
    expect((await api().post(SEND, { json: PLAIN })).status).toBe(200);
    expect((await emulatorPost('/seed', { templates: [{ name: 'seeded', type: 'html', body: 'x' }] })).status).toBe(
      200,
    );
    expect(await totals()).toEqual({ suppressions: 3, templates: 4, logItems: 3, sends: 4 });
    expect(capturedMessages(emulator().dbPath)).toHaveLength(1);

    await reset();

    expect(await totals()).toEqual(FIXTURE_TOTALS);
    expect(capturedMessages(emulator().dbPath)).toHaveLength(0);
    expect((await api().get('/api/suppressions/jane@example.com')).status).toBe(200);
    expect((await api().get('/api/suppressions/extra@reset.test')).status).toBe(404);
    const manual = (await api().get('/api/suppressions?filter[reason]=manual')).json();
    expect(manual.meta.total).toBe(1);
  });

  it('restores the fixture rows as they were, counts included', async () => {
    const before = (await api().get('/api/sends/8a9b0c1d-2e3f-4a5b-9c6d-7e8f9a0b1c2d')).text;
    await emulatorPost('/simulate/open', { send_uuid: '8a9b0c1d-2e3f-4a5b-9c6d-7e8f9a0b1c2d' });
    expect((await api().get('/api/sends/8a9b0c1d-2e3f-4a5b-9c6d-7e8f9a0b1c2d')).json().data.open_count).toBe(3);
    await reset();
    expect((await api().get('/api/sends/8a9b0c1d-2e3f-4a5b-9c6d-7e8f9a0b1c2d')).text).toBe(before);
  });

  it('restarts the sequential uuids when the default workspace is the only one', async () => {
    const first = (await api().post('/api/suppressions', { json: { email: 'one@reset.test' } })).json().data.uuid;
    expect(first).toBe('00000000-0000-4000-8000-000000000001');
    await api().post('/api/suppressions', { json: { email: 'two@reset.test' } });
    await reset();
    const again = (await api().post('/api/suppressions', { json: { email: 'three@reset.test' } })).json().data.uuid;
    expect(again).toBe('00000000-0000-4000-8000-000000000001');
  });

  it('works without a token (the default workspace) and refuses an unknown one', async () => {
    expect((await rawRequest(emulator().url, { method: 'POST', path: '/_emulator/reset' })).status).toBe(204);
    const res = await api().post('/_emulator/reset', { token: 'wrong-token' });
    expect(res.status).toBe(401);
  });
});

describe('POST /_emulator/seed', () => {
  beforeEach(reset);

  const DOCUMENT = {
    $comment: 'seeded by a test',
    templates: [
      { name: 'seeded-html', type: 'html', subject: '', body: '  <p>Hi {{ name }}</p>\n', to: ['ops@seed.test'] },
    ],
    suppressions: [{ email: 'seeded@seed.test', reason: 'hard_bounce' }, { email: 'manual@seed.test' }],
    transactional_mails: [{ uuid: 'aaaaaaaa-1111-4222-8333-444444444444', subject: 'Seeded', to: ['x@seed.test'] }],
    sends: [
      {
        uuid: 'bbbbbbbb-1111-4222-8333-444444444444',
        transactional_mail_log_item_uuid: 'aaaaaaaa-1111-4222-8333-444444444444',
        sent_at: '2025-02-01T00:00:00Z',
      },
    ],
  };

  it('answers 200 with the counts and makes the data visible through the API, bodies as sent', async () => {
    const res = await emulatorPost('/seed', DOCUMENT);
    expect(res.status, res.text).toBe(200);
    expect(res.json()).toEqual({
      templates: 1,
      suppressions: 2,
      transactional_mails: 1,
      sends: 1,
      email_lists: 0,
      subscribers: 0,
      campaign_templates: 0,
      automations: 0,
      campaigns: 0,
      webhooks: 0,
    });
    expect(await totals()).toEqual({ suppressions: 5, templates: 4, logItems: 3, sends: 4 });

    const templates = (await api().get('/api/transactional-mails/templates?filter[name]=seeded-html')).json().data;
    expect(templates).toHaveLength(1);
    expect(templates[0]).toMatchObject({
      name: 'seeded-html',
      subject: '',
      html: '  <p>Hi {{ name }}</p>\n',
      to: ['ops@seed.test'],
    });
    expect((await api().get('/api/suppressions/seeded@seed.test')).json().data.reason).toBe('hard_bounce');
    expect((await api().get('/api/suppressions/manual@seed.test')).json().data.reason).toBe('manual');
    expect((await api().get('/api/sends/bbbbbbbb-1111-4222-8333-444444444444')).json().data.sent_at).toBe(
      '2025-02-01T00:00:00.000000Z',
    );
    // A seeded suppression counts for the send endpoint's check.
    const blocked = await api().post(SEND, { json: { ...PLAIN, to: 'seeded@seed.test' } });
    expect(blocked.status).toBe(406);
  });

  it('is idempotent: seeding the same document twice adds nothing', async () => {
    await emulatorPost('/seed', DOCUMENT);
    const res = await emulatorPost('/seed', DOCUMENT);
    expect(res.status).toBe(200);
    expect(await totals()).toEqual({ suppressions: 5, templates: 4, logItems: 3, sends: 4 });
  });

  it('accepts an empty document', async () => {
    const res = await emulatorPost('/seed', {});
    expect(res.status).toBe(200);
    expect(res.json()).toEqual({
      templates: 0,
      suppressions: 0,
      transactional_mails: 0,
      sends: 0,
      email_lists: 0,
      subscribers: 0,
      campaign_templates: 0,
      automations: 0,
      campaigns: 0,
      webhooks: 0,
    });
  });

  it('answers 422 naming every problem, and writes nothing', async () => {
    const res = await emulatorPost('/seed', {
      templates: [{ name: 'bad', type: 'pdf', body: 'x' }],
      suppressions: [{ email: 'not an email' }, { email: 'fine@seed.test', reason: 'bored' }],
      sends: [{ uuid: 'nope' }],
      extra: true,
    });
    expect(res.status).toBe(422);
    expect(res.headers['content-type']).toBe('application/json');
    const body = res.json();
    expect(body.message).toBe('The given data was invalid.');
    expect(Object.keys(body.errors).sort()).toEqual(
      ['extra', 'sends.0.uuid', 'suppressions.0.email', 'suppressions.1.reason', 'templates.0.type'].sort(),
    );
    expect(body.errors.extra).toEqual(['The extra field is not known.']);
    expect(body.errors['suppressions.0.email']).toEqual(['must be a valid email address']);
    expect(await totals()).toEqual(FIXTURE_TOTALS);
  });

  it('answers 422 for a body_file, which only a fixtures directory can resolve', async () => {
    const res = await emulatorPost('/seed', { templates: [{ name: 'file', type: 'html', body_file: 'a.html' }] });
    expect(res.status).toBe(422);
    expect(res.json().errors).toEqual({
      'templates.0.body_file': ['body_file "a.html" cannot be read through the API: give the body inline.'],
    });
  });

  it('answers 422 and writes nothing when a row clashes with the workspace (a name taken under another uuid)', async () => {
    const res = await emulatorPost('/seed', {
      suppressions: [{ email: 'first@seed.test' }],
      templates: [{ uuid: 'cccccccc-1111-4222-8333-444444444444', name: 'welcome', type: 'html', body: 'x' }],
    });
    expect(res.status).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual(['document']);
    expect(await totals()).toEqual(FIXTURE_TOTALS);
  });

  it('answers 400 for a body that is not JSON, or not an object', async () => {
    const notJson = await api().post('/_emulator/seed', {
      body: '{nope',
      headers: { 'content-type': 'application/json' },
    });
    expect(notJson.status).toBe(400);
    expect(notJson.json().message).toMatch(/^The body is not valid JSON/);
    const array = await emulatorPost('/seed', []);
    expect(array.status).toBe(422);
  });

  it('is undone by a reset', async () => {
    await emulatorPost('/seed', DOCUMENT);
    await reset();
    expect(await totals()).toEqual(FIXTURE_TOTALS);
  });
});

describe('GET and POST /_emulator/clock', () => {
  beforeEach(async () => {
    await emulatorPost('/clock', { resume: true });
    await reset();
  });

  const createdAt = async (email: string) => {
    const res = await api().post('/api/suppressions', { json: { email } });
    expect(res.status, res.text).toBe(201);
    return res.json().data.created_at as string;
  };

  it('reports the time and whether it is frozen', async () => {
    const res = await api().get('/_emulator/clock');
    expect(res.status).toBe(200);
    const body = res.json();
    expect(Object.keys(body)).toEqual(['now', 'frozen']);
    expect(body.now).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(body.frozen).toBe(false);
  });

  it('freezes at a given instant: every new row gets that time', async () => {
    const res = await emulatorPost('/clock', { freeze: '2030-06-01T12:00:00Z' });
    expect(res.status).toBe(200);
    expect(res.json()).toEqual({ now: '2030-06-01T12:00:00.000Z', frozen: true });
    expect(await createdAt('a@clock.test')).toBe('2030-06-01T12:00:00.000000Z');
    expect(await createdAt('b@clock.test')).toBe('2030-06-01T12:00:00.000000Z');
    expect((await api().get('/_emulator/clock')).json()).toEqual({ now: '2030-06-01T12:00:00.000Z', frozen: true });
  });

  it('advances a frozen clock by advance_ms', async () => {
    await emulatorPost('/clock', { freeze: '2030-06-01T12:00:00Z' });
    const res = await emulatorPost('/clock', { advance_ms: 90_000 });
    expect(res.json()).toEqual({ now: '2030-06-01T12:01:30.000Z', frozen: true });
    expect(await createdAt('c@clock.test')).toBe('2030-06-01T12:01:30.000000Z');
    // Freezing and advancing in one request.
    const both = await emulatorPost('/clock', { freeze: '2031-01-01T00:00:00Z', advance_ms: 1000 });
    expect(both.json()).toEqual({ now: '2031-01-01T00:00:01.000Z', frozen: true });
  });

  it('freezes at the current time with freeze: true', async () => {
    const res = await emulatorPost('/clock', { freeze: true });
    expect(res.json().frozen).toBe(true);
    const frozenAt = res.json().now as string;
    expect(await createdAt('d@clock.test')).toBe(frozenAt.replace(/\.\d{3}Z$/, '.000000Z'));
  });

  it('resumes from the frozen instant: later rows continue from there', async () => {
    await emulatorPost('/clock', { freeze: '2030-06-01T12:00:00Z' });
    const res = await emulatorPost('/clock', { resume: true });
    expect(res.json().frozen).toBe(false);
    const later = await createdAt('e@clock.test');
    expect(later >= '2030-06-01T12:00:00.000000Z' && later < '2030-06-01T12:01:00.000000Z').toBe(true);
  });

  it('resets to the clock it started with: running, the freeze and every advance dropped', async () => {
    // Earlier tests moved the clock: where a reset puts it, read first; a second reset after changes comes back there.
    const start = Date.parse((await emulatorPost('/clock', { reset: true })).json().now);
    await emulatorPost('/clock', { advance_ms: 86_400_000 });
    await emulatorPost('/clock', { freeze: '2030-06-01T12:00:00Z' });
    const res = await emulatorPost('/clock', { reset: true });
    expect(res.status).toBe(200);
    expect(res.json().frozen).toBe(false);
    // The test clock steps one second per reading: a few readings later, not a day or years.
    const now = Date.parse(res.json().now);
    expect(now - start).toBeGreaterThan(0);
    expect(now - start).toBeLessThan(10_000);
    expect(Date.parse(await createdAt('reset@clock.test')) - start).toBeLessThan(10_000);
    // Applied first: with advance_ms, that clock moved forward; with freeze, frozen at its time.
    await emulatorPost('/clock', { freeze: '2030-06-01T12:00:00Z' });
    const ahead = Date.parse((await emulatorPost('/clock', { reset: true, advance_ms: 3_600_000 })).json().now);
    expect(ahead - start).toBeGreaterThanOrEqual(3_600_000);
    expect(ahead - start).toBeLessThan(3_610_000);
    const frozen = (await emulatorPost('/clock', { reset: true, freeze: true })).json();
    expect(frozen.frozen).toBe(true);
    expect(Date.parse(frozen.now) - start).toBeLessThan(10_000);
    const refused = await emulatorPost('/clock', { reset: false });
    expect(refused.status).toBe(422);
    expect(refused.json().errors).toEqual({ reset: ['The reset must be true.'] });
  });

  it('moves a running clock forward too', async () => {
    const before = Date.parse((await api().get('/_emulator/clock')).json().now);
    const after = Date.parse((await emulatorPost('/clock', { advance_ms: 3_600_000 })).json().now);
    // The test clock also steps one second per reading.
    expect(after - before).toBeGreaterThanOrEqual(3_600_000);
    expect(after - before).toBeLessThan(3_610_000);
  });

  it('reads freeze as an ISO 8601 date-time, UTC unless it has an offset', async () => {
    expect((await emulatorPost('/clock', { freeze: '2030-06-01T12:00:00' })).json().now).toBe(
      '2030-06-01T12:00:00.000Z',
    );
    expect((await emulatorPost('/clock', { freeze: '2030-06-01T12:00:00.25+02:00' })).json().now).toBe(
      '2030-06-01T10:00:00.250Z',
    );
    expect((await emulatorPost('/clock', { freeze: '2030-06-01 12:00Z' })).json().now).toBe('2030-06-01T12:00:00.000Z');
  });

  it('refuses a freeze that is no ISO 8601 date-time, or an impossible one, and leaves the clock alone', async () => {
    await emulatorPost('/clock', { freeze: '2030-06-01T12:00:00Z' });
    const message =
      'The freeze must be true or an ISO 8601 date-time, such as 2025-03-01T10:00:00Z (UTC unless it has an offset).';
    for (const freeze of [
      '1',
      '2025-02-30T10:00:00Z',
      'March 1, 2025 10:00',
      'Sat, 01 Mar 2025 10:00:00 GMT',
      '2025-03-01',
      '2025-03-01T25:00:00Z',
      '+275760-09-13T00:00:00.000Z',
    ]) {
      const res = await emulatorPost('/clock', { freeze });
      expect(res.status, freeze).toBe(422);
      expect(res.json().errors, freeze).toEqual({ freeze: [message] });
    }
    expect((await api().get('/_emulator/clock')).json()).toEqual({ now: '2030-06-01T12:00:00.000Z', frozen: true });
  });

  it('keeps the clock within the years 1970 to 9999: a change that would leave them is a 422 and changes nothing', async () => {
    await emulatorPost('/clock', { freeze: '2030-06-01T12:00:00Z' });
    const freezeRange = 'The freeze must be between 1970-01-01T00:00:00.000Z and 9999-12-31T23:59:59.999Z.';
    const pastEnd = 'The advance_ms would take the clock past 9999-12-31T23:59:59.999Z, the latest time it can show.';
    const tooLarge = 'The advance_ms must not be greater than 3155760000000 (100 years).';
    const cases: Array<[unknown, Record<string, string[]>]> = [
      [{ advance_ms: 9007199254740991 }, { advance_ms: [tooLarge] }],
      [{ advance_ms: 1e20 }, { advance_ms: [tooLarge] }],
      [{ advance_ms: 3155760000001 }, { advance_ms: [tooLarge] }],
      [{ freeze: '1969-12-31T23:59:59.999Z' }, { freeze: [freezeRange] }],
      [{ freeze: '9999-12-31T23:59:59-01:00' }, { freeze: [freezeRange] }],
      [{ freeze: '1969-12-31T23:59:59.999Z', advance_ms: 1 }, { freeze: [freezeRange] }],
      [{ freeze: '9999-12-31T23:59:59.999Z', advance_ms: 1 }, { advance_ms: [pastEnd] }],
      [{ freeze: true, advance_ms: 3155760000000 * 80 }, { advance_ms: [tooLarge] }],
    ];
    for (const [json, errors] of cases) {
      const res = await emulatorPost('/clock', json);
      expect(res.status, JSON.stringify(json)).toBe(422);
      expect(res.json().errors, JSON.stringify(json)).toEqual(errors);
      expect((await api().get('/_emulator/clock')).json(), JSON.stringify(json)).toEqual({
        now: '2030-06-01T12:00:00.000Z',
        frozen: true,
      });
    }

    // JSON's 1e400 is Infinity: no number at all.
    const infinite = await api().post('/_emulator/clock', {
      body: '{"advance_ms":1e400}',
      headers: { 'content-type': 'application/json' },
    });
    expect(infinite.status).toBe(422);
    expect(infinite.json().errors).toEqual({
      advance_ms: ['The advance_ms must be an integer from 0 to 3155760000000 (100 years).'],
    });

    // Up to the bounds, and not a millisecond past them.
    expect((await emulatorPost('/clock', { freeze: '9999-12-31T23:59:59.000Z' })).status).toBe(200);
    expect((await emulatorPost('/clock', { advance_ms: 999 })).json()).toEqual({
      now: '9999-12-31T23:59:59.999Z',
      frozen: true,
    });
    const past = await emulatorPost('/clock', { advance_ms: 1 });
    expect(past.status).toBe(422);
    expect(past.json().errors).toEqual({ advance_ms: [pastEnd] });
    expect((await api().get('/_emulator/clock')).json()).toEqual({ now: '9999-12-31T23:59:59.999Z', frozen: true });
    expect(await createdAt('end@clock.test')).toBe('9999-12-31T23:59:59.000000Z');
    expect((await emulatorPost('/clock', { freeze: '1970-01-01T00:00:00Z' })).json().now).toBe(
      '1970-01-01T00:00:00.000Z',
    );
    expect((await emulatorPost('/clock', { advance_ms: 3155760000000 })).json().now).toBe('2070-01-01T00:00:00.000Z');

    // A running clock too.
    await emulatorPost('/clock', { freeze: '9999-12-31T23:00:00Z' });
    await emulatorPost('/clock', { resume: true });
    const running = await emulatorPost('/clock', { advance_ms: 3_600_000 });
    expect(running.status).toBe(422);
    expect(running.json().errors).toEqual({ advance_ms: [pastEnd] });
    const { now, frozen } = (await api().get('/_emulator/clock')).json();
    expect(frozen).toBe(false);
    expect(now >= '9999-12-31T23:00:00.000Z' && now < '9999-12-31T23:01:00.000Z').toBe(true);
  });

  it('answers 422 for anything else', async () => {
    const cases: Array<[unknown, string]> = [
      [{}, 'freeze'],
      [{ freeze: 'tomorrow' }, 'freeze'],
      [{ freeze: false }, 'freeze'],
      [{ advance_ms: -5 }, 'advance_ms'],
      [{ advance_ms: 1.5 }, 'advance_ms'],
      [{ advance_ms: '1000' }, 'advance_ms'],
      [{ resume: 'yes' }, 'resume'],
      [{ freeze: true, resume: true }, 'resume'],
      [{ speed: 2 }, 'speed'],
    ];
    for (const [json, field] of cases) {
      const res = await emulatorPost('/clock', json);
      expect(res.status, JSON.stringify(json)).toBe(422);
      expect(Object.keys(res.json().errors), JSON.stringify(json)).toContain(field);
    }
    expect((await api().get('/_emulator/clock')).json().frozen).toBe(false);
  });
});
