/**
 * `BENCH_ONLY=mailpit npm run bench`: the Mailpit surface over 100,000 captured messages.
 *
 * 1. Seeds the inbox bench's messages (inbox.ts seedMessages: stored without their Mailpit facts, as a database
 *    from before migration 27), then computes those facts as the surface does before its first list
 *    (search/mailpit-facts-backfill.ts), timed, with the database size before and after.
 * 2. Starts the built server on it, checks each scenario's first answer, then issues sequential requests over one
 *    keep-alive connection: `/api/v1/messages` and several `/api/v1/search` queries, beside our own
 *    `/_emulator/messages` list as the baseline, p50/p95/p99.
 * 3. The websocket: many rounds of "send one mail over SMTP; time from its 250 to the websocket's `new`", beside
 *    the same mail's `message.captured` on our SSE stream `/_emulator/events` as the baseline.
 *
 * Target (issue 40): `/api/v1/messages` and `/api/v1/search` p95 under 50 ms; `new` p95 under 100 ms after the
 * 250. Knobs: BENCH_INBOX_MESSAGES (100000), BENCH_REQUESTS (100), BENCH_WAIT_SAMPLES (100), BENCH_KEEP_DB=1.
 */
import http from 'node:http';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import WebSocket from 'ws';
import { openDatabase } from '../../server/db/open.js';
import { createStore } from '../../server/db/store.js';
import { fillMailpitFacts } from '../../server/search/mailpit-facts-backfill.js';
import { MAILPIT_INDEX_STEPS } from '../../server/search/indexer.js';
import { BENCH_TOKEN, Client, memoryOf, startServer, stats, table } from './harness.js';
import { seedMessages } from './inbox-seed.js';
import { publishedCli } from '../support/published.js';

const CLI = publishedCli();
const LIST_TARGET_MS = 50;
const EVENT_TARGET_MS = 100;
const MESSAGES = envInt('BENCH_INBOX_MESSAGES', 100_000);
const REQUESTS = envInt('BENCH_REQUESTS', 100);
const WAIT_SAMPLES = envInt('BENCH_WAIT_SAMPLES', 100);

function envInt(name: string, fallback: number): number {
  const value = process.env[name];
  return value === undefined || value === '' ? fallback : Number.parseInt(value, 10);
}

interface Scenario {
  name: string;
  path: string;
  /** Mailpit's target applies (our own list is the baseline). */
  target: boolean;
}

const search = (query: string, extra = '') =>
  `/api/v1/search?query=${encodeURIComponent(query)}&start=0&limit=50${extra}`;

const SCENARIOS: Scenario[] = [
  { name: 'baseline: /_emulator/messages', path: '/_emulator/messages?per_page=50', target: false },
  { name: '/api/v1/messages', path: '/api/v1/messages?start=0&limit=50', target: true },
  { name: '/api/v1/messages deep page', path: '/api/v1/messages?start=50000&limit=50', target: true },
  { name: 'search: free text, common', path: search('password'), target: true },
  { name: 'search: free text, rare', path: search('thisdoesnotexist'), target: true },
  { name: 'search: subject:', path: search('subject:invoice'), target: true },
  { name: 'search: to: substring', path: search('to:gmail.com'), target: true },
  { name: 'search: from: and -term', path: search('from:acme -password'), target: true },
  { name: 'search: is:unread has:attachment', path: search('is:unread has:attachment'), target: true },
];

const ms = (x: number) => x.toFixed(2);

/** The database's own pages, without its WAL or the free pages a checkpoint has not given back. */
function databaseBytes(db: { pragma(source: string, options: { simple: true }): unknown }): number {
  const pages = (name: string) => db.pragma(name, { simple: true }) as number;
  return (pages('page_count') - pages('freelist_count')) * pages('page_size');
}

function fileSize(path: string): number {
  try {
    return statSync(path).size;
  } catch {
    return 0;
  }
}

