/**
 * `BENCH_ONLY=memory npm run bench`: does the emulator's memory settle under repeated load?
 * Five identical rounds of inline sends (autocannon, 50 connections, BENCH_MEMORY_ROUND_SECONDS each) against the
 * built CLI, RSS read after each; then the same load once against the bare baseline (baseline-server.ts) for its
 * peak. Targets (a product decision): no growth, RSS after the fifth round within 10% of after the first;
 * peak under load at most 2x the baseline's peak in the same run.
 *
 * MALLOC_MMAP_THRESHOLD_ (glibc; the Docker image sets 1 MiB) applies when set in the environment the bench runs in:
 * BENCH_MEMORY_MMAP_THRESHOLD=<bytes> sets it for the emulator's process alone, for a before/after.
 */
import autocannon from 'autocannon';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BENCH_TOKEN, JSON_API_HEADERS, memoryOf, startNode, table } from './harness.js';
import { publishedCli } from '../support/published.js';

const ROUNDS = 5;
const ROUND_SECONDS = Number(process.env.BENCH_MEMORY_ROUND_SECONDS ?? 5);
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const BODY = JSON.stringify({
  from: 'app@bench.test',
  to: 'jane@bench.test',
  subject: 'Memory round',
  html: `<html><body>${'<p>Memory round, a paragraph of a few words <a href="https://app.test/x">link</a>.</p>'.repeat(48)}</body></html>`,
});

const load = (port: number, path: string) =>
  autocannon({
    url: `http://127.0.0.1:${port}${path}`,
    method: 'POST',
    headers: JSON_API_HEADERS,
    body: BODY,
    connections: 50,
    duration: ROUND_SECONDS,
  });

export async function runMemoryBench(log: (line: string) => void): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'mce-memory-bench-'));
  const threshold = process.env.BENCH_MEMORY_MMAP_THRESHOLD;
  try {
    log(
      `memory over ${ROUNDS} identical rounds of ${ROUND_SECONDS} s of inline sends (50 connections)` +
        `${threshold === undefined ? '' : `, MALLOC_MMAP_THRESHOLD_=${threshold}`} (load average ${loadavg()[0]!.toFixed(2)})`,
    );
    const emulator = await startNode(
      [
        publishedCli(),
        '--port',
        '0',
        '--db',
        join(dir, 'memory.sqlite'),
        '--token',
        BENCH_TOKEN,
        '--no-fixtures',
        '--smtp-port',
        'off',
      ],
      ROOT,
      threshold === undefined ? undefined : { ...process.env, MALLOC_MMAP_THRESHOLD_: threshold },
    );
    const idle = memoryOf(emulator.child.pid!).rss;
    const after: number[] = [];
    const rps: number[] = [];
    let peak: number;
    try {
      for (let round = 0; round < ROUNDS; round++) {
        rps.push((await load(emulator.port, '/api/transactional-mails/send')).requests.average);
        after.push(memoryOf(emulator.child.pid!).rss);
      }
      peak = memoryOf(emulator.child.pid!).peak;
    } finally {
      await emulator.stop();
    }
    const baseline = await startNode(
      ['--import', 'tsx', join(ROOT, 'test/bench/baseline-server.ts'), join(dir, 'baseline.sqlite')],
      ROOT,
    );
    let baselinePeak: number;
    try {
      await load(baseline.port, '/mail');
      baselinePeak = memoryOf(baseline.child.pid!).peak;
    } finally {
      await baseline.stop();
    }
    log(
      table(
        ['round', 'req/s', 'RSS after'],
        after.map((rss, i) => [String(i + 1), rps[i]!.toFixed(0), `${rss.toFixed(0)} MiB`]),
        (i) => i >= 1,
      ),
    );
    const growth = after.at(-1)! / after[0]! - 1;
    log(
      `idle ${idle.toFixed(0)} MiB; after round 5 vs round 1: ${(growth * 100).toFixed(1)}% (target: within 10%: ${Math.abs(growth) <= 0.1 ? 'met' : 'NOT met'}); ` +
        `peak ${peak.toFixed(0)} MiB vs the bare baseline's ${baselinePeak.toFixed(0)} MiB: ${(peak / baselinePeak).toFixed(2)}x ` +
        `(target: at most 2x: ${peak <= 2 * baselinePeak ? 'met' : 'NOT met'})`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
