/**
 * `BENCH_ONLY=lists npm run bench`: list-endpoint latency with 100,000 suppressions and 100,000 sends.
 * 1. Seeds a temporary database through the project's own store (one transaction) and times it.
 * 2. Times each scenario's store call in-process (the SQL alone, no HTTP), for diagnosis, and checks
 *    filter[search] for many needles against the seeded data (search-check.ts).
 * 3. Starts the built server on that database as a separate process, checks every scenario's first response
 *    against a page computed here from the seeded data (list-scenarios.ts), warms up, then issues sequential
 *    requests over one keep-alive connection and reports p50/p95/p99/mean latency and req/s; then a concurrent run
 *    for throughput.
 * 4. Reports the server's memory (VmRSS, VmHWM) and the database size.
 *
 * The target (issue): every list request served in under 5 ms on a 2-core machine.
 * Environment knobs: BENCH_SUPPRESSIONS, BENCH_SENDS, BENCH_REQUESTS (per scenario), BENCH_SEARCH_CHECKS,
 * BENCH_OTHER_WORKSPACE=1 (a second, small workspace, as per-token isolation will create: the lists then take
 * their multi-workspace plans), BENCH_PLANS=1 (print every query plan), BENCH_KEEP_DB=1.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../../server/db/open.js';
import { createStore } from '../../server/db/store.js';
import { BENCH_TOKEN, Client, memoryOf, startServer, stats, type Stats, table } from './harness.js';
import { type Scenario, scenarios } from './list-scenarios.js';
import { checkSearches } from './search-check.js';
import { seed } from './seed.js';
import { publishedCli } from '../support/published.js';

const CLI = publishedCli();
const TARGET_MS = 5;

const COUNTS = {
  suppressions: envInt('BENCH_SUPPRESSIONS', 100_000),
  sends: envInt('BENCH_SENDS', 100_000),
  templates: 40,
  logItems: 5_000,
  otherWorkspace: process.env.BENCH_OTHER_WORKSPACE === '1' ? 50 : 0,
  subscribers: envInt('BENCH_SUBSCRIBERS', 100_000),
};
const REQUESTS = envInt('BENCH_REQUESTS', 300);
/** A slow scenario stops early so that the whole benchmark stays within about two minutes. */
const SCENARIO_BUDGET_MS = 3_000;
const WARMUP_REQUESTS = 20;
const CONCURRENCY = 10;
const CONCURRENT_MS = 3_000;
const SEARCH_CHECKS = envInt('BENCH_SEARCH_CHECKS', 60);

function envInt(name: string, fallback: number): number {
  const value = process.env[name];
  return value === undefined || value === '' ? fallback : Number.parseInt(value, 10);
}

// ---------------------------------------------------------------------------------------------------------------

function check(scenario: Scenario, status: number, body: string): void {
  if (status !== 200) throw new Error(`${scenario.group} ${scenario.name}: HTTP ${status}\n${body.slice(0, 500)}`);
  const json = JSON.parse(body) as { data: Array<{ uuid: string }>; meta: { total: number } };
  const uuids = json.data.map((row) => row.uuid);
  const { expected } = scenario;
  if (json.meta.total !== expected.total || uuids.join() !== expected.uuids.join()) {
    throw new Error(
      `${scenario.group} ${scenario.name}: wrong page\n  total ${json.meta.total}, expected ${expected.total}\n` +
        `  got      ${uuids.join(' ')}\n  expected ${expected.uuids.join(' ')}`,
    );
  }
}

function timeStoreCall(call: () => { total: number }): number {
  call();
  const samples: number[] = [];
  const deadline = performance.now() + 500;
  while (samples.length < 100 && (samples.length < 5 || performance.now() < deadline)) {
    const start = performance.now();
    call();
    samples.push(performance.now() - start);
  }
  return stats(samples, 1).p50;
}

/**
 * Sequential requests over one keep-alive connection, in rounds that take one request of each scenario in turn,
 * so that a burst of load from elsewhere on the machine spreads over all scenarios instead of spoiling one. A
 * scenario drops out once it has used its time budget (and has at least 20 samples). req/s is 1000 / mean.
 */
