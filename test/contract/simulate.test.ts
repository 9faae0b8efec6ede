/**
 * POST /_emulator/simulate/* (server/emulator/README.md "Test controls"): opens and clicks update a send's counts
 * and first/last times as GET /api/sends/{uuid} shows them; a hard bounce or a complaint suppresses the address,
 * so that the next send to it gets Mailcoach's 406 (docs/spec/mailcoach-reference.md#where-suppressions-matter, docs/spec/mailcoach-reference.md#3-sends).
 *
 * Times are pinned with the emulator's clock (POST /_emulator/clock), so the expected timestamps are exact.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { useEmulator } from '../support/emulator-process.js';
import { apiClient } from '../support/http.js';

const emulator = useEmulator();
const api = () => apiClient(emulator().url, emulator().token);

const SEND = '/api/transactional-mails/send';
const mail = (to: string, extra: Record<string, unknown> = {}) => ({
  from: 'App <app@example.com>',
  to,
  subject: 'Hello',
  html: '<p>Hi</p>',
  ...extra,
});
const simulate = (kind: string, json: unknown) => api().post(`/_emulator/simulate/${kind}`, { json });
const freeze = (iso: string) => api().post('/_emulator/clock', { json: { freeze: iso } });

/** Sends a stored mail and answers the uuid of its Send. */
async function sendTo(to: string, extra: Record<string, unknown> = {}): Promise<string> {
  const res = await api().post(SEND, { json: mail(to, extra) });
  expect(res.status, res.text).toBe(200);
  const logItemUuid = res.json().uuid as string;
  const sends = (await api().get(`/api/sends?filter[transactional_mail_log_item_uuid]=${logItemUuid}`)).json().data;
  expect(sends).toHaveLength(1);
  return sends[0].uuid as string;
}

const showSend = async (uuid: string) => (await api().get(`/api/sends/${uuid}`)).json().data;

beforeEach(async () => {
  await api().post('/_emulator/clock', { json: { resume: true } });
  expect((await api().post('/_emulator/reset')).status).toBe(204);
});

describe('opens and clicks', () => {
  it('counts opens, keeping the first time and moving the last, exactly as GET /api/sends/{uuid} shows', async () => {
    await freeze('2025-04-01T09:00:00Z');
    const uuid = await sendTo('reader@simulate.test');
    const first = await simulate('open', { send_uuid: uuid });
    expect(first.status).toBe(200);
    expect(first.json().data).toEqual(await showSend(uuid));
    expect(first.json().data).toMatchObject({
      uuid,
      open_count: 1,
      click_count: 0,
      first_opened_at: '2025-04-01T09:00:00.000000Z',
      last_opened_at: '2025-04-01T09:00:00.000000Z',
      first_clicked_at: null,
      last_clicked_at: null,
    });

    await freeze('2025-04-02T18:30:00Z');
    await simulate('open', { send_uuid: uuid });
    const shown = await showSend(uuid);
    expect(shown).toMatchObject({
      open_count: 2,
      first_opened_at: '2025-04-01T09:00:00.000000Z',
      last_opened_at: '2025-04-02T18:30:00.000000Z',
      created_at: '2025-04-01T09:00:00.000000Z',
      updated_at: '2025-04-02T18:30:00.000000Z',
    });
  });

  it('counts clicks separately from opens, the first click registering an open first (Send::registerClick)', async () => {
    await freeze('2025-04-03T10:00:00Z');
    const uuid = await sendTo('clicker@simulate.test');
    await simulate('click', { send_uuid: uuid });
    await freeze('2025-04-03T10:05:00Z');
    const res = await simulate('click', { send_uuid: uuid });
    expect(res.json().data).toMatchObject({
      open_count: 1,
      click_count: 2,
      first_opened_at: '2025-04-03T10:00:00.000000Z',
      last_opened_at: '2025-04-03T10:00:00.000000Z',
      first_clicked_at: '2025-04-03T10:00:00.000000Z',
      last_clicked_at: '2025-04-03T10:05:00.000000Z',
    });
    expect(await showSend(uuid)).toEqual(res.json().data);
  });

  it('adds to a fixture send that already has opens', async () => {
    await freeze('2025-05-01T00:00:00Z');
    const res = await simulate('open', { send_uuid: '8a9b0c1d-2e3f-4a5b-9c6d-7e8f9a0b1c2d' });
    expect(res.json().data).toMatchObject({
      open_count: 3,
      first_opened_at: '2025-03-03T11:00:00.000000Z',
      last_opened_at: '2025-05-01T00:00:00.000000Z',
    });
  });

  it('answers 404 for an unknown send and 422 without send_uuid', async () => {
    const unknown = await simulate('open', { send_uuid: '00000000-0000-4000-8000-00000000ffff' });
    expect(unknown.status).toBe(404);
    expect(unknown.json().message).toContain('00000000-0000-4000-8000-00000000ffff');
    const missing = await simulate('click', {});
    expect(missing.status).toBe(422);
    expect(Object.keys(missing.json().errors)).toEqual(['send_uuid']);
  });

  it('words its 422s like Laravel, never as the validation library does', async () => {
    const cases: Array<[string, unknown, Record<string, string[]>]> = [
      ['open', {}, { send_uuid: ['The send_uuid field is required.'] }],
      ['open', { send_uuid: '' }, { send_uuid: ['The send_uuid field is required.'] }],
      ['click', { send_uuid: 42 }, { send_uuid: ['The send_uuid field must be a string.'] }],
      ['bounce', { send_uuid: '' }, { send_uuid: ['The send_uuid field must have a value.'] }],
      ['soft-bounce', { send_uuid: ['x'] }, { send_uuid: ['The send_uuid field must be a string.'] }],
      ['complaint', { email: 42 }, { email: ['The email field must be a valid email address.'] }],
    ];
    for (const [kind, json, errors] of cases) {
      const res = await simulate(kind, json);
      expect(res.status, `${kind} ${JSON.stringify(json)}`).toBe(422);
      expect(res.json(), `${kind} ${JSON.stringify(json)}`).toEqual({ message: 'The given data was invalid.', errors });
    }
  });
});