/** Waits for the first SSE event named `name` whose data contains `needle`: resolves with when it arrived. */
function openSse(port: number) {
  const waiters: { needle: string; resolve: (at: number) => void }[] = [];
  let buffer = '';
  const request = http.get(
    { host: '127.0.0.1', port, path: '/_emulator/events', headers: { authorization: `Bearer ${BENCH_TOKEN}` } },
    (response) => {
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        const at = performance.now();
        buffer += chunk;
        const events = buffer.split('\n\n');
        buffer = events.pop() ?? '';
        for (const event of events) {
          if (!event.includes('event: message.captured')) continue;
          for (const waiter of [...waiters]) {
            if (!event.includes(waiter.needle)) continue;
            waiters.splice(waiters.indexOf(waiter), 1);
            waiter.resolve(at);
          }
        }
      });
    },
  );
  return {
    next: (needle: string) => new Promise<number>((resolve) => waiters.push({ needle, resolve })),
    close: () => request.destroy(),
  };
}

async function eventLatency(port: number, smtpPort: number): Promise<{ socket: number[]; sse: number[] }> {
  const socket = new WebSocket(`ws://127.0.0.1:${port}/api/events`);
  const waiters: { subject: string; resolve: (at: number) => void }[] = [];
  socket.on('message', (data) => {
    const at = performance.now();
    const event = JSON.parse(data.toString()) as { Type: string; Data: { Subject?: string } };
    if (event.Type !== 'new') return;
    const waiter = waiters.find((w) => w.subject === event.Data.Subject);
    if (waiter === undefined) return;
    waiters.splice(waiters.indexOf(waiter), 1);
    waiter.resolve(at);
  });
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  const sse = openSse(port);
  const transport = nodemailer.createTransport({
    host: '127.0.0.1',
    port: smtpPort,
    secure: false,
    ignoreTLS: true,
    pool: true,
    maxConnections: 1,
  });
  const socketMs: number[] = [];
  const sseMs: number[] = [];
  try {
    for (let i = 0; i < WAIT_SAMPLES + 5; i++) {
      const subject = `Mailpit bench ${i} ${Math.floor(Math.random() * 1e9)}`;
      const arrived = new Promise<number>((resolve) => waiters.push({ subject, resolve }));
      const streamed = sse.next(subject);
      await transport.sendMail({ from: 'app@bench.test', to: `r${i}@bench.test`, subject, text: 'hello' });
      const replied = performance.now();
      const [socketAt, sseAt] = await Promise.all([arrived, streamed]);
      if (i < 5) continue; // warm-up
      socketMs.push(socketAt - replied);
      sseMs.push(sseAt - replied);
    }
  } finally {
    transport.close();
    sse.close();
    socket.terminate();
  }
  return { socket: socketMs, sse: sseMs };
}

