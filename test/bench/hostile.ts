/**
 * `BENCH_ONLY=hostile npm run bench`: how the emulator copes with hostile input, as a ratio to a normal
 * send measured in the same run, since these machines' speed varies from day to day.
 *
 * 1. Starts the built CLI as users run it (a database file, the bundled fixtures, its render worker).
 * 2. Times normal sends (inline and an MJML template), the ratios' base.
 * 3. Replays each request of the table (median of 3), with /healthz asked every 20 ms meanwhile.
 * 4. Walks every route and field of test/support/hostile.ts with every value shape (BENCH_HOSTILE_BYTES per body
 *    field, default 250,000; query and path values up to 8,000 encoded characters), and reports the slowest
 *    answers, the slowest /healthz answer seen during the walk, the peak RSS and the RSS once it is over.
 * 5. On a fresh server, replays the suite's seeded fuzz (hostileCases, BENCH_FUZZ_RUNS cases, default 10,000, as
 *    the fuzz did): sizes from empty to a megabyte in every encoding and wrapping; reports its slowest
 *    answer, failures, peak RSS and the RSS once it is over (the hostile-input memory target, 150 MiB, is about this run).
 * wait-for's timeout_ms is left out of the walk and the fuzz: waiting is what it is asked to do.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { publishedCli } from '../support/published.js';
import fc from 'fast-check';
import {
  buildRequest,
  HOSTILE_SEED,
  hostileCases,
  regressionRequests,
  SHAPE_NAMES,
  TARGETS,
  type HostileRequest,
} from '../support/hostile.js';
import { BENCH_TOKEN, memoryOf, startServer, stats, table } from './harness.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const BODY_BYTES = Number(process.env.BENCH_HOSTILE_BYTES ?? 250_000);
const FUZZ_RUNS = Number(process.env.BENCH_FUZZ_RUNS ?? 10_000);

interface Answer {
  status: number;
  ms: number;
}

function send(port: number, request: HostileRequest): Promise<Answer> {
  return new Promise((resolve) => {
    const headers: http.OutgoingHttpHeaders = { ...request.headers };
    if (request.body !== undefined) headers['content-length'] = Buffer.byteLength(request.body);
    const started = performance.now();
    const outgoing = http.request(
      { host: '127.0.0.1', port, method: request.method, path: request.path, headers },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started }));
      },
    );
    // A reset is an answer the client never got: recorded as status 0, a failure.
    outgoing.on('error', () => resolve({ status: 0, ms: performance.now() - started }));
    outgoing.end(request.body);
  });
}

/** Asks /healthz every 20 ms until stopped; the slowest answer since the last reset. */
function healthProbe(port: number) {
  let slowest = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      const { ms } = await send(port, { label: 'health', method: 'GET', path: '/healthz', headers: {} });
      slowest = Math.max(slowest, ms);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  return {
    takeSlowest(): number {
      const value = slowest;
      slowest = 0;
      return value;
    },
    async stop(): Promise<void> {
      running = false;
      await loop;
    },
  };
}

const median = (values: number[]) => stats(values, 1).p50;
const ms = (value: number) => value.toFixed(1);

/** The CLI as users run it: a database file, the bundled fixtures, its render worker. */
function startBenchServer(dir: string) {
  return startServer(publishedCli(), [
    '--port',
    '0',
    '--db',
    join(dir, 'bench.sqlite'),
    '--token',
    BENCH_TOKEN,
    '--fixtures',
    join(ROOT, 'fixtures'),
  ]);
}

const clearFaults = (port: number) =>
  send(port, {
    label: 'clear',
    method: 'DELETE',
    path: '/_emulator/faults',
    headers: { accept: 'application/json', authorization: `Bearer ${BENCH_TOKEN}` },
  });

/** A fault rule a case created (each can never fire, hostile.ts) goes, so that the next case starts clean. */
const createsFaultRule = (request: HostileRequest) =>
  request.method === 'POST' && request.path.startsWith('/_emulator/faults');

export async function runHostileBench(log: (line: string) => void): Promise<void> {
  await runWalk(log);
  await runFuzz(log);
}

