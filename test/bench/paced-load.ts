/**
 * An open-loop load at a fixed rate, the other half of the send bench (send.ts): requests start on a schedule,
 * one every 1/rate seconds whatever the answers before them, over `connections` keep-alive sockets (a request
 * due while all of them are busy waits for one), and each latency counts from the request's scheduled start. So a
 * stall of the server shows in every request scheduled during it (no coordinated omission), and the figures say
 * how the server answers a given rate, which a closed loop cannot: there, 50 clients that each wait for their
 * answer make the mean latency 50 / throughput, whatever the server does (Little's law).
 * autocannon's own rate option is not used: it sends each second's requests at the start of the second.
 */
import { connect, type Socket } from 'node:net';
import { stats, type Stats } from './harness.js';

export interface PacedLoadOptions {
  port: number;
  path: string;
  headers: Record<string, string>;
  /** The body of the i-th request. */
  body: (index: number) => string;
  /** Requests per second. */
  rate: number;
  seconds: number;
  connections: number;
}

export interface PacedLoadResult {
  latency: Stats;
  /** Requests scheduled, and answered within the run plus a grace period. */
  scheduled: number;
  answered: number;
  statusCounts: Record<string, number>;
  errors: number;
  /** Answers per second over the schedule's length. */
  answeredRate: number;
}

/** How long answers to the last scheduled requests are awaited after the schedule ends. */
const GRACE_MS = 5_000;

export async function pacedLoad(options: PacedLoadOptions): Promise<PacedLoadResult> {
  const total = Math.round(options.rate * options.seconds);
  const intervalMs = 1_000 / options.rate;
  const latencies: number[] = [];
  const statusCounts: Record<string, number> = {};
  let errors = 0;
  let settled = 0;
  let allSettled: () => void = () => undefined;
  const done = new Promise<void>((resolve) => (allSettled = resolve));
  const head =
    `POST ${options.path} HTTP/1.1\r\nhost: 127.0.0.1:${options.port}\r\n` +
    Object.entries(options.headers)
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('');

  /** Requests due while every connection is busy, oldest first: [index, scheduled start]. */
  const waiting: Array<[number, number]> = [];
  const idle: Connection[] = [];
  const settle = (connection: Connection, outcome: { status: number } | 'error') => {
    if (outcome === 'error') errors++;
    else {
      latencies.push(performance.now() - connection.scheduledAt);
      statusCounts[outcome.status] = (statusCounts[outcome.status] ?? 0) + 1;
    }
    if (++settled === total) allSettled();
    if (connection.closed) return;
    const next = waiting.shift();
    if (next !== undefined) send(connection, next[0], next[1]);
    else idle.push(connection);
  };
  const send = (connection: Connection, index: number, scheduledAt: number) => {
    const body = options.body(index);
    connection.scheduledAt = scheduledAt;
    connection.write(`${head}content-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
  };
  const connections = await Promise.all(
    Array.from({ length: options.connections }, () => openConnection(options.port, settle)),
  );
  idle.push(...connections);

  const start = performance.now();
  let next = 0;
  // A 1 ms timer starts every request that has come due; each keeps its own scheduled start.
  const timer = setInterval(() => {
    const due = Math.min(total, Math.floor((performance.now() - start) / intervalMs) + 1);
    for (; next < due; next++) {
      const scheduledAt = start + next * intervalMs;
      // The longest idle first: every connection stays in use, none idles into the server's keep-alive timeout.
      let connection = idle.shift();
      while (connection?.closed) connection = idle.shift();
      if (connection === undefined) waiting.push([next, scheduledAt]);
      else send(connection, next, scheduledAt);
    }
    if (next === total) clearInterval(timer);
  }, 1);
  await Promise.race([done, new Promise((resolve) => setTimeout(resolve, options.seconds * 1_000 + GRACE_MS))]);
  clearInterval(timer);
  for (const connection of connections) connection.socket.destroy();
  const scheduleMs = total * intervalMs;
  return {
    latency: stats(latencies, scheduleMs),
    scheduled: total,
    answered: latencies.length,
    statusCounts,
    errors,
    answeredRate: (latencies.length * 1_000) / scheduleMs,
  };
}

interface Connection {
  socket: Socket;
  write(text: string): void;
  /** The scheduled start of the request in flight. */
  scheduledAt: number;
  closed?: boolean;
}

/**
 * A keep-alive connection that reads one answer at a time: the status line, then a body of Content-Length bytes
 * (every answer of the send route has one). A lean client of its own, not node:http, whose per-request cost
 * (some 0.1 ms) would take the server's CPU on a machine of two cores.
 */
function openConnection(
  port: number,
  onAnswer: (connection: Connection, outcome: { status: number } | 'error') => void,
): Promise<Connection> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port, noDelay: true });
    const connection: Connection = {
      socket,
      scheduledAt: 0,
      write: (text) => {
        inFlight = true;
        socket.write(text);
      },
    };
    let received: Buffer = Buffer.alloc(0);
    let inFlight = false;
    socket.on('data', (chunk: Buffer) => {
      received = received.length === 0 ? chunk : Buffer.concat([received, chunk]);
      for (;;) {
        const headEnd = received.indexOf('\r\n\r\n');
        if (headEnd === -1) return;
        const headText = received.subarray(0, headEnd).toString('latin1');
        const length = Number(/\r\ncontent-length: *(\d+)/i.exec(headText)?.[1] ?? 0);
        if (received.length < headEnd + 4 + length) return;
        received = received.subarray(headEnd + 4 + length);
        inFlight = false;
        onAnswer(connection, { status: Number(headText.slice(9, 12)) });
      }
    });
    socket.once('connect', () => resolve(connection));
    // Before the connection: the load cannot start. After: the 'close' that follows counts it.
    socket.on('error', reject);
    // A request the connection closed under (a reset, say) counts as an error; the connection is not reused.
    socket.once('close', () => {
      connection.closed = true;
      if (inFlight) onAnswer(connection, 'error');
    });
  });
}