export async function runMailpitBench(log: (line: string) => void): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'mce-mailpit-bench-'));
  const dbPath = join(dir, 'mailpit.sqlite');
  const db = openDatabase(dbPath);
  const store = createStore(db);
  log(
    `mailpit bench: node ${process.version}, ${cpus().length} CPUs (${cpus()[0]?.model ?? '?'}), ` +
      `load average ${loadavg()[0]!.toFixed(2)}`,
  );
  let t = performance.now();
  seedMessages(store, MESSAGES);
  store.messages.indexPending();
  db.pragma('wal_checkpoint(TRUNCATE)');
  const seedMs = performance.now() - t;
  const before = fileSize(dbPath) + fileSize(`${dbPath}-wal`);
  t = performance.now();
  await fillMailpitFacts(store);
  const factsMs = performance.now() - t;
  db.pragma('wal_checkpoint(TRUNCATE)');
  const after = fileSize(dbPath) + fileSize(`${dbPath}-wal`);
  log(
    `seeded ${MESSAGES} messages in ${(seedMs / 1000).toFixed(1)} s; their Mailpit facts in ${(factsMs / 1000).toFixed(1)} s ` +
      `(${Math.round((factsMs * 1000) / MESSAGES)} µs a message); database ${(before / 1e6).toFixed(1)} MB → ${(after / 1e6).toFixed(1)} MB`,
  );
  // Mailpit's trigram index (migration 31), as the first search turns it on and the background indexer builds it,
  // in the server's own steps: the searches below are timed once it is built.
  store.mailpit.searchIndex.enable();
  t = performance.now();
  while (store.mailpit.searchIndex.indexPending(MAILPIT_INDEX_STEPS.step) > 0);
  const indexMs = performance.now() - t;
  db.pragma('wal_checkpoint(TRUNCATE)');
  const indexed = databaseBytes(db);
  const unindexed =
    indexed - (db.prepare("SELECT sum(pgsize) FROM dbstat WHERE name LIKE 'mailpit_search%'").pluck().get() as number);
  store.close();
  log(
    `Mailpit's search index built in ${(indexMs / 1000).toFixed(1)} s (${Math.round((indexMs * 1000) / MESSAGES)} µs a message); ` +
      `database pages ${(unindexed / 1e6).toFixed(1)} MB → ${(indexed / 1e6).toFixed(1)} MB`,
  );

  const server = await startServer(CLI, [
    '--port',
    '0',
    '--smtp-port',
    '0',
    '--db',
    dbPath,
    '--token',
    BENCH_TOKEN,
    '--no-fixtures',
  ]);
  const smtpPort = Number(/SMTP: +\S+:(\d+)/.exec(server.output())?.[1]);
  const client = new Client(server.port, BENCH_TOKEN, 1);
  const latency = new Map<Scenario, ReturnType<typeof stats>>();
  let events: { socket: number[]; sse: number[] };
  let memory: { rss: number; peak: number };
  try {
    for (const scenario of SCENARIOS) {
      const first = await client.get(scenario.path);
      if (first.status !== 200) throw new Error(`${scenario.name}: HTTP ${first.status} ${first.body.slice(0, 300)}`);
      if (scenario.target) {
        const body = JSON.parse(first.body) as { total: number; messages: unknown[] };
        if (body.total !== MESSAGES) throw new Error(`${scenario.name}: total ${body.total}, expected ${MESSAGES}`);
      }
      for (let i = 0; i < 5; i++) await client.get(scenario.path);
    }
    const samples = new Map(SCENARIOS.map((s) => [s, [] as number[]]));
    for (let round = 0; round < REQUESTS; round++) {
      for (const scenario of SCENARIOS) samples.get(scenario)!.push((await client.get(scenario.path)).ms);
    }
    for (const scenario of SCENARIOS) {
      const own = samples.get(scenario)!;
      latency.set(
        scenario,
        stats(
          own,
          own.reduce((a, b) => a + b, 0),
        ),
      );
    }
    events = await eventLatency(server.port, smtpPort);
    memory = memoryOf(server.child.pid!);
  } finally {
    client.close();
    await server.stop();
    if (/^error:/m.test(server.output())) log(`the server logged errors:\n${server.output()}`);
    if (process.env.BENCH_KEEP_DB === '1') log(`database kept at ${dbPath}`);
    else rmSync(dir, { recursive: true, force: true });
  }

  const rows = SCENARIOS.map((scenario) => {
    const s = latency.get(scenario)!;
    const verdict = scenario.target ? (s.p95 < LIST_TARGET_MS ? 'ok' : 'OVER') : 'baseline';
    return [scenario.name, ms(s.p50), ms(s.p95), ms(s.p99), verdict];
  });
  log(
    `Mailpit list and search over ${MESSAGES} messages, ${REQUESTS} sequential requests each (ms; target p95 < ${LIST_TARGET_MS}):\n` +
      table(['scenario', 'p50', 'p95', 'p99', ''], rows, (column) => column >= 1 && column <= 3),
  );
  const socket = stats(events.socket, 1);
  const sse = stats(events.sse, 1);
  log(
    `after the SMTP 250, ${events.socket.length} mails (ms; target p95 < ${EVENT_TARGET_MS}):\n` +
      table(
        ['event', 'p50', 'p95', 'p99', ''],
        [
          [
            'websocket new',
            ms(socket.p50),
            ms(socket.p95),
            ms(socket.p99),
            socket.p95 < EVENT_TARGET_MS ? 'ok' : 'OVER',
          ],
          ['baseline: SSE message.captured', ms(sse.p50), ms(sse.p95), ms(sse.p99), 'baseline'],
        ],
        (column) => column >= 1 && column <= 3,
      ),
  );
  log(`server memory: VmRSS ${memory.rss.toFixed(0)} MB, VmHWM ${memory.peak.toFixed(0)} MB`);
}
