/**
 * Mailpit's websocket /api/events through a real `ws` client
 * (docs/spec/mailpit-api.md#3-websocket-apievents-mp-serverwebsocketsgo-internalstoragego-mpweb-websocketmd-mpapi-packagesmailpit-wssrcindexts;
 * cases 4, 68-70 of docs/spec/mailpit-api.md#5-acceptance-test-cases): stats after a connect and after changes,
 * `new` with the MessageSummary, `update` only when the read state changed, `delete`, `truncate`, the caller
 * rules on the upgrade, and a server that stops with clients connected.
 */
import { MailpitClient } from 'mailpit-api';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startEmulator } from '../../server/testing/index.js';
import { useEmulator } from '../support/emulator-process.js';
import { rawRequest } from '../support/http.js';
import { putMailpitChaos } from '../support/mailpit-mail.js';
import { smtpTransport } from '../support/smtp.js';
import { waitUntil } from '../support/wait.js';

const emulator = useEmulator({ fixtures: null, args: ['--smtp-port', '0'] });
const mailpit = () => new MailpitClient(emulator().url);

interface Event {
  Type: string;
  Data: any;
}

/** A connected client and every event it received, in order. */
async function listen(url = emulator().url, headers: Record<string, string> = {}) {
  const socket = new WebSocket(`${url.replace(/^http/, 'ws')}/api/events`, { headers });
  const events: Event[] = [];
  socket.on('message', (data) => events.push(JSON.parse(data.toString()) as Event));
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  opened.push(socket);
  const waitFor = (what: string, match: (event: Event) => boolean) =>
    waitUntil(
      () => events.find(match),
      (event) => event !== undefined,
      { what },
    ) as Promise<Event>;
  return { socket, events, waitFor };
}

const opened: WebSocket[] = [];
afterEach(() => {
  for (const socket of opened.splice(0)) socket.terminate();
});

beforeEach(async () => {
  await mailpit().deleteMessages();
});

async function send(subject: string): Promise<void> {
  await smtpTransport(emulator().smtpPort!).sendMail({
    from: 'From <from@example.com>',
    to: 'Jane <jane@example.com>',
    subject,
    text: 'hi',
  });
}

