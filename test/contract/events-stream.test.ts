/**
 * GET /_emulator/events (server/emulator/README.md): server-sent events of the request's workspace only —
 * message.captured with the summary, messages.deleted, workspace.reset — with the token in the query string as an
 * EventSource sends it. The emulator runs with --isolate and a second token, whose workspace must hear nothing.
 */
import { describe, expect, it, vi } from 'vitest';
import { useEmulator } from '../support/emulator-process.js';
import { apiClient } from '../support/http.js';
import { inProcessApp } from '../support/in-process.js';
import { connectEventStream } from '../support/event-stream.js';

const OTHER_TOKEN = 'other-token';
const emulator = useEmulator({ args: ['--isolate', '--token', OTHER_TOKEN] });
const api = (token = emulator().token) => apiClient(emulator().url, token);

const connect = (token: string) => connectEventStream(emulator().url, token);

async function send(token: string, to: string, subject: string): Promise<void> {
  const res = await api(token).post('/api/transactional-mails/send', {
    json: { from: 'app@example.com', to, subject, text: 'hi' },
  });
  expect(res.status, res.text).toBe(200);
}

describe('GET /_emulator/events', () => {
  it('is an event stream that opens with a comment', async () => {
    const client = await connect(emulator().token);
    expect(client.status).toBe(200);
    expect(client.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(client.headers['cache-control']).toBe('no-cache');
    expect(client.text()).toBe(': connected\n\n');
  });

  it('sends message.captured with the uuid and summary, to the sending workspace only', async () => {
    const mine = await connect(emulator().token);
    const theirs = await connect(OTHER_TOKEN);
    await send(emulator().token, 'bob@example.com', 'Streamed');
    const event = await mine.next();
    expect(event.event).toBe('message.captured');
    const [listed] = (await api().get('/_emulator/messages?per_page=1')).json().data;
    // Announced as soon as it is committed, before the background check counts its problems (README "Mail checks").
    expect(event.data).toEqual({
      uuid: listed.uuid,
      summary: { ...listed, problems: expect.toBeOneOf([null, listed.problems]) },
    });
    expect((event.data as { summary: { subject: string } }).summary.subject).toBe('Streamed');

    // Each stream is in the order the server emitted: the first event the other workspace gets is its own send's.
    await send(OTHER_TOKEN, 'carol@example.com', 'Theirs');
    expect(await theirs.next()).toMatchObject({ event: 'message.captured', data: { summary: { subject: 'Theirs' } } });
    // And a later send of mine marks the end of what my stream got in between: my first send's log item and Send
    // (stored: the default), nothing of theirs.
    await send(emulator().token, 'bob@example.com', 'Marker');
    expect((await mine.next()).event).toBe('log.changed');
    expect((await mine.next()).event).toBe('sends.changed');
    expect(await mine.next()).toMatchObject({ event: 'message.captured', data: { summary: { subject: 'Marker' } } });
  });

  it('sends message.updated with the new summary when a message is marked read', async () => {
    await send(emulator().token, 'bob@example.com', 'To read');
    const [listed] = (await api().get('/_emulator/messages?per_page=1')).json().data;
    const mine = await connect(emulator().token);
    const theirs = await connect(OTHER_TOKEN);
    const res = await api().patch(`/_emulator/messages/${listed.uuid}`, { json: { read: true } });
    expect(res.status, res.text).toBe(200);
    const event = await mine.next();
    // The problem count may have arrived since the listing (counted in the background after capture).
    expect(event).toEqual({
      event: 'message.updated',
      data: { uuid: listed.uuid, summary: { ...listed, read: true, problems: expect.toBeOneOf([listed.problems, 0]) } },
    });
    // The first event the other workspace gets is its own: nothing of mine came before it.
    await send(OTHER_TOKEN, 'carol@example.com', 'Theirs');
    expect(await theirs.next()).toMatchObject({ event: 'message.captured', data: { summary: { subject: 'Theirs' } } });
  });

  it('sends messages.deleted with the uuids, or null when the whole inbox was cleared', async () => {
    await send(emulator().token, 'bob@example.com', 'To delete');
    await send(emulator().token, 'bob@example.com', 'To clear');
    const [newest, older] = (await api().get('/_emulator/messages?per_page=2')).json().data;
    const client = await connect(emulator().token);
    expect((await api().delete(`/_emulator/messages/${older.uuid}`)).status).toBe(204);
    expect(await client.next()).toEqual({ event: 'messages.deleted', data: { uuids: [older.uuid] } });
    expect((await api().delete(`/_emulator/messages?query=${encodeURIComponent('"to clear"')}`)).json()).toEqual({
      deleted: 1,
    });
    expect(await client.next()).toEqual({ event: 'messages.deleted', data: { uuids: [newest.uuid] } });
    await send(emulator().token, 'bob@example.com', 'One more');
    expect((await client.next()).event).toBe('message.captured');
    expect((await client.next()).event).toBe('log.changed');
    expect((await client.next()).event).toBe('sends.changed');
    expect((await api().delete('/_emulator/messages')).status).toBe(200);
    expect(await client.next()).toEqual({ event: 'messages.deleted', data: { uuids: null } });
  });

  it('sends workspace.reset after POST /_emulator/reset', async () => {
    const client = await connect(emulator().token);
    expect((await api().post('/_emulator/reset')).status).toBe(204);
    expect(await client.next()).toEqual({ event: 'workspace.reset', data: {} });
  });

  it('answers 401 for a token the emulator does not accept', async () => {
    const client = await connect('wrong-token');
    expect(client.status).toBe(401);
  });

  it('lets clients come and go while mail keeps flowing', async () => {
    for (let i = 0; i < 5; i++) (await connect(emulator().token)).close();
    const client = await connect(emulator().token);
    await send(emulator().token, 'bob@example.com', 'Still streaming');
    expect(((await client.next()).data as { summary: { subject: string } }).summary.subject).toBe('Still streaming');
  });
});

describe('the stream in-process', () => {
  it('sends a heartbeat comment every 15 s, and stops listening when the client cancels', async () => {
    const { app, listening, close } = inProcessApp();
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      const idle = listening();
      const res = await app.request('/_emulator/events', { headers: { authorization: 'Bearer t' } });
      const reader = res.body!.getReader();
      const text = async () => new TextDecoder().decode((await reader.read()).value);
      expect(await text()).toBe(': connected\n\n');
      expect(listening()).toBe(idle + 19);
      vi.advanceTimersByTime(15_000);
      expect(await text()).toBe(': heartbeat\n\n');
      vi.advanceTimersByTime(15_000);
      expect(await text()).toBe(': heartbeat\n\n');
      await reader.cancel();
      await vi.waitFor(() => expect(listening()).toBe(idle), { timeout: 10_000 });
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
      close();
    }
  });
});