async function runSequential(client: Client, list: Scenario[]): Promise<Map<Scenario, Stats>> {
  const samples = new Map(list.map((scenario) => [scenario, [] as number[]]));
  const spent = new Map(list.map((scenario) => [scenario, 0]));
  for (let round = 0; round < REQUESTS; round++) {
    let active = false;
    for (const scenario of list) {
      const own = samples.get(scenario)!;
      if (own.length >= 20 && spent.get(scenario)! > SCENARIO_BUDGET_MS) continue;
      active = true;
      const reply = await client.get(scenario.path);
      if (reply.status !== 200) throw new Error(`${scenario.path}: HTTP ${reply.status}`);
      own.push(reply.ms);
      spent.set(scenario, spent.get(scenario)! + reply.ms);
    }
    if (!active) break;
    if (round % 30 === 29) process.stdout.write('.');
  }
  process.stdout.write('\n');
  return new Map(list.map((scenario) => [scenario, stats(samples.get(scenario)!, spent.get(scenario)!)]));
}

async function runConcurrent(client: Client, path: string): Promise<Stats> {
  const samples: number[] = [];
  const start = performance.now();
  const deadline = start + CONCURRENT_MS;
  const worker = async () => {
    while (performance.now() < deadline) {
      const reply = await client.get(path);
      if (reply.status !== 200) throw new Error(`${path}: HTTP ${reply.status}`);
      samples.push(reply.ms);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return stats(samples, performance.now() - start);
}

const ms = (x: number) => x.toFixed(2);
const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

function fileSize(path: string): number {
  try {
    return statSync(path).size;
  } catch {
    return 0;
  }
}

export async function runListBench(): Promise<void> {
  const benchStart = performance.now();
  const dir = mkdtempSync(join(tmpdir(), 'mce-bench-'));
  const dbPath = join(dir, 'bench.sqlite');
  const log = (line: string) => process.stdout.write(`${line}\n`);

  const db = openDatabase(dbPath);
  const sqliteVersion = (db.prepare('SELECT sqlite_version() AS v').get() as { v: string }).v;
  log(
    `mailcoach-emulator bench: node ${process.version}, SQLite ${sqliteVersion}, ${cpus().length} CPUs ` +
      `(${cpus()[0]?.model ?? '?'}), load average ${loadavg()[0]!.toFixed(2)}`,
  );
  log(
    `seeding ${COUNTS.suppressions} suppressions, ${COUNTS.sends} sends, ${COUNTS.templates} templates, ` +
      `${COUNTS.logItems} log items${COUNTS.otherWorkspace > 0 ? `, and ${COUNTS.otherWorkspace} of each in a second workspace,` : ''} ` +
      `into ${dbPath}`,
  );
  const store = createStore(db);
  const seedStart = performance.now();
  const data = seed(store, COUNTS);
  const seedMs = performance.now() - seedStart;
  // No ANALYZE: the server never runs one, so the planner must do with what the migrations give it.
  db.pragma('wal_checkpoint(TRUNCATE)');
  log(`seeded in ${(seedMs / 1000).toFixed(2)} s`);

  // BENCH_PLANS=1 prints the query plan of every statement each scenario prepares.
  const prepared: string[] = [];
  const prepare = db.prepare.bind(db);
  db.prepare = ((sql: string) => {
    prepared.push(sql);
    return prepare(sql);
  }) as typeof db.prepare;

  const list = scenarios(data, store);
  const storeP50 = new Map<Scenario, number>();
  for (const scenario of list) {
    prepared.length = 0;
    const result = scenario.store();
    if (process.env.BENCH_PLANS === '1') {
      log(`\n${scenario.group}: ${scenario.name}`);
      for (const sql of prepared) {
        const nulls = Array.from(sql.matchAll(/\?/g), () => null); // the store's SQL has no '?' in literals
        const plan = prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...nulls) as Array<{ detail: string }>;
        log(`  ${sql}\n    ${plan.map((step) => step.detail).join('\n    ')}`);
      }
    }
    if (result.total !== scenario.expected.total) {
      throw new Error(
        `${scenario.group} ${scenario.name}: store total ${result.total}, expected ${scenario.expected.total}`,
      );
    }
    storeP50.set(scenario, timeStoreCall(scenario.store));
  }
  const checkStart = performance.now();
  const checked = checkSearches(store, data, SEARCH_CHECKS);
  log(
    `checked filter[search] against the seeded data for ${checked} needles in ${((performance.now() - checkStart) / 1000).toFixed(1)} s`,
  );
  store.close();
  const dbBytes = fileSize(dbPath) + fileSize(`${dbPath}-wal`);

  const server = await startServer(CLI, ['--port', '0', '--db', dbPath, '--token', BENCH_TOKEN, '--no-fixtures']);
  const pid = server.child.pid!;
  const results: Array<{ scenario: Scenario; stats: Stats }> = [];
  let concurrent: Stats;
  let memStart: { rss: number; peak: number };
  let memEnd: { rss: number; peak: number };
  const memIdle = memoryOf(pid);
  const client = new Client(server.port, BENCH_TOKEN, 1);
  try {
    for (const scenario of list) {
      const first = await client.get(scenario.path);
      check(scenario, first.status, first.body);
      for (let i = 1; i < WARMUP_REQUESTS; i++) await client.get(scenario.path);
    }
    memStart = memoryOf(pid);
    for (const [scenario, figures] of await runSequential(client, list)) results.push({ scenario, stats: figures });
    const pool = new Client(server.port, BENCH_TOKEN, CONCURRENCY);
    concurrent = await runConcurrent(pool, list[0]!.path);
    pool.close();
    memEnd = memoryOf(pid);
  } finally {
    client.close();
    await server.stop();
    if (/^error:/m.test(server.output())) log(`the server logged errors:\n${server.output()}`);
    if (process.env.BENCH_KEEP_DB === '1') log(`database kept at ${dbPath}`);
    else rmSync(dir, { recursive: true, force: true });
  }

  const rows = results.map(({ scenario, stats: s }) => [
    scenario.group,
    scenario.name,
    String(scenario.expected.total),
    String(s.n),
    ms(s.p50),
    ms(s.p95),
    ms(s.p99),
    ms(s.mean),
    ms(s.max),
    s.rps.toFixed(0),
    ms(storeP50.get(scenario) ?? NaN),
    s.p95 < TARGET_MS ? 'yes' : 'NO',
    s.p99 < TARGET_MS ? 'yes' : 'NO',
  ]);
  rows.push([
    list[0]!.group,
    `${list[0]!.name}, ${CONCURRENCY} in flight for ${CONCURRENT_MS / 1000} s`,
    String(list[0]!.expected.total),
    String(concurrent.n),
    ms(concurrent.p50),
    ms(concurrent.p95),
    ms(concurrent.p99),
    ms(concurrent.mean),
    ms(concurrent.max),
    concurrent.rps.toFixed(0),
    '',
    '',
    '',
  ]);
  const headers = [
    'endpoint',
    'scenario',
    'total',
    'n',
    'p50 ms',
    'p95 ms',
    'p99 ms',
    'mean ms',
    'max ms',
    'req/s',
    'SQL p50 ms',
    `p95<${TARGET_MS}`,
    `p99<${TARGET_MS}`,
  ];
  log('');
  log(
    'Latency: sequential requests over one keep-alive connection, in rounds over all scenarios (client-side, request ' +
      'to last byte); "SQL p50" is the store call alone, in-process.',
  );
  log(table(headers, rows, (i) => i >= 2 && i <= 10));
  log('');
  log(
    table(
      ['measure', 'value'],
      [
        [
          'seed time',
          `${(seedMs / 1000).toFixed(2)} s (${COUNTS.suppressions} suppressions + ${COUNTS.sends} sends + ${COUNTS.logItems} log items, one transaction)`,
        ],
        ['database file', mib(dbBytes)],
        ['server RSS at start (idle)', `${memIdle.rss.toFixed(1)} MiB`],
        ['server RSS after warm-up', `${memStart.rss.toFixed(1)} MiB`],
        ['server RSS after all runs', `${memEnd.rss.toFixed(1)} MiB (peak ${memEnd.peak.toFixed(1)} MiB)`],
        [
          `scenarios under ${TARGET_MS} ms`,
          `p95: ${results.filter((r) => r.stats.p95 < TARGET_MS).length} / ${results.length}, ` +
            `p99: ${results.filter((r) => r.stats.p99 < TARGET_MS).length} / ${results.length}`,
        ],
        [
          'bench wall time',
          `${((performance.now() - benchStart) / 1000).toFixed(1)} s (1-minute load average at the end ${loadavg()[0]!.toFixed(2)})`,
        ],
      ],
      () => false,
    ),
  );
}
