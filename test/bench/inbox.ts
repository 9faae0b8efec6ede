/**
 * `BENCH_ONLY=inbox npm run bench`: the inbox with 100,000 captured messages.
 *
 * 1. Seeds a temporary database with realistic transactional mail (inbox-seed.ts) straight through the store, in
 *    one transaction, then builds the search index (the queue every capture goes to; messages-store.ts) and times
 *    both.
 * 2. Computes every scenario's expected total and first page independently from the seeded rows (tokenising as
 *    FTS5's unicode61 does for this ASCII data) and checks the store's answer against it, timing the store call.
 * 3. Starts the built server on that database, checks each scenario's first HTTP answer, warms up, then issues
 *    sequential requests over one keep-alive connection and reports p50/p95/p99 latency.
 * 4. wait-for latency: many rounds of "fire GET /_emulator/wait-for for a fresh recipient, let it settle, send one
 *    matching mail": the time from the send's 200 to the wait-for's answer (negative when the wait-for answered
 *    first; the capture event fires before the send's response is written) and from the send's start.
 *
 * Target (issue): every search scenario under 20 ms. Knobs: BENCH_INBOX_MESSAGES (100000), BENCH_REQUESTS (200),
 * BENCH_WAIT_SAMPLES (200), BENCH_KEEP_DB=1.
 */
import http from 'node:http';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../../server/db/open.js';
import { createStore } from '../../server/db/store.js';
import { parseSearchQuery } from '../../server/search/query.js';
import { BENCH_TOKEN, Client, memoryOf, startServer, stats, table } from './harness.js';
import { type Seeded, seedMessages } from './inbox-seed.js';
import { publishedCli } from '../support/published.js';

const CLI = publishedCli();
const TARGET_MS = 20;
const PER_PAGE = 50;
const MESSAGES = envInt('BENCH_INBOX_MESSAGES', 100_000);
const REQUESTS = envInt('BENCH_REQUESTS', 200);
const WAIT_SAMPLES = envInt('BENCH_WAIT_SAMPLES', 200);

function envInt(name: string, fallback: number): number {
  const value = process.env[name];
  return value === undefined || value === '' ? fallback : Number.parseInt(value, 10);
}

// ---------------------------------------------------------------------------------------------------------------
// Scenarios and their expected answers (ASCII data: unicode61 tokens are the lower-cased runs of letters and digits)

const tokens = (text: string) =>
  text
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);

interface Scenario {
  name: string;
  query: string | null;
  page?: number;
  target: boolean;
  filter: (m: Seeded) => boolean;
}

function scenarios(data: Seeded[]): Scenario[] {
  const textTokens = new Map<number, string[]>();
  const textOf = (m: Seeded) => {
    let cached = textTokens.get(m.id);
    if (cached === undefined) {
      cached = tokens(`${m.subject} ${m.text} ${m.from} ${m.to}`);
      textTokens.set(m.id, cached);
    }
    return cached;
  };
  const hasWordPrefix = (prefix: string) => (m: Seeded) => textOf(m).some((t) => t.startsWith(prefix));
  const hasPhrase = (phrase: string[]) => (m: Seeded) => {
    const t = textOf(m);
    return t.some((_, i) => phrase.every((word, j) => t[i + j] === word));
  };
  const sample = data[Math.floor(data.length * 0.61)]!;
  const address = sample.to.split(' ').at(-1)!;
  const midTime = new Date(data[Math.floor(data.length * 0.9)]!.createdAtMs).toISOString();
  const middle = Math.ceil(data.length / PER_PAGE / 2);
  return [
    { name: 'unfiltered, page 1', query: null, target: true, filter: () => true },
    { name: 'word: invoice', query: 'invoice', target: true, filter: hasWordPrefix('invoice') },
    { name: 'phrase: "has shipped"', query: '"has shipped"', target: true, filter: hasPhrase(['has', 'shipped']) },
    { name: `to: ${address}`, query: `to:${address}`, target: true, filter: (m) => m.to.endsWith(` ${address}`) },
    {
      name: 'combined: to:gmail.com subject:invoice -has:attachment',
      query: 'to:gmail.com subject:invoice -has:attachment',
      target: true,
      filter: (m) =>
        m.to.endsWith('@gmail.com') && tokens(m.subject).some((t) => t.startsWith('invoice')) && m.attachments === 0,
    },
    {
      name: `combined with a date: from:security@acme.test password after:<90%>`,
      query: `from:security@acme.test password after:${midTime}`,
      target: true,
      filter: (m) =>
        m.from.includes('<security@acme.test>') && hasWordPrefix('password')(m) && m.createdAtMs > Date.parse(midTime),
    },
    { name: 'word in most mails: your', query: 'your', target: false, filter: hasWordPrefix('your') },
    {
      name: 'negation only: -has:attachment',
      query: '-has:attachment',
      target: false,
      filter: (m) => m.attachments === 0,
    },
    {
      name: 'mail: template exact',
      query: 'mail:password-reset',
      target: false,
      filter: (m) => m.template === 'password-reset',
    },
    { name: `unfiltered, page ${middle}`, query: null, page: middle, target: false, filter: () => true },
  ];
}

