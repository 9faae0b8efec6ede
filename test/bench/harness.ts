/** Benchmark plumbing: the server process, keep-alive HTTP requests, latency statistics, memory readings. */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http from 'node:http';

/** The token every bench part starts the emulator with, and the headers of a JSON call to its API. */
export const BENCH_TOKEN = 'bench';
export const JSON_API_HEADERS = {
  authorization: `Bearer ${BENCH_TOKEN}`,
  accept: 'application/json',
  'content-type': 'application/json',
};

export interface RunningServer {
  child: ChildProcess;
  port: number;
  output(): string;
  stop(): Promise<void>;
}

/** Starts the built CLI on port 0 and waits for its "listening on" line. */
export function startServer(cli: string, args: string[]): Promise<RunningServer> {
  return startNode([cli, ...args]);
}

/** Starts `node <args>` (in `cwd`, with `env` or this process's) and waits for its "listening on http://host:port" line. */
export function startNode(args: string[], cwd?: string, env?: NodeJS.ProcessEnv): Promise<RunningServer> {
  const child = spawn(process.execPath, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 20_000);
    const onExit = (code: number | null) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    };
    child.once('exit', onExit);
    const onData = () => {
      const match = /listening on http:\/\/[^\s:]+:(\d+)/.exec(output);
      if (match === null) return;
      clearTimeout(timer);
      child.off('exit', onExit);
      child.stdout?.off('data', onData);
      resolve({
        child,
        port: Number(match[1]),
        output: () => output,
        stop: async () => {
          if (child.exitCode !== null || child.signalCode !== null) return;
          const exited = new Promise((done) => child.once('exit', done));
          child.kill('SIGTERM');
          await exited;
        },
      });
    };
    child.stdout?.on('data', onData);
  });
}

export interface Reply {
  status: number;
  body: string;
  /** Request written to last body byte received, in milliseconds. */
  ms: number;
}

export class Client {
  readonly agent: http.Agent;
  constructor(
    readonly port: number,
    readonly token: string,
    maxSockets: number,
  ) {
    this.agent = new http.Agent({ keepAlive: true, maxSockets });
  }

  get(path: string): Promise<Reply> {
    return this.request('GET', path);
  }

  /** A JSON body, as the API's clients send one. */
  post(path: string, json: string): Promise<Reply> {
    return this.request('POST', path, json);
  }

  private request(method: string, path: string, json?: string): Promise<Reply> {
    return new Promise((resolve, reject) => {
      const start = process.hrtime.bigint();
      const headers: http.OutgoingHttpHeaders = { authorization: `Bearer ${this.token}`, accept: 'application/json' };
      if (json !== undefined) headers['content-type'] = 'application/json';
      const request = http.request(
        { host: '127.0.0.1', port: this.port, method, path, agent: this.agent, headers },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => {
            const ms = Number(process.hrtime.bigint() - start) / 1e6;
            resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), ms });
          });
          response.on('error', reject);
        },
      );
      request.on('error', reject);
      request.end(json);
    });
  }

  close(): void {
    this.agent.destroy();
  }
}

export interface Stats {
  n: number;
  p50: number;
  p95: number;
  p99: number;
  mean: number;
  max: number;
  /** Requests per second over the run's wall time. */
  rps: number;
}

export function stats(samples: number[], wallMs: number): Stats {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? 0;
  return {
    n: sorted.length,
    p50: at(0.5),
    p95: at(0.95),
    p99: at(0.99),
    mean: sorted.reduce((sum, x) => sum + x, 0) / Math.max(sorted.length, 1),
    max: sorted.at(-1) ?? 0,
    rps: (sorted.length * 1000) / wallMs,
  };
}

/** A process's user + system CPU time so far, in ms (Linux /proc; 10 ms ticks). */
export function cpuTimeOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8')
    .replace(/^.*\) /s, '')
    .split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** Resident and peak resident set size of a process, in MiB (Linux /proc). */
export function memoryOf(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { rss: kib('VmRSS') / 1024, peak: kib('VmHWM') / 1024 };
}

export function table(headers: string[], rows: string[][], rightAligned: (column: number) => boolean): string {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((row) => (row[i] ?? '').length)));
  const line = (cells: string[]) =>
    `| ${cells.map((cell, i) => (rightAligned(i) ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!))).join(' | ')} |`;
  const rule = `|${widths.map((w, i) => (rightAligned(i) ? `${'-'.repeat(w + 1)}:` : `:${'-'.repeat(w + 1)}`)).join('|')}|`;
  return [line(headers), rule, ...rows.map(line)].join('\n');
}
