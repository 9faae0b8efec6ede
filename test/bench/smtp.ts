/**
 * `BENCH_ONLY=smtp npm run bench`: SMTP ingest. The bench sends BENCH_SMTP_MAILS mails (default 3,000,
 * after 200 of warm-up) with 4 KB HTML bodies, composed before the clock starts, over 5 connections (smtp-client.ts), first to the emulator (the built CLI),
 * then to MailDev 2 in the same run, the peer the issue measures against. Printed for each: mails/s as accepted
 * (each sendMail's 250), mails/s until all are visible (the emulator's /_emulator/messages total, MailDev's
 * /email list), the server's peak RSS (VmHWM), and the emulator's ratio to MailDev. Target: at least 2x MailDev.
 *
 * MailDev is not a dependency of the project (it is heavy, and CI does not run the bench): it is installed on
 * first use into BENCH_CACHE_DIR (default ~/.cache/mailcoach-emulator-bench) with `npm install --prefix`, and run
 * as `maildev --smtp <port> --web <port>`. If that fails, the reason is printed and the emulator's figures stand
 * alone. BENCH_SMTP_ROUNDS (default 1) repeats both, alternating, for a steadier ratio.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, connect } from 'node:net';
import { cpus, homedir, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import { memoryOf, startServer, table } from './harness.js';
import { publishedCli } from '../support/published.js';
import { rawMail, sendOverConnections, type RawMail } from './smtp-client.js';

const MAILS = envInt('BENCH_SMTP_MAILS', 3_000);
const WARMUP = 200;
const CONNECTIONS = 5;
const ROUNDS = envInt('BENCH_SMTP_ROUNDS', 1);
const TARGET_RATIO = 2;
const CACHE_DIR = process.env.BENCH_CACHE_DIR ?? join(homedir(), '.cache', 'mailcoach-emulator-bench');
const MAILDEV_BIN = join(CACHE_DIR, 'node_modules', 'maildev', 'bin', 'maildev');

function envInt(name: string, fallback: number): number {
  const value = process.env[name];
  return value === undefined || value === '' ? fallback : Number.parseInt(value, 10);
}

/** A 4 KB HTML body (4,096 bytes), different per mail so that nothing is deduplicated. */
function htmlBody(i: number): string {
  const head = `<html><body><h1>Order ${i}</h1><p>Thanks for your order. <a href="https://app.test/orders/${i}">View it</a></p>`;
  const tail = '</body></html>';
  const filler = '<p>Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt.</p>';
  return head + filler.repeat(Math.ceil(4096 / filler.length)).slice(0, 4096 - head.length - tail.length) + tail;
}

interface Target {
  name: string;
  smtpPort: number;
  pid: number;
  /** How many mails the server shows. */
  visible(): Promise<number>;
  stop(): Promise<void>;
}

interface Result {
  name: string;
  acceptedPerSecond: number;
  visiblePerSecond: number;
  peakMiB: number;
  rssAfterMiB: number;
  failed: number;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address !== null ? address.port : 0));
    });
  });
}