async function runWalk(log: (line: string) => void): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'mce-bench-hostile-'));
  const server = await startBenchServer(dir);
  const pid = server.child.pid as number;
  const { port } = server;
  const headers = {
    accept: 'application/json',
    authorization: `Bearer ${BENCH_TOKEN}`,
    'content-type': 'application/json',
  };
  const post = (body: object): HostileRequest => ({
    label: 'normal',
    method: 'POST',
    path: '/api/transactional-mails/send',
    headers,
    body: JSON.stringify(body),
  });
  try {
    const idle = memoryOf(pid);
    const normal = async (body: object) => {
      for (let i = 0; i < 10; i++) await send(port, post(body));
      const times: number[] = [];
      for (let i = 0; i < 30; i++) times.push((await send(port, post(body))).ms);
      return median(times);
    };
    const inlineMs = await normal({ from: 'app@example.com', to: 'jane@example.com', subject: 'Hi', text: 'Hello' });
    const templateMs = await normal({
      mail_name: 'welcome',
      from: 'app@example.com',
      to: 'jane@example.com',
      replacements: { first_name: 'Jane' },
    });

    const probe = healthProbe(port);
    const rows: string[][] = [];
    for (const request of regressionRequests(BENCH_TOKEN)) {
      const answers: Answer[] = [];
      for (let i = 0; i < 3; i++) answers.push(await send(port, request));
      const time = median(answers.map((a) => a.ms));
      rows.push([
        request.label,
        String(answers[0]!.status),
        ms(time),
        `${(time / inlineMs).toFixed(0)}x`,
        ms(probe.takeSlowest()),
      ]);
    }

    const walked: Array<{ label: string; status: number; ms: number }> = [];
    let slowestHealth = 0;
    /** The route and field walked when /healthz was slowest. */
    let slowestHealthDuring = '';
    let peak = 0;
    for (const target of TARGETS) {
      if (target.kind !== 'body' && target.path.includes('timeout_ms={}')) continue;
      for (const shape of SHAPE_NAMES) {
        const request = buildRequest(
          { target, shape, length: BODY_BYTES, wrapping: 'string', encoding: 'json' },
          BENCH_TOKEN,
        );
        const answer = await send(port, request);
        walked.push({ label: request.label, ...answer });
        if (createsFaultRule(request)) await clearFaults(port);
      }
      const health = probe.takeSlowest();
      if (health > slowestHealth) {
        slowestHealth = health;
        slowestHealthDuring = target.kind === 'body' ? `${target.path} ${target.field}` : target.path;
      }
      peak = Math.max(peak, memoryOf(pid).peak);
    }
    await probe.stop();
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const after = memoryOf(pid);
    const failures = walked.filter((w) => w.status >= 500 || w.status === 0);
    const slowest = [...walked].sort((a, b) => b.ms - a.ms).slice(0, 5);

    log(
      `Hostile input: normal sends in this run: inline ${ms(inlineMs)} ms, MJML template ${ms(templateMs)} ms (median of 30).`,
    );
    log(
      table(
        ['request that once froze the server', 'status', 'median ms', 'x inline send', 'slowest /healthz ms'],
        rows,
        (i) => i >= 1,
      ),
    );
    log('');
    log(
      table(
        ['measure', 'value'],
        [
          [
            'requests walked',
            `${walked.length} (${TARGETS.length - 1} routes and fields x ${SHAPE_NAMES.length} shapes, ${BODY_BYTES.toLocaleString('en')} bytes per body field)`,
          ],
          [
            '5xx or no answer',
            String(failures.length) + (failures.length > 0 ? `: ${failures.map((f) => f.label).join('; ')}` : ''),
          ],
          ...slowest.map((w, i) => [
            i === 0 ? 'slowest answers' : '',
            `${ms(w.ms)} ms (${(w.ms / inlineMs).toFixed(0)}x inline send), ${w.status}, ${w.label}`,
          ]),
          ['slowest /healthz during the walk', `${ms(slowestHealth)} ms, while walking ${slowestHealthDuring}`],
          [
            'server RSS idle, peak, after (2 s later)',
            `${idle.rss.toFixed(1)} MiB, ${Math.max(peak, after.peak).toFixed(1)} MiB, ${after.rss.toFixed(1)} MiB`,
          ],
        ],
        () => false,
      ),
    );
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function runFuzz(log: (line: string) => void): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'mce-bench-fuzz-'));
  const server = await startBenchServer(dir);
  const pid = server.child.pid as number;
  const { port } = server;
  try {
    const idle = memoryOf(pid);
    const cases = fc
      .sample(hostileCases, { seed: HOSTILE_SEED, numRuns: FUZZ_RUNS })
      .filter((c) => c.target.kind === 'body' || !c.target.path.includes('timeout_ms={}'));
    const probe = healthProbe(port);
    let slowest = { ms: 0, label: '' };
    let failures = 0;
    let peak = 0;
    const started = performance.now();
    for (const [i, hostile] of cases.entries()) {
      const request = buildRequest(hostile, BENCH_TOKEN);
      const answer = await send(port, request);
      if (answer.status >= 500 || answer.status === 0) failures += 1;
      if (answer.ms > slowest.ms) slowest = { ms: answer.ms, label: request.label };
      if (createsFaultRule(request)) await clearFaults(port);
      if (i % 100 === 0) peak = Math.max(peak, memoryOf(pid).peak);
    }
    const seconds = (performance.now() - started) / 1000;
    const slowestHealth = probe.takeSlowest();
    await probe.stop();
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const after = memoryOf(pid);
    log('');
    log(
      table(
        ["seeded fuzz (the suite's hostileCases, seed " + HOSTILE_SEED + ')', 'value'],
        [
          ['requests', `${cases.length.toLocaleString('en')} in ${seconds.toFixed(0)} s`],
          ['5xx or no answer', String(failures)],
          ['slowest answer', `${ms(slowest.ms)} ms, ${slowest.label}`],
          ['slowest /healthz', `${ms(slowestHealth)} ms`],
          [
            'server RSS idle, peak, after (2 s later)',
            `${idle.rss.toFixed(1)} MiB, ${Math.max(peak, after.peak).toFixed(1)} MiB, ${after.rss.toFixed(1)} MiB`,
          ],
        ],
        () => false,
      ),
    );
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
