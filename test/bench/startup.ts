/**
 * `BENCH_ONLY=startup npm run bench`: how long `startEmulator()` (mailcoach-emulator/testing) takes inside a test
 * process, from the call to the resolved promise, with the bundled fixtures and with none.
 *
 * Every measurement runs in fresh Node processes on the built code, so that module loading is counted as a test
 * file pays it: the published entry (package.json "exports", the esbuild bundle in dist/bundle) for the headline
 * figures, and tsc's per-file output (dist/unbundled/server, emitted here: the build emits declarations only) for
 * comparison and for the breakdown. Each figure is given as
 * wall time and as the process's CPU time (user + system): on a busy machine the wall time grows with the load,
 * while the CPU time stays close to what a quiet machine's wall time would be (start-up is single-threaded work:
 * reading, compiling and running modules).
 * - first start: the first `startEmulator()` of a process (importing the entry included), split into importing
 *   the entry, loading the server's modules (the chunk startEmulator imports on its first call) and the start
 *   itself (open `:memory:`, migrate, load and apply fixtures, build the app, listen);
 * - later start: further `startEmulator()` calls in the same process (modules cached), e.g. one per test file
 *   in a shared worker; with its createDeps (database + fixtures) and createApp phases;
 * - unbundled: the same first start from tsc's modules, one file per source file, as before the bundle;
 *   and the project's own modules alone, in a process that imported every package first;
 * - import breakdown: each package and heavy project module of tsc's output imported alone in a fresh process
 *   (shared dependencies are counted in each, so the column does not add up), and the marginal cost of each
 *   package the server loads on first use only (mail rendering, TLS) once the other packages are loaded.
 *
 * - first template sends of a CLI (first-sends.ts): the latency of the first MJML sends after a start.
 *
 * Target (issue): under 150 ms. Knobs: BENCH_STARTUP_RUNS (fresh processes per figure, default 5),
 * BENCH_STARTUP_WARM (later starts per process, default 10), BENCH_STARTUP_IMPORTS=0 (skip the breakdown).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { firstTemplateSends } from './first-sends.js';
import { table } from './harness.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** tsc's per-file modules of server/, which this bench emits (emitUnbundled); inside the repository, so that they
 * find node_modules. */
const UNBUNDLED_OUT = 'dist/unbundled';
const DIST = join(ROOT, UNBUNDLED_OUT, 'server');
const TARGET_MS = 150;
const RUNS = envInt('BENCH_STARTUP_RUNS', 5);
const WARM = envInt('BENCH_STARTUP_WARM', 10);
const IMPORT_RUNS = 3;

/** Packages the server loads on first use only: to render and compose mail, or to make a certificate. */
const LAZY_CANDIDATES = ['mjml', 'markdown-it', 'nodemailer/lib/mail-composer/index.js', 'twig', 'selfsigned'];
const BASE_PACKAGES = ['hono', '@hono/node-server', 'better-sqlite3', 'zod/mini', 'qs', 'email-addresses'];
const PROJECT_MODULES = [
  'testing/index.js',
  'testing/server-side.js',
  'server.js',
  'app.js',
  'deps.js',
  'mailcoach/index.js',
  'emulator/index.js',
  'fixtures/load.js',
  'mail/render/body.js',
  'mail/render/html.js',
  'mail/render/twig.js',
  'mail/mime/build-message.js',
  'tls.js',
];

function envInt(name: string, fallback: number): number {
  const value = process.env[name];
  return value === undefined || value === '' ? fallback : Number.parseInt(value, 10);
}

const url = (relative: string) => pathToFileURL(join(DIST, relative)).href;

/** A build of the testing entry: the module a test imports, and the one startEmulator() imports on its first call. */
interface Build {
  entry: string;
  serverSide: string;
}

