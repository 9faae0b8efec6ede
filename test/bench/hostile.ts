/**
 * `BENCH_ONLY=hostile npm run bench`: how the emulator copes with hostile input (issue 11), as a ratio to a normal
 * send measured in the same run, since these machines' speed varies from day to day.
 *
 * 1. Starts the built CLI as users run it (a database file, the bundled fixtures, its render worker).
 * 2. Times normal sends (inline and an MJML template), the ratios' base.
 * 3. Replays each request of the table (median of 3), with /healthz asked every 20 ms meanwhile.
 * 4. Walks every route and field of test/support/hostile.ts with every value shape (BENCH_HOSTILE_BYTES per body
 *    field, default 250,000; query and path values up to 8,000 encoded characters), and reports the slowest
 *    answers, the slowest /healthz answer seen during the walk, the peak RSS and the RSS once it is over.
 * wait-for's timeout_ms is left out of the walk: waiting is what it is asked to do.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { publishedCli } from '../support/published.js';
import { buildRequest, regressionRequests, SHAPE_NAMES, TARGETS, type HostileRequest } from '../support/hostile.js';
import { memoryOf, startServer, stats, table } from './harness.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const TOKEN = 'bench';
const BODY_BYTES = Number(process.env.BENCH_HOSTILE_BYTES ?? 250_000);

interface Answer {
  status: number;
  ms: number;
}

function send(port: number, request: HostileRequest): Promise<Answer> {
  return new Promise((resolve) => {
    const headers: http.OutgoingHttpHeaders = { ...request.headers };
    if (request.body !== undefined) headers['content-length'] = Buffer.byteLength(request.body);
    const started = performance.now();
    const outgoing = http.request({ host: '127.0.0.1', port, method: request.method, path: request.path, headers }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started }));
    });
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

export async function runHostileBench(log: (line: string) => void): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'mce-bench-hostile-'));
  const server = await startServer(publishedCli(), [
    '--port', '0', '--db', join(dir, 'bench.sqlite'), '--token', TOKEN, '--fixtures', join(ROOT, 'fixtures'),
  ]);
  const pid = server.child.pid as number;
  const { port } = server;
  const headers = { accept: 'application/json', authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' };
  const post = (body: object): HostileRequest => ({
    label: 'normal', method: 'POST', path: '/api/transactional-mails/send', headers, body: JSON.stringify(body),
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
    const templateMs = await normal({ mail_name: 'welcome', from: 'app@example.com', to: 'jane@example.com', replacements: { first_name: 'Jane' } });

    const probe = healthProbe(port);
    const rows: string[][] = [];
    for (const request of regressionRequests(TOKEN)) {
      const answers: Answer[] = [];
      for (let i = 0; i < 3; i++) answers.push(await send(port, request));
      const time = median(answers.map((a) => a.ms));
      rows.push([request.label, String(answers[0]!.status), ms(time), `${(time / inlineMs).toFixed(0)}x`, ms(probe.takeSlowest())]);
    }

    const walked: Array<{ label: string; status: number; ms: number }> = [];
    let slowestHealth = 0;
    /** The route and field walked when /healthz was slowest. */
    let slowestHealthDuring = '';
    let peak = 0;
    for (const target of TARGETS) {
      if (target.kind !== 'body' && target.path.includes('timeout_ms={}')) continue;
      for (const shape of SHAPE_NAMES) {
        const request = buildRequest({ target, shape, length: BODY_BYTES, wrapping: 'string', encoding: 'json' }, TOKEN);
        const answer = await send(port, request);
        walked.push({ label: request.label, ...answer });
        if (target.kind === 'body' && target.path === '/_emulator/faults') {
          await send(port, { label: 'clear', method: 'DELETE', path: '/_emulator/faults', headers });
        }
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

    log(`Hostile input: normal sends in this run: inline ${ms(inlineMs)} ms, MJML template ${ms(templateMs)} ms (median of 30).`);
    log(table(['issue 11 request', 'status', 'median ms', 'x inline send', 'slowest /healthz ms'], rows, (i) => i >= 1));
    log('');
    log(table(
      ['measure', 'value'],
      [
        ['requests walked', `${walked.length} (${TARGETS.length - 1} routes and fields x ${SHAPE_NAMES.length} shapes, ${BODY_BYTES.toLocaleString('en')} bytes per body field)`],
        ['5xx or no answer', String(failures.length) + (failures.length > 0 ? `: ${failures.map((f) => f.label).join('; ')}` : '')],
        ...slowest.map((w, i) => [i === 0 ? 'slowest answers' : '', `${ms(w.ms)} ms (${(w.ms / inlineMs).toFixed(0)}x inline send), ${w.status}, ${w.label}`]),
        ['slowest /healthz during the walk', `${ms(slowestHealth)} ms, while walking ${slowestHealthDuring}`],
        ['server RSS idle, peak, after (2 s later)', `${idle.rss.toFixed(1)} MiB, ${Math.max(peak, after.peak).toFixed(1)} MiB, ${after.rss.toFixed(1)} MiB`],
      ],
      () => false,
    ));
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