async function waitForPort(port: number, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`exited with ${child.exitCode}: ${output()}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    if (Date.now() > deadline) throw new Error(`port ${port} did not open: ${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function startEmulatorTarget(dir: string): Promise<Target> {
  const server = await startServer(publishedCli(), [
    '--port',
    '0',
    '--db',
    join(dir, 'smtp-bench.sqlite'),
    '--token',
    'bench',
    '--no-fixtures',
    '--smtp-port',
    '0',
  ]);
  const match = /SMTP:\s+\S+:(\d+)/.exec(server.output());
  if (match === null) throw new Error(`the emulator printed no SMTP port:\n${server.output()}`);
  return {
    name: 'mailcoach-emulator',
    smtpPort: Number(match[1]),
    pid: server.child.pid!,
    visible: async () => {
      const response = await fetch(`http://127.0.0.1:${server.port}/_emulator/messages?per_page=1`);
      return ((await response.json()) as { meta: { total: number } }).meta.total;
    },
    stop: () => server.stop(),
  };
}

/** Installs MailDev 2 into the cache directory once; answers why not when it cannot. */
function ensureMailDev(log: (line: string) => void): string | null {
  if (existsSync(MAILDEV_BIN)) return null;
  mkdirSync(CACHE_DIR, { recursive: true });
  log(`installing MailDev 2 into ${CACHE_DIR} (once; not a dependency of the project)`);
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = spawnSync(
    npm,
    ['install', '--prefix', CACHE_DIR, 'maildev@2', '--no-audit', '--no-fund', '--loglevel=error'],
    {
      encoding: 'utf8',
      timeout: 300_000,
    },
  );
  if (result.error !== undefined) return `npm install maildev@2 failed: ${result.error.message}`;
  if (result.status !== 0)
    return `npm install maildev@2 exited with ${result.status}: ${(result.stderr || result.stdout).trim().slice(-500)}`;
  return existsSync(MAILDEV_BIN) ? null : `npm install maildev@2 left no ${MAILDEV_BIN}`;
}

async function startMailDevTarget(dir: string): Promise<Target> {
  const [smtpPort, webPort] = [await freePort(), await freePort()];
  const mailDir = join(dir, 'maildev');
  mkdirSync(mailDir);
  const child = spawn(
    process.execPath,
    [
      MAILDEV_BIN,
      '--smtp',
      String(smtpPort),
      '--web',
      String(webPort),
      '--ip',
      '127.0.0.1',
      '--mail-directory',
      mailDir,
      '--silent',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  await waitForPort(smtpPort, child, () => output);
  await waitForPort(webPort, child, () => output);
  return {
    name: 'MailDev 2',
    smtpPort,
    pid: child.pid!,
    visible: async () => ((await (await fetch(`http://127.0.0.1:${webPort}/email`)).json()) as unknown[]).length,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * The mails, composed by nodemailer (MIME, a text part from the HTML) and dot-stuffed before the clock starts, so
 * that the client only writes bytes and scans replies while it is measured (smtp-client.ts says why).
 */
async function composeMails(from: number, count: number): Promise<RawMail[]> {
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true });
  const mails = [];
  for (let i = from; i < from + count; i++) {
    const info = await composer.sendMail({
      from: 'App <app@example.com>',
      to: `user${i}@example.com`,
      subject: `SMTP bench ${i}`,
      html: htmlBody(i),
    });
    mails.push(rawMail('app@example.com', [`user${i}@example.com`], info.message as Buffer));
  }
  return mails;
}

async function measure(target: Target): Promise<Result> {
  let failed = await sendOverConnections(target.smtpPort, CONNECTIONS, await composeMails(0, WARMUP));
  const mails = await composeMails(WARMUP, MAILS);
  const start = performance.now();
  failed += await sendOverConnections(target.smtpPort, CONNECTIONS, mails);
  const acceptedMs = performance.now() - start;
  const deadline = Date.now() + 120_000;
  while ((await target.visible()) < WARMUP + MAILS - failed && Date.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 20));
  const visibleMs = performance.now() - start;
  const memory = memoryOf(target.pid);
  return {
    name: target.name,
    acceptedPerSecond: (MAILS * 1000) / acceptedMs,
    visiblePerSecond: (MAILS * 1000) / visibleMs,
    peakMiB: memory.peak,
    rssAfterMiB: memory.rss,
    failed,
  };
}

export async function runSmtpBench(log: (line: string) => void): Promise<void> {
  log(
    `SMTP ingest: ${MAILS} mails (after ${WARMUP} of warm-up) with 4 KB HTML bodies over ${CONNECTIONS} raw SMTP ` +
      `connections, ${ROUNDS} round(s); ${cpus().length} CPUs, load average ${loadavg()[0]!.toFixed(2)}`,
  );
  const whyNoMailDev = ensureMailDev(log);
  if (whyNoMailDev !== null) log(`MailDev is left out: ${whyNoMailDev}`);
  const results: Result[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const starters: Array<(dir: string) => Promise<Target>> = [startEmulatorTarget];
    if (whyNoMailDev === null) starters.push(startMailDevTarget);
    // Alternate the order between rounds, so that neither always runs on a warmer (or busier) machine.
    if (round % 2 === 1) starters.reverse();
    for (const start of starters) {
      const dir = mkdtempSync(join(tmpdir(), 'mce-bench-smtp-'));
      let target: Target | null = null;
      try {
        target = await start(dir);
        results.push(await measure(target));
        log(`  ${results.at(-1)!.name}: ${results.at(-1)!.acceptedPerSecond.toFixed(0)} mails/s`);
      } catch (error) {
        log(
          `  ${start === startEmulatorTarget ? 'mailcoach-emulator' : 'MailDev 2'} failed: ${(error as Error).message.slice(0, 500)}`,
        );
      } finally {
        await target?.stop();
        rmSync(dir, { recursive: true, force: true });
      }
    }
  }
  const median = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    const middle = Math.floor(sorted.length / 2);
    return sorted.length === 0
      ? NaN
      : sorted.length % 2 === 1
        ? sorted[middle]!
        : (sorted[middle - 1]! + sorted[middle]!) / 2;
  };
  const of = (name: string) => results.filter((result) => result.name === name);
  const names = [...new Set(results.map((result) => result.name))];
  const figure = (name: string, pick: (result: Result) => number) => median(of(name).map(pick));
  log('');
  log(
    table(
      ['server', 'runs', 'mails/s accepted', 'mails/s until visible', 'RSS after', 'peak RSS', 'failed sends'],
      names.map((name) => [
        name,
        String(of(name).length),
        figure(name, (r) => r.acceptedPerSecond).toFixed(0),
        figure(name, (r) => r.visiblePerSecond).toFixed(0),
        `${figure(name, (r) => r.rssAfterMiB).toFixed(0)} MiB`,
        `${figure(name, (r) => r.peakMiB).toFixed(0)} MiB`,
        String(of(name).reduce((n, r) => n + r.failed, 0)),
      ]),
      (i) => i >= 1,
    ),
  );
  const emulator = of('mailcoach-emulator');
  const mailDev = of('MailDev 2');
  if (emulator.length > 0 && mailDev.length > 0) {
    const ratio =
      figure('mailcoach-emulator', (r) => r.acceptedPerSecond) / figure('MailDev 2', (r) => r.acceptedPerSecond);
    const visibleRatio =
      figure('mailcoach-emulator', (r) => r.visiblePerSecond) / figure('MailDev 2', (r) => r.visiblePerSecond);
    log(
      `emulator / MailDev: ${ratio.toFixed(2)}x accepted, ${visibleRatio.toFixed(2)}x until visible ` +
        `(target: at least ${TARGET_RATIO}x: ${ratio >= TARGET_RATIO ? 'met' : 'NOT met'})`,
    );
  }
}