/** What package.json "exports" publishes: the bundle (esbuild.config.mjs). */
function publishedBuild(): Build {
  const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
    exports: { './testing': { default: string } };
  };
  const entry = join(ROOT, manifest.exports['./testing'].default);
  const chunks = join(ROOT, 'dist/bundle/chunks');
  const serverSide = existsSync(chunks)
    ? readdirSync(chunks).find((name) => /^server-side-\w+\.js$/.test(name))
    : undefined;
  if (!existsSync(entry) || serverSide === undefined)
    throw new Error(`${entry} or its server-side chunk is missing: run npm run build`);
  return { entry: pathToFileURL(entry).href, serverSide: pathToFileURL(join(chunks, serverSide)).href };
}

/** tsc's output, one module per source file. */
const UNBUNDLED: Build = { entry: url('testing/index.js'), serverSide: url('testing/server-side.js') };

/** Wall and CPU milliseconds. */
interface Cost {
  wall: number;
  cpu: number;
}

/** Defines mark() and since(mark) in a child: wall and CPU time. */
const TIMER = `
  const mark = () => { const c = process.cpuUsage(); return { wall: performance.now(), cpu: (c.user + c.system) / 1000 }; };
  const since = (a) => { const b = mark(); return { wall: b.wall - a.wall, cpu: b.cpu - a.cpu }; };
`;

interface ChildResult {
  preloaded: Cost;
  index: Cost;
  modules: Cost | null;
  first: Cost;
  later: Cost[];
  deps: Cost[];
  apps: Cost[];
}

/**
 * The measuring child: prints one JSON line (ChildResult). With STARTUP_SPLIT=1 it imports the server-side
 * module itself before the first startEmulator(), which then finds it loaded: the two are timed apart.
 */
function childSource(): string {
  return `${TIMER}
    const fixtures = process.env.STARTUP_FIXTURES === 'none' ? null : undefined;
    const warmRuns = Number(process.env.STARTUP_WARM);
    const p0 = mark();
    for (const name of JSON.parse(process.env.STARTUP_PRELOAD)) await import(name);
    const preloaded = since(p0);
    const t0 = mark();
    const { startEmulator } = await import(process.env.STARTUP_ENTRY);
    const index = since(t0);
    let modules = null;
    if (process.env.STARTUP_SPLIT === '1') {
      const t1 = mark();
      await import(process.env.STARTUP_SERVER_SIDE);
      modules = since(t1);
    }
    const t2 = mark();
    const started = await startEmulator({ fixtures });
    const first = since(t2);
    await started.stop();
    const later = [];
    for (let i = 0; i < warmRuns; i++) {
      const a = mark();
      const e = await startEmulator({ fixtures });
      later.push(since(a));
      await e.stop();
    }
    const deps = [], apps = [];
    if (warmRuns > 0) {
      const { parseCli } = await import(${JSON.stringify(url('config.js'))});
      const { createDeps } = await import(${JSON.stringify(url('deps.js'))});
      const { createApp } = await import(${JSON.stringify(url('app.js'))});
      const { silentLogger } = await import(${JSON.stringify(url('logger.js'))});
      const request = parseCli(['--port', '0', '--db', ':memory:', ...(fixtures === null ? ['--no-fixtures'] : [])], {});
      for (let i = 0; i < warmRuns; i++) {
        const a = mark();
        const d = createDeps(request.config, silentLogger);
        deps.push(since(a));
        const b = mark();
        createApp(d);
        apps.push(since(b));
        d.store.close();
      }
    }
    console.log(JSON.stringify({ preloaded, index, modules, first, later, deps, apps }));
  `;
}

interface ChildOptions {
  split?: boolean;
  warm?: number;
  preload?: string[];
}

function runChild(build: Build, fixtures: 'bundled' | 'none', options: ChildOptions = {}): ChildResult {
  const output = execFileSync(process.execPath, ['--input-type=module', '-e', childSource()], {
    cwd: ROOT,
    env: {
      ...process.env,
      STARTUP_ENTRY: build.entry,
      STARTUP_SERVER_SIDE: build.serverSide,
      STARTUP_FIXTURES: fixtures,
      STARTUP_WARM: String(options.warm ?? WARM),
      STARTUP_SPLIT: options.split ? '1' : '0',
      STARTUP_PRELOAD: JSON.stringify(options.preload ?? []),
    },
    encoding: 'utf8',
  });
  return JSON.parse(output.trim().split('\n').at(-1)!) as ChildResult;
}

