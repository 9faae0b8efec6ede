/**
 * Heavy work over hostile captured mail never holds the server. A full-text search runs on a thread of
 * its own (server/search/worker.ts, with render workers and a database file), so that /healthz and the
 * inbox answer while it is under way: a phrase of one word repeated, against mail made of that word, is the
 * slowest FTS5 work there is (each word reads the whole position list of every message). Clearing the inbox runs
 * in steps, with other requests answered between them. The tests check the order of the answers, not their
 * times: a /healthz asked after the heavy request was sent is answered before it.
 */
import { request as httpRequest } from 'node:http';
import { describe, expect, it } from 'vitest';
import { useEmulator } from '../support/emulator-process.js';
import { apiClient } from '../support/http.js';

const emulator = useEmulator({ args: ['--render-workers', '1'], fixtures: null });
const api = () => apiClient(emulator().url, emulator().token);

const MAILS = 8;
/** 1,000,000 characters: all of a body that migration 6 indexes. */
const BODY = 'a '.repeat(500_000);
/** As long as a term may be (32 words). */
const PHRASE = `"${Array.from({ length: 32 }, () => 'a').join(' ')}"`;

describe('a slow full-text search', () => {
  it('runs off the server’s thread: /healthz and the newest-first inbox answer while it is under way', async () => {
    for (let i = 0; i < MAILS; i++) {
      const sent = await api().post('/api/transactional-mails/send', {
        json: { from: 'a@example.com', to: 'b@example.com', subject: `Hostile ${i}`, text: BODY },
      });
      expect(sent.status, sent.text).toBe(200);
    }
    // A first search brings the index up to date (in steps on the server's thread) and starts the search
    // worker, so that the one below is all search.
    expect((await api().get('/_emulator/messages?query=warmup')).json().meta.total).toBe(0);

    const order: string[] = [];
    const url = new URL(emulator().url);
    let sent!: () => void;
    const searchSent = new Promise<void>((resolve) => (sent = resolve));
    const search = new Promise<{ status: number; text: string; json: () => { meta: { total: number } } }>(
      (resolve, reject) => {
        const request = httpRequest(
          {
            host: url.hostname,
            port: url.port,
            path: `/_emulator/messages?query=${encodeURIComponent(PHRASE)}`,
            headers: { accept: 'application/json', authorization: `Bearer ${emulator().token}` },
          },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (chunk: Buffer) => chunks.push(chunk));
            res.on('end', () => {
              order.push('search');
              const text = Buffer.concat(chunks).toString('utf8');
              resolve({ status: res.statusCode ?? 0, text, json: () => JSON.parse(text) });
            });
          },
        );
        request.on('error', reject);
        request.end(sent);
      },
    );
    // /healthz is asked once the search request is handed to the kernel, on a connection opened after it.
    await searchSent;
    const health = await api().get('/healthz');
    order.push('healthz');
    const inbox = await api().get('/_emulator/messages?per_page=1');
    order.push('inbox');
    const found = await search;

    expect(health.status).toBe(200);
    expect(inbox.json().data[0].subject).toBe(`Hostile ${MAILS - 1}`);
    expect(found.status, found.text).toBe(200);
    expect(found.json().meta.total).toBe(MAILS);
    expect(order).toEqual(['healthz', 'inbox', 'search']);
  });

  it('clears an inbox of megabytes in steps: /healthz answers meanwhile, and the log items keep their bodies', async () => {
    for (let i = MAILS; i < 2 * MAILS; i++) {
      const sent = await api().post('/api/transactional-mails/send', {
        json: { from: 'a@example.com', to: 'b@example.com', subject: `Hostile ${i}`, text: BODY },
      });
      expect(sent.status, sent.text).toBe(200);
    }
    const order: string[] = [];
    const cleared = api()
      .delete('/_emulator/messages')
      .then((res) => {
        order.push('delete');
        return res;
      });
    const health = await api().get('/healthz');
    order.push('healthz');
    expect(health.status).toBe(200);
    expect((await cleared).json()).toEqual({ deleted: 2 * MAILS });
    expect(order).toEqual(['healthz', 'delete']);
    expect((await api().get('/_emulator/messages')).json().meta.total).toBe(0);
    const log = (await api().get('/api/transactional-mails?sort=-id')).json();
    expect(log.meta.total).toBe(2 * MAILS);
    const item = (await api().get(`/api/transactional-mails/${log.data[0].uuid}`)).json().data;
    expect(item.body === BODY.trimEnd()).toBe(true);
  });
});
