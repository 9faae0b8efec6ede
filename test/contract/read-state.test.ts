/**
 * Read state of captured messages (server/emulator/README.md "Captured messages"): every message arrives unread,
 * PATCH /_emulator/messages/{uuid} {"read": bool} changes it, the summary shows it, `is:read` / `is:unread`
 * search by it, a reset forgets it with the messages, and a bad request changes nothing.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { useEmulator } from '../support/emulator-process.js';
import { apiClient, ok } from '../support/http.js';

const emulator = useEmulator();
const api = () => apiClient(emulator().url, emulator().token);

async function send(subject: string): Promise<string> {
  ok(
    await api().post('/api/transactional-mails/send', {
      json: { from: 'app@example.com', to: 'bob@example.com', subject, text: 'hi' },
    }),
  );
  return ok(await api().get('/_emulator/messages?per_page=1')).data[0].uuid as string;
}

const subjects = async (query: string) =>
  (
    ok(await api().get(`/_emulator/messages?query=${encodeURIComponent(query)}`)).data as Array<{ subject: string }>
  ).map((m) => m.subject);

const markRead = (uuid: string, body: unknown) => api().patch(`/_emulator/messages/${uuid}`, { json: body });

describe('read state', () => {
  let first: string;
  beforeEach(async () => {
    ok(await api().delete('/_emulator/messages'));
    first = await send('First');
    await send('Second');
  });

  it('starts unread, and PATCH {"read": true} answers the summary, read', async () => {
    expect(ok(await api().get(`/_emulator/messages/${first}`)).read).toBe(false);
    const res = await markRead(first, { read: true });
    const summary = ok(res);
    expect(res.headers['content-type']).toBe('application/json');
    const [listed] = ok(await api().get('/_emulator/messages?query=subject:First')).data;
    // The problem count may have arrived between the two answers (counted in the background after capture).
    expect(summary).toEqual({ ...listed, problems: expect.toBeOneOf([null, listed.problems]) });
    expect(summary.read).toBe(true);
    expect(ok(await api().get(`/_emulator/messages/${first}`)).read).toBe(true);
  });

  it('searches with is:read and is:unread, negated, and with other terms', async () => {
    ok(await markRead(first, { read: true }));
    expect(await subjects('is:read')).toEqual(['First']);
    expect(await subjects('is:unread')).toEqual(['Second']);
    expect(await subjects('-is:read')).toEqual(['Second']);
    expect(await subjects('IS:Unread')).toEqual(['Second']);
    expect(await subjects('is:read bob')).toEqual(['First']);
    expect(await subjects('is:read subject:second')).toEqual([]);
    expect(await subjects('is:read is:unread')).toEqual([]);
    const page = ok(await api().get('/_emulator/messages?query=is:unread&per_page=1'));
    expect(page.meta).toEqual({ page: 1, per_page: 1, total: 1 });
    ok(await markRead(first, { read: false }));
    expect(await subjects('is:unread')).toEqual(['Second', 'First']);
  });

  it('refuses a filter value other than read or unread with a 422 naming it', async () => {
    const res = await api().get('/_emulator/messages?query=is:seen');
    expect(res.status).toBe(422);
    expect(res.json()).toEqual({
      message: 'The given data was invalid.',
      errors: { query: ['"is:seen" is not a filter: is: takes "read" or "unread".'] },
    });
  });

  it.each([
    [{ read: 'yes' }, { read: ['The read field must be true or false.'] }],
    [{}, { read: ['The read field must be true or false.'] }],
    [{ read: true, subject: 'x' }, { subject: ['The subject field is not known.'] }],
  ])('answers %j with a 422 and changes nothing', async (body, errors) => {
    const res = await markRead(first, body);
    expect(res.status, res.text).toBe(422);
    expect(res.json()).toEqual({ message: 'The given data was invalid.', errors });
    expect(await subjects('is:read')).toEqual([]);
  });

  it('is forgotten by a reset, with the messages', async () => {
    ok(await markRead(first, { read: true }));
    expect((await api().post('/_emulator/reset')).status).toBe(204);
    await send('After reset');
    expect(await subjects('is:read')).toEqual([]);
    expect(await subjects('is:unread')).toEqual(['After reset']);
  });

  it('answers a body that is not JSON with a 400, and an unknown uuid with a 404', async () => {
    const notJson = await api().patch(`/_emulator/messages/${first}`, { form: 'read=1' });
    expect(notJson.status).toBe(400);
    const missing = await markRead('00000000-0000-4000-8000-000000000000', { read: true });
    expect(missing.status).toBe(404);
    expect(missing.json()).toEqual({ message: 'No message with uuid 00000000-0000-4000-8000-000000000000.' });
    expect(await subjects('is:read')).toEqual([]);
  });
});