describe('bounces and complaints', () => {
  it('a hard bounce adds a hard_bounce suppression, and the next send to that address is a 406', async () => {
    expect((await api().post(SEND, { json: mail('gone@simulate.test') })).status).toBe(200);
    await freeze('2025-04-05T08:00:00Z');
    const res = await simulate('bounce', { email: 'gone@simulate.test' });
    expect(res.status).toBe(200);
    const { suppression, created } = res.json();
    expect(created).toBe(true);
    expect(suppression).toMatchObject({
      email: 'gone@simulate.test',
      reason: 'hard_bounce',
      created_at: '2025-04-05T08:00:00.000000Z',
      updated_at: '2025-04-05T08:00:00.000000Z',
    });
    expect((await api().get('/api/suppressions/gone@simulate.test')).json().data).toEqual(suppression);

    const again = await api().post(SEND, { json: mail('Gone <GONE@simulate.test>') });
    expect(again.status).toBe(406);
    expect(again.text).toBe('The email `gone@simulate.test` is on the suppression list.');
    const inCc = await api().post(SEND, { json: mail('other@simulate.test', { cc: 'gone@simulate.test' }) });
    expect(inCc.status).toBe(406);
  });

  it('a bounce by send_uuid suppresses the address the send went to', async () => {
    const uuid = await sendTo('Bounce Me <bounce-me@simulate.test>, second@simulate.test');
    const res = await simulate('bounce', { send_uuid: uuid });
    expect(res.json().suppression).toMatchObject({ email: 'bounce-me@simulate.test', reason: 'hard_bounce' });
    expect((await api().post(SEND, { json: mail('bounce-me@simulate.test') })).status).toBe(406);
    expect((await api().post(SEND, { json: mail('second@simulate.test') })).status).toBe(200);
  });

  it('a complaint adds a spam_complaint suppression', async () => {
    const res = await simulate('complaint', { email: 'angry@simulate.test' });
    expect(res.json().suppression).toMatchObject({ email: 'angry@simulate.test', reason: 'spam_complaint' });
    const listed = (await api().get('/api/suppressions?filter[reason]=spam_complaint')).json();
    expect(listed.meta.total).toBe(2);
    expect((await api().post(SEND, { json: mail('angry@simulate.test') })).status).toBe(406);
  });

  it('a soft bounce suppresses nothing', async () => {
    const uuid = await sendTo('soft@simulate.test');
    const res = await simulate('soft-bounce', { send_uuid: uuid });
    expect(res.status).toBe(200);
    expect(res.text).toBe('{"suppression":null,"created":false}');
    expect((await api().get('/api/suppressions/soft@simulate.test')).status).toBe(404);
    expect((await api().post(SEND, { json: mail('soft@simulate.test') })).status).toBe(200);
  });

  it('leaves an existing suppression as it is (whatever its reason) and answers it, as not created', async () => {
    const before = (await api().get('/api/suppressions/jane@example.com')).json().data;
    const res = await simulate('complaint', { email: 'JANE@example.com' });
    expect(res.json()).toEqual({ suppression: before, created: false });
    expect((await api().get('/api/suppressions')).json().meta.total).toBe(3);
  });

  it('answers 422 without an email or a valid one, and 404 for an unknown send', async () => {
    const none = await simulate('bounce', {});
    expect(none.status).toBe(422);
    expect(Object.keys(none.json().errors)).toEqual(['email']);
    const invalid = await simulate('complaint', { email: 'not-an-address' });
    expect(invalid.status).toBe(422);
    expect(invalid.json().errors.email).toEqual(['The email field must be a valid email address.']);
    const unknown = await simulate('bounce', { send_uuid: '00000000-0000-4000-8000-00000000ffff' });
    expect(unknown.status).toBe(404);
  });

  it('answers 422 for a send whose recipient is unknown (a campaign send from the fixtures)', async () => {
    const res = await simulate('bounce', { send_uuid: '7d8e9f0a-1b2c-4d3e-8f4a-5b6c7d8e9f0a' });
    expect(res.status).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual(['send_uuid']);
  });
});