function pathOf(scenario: Scenario): string {
  const params = new URLSearchParams({ per_page: String(PER_PAGE), page: String(scenario.page ?? 1) });
  if (scenario.query !== null) params.set('query', scenario.query);
  return `/_emulator/messages?${params.toString()}`;
}

function expected(data: Seeded[], scenario: Scenario): { total: number; uuids: string[] } {
  const matching = data.filter(scenario.filter);
  const page = scenario.page ?? 1;
  // Newest first is capture order: descending id.
  const newestFirst = matching.reverse();
  return {
    total: matching.length,
    uuids: newestFirst.slice((page - 1) * PER_PAGE, page * PER_PAGE).map((m) => m.uuid),
  };
}

function check(name: string, got: { total: number; uuids: string[] }, want: { total: number; uuids: string[] }): void {
  if (got.total !== want.total || got.uuids.join() !== want.uuids.join()) {
    throw new Error(
      `${name}: wrong answer: total ${got.total}, expected ${want.total}\n  got ${got.uuids.slice(0, 5).join(' ')}\n  want ${want.uuids.slice(0, 5).join(' ')}`,
    );
  }
}

// ---------------------------------------------------------------------------------------------------------------
// HTTP

function post(client: Client, path: string, body: unknown): Promise<{ status: number; body: string; at: number }> {
  return new Promise((resolve, reject) => {
    const payload = JSON.stringify(body);
    const request = http.request(
      {
        host: '127.0.0.1',
        port: client.port,
        path,
        method: 'POST',
        agent: client.agent,
        headers: {
          authorization: `Bearer ${client.token}`,
          accept: 'application/json',
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            body: Buffer.concat(chunks).toString('utf8'),
            at: performance.now(),
          }),
        );
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

async function waitForLatency(port: number): Promise<{ afterReply: number[]; afterStart: number[] }> {
  const waits = new Client(port, BENCH_TOKEN, 4);
  const sends = new Client(port, BENCH_TOKEN, 1);
  const afterReply: number[] = [];
  const afterStart: number[] = [];
  try {
    for (let i = 0; i < WAIT_SAMPLES + 5; i++) {
      const to = `waiter${i}@bench.test`;
      const wait = waits
        .get(`/_emulator/wait-for?query=${encodeURIComponent(`to:${to}`)}&timeout_ms=10000`)
        .then((reply) => ({ reply, at: performance.now() }));
      // Long enough for the wait-for to be parsed and listening (it answers 408 at 10 s otherwise, failing the run).
      await new Promise((resolve) => setTimeout(resolve, 5));
      const started = performance.now();
      const sent = await post(sends, '/api/transactional-mails/send', {
        from: 'app@bench.test',
        to,
        subject: `Wait ${i}`,
        text: 'hello',
      });
      if (sent.status !== 200) throw new Error(`send: HTTP ${sent.status} ${sent.body}`);
      const { reply, at } = await wait;
      if (reply.status !== 200) throw new Error(`wait-for: HTTP ${reply.status} ${reply.body.slice(0, 300)}`);
      if (i < 5) continue; // warm-up
      afterReply.push(at - sent.at);
      afterStart.push(at - started);
    }
  } finally {
    waits.close();
    sends.close();
  }
  return { afterReply, afterStart };
}

const ms = (x: number) => x.toFixed(2);

function fileSize(path: string): number {
  try {
    return statSync(path).size;
  } catch {
    return 0;
  }
}

export async function runInboxBench(log: (line: string) => void): Promise<void> {
  const benchStart = performance.now();
  const dir = mkdtempSync(join(tmpdir(), 'mce-inbox-bench-'));
  const dbPath = join(dir, 'inbox.sqlite');
  const db = openDatabase(dbPath);
  const store = createStore(db);
  log(
    `inbox bench: node ${process.version}, SQLite ${(db.prepare('SELECT sqlite_version() AS v').get() as { v: string }).v}, ` +
      `${cpus().length} CPUs (${cpus()[0]?.model ?? '?'}), load average ${loadavg()[0]!.toFixed(2)}`,
  );
  log(`seeding ${MESSAGES} captured messages into ${dbPath}`);
  let t = performance.now();
  const data = seedMessages(store, MESSAGES);
  const seedMs = performance.now() - t;
  t = performance.now();
  const indexed = store.messages.indexPending();
  const indexMs = performance.now() - t;
  db.pragma('wal_checkpoint(TRUNCATE)');
  log(`seeded in ${(seedMs / 1000).toFixed(2)} s; indexed ${indexed} messages in ${(indexMs / 1000).toFixed(2)} s`);

  const list = scenarios(data);
  const wanted = new Map(list.map((s) => [s, expected(data, s)]));
  const sqlP50 = new Map<Scenario, number>();
  for (const scenario of list) {
    const window = { offset: ((scenario.page ?? 1) - 1) * PER_PAGE, limit: PER_PAGE };
    const run = () => store.messages.search(1, parseSearchQuery(scenario.query), window);
    const result = run();
    check(
      `${scenario.name} (store)`,
      { total: result.total, uuids: result.rows.map((r) => r.uuid) },
      wanted.get(scenario)!,
    );
    const samples: number[] = [];
    for (let i = 0; i < 30; i++) {
      const start = performance.now();
      run();
      samples.push(performance.now() - start);
    }
    sqlP50.set(scenario, stats(samples, 1).p50);
  }
  store.close();
  const dbBytes = fileSize(dbPath) + fileSize(`${dbPath}-wal`);

  const server = await startServer(CLI, ['--port', '0', '--db', dbPath, '--token', BENCH_TOKEN, '--no-fixtures']);
  const client = new Client(server.port, BENCH_TOKEN, 1);
  const latency = new Map<Scenario, ReturnType<typeof stats>>();
  let wait: { afterReply: number[]; afterStart: number[] };
  let memory: { rss: number; peak: number };
  try {
    for (const scenario of list) {
      const first = await client.get(pathOf(scenario));
      if (first.status !== 200) throw new Error(`${scenario.name}: HTTP ${first.status} ${first.body.slice(0, 300)}`);
      const body = JSON.parse(first.body) as { data: Array<{ uuid: string }>; meta: { total: number } };
      check(
        `${scenario.name} (HTTP)`,
        { total: body.meta.total, uuids: body.data.map((m) => m.uuid) },
        wanted.get(scenario)!,
      );
      for (let i = 0; i < 10; i++) await client.get(pathOf(scenario));
    }
    const samples = new Map(list.map((s) => [s, [] as number[]]));
    for (let round = 0; round < REQUESTS; round++) {
      for (const scenario of list) samples.get(scenario)!.push((await client.get(pathOf(scenario))).ms);
    }
    for (const scenario of list)
      latency.set(
        scenario,
        stats(
          samples.get(scenario)!,
          samples.get(scenario)!.reduce((a, b) => a + b, 0),
        ),
      );
    wait = await waitForLatency(server.port);
    memory = memoryOf(server.child.pid!);
  } finally {
    client.close();
    await server.stop();
    if (/^error:/m.test(server.output())) log(`the server logged errors:\n${server.output()}`);
    if (process.env.BENCH_KEEP_DB === '1') log(`database kept at ${dbPath}`);
    else rmSync(dir, { recursive: true, force: true });
  }

  log('');
  log(
    'Search latency: GET /_emulator/messages, sequential requests over one keep-alive connection, in rounds over all',
  );
  log(
    `scenarios (client-side, request to last byte, ${PER_PAGE} per page); "SQL p50" is the store call alone, in-process.`,
  );
  log(
    table(
      ['scenario', 'total', 'n', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms', 'SQL p50 ms', `p95<${TARGET_MS}`],
      list.map((s) => {
        const l = latency.get(s)!;
        return [
          s.name,
          String(wanted.get(s)!.total),
          String(l.n),
          ms(l.p50),
          ms(l.p95),
          ms(l.p99),
          ms(l.max),
          ms(sqlP50.get(s)!),
          s.target ? (l.p95 < TARGET_MS ? 'yes' : 'NO') : '(info)',
        ];
      }),
      (i) => i >= 1 && i <= 7,
    ),
  );
  const reply = stats(wait.afterReply, 1);
  const start = stats(wait.afterStart, 1);
  log('');
  log(`wait-for latency over ${reply.n} rounds (a fresh recipient each; ${MESSAGES} messages in the inbox):`);
  log(
    table(
      ['measure', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms'],
      [
        ['send 200 -> wait-for answer', ms(reply.p50), ms(reply.p95), ms(reply.p99), ms(reply.max)],
        ['send start -> wait-for answer', ms(start.p50), ms(start.p95), ms(start.p99), ms(start.max)],
      ],
      (i) => i >= 1,
    ),
  );
  log('');
  log(
    table(
      ['measure', 'value'],
      [
        ['seed (store inserts, one transaction)', `${(seedMs / 1000).toFixed(2)} s`],
        [
          'index build (the queued messages, one batch)',
          `${(indexMs / 1000).toFixed(2)} s (${((indexMs * 1000) / Math.max(indexed, 1)).toFixed(0)} us a message)`,
        ],
        ['database file', `${(dbBytes / 1024 / 1024).toFixed(1)} MiB`],
        ['server RSS after all runs', `${memory.rss.toFixed(1)} MiB (peak ${memory.peak.toFixed(1)} MiB)`],
        ['bench wall time', `${((performance.now() - benchStart) / 1000).toFixed(1)} s`],
      ],
      () => false,
    ),
  );
}
