/**
 * The first template sends of a freshly started CLI (part of `BENCH_ONLY=startup npm run bench`): what a
 * developer's app, or a test suite against `npx mailcoach-emulator`, waits for its first mails after a start.
 *
 * The published CLI starts on a fresh database file with the bundled fixtures and its default render workers;
 * then SENDS sends of the bundled MJML template `welcome` follow one another, each PAUSE_MS after the previous
 * answer. Each send's latency is from its request to the end of its 200 (one keep-alive connection). The first send loads the MJML compiler
 * in the main thread while the capture worker starts (mail/capture/jobs.ts, server/workers/pool.ts); the second is the first a worker
 * renders, which had loaded a compiler of its own first.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { publishedCli } from '../support/published.js';
import { BENCH_TOKEN, Client, startNode } from './harness.js';

const SENDS = 5;
const PAUSE_MS = 100;
const BODY = JSON.stringify({
  mail_name: 'welcome',
  from: 'shop@acme.example',
  to: 'jane@example.com',
  replacements: { first_name: 'Jane' },
});

/** The latency of each of the first SENDS template sends of one fresh CLI process, in ms. */
export async function firstTemplateSends(): Promise<number[]> {
  const dir = mkdtempSync(join(tmpdir(), 'mce-first-sends-'));
  const server = await startNode([
    publishedCli(),
    '--port',
    '0',
    '--db',
    join(dir, 'emulator.sqlite'),
    '--token',
    BENCH_TOKEN,
  ]);
  const client = new Client(server.port, BENCH_TOKEN, 1);
  try {
    const latencies: number[] = [];
    for (let i = 0; i < SENDS; i++) {
      const reply = await client.post('/api/transactional-mails/send', BODY);
      if (reply.status !== 200) throw new Error(`template send ${i + 1} answered ${reply.status}:\n${server.output()}`);
      latencies.push(reply.ms);
      await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
    }
    return latencies;
  } finally {
    client.close();
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
