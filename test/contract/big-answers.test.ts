/**
 * Answers of megabytes (a page of log items whose bodies are megabytes of non-ASCII text, written by PHP's
 * json_encode as \uXXXX escapes) are encoded while they are sent, a slice per event-loop turn
 * (server/http/respond.ts): byte for byte what json_encode writes, chunked, and /healthz answers in between.
 */
import http from 'node:http';
import { beforeAll, describe, expect, it } from 'vitest';
import { phpJsonEncode } from '../../server/php-json.js';
import { useEmulator } from '../support/emulator-process.js';
import { apiClient } from '../support/http.js';

const emulator = useEmulator({ fixtures: null });
const api = () => apiClient(emulator().url, emulator().token);
const BODY = '<p>' + '中文 ünïcode / '.repeat(40_000) + '</p>';

/** Sends a GET and resolves with when its answer ended, its status, headers and text; `onHead` once its head is in. */
function timedGet(path: string, headers: Record<string, string> = {}, onHead?: () => void) {
  const url = new URL(emulator().url);
  return new Promise<{ endedAt: number; status: number; headers: http.IncomingHttpHeaders; text: string }>(
    (resolve, reject) => {
      const request = http.request(
        { host: url.hostname, port: url.port, path, headers: { accept: 'application/json', ...headers } },
        (res) => {
          onHead?.();
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () =>
            resolve({
              endedAt: performance.now(),
              status: res.statusCode ?? 0,
              headers: res.headers,
              text: Buffer.concat(chunks).toString('latin1'),
            }),
          );
        },
      );
      request.on('error', reject);
      request.end();
    },
  );
}

describe('a page of log items with megabyte bodies', () => {
  beforeAll(async () => {
    for (let i = 0; i < 4; i++) {
      const res = await api().post('/api/transactional-mails/send', {
        json: { from: 'app@example.com', to: 'jane@example.com', subject: `Big ${i}`, html: BODY },
      });
      expect(res.status, res.text).toBe(200);
    }
  });

  it('is json_encode’s output byte for byte, sent in chunks', async () => {
    const page = await timedGet('/api/transactional-mails', { authorization: `Bearer ${emulator().token}` });
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toBe('application/json');
    expect(page.headers['transfer-encoding']).toBe('chunked');
    expect(page.headers['content-length']).toBeUndefined();
    const parsed = JSON.parse(page.text) as { data: Array<{ body: string; subject: string }>; meta: { total: number } };
    expect(parsed.meta.total).toBe(4);
    expect(parsed.data.map((item) => item.subject)).toEqual(['Big 3', 'Big 2', 'Big 1', 'Big 0']);
    expect(parsed.data[0]!.body).toContain(BODY);
    // Re-encoding what was read gives the same bytes: the streamed text is json_encode's, escapes and key order.
    expect(phpJsonEncode(parsed)).toBe(page.text);
  });

  it('lets /healthz answer while it is being encoded and sent', async () => {
    const started = performance.now();
    let headIn!: () => void;
    const sending = new Promise<void>((resolve) => (headIn = resolve));
    const page = timedGet('/api/transactional-mails', { authorization: `Bearer ${emulator().token}` }, headIn);
    // Asked once the page's head is in, while its body is being encoded and sent: answered between two of its slices.
    await sending;
    const health = await timedGet('/healthz');
    const { endedAt } = await page;
    expect(health.status).toBe(200);
    expect(health.endedAt, `the page took ${(endedAt - started).toFixed(0)} ms`).toBeLessThan(endedAt);
  });
});