/** One import alone in a fresh process. */
function importCost(specifier: string): Cost {
  const source = `${TIMER} const t = mark(); await import(${JSON.stringify(specifier)}); console.log(JSON.stringify(since(t)));`;
  return JSON.parse(
    execFileSync(process.execPath, ['--input-type=module', '-e', source], { cwd: ROOT, encoding: 'utf8' }).trim(),
  ) as Cost;
}

/** Each lazy candidate's cost once the base packages are loaded, in LAZY_CANDIDATES order. */
function marginalCosts(): Record<string, Cost> {
  const source = `${TIMER}
    for (const name of ${JSON.stringify(BASE_PACKAGES)}) await import(name);
    const costs = {};
    for (const name of ${JSON.stringify(LAZY_CANDIDATES)}) { const t = mark(); await import(name); costs[name] = since(t); }
    console.log(JSON.stringify(costs));
  `;
  return JSON.parse(
    execFileSync(process.execPath, ['--input-type=module', '-e', source], { cwd: ROOT, encoding: 'utf8' }).trim(),
  ) as Record<string, Cost>;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return 0;
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Median wall and median CPU of a list of costs. */
const medianCost = (costs: Cost[]): Cost => ({
  wall: median(costs.map((c) => c.wall)),
  cpu: median(costs.map((c) => c.cpu)),
});
const plus = (...costs: Cost[]): Cost => ({
  wall: costs.reduce((s, c) => s + c.wall, 0),
  cpu: costs.reduce((s, c) => s + c.cpu, 0),
});
const ms = (value: number) => value.toFixed(1);
const verdict = (cost: Cost) => (cost.cpu < TARGET_MS ? (cost.wall < TARGET_MS ? 'yes' : 'yes (CPU)') : 'NO');

/** tsc's modules of server/ as `npm run build` emitted them before it emitted declarations only (a few seconds). */
function emitUnbundled(): void {
  const tsc = join(ROOT, 'node_modules/typescript/bin/tsc');
  const options = ['--emitDeclarationOnly', 'false', '--declaration', 'false', '--sourceMap', 'true'];
  execFileSync(process.execPath, [tsc, '-p', 'tsconfig.build.json', ...options, '--outDir', UNBUNDLED_OUT], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (!existsSync(join(DIST, 'testing/index.js'))) throw new Error(`tsc emitted no ${DIST}/testing/index.js`);
}

export async function runStartupBench(print: (line: string) => void): Promise<void> {
  emitUnbundled();
  const published = publishedBuild();
  print(
    `# startEmulator() start-up, in-process. Node ${process.version}, ${cpus().length} CPUs, load ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  print(
    `Medians of ${RUNS} fresh processes per figure, ${WARM} later starts per process. Target: under ${TARGET_MS} ms.`,
  );
  print(`Published entry: ${fileURLToPath(published.entry).slice(ROOT.length)}; unbundled: ${UNBUNDLED_OUT}/server.`);
  print('');

  const rows: string[][] = [];
  const firsts: Cost[] = [];
  const runs = (build: Build, fixtures: 'bundled' | 'none', options: ChildOptions = {}) =>
    Array.from({ length: RUNS }, () => runChild(build, fixtures, options));
  for (const fixtures of ['bundled', 'none'] as const) {
    const plain = runs(published, fixtures);
    const split = runs(published, fixtures, { split: true, warm: 0 });
    const unbundled = runs(UNBUNDLED, fixtures, { split: true, warm: 0 });
    const preall = runs(UNBUNDLED, fixtures, { split: true, warm: 0, preload: [...BASE_PACKAGES, ...LAZY_CANDIDATES] });
    const first = medianCost(plain.map((r) => plus(r.index, r.first)));
    const later = medianCost(plain.flatMap((r) => r.later));
    firsts.push(first);
    const row = (measure: string, cost: Cost, check = '') =>
      rows.push([fixtures, measure, ms(cost.wall), ms(cost.cpu), check]);
    row('first start (import + startEmulator)', first, verdict(first));
    row('  importing the testing entry', medianCost(plain.map((r) => r.index)));
    row('  loading the server modules (one chunk)', medianCost(split.map((r) => r.modules!)));
    row('  the start itself (db, fixtures, app, listen)', medianCost(split.map((r) => r.first)));
    row('later start (modules cached)', later, verdict(later));
    row('  createDeps (db, migrations, fixtures)', medianCost(plain.flatMap((r) => r.deps)));
    row('  createApp', medianCost(plain.flatMap((r) => r.apps)));
    row(
      `unbundled first start (${UNBUNDLED_OUT}/server)`,
      medianCost(unbundled.map((r) => plus(r.index, r.modules!, r.first))),
    );
    row('  loading the server modules', medianCost(unbundled.map((r) => r.modules!)));
    row(
      "  the project's own modules (every package imported first)",
      medianCost(preall.map((r) => plus(r.index, r.modules!))),
    );
  }
  print(
    table(
      ['fixtures', 'measure', 'wall ms', 'cpu ms', `< ${TARGET_MS} ms`],
      rows,
      (column) => column === 2 || column === 3,
    ),
  );
  print('');

  if (process.env.BENCH_STARTUP_IMPORTS !== '0') {
    const marginal = Array.from({ length: IMPORT_RUNS }, marginalCosts);
    const importRows: string[][] = [];
    const alone = (specifier: string) => medianCost(Array.from({ length: IMPORT_RUNS }, () => importCost(specifier)));
    for (const specifier of [...BASE_PACKAGES, ...LAZY_CANDIDATES]) {
      const cost = alone(specifier);
      const extra = LAZY_CANDIDATES.includes(specifier) ? medianCost(marginal.map((m) => m[specifier]!)) : null;
      importRows.push([
        specifier,
        ms(cost.wall),
        ms(cost.cpu),
        extra === null ? '' : ms(extra.wall),
        extra === null ? '' : ms(extra.cpu),
      ]);
    }
    const total = medianCost(marginal.map((m) => plus(...Object.values(m))));
    importRows.push([`all ${LAZY_CANDIDATES.length} lazy candidates`, '', '', ms(total.wall), ms(total.cpu)]);
    for (const module of PROJECT_MODULES) {
      const cost = alone(url(module));
      importRows.push([`${UNBUNDLED_OUT}/server/${module}`, ms(cost.wall), ms(cost.cpu), '', '']);
    }
    print(
      `Imports, medians of ${IMPORT_RUNS}. "alone": in a fresh process (shared dependencies counted in each, so the`,
    );
    print('column does not add up). "marginal": a lazy candidate imported after the base packages, in this order.');
    print(
      table(['module', 'alone wall', 'alone cpu', 'marginal wall', 'marginal cpu'], importRows, (column) => column > 0),
    );
    print('');
  }

  const sends: number[][] = [];
  for (let run = 0; run < RUNS; run++) sends.push(await firstTemplateSends());
  const sendRows = sends[0]!.map((_, index) => {
    const latencies = sends.map((latency) => latency[index]!);
    return [`send ${index + 1}`, ms(median(latencies)), ms(Math.max(...latencies))];
  });
  print(
    `First template sends of a CLI (first-sends.ts): the bundled MJML template, one send after another, medians of ${RUNS} fresh processes.`,
  );
  print(table(['send', 'median ms', 'max ms'], sendRows, (column) => column > 0));
  print('');

  const worst = firsts.reduce((a, b) => (b.cpu > a.cpu ? b : a));
  print(
    worst.cpu < TARGET_MS
      ? `OK: the first start stays under ${TARGET_MS} ms of CPU (wall ${ms(worst.wall)} ms on this machine).`
      : `Over target: the first start takes up to ${ms(worst.cpu)} ms of CPU (${ms(worst.wall)} ms wall).`,
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  runStartupBench((line) => process.stdout.write(`${line}\n`)).catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
