/**
 * GET /_emulator/events (server/emulator/README.md): server-sent events of the request's workspace only —
 * message.captured with the summary, messages.deleted, workspace.reset — with the token in the query string as an
 * EventSource sends it. The emulator runs with --isolate and a second token, whose workspace must hear nothing.
 */
import { request as httpRequest, type ClientRequest } from 'node:http';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useEmulator } from '../support/emulator-process.js';
import { apiClient } from '../support/http.js';
import { inProcessApp } from '../support/in-process.js';

const OTHER_TOKEN = 'other-token';
const emulator = useEmulator({ args: ['--isolate', '--token', OTHER_TOKEN] });
const api = (token = emulator().token) => apiClient(emulator().url, token);

interface SseEvent {
  event: string | null;
  data: unknown;
}

interface SseClient {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** Everything received so far, comments included. */
  text(): string;
  events: SseEvent[];
  /** The next event not yet taken, waiting up to `ms` for it. */
  next(ms?: number): Promise<SseEvent>;
  close(): void;
}

const open: SseClient[] = [];
afterEach(() => {
  for (const client of open.splice(0)) client.close();
});

/** Connects like an EventSource (token in the query string) and resolves once the stream's first line arrived. */
function connect(token: string): Promise<SseClient> {
  const url = new URL(emulator().url);
  return new Promise((resolve, reject) => {
    const req: ClientRequest = httpRequest(
      { host: url.hostname, port: url.port, path: `/_emulator/events?token=${token}`, headers: { accept: 'text/event-stream' } },
      (res) => {
        let buffer = '';
        let all = '';
        let taken = 0;
        const events: SseEvent[] = [];
        const waiters: Array<() => void> = [];
        const client: SseClient = {
          status: res.statusCode ?? 0,
          headers: res.headers,
          text: () => all,
          events,
          next: (ms = 2_000) =>
            new Promise((done, fail) => {
              let settled = false;
              const timer = setTimeout(() => {
                settled = true;
                fail(new Error(`no event within ${ms} ms; received:\n${all}`));
              }, ms);
              const take = () => {
                if (settled) return;
                if (taken === events.length) return void waiters.push(take);
                settled = true;
                clearTimeout(timer);
                done(events[taken++]!);
              };
              take();
            }),
          close: () => req.destroy(),
        };
        open.push(client);
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          all += chunk;
          buffer += chunk;
          let end: number;
          while ((end = buffer.indexOf('\n\n')) !== -1) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const lines = block.split('\n').filter((line) => !line.startsWith(':'));
            if (lines.length === 0) continue;
            const field = (name: string) => lines.filter((l) => l.startsWith(`${name}: `)).map((l) => l.slice(name.length + 2));
            events.push({ event: field('event')[0] ?? null, data: JSON.parse(field('data').join('\n')) });
            for (const waiter of waiters.splice(0)) waiter();
          }
          if (all.startsWith(': connected\n\n')) resolve(client);
        });
        if (res.statusCode !== 200) {
          res.on('end', () => resolve(client));
        }
      },
    );
    req.on('error', reject);
    req.end();
  });
}

async function send(token: string, to: string, subject: string): Promise<void> {
  const res = await api(token).post('/api/transactional-mails/send', { json: { from: 'app@example.com', to, subject, text: 'hi' } });
  expect(res.status, res.text).toBe(200);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

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
    expect(event.data).toEqual({ uuid: listed.uuid, summary: listed });
    expect((event.data as { summary: { subject: string } }).summary.subject).toBe('Streamed');
    await sleep(100);
    expect(theirs.events).toEqual([]);

    await send(OTHER_TOKEN, 'carol@example.com', 'Theirs');
    expect(((await theirs.next()).data as { summary: { subject: string } }).summary.subject).toBe('Theirs');
    await sleep(100);
    expect(mine.events).toHaveLength(1);
  });

  it('sends message.updated with the new summary when a message is marked read', async () => {
    await send(emulator().token, 'bob@example.com', 'To read');
    const [listed] = (await api().get('/_emulator/messages?per_page=1')).json().data;
    const mine = await connect(emulator().token);
    const theirs = await connect(OTHER_TOKEN);
    const res = await api().patch(`/_emulator/messages/${listed.uuid}`, { json: { read: true } });
    expect(res.status, res.text).toBe(200);
    const event = await mine.next();
    expect(event).toEqual({ event: 'message.updated', data: { uuid: listed.uuid, summary: { ...listed, read: true } } });
    await sleep(100);
    expect(theirs.events).toEqual([]);
  });

  it('sends messages.deleted with the uuids, or null when the whole inbox was cleared', async () => {
    await send(emulator().token, 'bob@example.com', 'To delete');
    await send(emulator().token, 'bob@example.com', 'To clear');
    const [newest, older] = (await api().get('/_emulator/messages?per_page=2')).json().data;
    const client = await connect(emulator().token);
    expect((await api().delete(`/_emulator/messages/${older.uuid}`)).status).toBe(204);
    expect(await client.next()).toEqual({ event: 'messages.deleted', data: { uuids: [older.uuid] } });
    expect((await api().delete(`/_emulator/messages?query=${encodeURIComponent('"to clear"')}`)).json()).toEqual({ deleted: 1 });
    expect(await client.next()).toEqual({ event: 'messages.deleted', data: { uuids: [newest.uuid] } });
    await send(emulator().token, 'bob@example.com', 'One more');
    expect((await client.next()).event).toBe('message.captured');
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
      expect(listening()).toBe(idle + 6);
      vi.advanceTimersByTime(15_000);
      expect(await text()).toBe(': heartbeat\n\n');
      vi.advanceTimersByTime(15_000);
      expect(await text()).toBe(': heartbeat\n\n');
      await reader.cancel();
      await vi.waitFor(() => expect(listening()).toBe(idle));
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
      close();
    }
  });
});
