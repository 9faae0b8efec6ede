/**
 * `BENCH_ONLY=studio npm run bench`: the template studio's render round trip, against the bare Hono +
 * SQLite insert route measured in the same run, and the web studio's lazy chunks.
 *
 * 1. Baseline: baseline-server.ts, sequential POST /mail over one keep-alive connection.
 * 2. The built emulator as users run it (its render workers, the bundled fixtures): POST
 *    /_emulator/templates/welcome/render, sequentially, each with a replacement of its own (the MJML template is
 *    compiled once: what a studio re-render after a replacement edit costs), then with an unsaved body of its own
 *    each time (a source edit: MJML compiles every time).
 * 3. The JavaScript the inbox loads first, and each chunk loaded later (the studio route, its editor), gzip.
 * Target (issue): cached MJML render p95 < 50 ms. Knobs: BENCH_STUDIO_RENDERS (300).
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { publishedCli } from '../support/published.js';
import { Client, startNode, startServer, stats, table, type Stats } from './harness.js';
import { initialAssets } from './ui.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const RENDERS = Number(process.env.BENCH_STUDIO_RENDERS ?? 300);
const WARMUP = 30;
const TARGET_P95_MS = 50;

/** `count` sequential requests after WARMUP ones (given negative indices), each answered 200. */
export async function timed(
  count: number,
  request: (i: number) => Promise<{ status: number; ms: number; body: string }>,
): Promise<Stats> {
  for (let i = 0; i < WARMUP; i++) await request(-i - 1);
  const samples: number[] = [];
  const started = performance.now();
  for (let i = 0; i < count; i++) {
    const reply = await request(i);
    if (reply.status !== 200) throw new Error(`answered ${reply.status}: ${reply.body.slice(0, 300)}`);
    samples.push(reply.ms);
  }
  return stats(samples, performance.now() - started);
}

export async function runStudioBench(log: (line: string) => void): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'mce-studio-bench-'));
  try {
    const baselineServer = await startNode(
      ['--import', 'tsx', join(ROOT, 'test/bench/baseline-server.ts'), join(dir, 'baseline.sqlite')],
      ROOT,
    );
    const baselineClient = new Client(baselineServer.port, 'none', 1);
    const baseline = await timed(RENDERS, (i) =>
      baselineClient.post('/mail', JSON.stringify({ subject: `Mail ${i}` })),
    );
    baselineClient.close();
    await baselineServer.stop();

    const emulator = await startServer(publishedCli(), [
      '--port',
      '0',
      '--db',
      join(dir, 'studio.sqlite'),
      '--token',
      'bench',
    ]);
    const client = new Client(emulator.port, 'bench', 1);
    const render = (body: object) => client.post('/_emulator/templates/welcome/render', JSON.stringify(body));
    const welcome = JSON.parse((await client.get('/_emulator/templates/welcome')).body) as { body: string };
    const first = await render({ replacements: { first_name: 'First' } });
    const cached = await timed(RENDERS, (i) =>
      render({ replacements: { app_name: 'Acme', first_name: `Jane ${i}`, confirm_url: `https://acme.test/c/${i}` } }),
    );
    const edited = await timed(Math.min(RENDERS, 100), (i) =>
      render({
        replacements: { first_name: 'Jane' },
        template: { body: welcome.body.replace('Welcome,', `Welcome (${i}),`) },
      }),
    );
    client.close();
    await emulator.stop();

    const row = (name: string, s: Stats, note: string) => [
      name,
      String(s.n),
      s.p50.toFixed(2),
      s.p95.toFixed(2),
      s.p99.toFixed(2),
      note,
    ];
    const ratio = (s: Stats) => `${(s.p95 / baseline.p95).toFixed(1)}x the baseline's p95`;
    log(
      table(
        ['studio render round trip (sequential)', 'n', 'p50 ms', 'p95 ms', 'p99 ms', 'note'],
        [
          row('baseline: bare Hono + SQLite insert', baseline, 'same run'),
          row(
            'render welcome (MJML), replacements changed',
            cached,
            `${ratio(cached)}; target p95 < ${TARGET_P95_MS} ms: ${cached.p95 < TARGET_P95_MS ? 'yes' : 'NO'}`,
          ),
          row('render welcome, unsaved body changed (MJML compiles)', edited, ratio(edited)),
        ],
        (column) => column >= 1 && column <= 4,
      ),
    );
    log(`first render after start (render worker start, MJML loaded and compiled): ${first.ms.toFixed(0)} ms`);

    const initial = initialAssets();
    const initialFiles = new Set(initial.files.map((file) => file.replace(/^\/assets\//, '')));
    const lazy = readdirSync(join(ROOT, 'dist/web/assets'))
      .filter((file) => file.endsWith('.js') && !initialFiles.has(file))
      .map((file) => [file, gzipSync(readFileSync(join(ROOT, 'dist/web/assets', file))).length] as const)
      .sort((a, b) => b[1] - a[1]);
    log(
      table(
        ['web JavaScript (gzip)', 'kB'],
        [
          [
            `initial (the inbox): ${initial.files.filter((file) => file.endsWith('.js')).join(', ')}`,
            (initial.js / 1024).toFixed(1),
          ],
          ...lazy.map(([file, size]) => [`lazy: ${file}`, (size / 1024).toFixed(1)]),
        ],
        (column) => column === 1,
      ),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
