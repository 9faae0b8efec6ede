/**
 * `npm run bench`: list-endpoint latency with 100,000 suppressions and 100,000 sends (below), send throughput
 * (send.ts), the inbox's search and wait-for latency over 100,000 captured messages (inbox.ts) and the
 * in-process start-up of startEmulator() (startup.ts), hostile input (hostile.ts) and the web inbox in Chromium (ui.ts).
 * the template studio's render round trip (studio.ts), SMTP ingest against MailDev (smtp.ts).
 * `BENCH_ONLY=lists|send|inbox|startup|hostile|ui|studio|smtp|campaign|memory|checks|mailpit` runs one part.
 *
 * The list part:
 * 1. Seeds a temporary database through the project's own store (one transaction) and times it.
 * 2. Times each scenario's store call in-process (the SQL alone, no HTTP), for diagnosis, and checks
 *    filter[search] for many needles against the seeded data (search-check.ts).
 * 3. Starts the built server on that database as a separate process, checks every scenario's first response
 *    against a page computed here from the seeded data, warms up, then issues sequential requests over one
 *    keep-alive connection and reports p50/p95/p99/mean latency and req/s; then a concurrent run for throughput.
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
import type { PageWindow, SortTerm } from '../../server/db/statements.js';
import { createStore } from '../../server/db/store.js';
import { BENCH_TOKEN, Client, memoryOf, startServer, stats, type Stats, table } from './harness.js';
import { byId, contains, expectPage, PER_PAGE, type Expected } from './expected.js';
import { checkSearches } from './search-check.js';
import { seed, type SeededData } from './seed.js';
import { runInboxBench } from './inbox.js';
import { runSendBench } from './send.js';
import { runStartupBench } from './startup.js';
import { runHostileBench } from './hostile.js';
import { runUiBench } from './ui.js';
import { runStudioBench } from './studio.js';
import { runSmtpBench } from './smtp.js';
import { runCampaignBench } from './campaign.js';
import { runMemoryBench } from './memory.js';
import { runChecksBench } from './checks.js';
import { runMailpitBench } from './mailpit.js';
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

interface Scenario {
  group: string;
  name: string;
  path: string;
  expected: Expected;
  /** The same list as a direct store call. */
  store: () => { total: number };
}