describe('/api/events', () => {
  it('sends stats after a connect, then new and stats after a capture (cases 4, 68)', async () => {
    await send('before');
    const client = await listen();
    const first = await client.waitFor('stats', (e) => e.Type === 'stats');
    expect(first).toEqual({ Type: 'stats', Data: { Total: 1, Unread: 1, Version: 'v1.30.5' } });
    await send('Hello');
    const created = await client.waitFor('new', (e) => e.Type === 'new');
    const [listed] = (await mailpit().listMessages()).messages;
    expect(created.Data).toEqual({ ...listed, Cc: [], Bcc: [], ReplyTo: [] });
    const stats = await client.waitFor('stats after the capture', (e) => e.Type === 'stats' && e.Data.Total === 2);
    expect(stats.Data).toEqual({ Total: 2, Unread: 2, Version: 'v1.30.5' });
  });

  it('sends update only when the read state changed (case 69)', async () => {
    await send('one');
    const [item] = (await mailpit().listMessages()).messages;
    const client = await listen();
    await mailpit().setReadStatus({ IDs: [item!.ID], Read: true });
    await client.waitFor('update', (e) => e.Type === 'update');
    await client.waitFor('stats after it', (e) => e.Type === 'stats' && e.Data.Unread === 0);
    // The same write again changes nothing: no update. A later capture's `new` marks where to stop looking.
    await mailpit().setReadStatus({ IDs: [item!.ID], Read: true });
    await send('marker');
    await client.waitFor('new', (e) => e.Type === 'new');
    expect(client.events.filter((e) => e.Type === 'update')).toEqual([
      { Type: 'update', Data: { ID: item!.ID, Read: true } },
    ]);
  });

  it('sends update when reading a message marks it read (case 69)', async () => {
    await send('one');
    const [item] = (await mailpit().listMessages()).messages;
    const client = await listen();
    await mailpit().getMessageSummary(item!.ID);
    const update = await client.waitFor('update', (e) => e.Type === 'update');
    expect(update.Data).toEqual({ ID: item!.ID, Read: true });
  });

  it('sends update with the tags a PUT /api/v1/tags set, and prune for a renamed tag (case 69)', async () => {
    await send('one');
    const [item] = (await mailpit().listMessages()).messages;
    const client = await listen();
    await mailpit().setTags({ IDs: [item!.ID], Tags: ['test-tag'] });
    const update = await client.waitFor('update', (e) => e.Type === 'update');
    expect(update.Data).toEqual({ ID: item!.ID, Tags: ['test-tag'] });
    await mailpit().renameTag('test-tag', 'renamed-tag');
    expect((await client.waitFor('prune', (e) => e.Type === 'prune')).Data).toBeNull();
  });

  it('sends delete for each message deleted, truncate for all (case 70)', async () => {
    await send('one');
    await send('two');
    const [newest] = (await mailpit().listMessages()).messages;
    const client = await listen();
    await mailpit().deleteMessages({ IDs: [newest!.ID] });
    expect((await client.waitFor('delete', (e) => e.Type === 'delete')).Data).toEqual({ ID: newest!.ID });
    await mailpit().deleteMessages();
    expect(await client.waitFor('truncate', (e) => e.Type === 'truncate')).toEqual({ Type: 'truncate', Data: null });
    const stats = await client.waitFor('stats of none', (e) => e.Type === 'stats' && e.Data.Total === 0);
    expect(stats.Data).toEqual({ Total: 0, Unread: 0, Version: 'v1.30.5' });
  });

  it('sends delete for each message a search deletes', async () => {
    await send('Delete Me');
    await send('No Delete');
    const doomed = (await mailpit().searchMessages({ query: 'subject:"Delete Me"' })).messages[0]!;
    const client = await listen();
    await mailpit().deleteMessagesBySearch({ query: 'subject:"Delete Me"' });
    expect((await client.waitFor('delete', (e) => e.Type === 'delete')).Data).toEqual({ ID: doomed.ID });
  });

  it('sends error for an SMTP reply of 4xx (a warning) or 5xx (an error), with the line the client read', async () => {
    const client = await listen();
    const chaos = async (body: object) =>
      expect((await putMailpitChaos(emulator().url, JSON.stringify(body))).status).toBe(200);
    try {
      await chaos({ Recipient: { ErrorCode: 451, Probability: 100 } });
      await expect(send('refused')).rejects.toThrow(/451/);
      await chaos({ Sender: { ErrorCode: 550, Probability: 100 } });
      await expect(send('refused')).rejects.toThrow(/550/);
    } finally {
      await chaos({});
    }
    const errors = () => client.events.filter((e) => e.Type === 'error').map((e) => e.Data);
    await waitUntil(errors, (list) => list.length === 2, { what: 'two error events' });
    expect(errors()).toEqual([
      { Level: 'warning', Type: 'smtpd', IP: '127.0.0.1', Message: '451 Chaos recipient error' },
      { Level: 'error', Type: 'smtpd', IP: '127.0.0.1', Message: '550 Chaos sender error' },
    ]);
    // Nothing was stored.
    expect((await mailpit().listMessages()).total).toBe(0);
  });

  it('refuses an upgrade from a foreign Origin with 403, and one to another path with 404', async () => {
    const refused = (path: string, headers: Record<string, string>) =>
      new Promise<number>((resolve) => {
        const socket = new WebSocket(`${emulator().url.replace(/^http/, 'ws')}${path}`, { headers });
        socket.once('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
        socket.once('open', () => resolve(101));
      });
    expect(await refused('/api/events', { origin: 'http://evil.example' })).toBe(403);
    expect(await refused('/api/elsewhere', {})).toBe(404);
  });

  it('stops the server with clients connected: their sockets are closed, and stop() resolves', async () => {
    // In process: the command exits by itself after a deadline, which would hide a server left waiting for them.
    const own = await startEmulator({ fixtures: null });
    try {
      const client = await listen(own.url);
      await client.waitFor('stats', (e) => e.Type === 'stats');
      const closed = new Promise((resolve) => client.socket.once('close', resolve));
      await own.stop();
      await closed;
      await expect(rawRequest(own.url, { path: '/livez' })).rejects.toThrow();
    } finally {
      await own.stop();
    }
  });
});