function scenarios(data: SeededData, store: ReturnType<typeof createStore>): Scenario[] {
  const ws = data.workspaceId;
  const sup = data.suppressions;
  const sends = data.sends;
  const terms = (...t: Array<[string, boolean]>): SortTerm[] =>
    t.map(([column, descending]) => ({ column, descending }));
  const window = (page: number) => ({ offset: (page - 1) * PER_PAGE, limit: PER_PAGE });
  const lastPage = (total: number) => Math.max(1, Math.ceil(total / PER_PAGE));
  const middlePage = (total: number) => Math.max(1, Math.ceil(lastPage(total) / 2));

  const supById = [byId(false)];
  const supByCreatedDesc = [{ key: (r: (typeof sup)[number]) => r.created_at, descending: true }, byId(true)];
  const hardBounces = sup.filter((r) => r.reason === 'hard_bounce').length;
  const spam = (r: (typeof sup)[number]) => r.reason === 'spam_complaint';
  // A substring matching a few rows: a name and the leading digits of a row number, e.g. "brown.1o0".
  const sample = sup[Math.floor(sup.length * 0.7777)] ?? sup[0]!;
  const fewNeedle = sample.email
    .slice(0, sample.email.indexOf('@') - 1)
    .split('.')
    .slice(1)
    .join('.');
  const manyNeedle = 'gmail';
  const manyTotal = sup.filter((r) => contains(manyNeedle)(r.email)).length;
  const shortNeedle = 'ja';
  const supPages = lastPage(sup.length);

  const sendsDefault = [{ key: (r: (typeof sends)[number]) => r.sent_at, descending: true }, byId(true)];
  const sendsAsc = [{ key: (r: (typeof sends)[number]) => r.sent_at, descending: false }, byId(false)];
  const campaign = data.campaignUuids[0]!;
  const campaignTotal = sends.filter((r) => r.campaign_uuid === campaign).length;
  const logItem = data.logItemUuids[Math.floor(data.logItemUuids.length / 2)]!;
  const subscriber = sends.find((r) => r.subscriber_uuid !== null)?.subscriber_uuid ?? '';
  const sendPages = lastPage(sends.length);

  const latestFirst = [{ key: (r: { created_at: number }) => r.created_at, descending: true }, byId(true)];

  const list: Scenario[] = [
    {
      group: 'suppressions',
      name: 'first page',
      path: '/api/suppressions',
      expected: expectPage(sup, () => true, supById, 1),
      store: () => store.suppressions.list(ws, {}, terms(['id', false]), window(1)),
    },
    {
      group: 'suppressions',
      name: `middle page (${middlePage(sup.length)})`,
      path: `/api/suppressions?page=${middlePage(sup.length)}`,
      expected: expectPage(sup, () => true, supById, middlePage(sup.length)),
      store: () => store.suppressions.list(ws, {}, terms(['id', false]), window(middlePage(sup.length))),
    },
    {
      group: 'suppressions',
      name: `last page (${supPages})`,
      path: `/api/suppressions?page=${supPages}`,
      expected: expectPage(sup, () => true, supById, supPages),
      store: () => store.suppressions.list(ws, {}, terms(['id', false]), window(supPages)),
    },
    {
      group: 'suppressions',
      name: 'reason=hard_bounce, page 1',
      path: '/api/suppressions?filter[reason]=hard_bounce',
      expected: expectPage(sup, (r) => r.reason === 'hard_bounce', supById, 1),
      store: () => store.suppressions.list(ws, { reasons: ['hard_bounce'] }, terms(['id', false]), window(1)),
    },
    {
      group: 'suppressions',
      name: `reason=hard_bounce, page ${middlePage(hardBounces)}`,
      path: `/api/suppressions?filter[reason]=hard_bounce&page=${middlePage(hardBounces)}`,
      expected: expectPage(sup, (r) => r.reason === 'hard_bounce', supById, middlePage(hardBounces)),
      store: () =>
        store.suppressions.list(
          ws,
          { reasons: ['hard_bounce'] },
          terms(['id', false]),
          window(middlePage(hardBounces)),
        ),
    },
    {
      group: 'suppressions',
      name: `search "${fewNeedle}" (few)`,
      path: `/api/suppressions?filter[search]=${fewNeedle}`,
      expected: expectPage(sup, (r) => contains(fewNeedle)(r.email), supById, 1),
      store: () => store.suppressions.list(ws, { search: [fewNeedle] }, terms(['id', false]), window(1)),
    },
    {
      group: 'suppressions',
      name: `search "${manyNeedle}" (many), page 1`,
      path: `/api/suppressions?filter[search]=${manyNeedle}`,
      expected: expectPage(sup, (r) => contains(manyNeedle)(r.email), supById, 1),
      store: () => store.suppressions.list(ws, { search: [manyNeedle] }, terms(['id', false]), window(1)),
    },
    {
      group: 'suppressions',
      name: `search "${manyNeedle}" (many), page ${middlePage(manyTotal)}`,
      path: `/api/suppressions?filter[search]=${manyNeedle}&page=${middlePage(manyTotal)}`,
      expected: expectPage(sup, (r) => contains(manyNeedle)(r.email), supById, middlePage(manyTotal)),
      store: () =>
        store.suppressions.list(ws, { search: [manyNeedle] }, terms(['id', false]), window(middlePage(manyTotal))),
    },
    {
      group: 'suppressions',
      name: `search "${shortNeedle}" (2 chars)`,
      path: `/api/suppressions?filter[search]=${shortNeedle}`,
      expected: expectPage(sup, (r) => contains(shortNeedle)(r.email), supById, 1),
      store: () => store.suppressions.list(ws, { search: [shortNeedle] }, terms(['id', false]), window(1)),
    },
    {
      group: 'suppressions',
      name: 'sort=-created_at, page 1',
      path: '/api/suppressions?sort=-created_at',
      expected: expectPage(sup, () => true, supByCreatedDesc, 1),
      store: () => store.suppressions.list(ws, {}, terms(['created_at', true], ['id', true]), window(1)),
    },
    {
      group: 'suppressions',
      name: `sort=-created_at, page ${middlePage(sup.length)}`,
      path: `/api/suppressions?sort=-created_at&page=${middlePage(sup.length)}`,
      expected: expectPage(sup, () => true, supByCreatedDesc, middlePage(sup.length)),
      store: () =>
        store.suppressions.list(ws, {}, terms(['created_at', true], ['id', true]), window(middlePage(sup.length))),
    },
    {
      group: 'suppressions',
      name: 'reason=spam_complaint, sort=-created_at, page 200',
      path: '/api/suppressions?filter[reason]=spam_complaint&sort=-created_at&page=200',
      expected: expectPage(sup, spam, supByCreatedDesc, 200),
      store: () =>
        store.suppressions.list(
          ws,
          { reasons: ['spam_complaint'] },
          terms(['created_at', true], ['id', true]),
          window(200),
        ),
    },
    {
      group: 'sends',
      name: 'first page (-sent_at)',
      path: '/api/sends',
      expected: expectPage(sends, () => true, sendsDefault, 1),
      store: () => store.sends.list(ws, {}, terms(['sent_at', true], ['id', true]), window(1)),
    },
    {
      group: 'sends',
      name: `middle page (${middlePage(sends.length)})`,
      path: `/api/sends?page=${middlePage(sends.length)}`,
      expected: expectPage(sends, () => true, sendsDefault, middlePage(sends.length)),
      store: () => store.sends.list(ws, {}, terms(['sent_at', true], ['id', true]), window(middlePage(sends.length))),
    },
    {
      group: 'sends',
      name: 'sort=sent_at, page 1',
      path: '/api/sends?sort=sent_at',
      expected: expectPage(sends, () => true, sendsAsc, 1),
      store: () => store.sends.list(ws, {}, terms(['sent_at', false], ['id', false]), window(1)),
    },
    {
      group: 'sends',
      name: `sort=sent_at, last page (${sendPages})`,
      path: `/api/sends?sort=sent_at&page=${sendPages}`,
      expected: expectPage(sends, () => true, sendsAsc, sendPages),
      store: () => store.sends.list(ws, {}, terms(['sent_at', false], ['id', false]), window(sendPages)),
    },
    {
      group: 'sends',
      name: `campaign_uuid (${campaignTotal} rows), page 1`,
      path: `/api/sends?filter[campaign_uuid]=${campaign}`,
      expected: expectPage(sends, (r) => r.campaign_uuid === campaign, sendsDefault, 1),
      store: () =>
        store.sends.list(ws, { campaign_uuid: [campaign] }, terms(['sent_at', true], ['id', true]), window(1)),
    },
    {
      group: 'sends',
      name: `campaign_uuid, page ${middlePage(campaignTotal)}`,
      path: `/api/sends?filter[campaign_uuid]=${campaign}&page=${middlePage(campaignTotal)}`,
      expected: expectPage(sends, (r) => r.campaign_uuid === campaign, sendsDefault, middlePage(campaignTotal)),
      store: () =>
        store.sends.list(
          ws,
          { campaign_uuid: [campaign] },
          terms(['sent_at', true], ['id', true]),
          window(middlePage(campaignTotal)),
        ),
    },
    {
      group: 'sends',
      name: 'transactional_mail_log_item_uuid',
      path: `/api/sends?filter[transactional_mail_log_item_uuid]=${logItem}`,
      expected: expectPage(sends, (r) => r.transactional_mail_log_item_uuid === logItem, sendsDefault, 1),
      store: () =>
        store.sends.list(
          ws,
          { transactional_mail_log_item_uuid: [logItem] },
          terms(['sent_at', true], ['id', true]),
          window(1),
        ),
    },
    {
      group: 'sends',
      name: 'subscriber_uuid',
      path: `/api/sends?filter[subscriber_uuid]=${subscriber}`,
      expected: expectPage(sends, (r) => r.subscriber_uuid === subscriber, sendsDefault, 1),
      store: () =>
        store.sends.list(ws, { subscriber_uuid: [subscriber] }, terms(['sent_at', true], ['id', true]), window(1)),
    },
    {
      group: 'templates',
      name: `first page (${data.templates.length} rows)`,
      path: '/api/transactional-mails/templates',
      expected: expectPage(data.templates, () => true, latestFirst, 1),
      store: () => store.templates.list(ws, {}, terms(['created_at', true], ['id', true]), window(1)),
    },
    {
      group: 'transactional-mails',
      name: `first page (${data.logItems.length} rows)`,
      path: '/api/transactional-mails',
      expected: expectPage(data.logItems, () => true, latestFirst, 1),
      store: () => store.logItems.list(ws, {}, terms(['created_at', true], ['id', true]), window(1)),
    },
    {
      group: 'transactional-mails',
      name: `middle page (${middlePage(data.logItems.length)})`,
      path: `/api/transactional-mails?page=${middlePage(data.logItems.length)}`,
      expected: expectPage(data.logItems, () => true, latestFirst, middlePage(data.logItems.length)),
      store: () =>
        store.logItems.list(
          ws,
          {},
          terms(['created_at', true], ['id', true]),
          window(middlePage(data.logItems.length)),
        ),
    },
    // An email list's subscribers: SubscribersController@index's default order and filters.
    ...subscriberScenarios(data, store, window, middlePage),
    // The web UI's lists: the same queries, each row with what the emulator adds (origin; state and feedback).
    {
      group: 'web UI lists',
      name: 'suppressions, middle page',
      path: `/_emulator/suppressions?page=${middlePage(sup.length)}`,
      expected: expectPage(sup, () => true, supById, middlePage(sup.length)),
      store: () => store.suppressions.list(ws, {}, terms(['id', false]), window(middlePage(sup.length))),
    },
    {
      group: 'web UI lists',
      name: `suppressions, search "${manyNeedle}" (many)`,
      path: `/_emulator/suppressions?filter[search]=${manyNeedle}&sort=-created_at`,
      expected: expectPage(sup, (r) => contains(manyNeedle)(r.email), supByCreatedDesc, 1),
      store: () =>
        store.suppressions.list(ws, { search: [manyNeedle] }, terms(['created_at', true], ['id', true]), window(1)),
    },
    {
      group: 'web UI lists',
      name: 'sends, first page (-sent_at)',
      path: '/_emulator/sends',
      expected: expectPage(sends, () => true, sendsDefault, 1),
      store: () => store.sends.list(ws, {}, terms(['sent_at', true], ['id', true]), window(1)),
    },
    {
      group: 'web UI lists',
      name: 'sends, campaign_uuid, page 1',
      path: `/_emulator/sends?filter[campaign_uuid]=${campaign}`,
      expected: expectPage(sends, (r) => r.campaign_uuid === campaign, sendsDefault, 1),
      store: () =>
        store.sends.list(ws, { campaign_uuid: [campaign] }, terms(['sent_at', true], ['id', true]), window(1)),
    },
  ];
  return list;
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

async function runListBench(): Promise<void> {
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

function subscriberScenarios(
  data: SeededData,
  store: ReturnType<typeof createStore>,
  window: (page: number) => PageWindow,
  middlePage: (total: number) => number,
): Scenario[] {
  const subs = data.subscribers;
  const list = store.emailLists.findByUuid(data.workspaceId, data.listUuid)!;
  const path = `/api/email-lists/${data.listUuid}/subscribers`;
  const newest = [{ key: (r: (typeof subs)[number]) => r.created_at, descending: true }, byId(true)];
  const unsubscribed = subs.filter((r) => r.status === 'unsubscribed').length;
  const sample = subs[Math.floor(subs.length * 0.61)] ?? subs[0]!;
  const vip = store.tags.ofList(list.id)[0]!;
  const ws = data.workspaceId;
  const terms = (...t: Array<[string, boolean]>): SortTerm[] =>
    t.map(([column, descending]) => ({ column, descending }));
  return [
    {
      group: 'subscribers',
      name: 'first page (-created_at)',
      path,
      expected: expectPage(subs, () => true, newest, 1),
      store: () => store.subscribers.list(ws, list.id, {}, terms(['created_at', true], ['id', true]), window(1)),
    },
    {
      group: 'subscribers',
      name: `middle page (${middlePage(subs.length)})`,
      path: `${path}?page=${middlePage(subs.length)}`,
      expected: expectPage(subs, () => true, newest, middlePage(subs.length)),
      store: () =>
        store.subscribers.list(
          ws,
          list.id,
          {},
          terms(['created_at', true], ['id', true]),
          window(middlePage(subs.length)),
        ),
    },
    {
      group: 'subscribers',
      name: "filter[email] (the SDK's findByEmail)",
      path: `${path}?filter[email]=${encodeURIComponent(sample.email)}`,
      expected: expectPage(subs, (r) => r.email === sample.email, newest, 1),
      store: () =>
        store.subscribers.list(
          ws,
          list.id,
          { email: sample.email },
          terms(['created_at', true], ['id', true]),
          window(1),
        ),
    },
    {
      group: 'subscribers',
      name: `filter[status]=unsubscribed (${unsubscribed} rows)`,
      path: `${path}?filter[status]=unsubscribed`,
      expected: expectPage(subs, (r) => r.status === 'unsubscribed', newest, 1),
      store: () =>
        store.subscribers.list(
          ws,
          list.id,
          { status: 'unsubscribed' },
          terms(['created_at', true], ['id', true]),
          window(1),
        ),
    },
    {
      group: 'subscribers',
      name: 'filter[tags]=vip',
      path: `${path}?filter[tags]=vip`,
      expected: expectPage(subs, (r) => r.tagged, newest, 1),
      store: () =>
        store.subscribers.list(
          ws,
          list.id,
          { tags: { ids: [vip.id], all: false } },
          terms(['created_at', true], ['id', true]),
          window(1),
        ),
    },
  ];
}

const PARTS = [
  'lists',
  'send',
  'startup',
  'inbox',
  'hostile',
  'ui',
  'studio',
  'smtp',
  'campaign',
  'memory',
  'checks',
  'mailpit',
];

async function main(): Promise<void> {
  const only = process.env.BENCH_ONLY;
  if (only !== undefined && only !== '' && !PARTS.includes(only))
    throw new Error(`BENCH_ONLY must be one of ${PARTS.join(', ')}`);
  const runs = (part: string) => only === undefined || only === '' || only === part;
  if (runs('lists')) await runListBench();
  if (runs('lists') && runs('send')) process.stdout.write('\n');
  if (runs('send')) await runSendBench((line) => process.stdout.write(`${line}\n`));
  // 100,000 captured messages: search latency and wait-for latency (inbox.ts).
  if (runs('inbox')) await runInboxBench((line) => process.stdout.write(`\n${line}\n`));
  // startEmulator() start-up in fresh processes (startup.ts).
  if (runs('startup')) await runStartupBench((line) => process.stdout.write(`\n${line}\n`));
  // Hostile input: the requests that once froze the server and every route and field, against a normal send (hostile.ts).
  if (runs('hostile')) await runHostileBench((line) => process.stdout.write(`\n${line}\n`));
  // The web inbox in Chromium over 100,000 messages: first rows, live arrival, initial JavaScript (ui.ts).
  if (runs('ui')) await runUiBench((line) => process.stdout.write(`\n${line}\n`));
  // The template studio: render round trip against the bare insert baseline, and the studio's lazy chunks (studio.ts).
  if (runs('studio')) await runStudioBench((line) => process.stdout.write(`\n${line}\n`));
  // SMTP ingest over 5 pooled connections, against MailDev 2 fetched into a cache outside the repository (smtp.ts).
  if (runs('smtp')) await runSmtpBench((line) => process.stdout.write(`${line}\n`));
  // A campaign to 10,000 subscribers beside the same server's inline send rate, /healthz meanwhile (campaign.ts).
  if (runs('campaign')) await runCampaignBench((line) => process.stdout.write(`\n${line}\n`));
  // Five identical load rounds: RSS settles (round 5 within 10% of round 1), peak at most 2x the bare baseline's (memory.ts).
  if (runs('memory')) await runMemoryBench((line) => process.stdout.write(`\n${line}\n`));
  // A captured 20 KB MJML mail's checks report, first request and cached, against the same baseline (checks.ts).
  if (runs('checks')) await runChecksBench((line) => process.stdout.write(`\n${line}\n`));
  // The Mailpit surface over 100,000 messages: list, search and the websocket's `new` against our own (mailpit.ts).
  if (runs('mailpit')) await runMailpitBench((line) => process.stdout.write(`\n${line}\n`));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
