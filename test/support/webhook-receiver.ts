/**
 * A real local HTTP server standing in for the app that receives Mailcoach's webhooks: it records each request
 * exactly as it arrived (method, path, raw header names and values in order, body bytes) and answers with what
 * the test says (a status, a delay, a redirect, nothing at all). `waitForCalls(n)` waits for the n-th request.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';
import { waitUntil } from './wait.js';

export interface ReceivedCall {
  method: string;
  path: string;
  /** Header names as sent (case kept), in order, with their values. */
  rawHeaders: Array<[string, string]>;
  /** Lower-cased names. */
  headers: Record<string, string>;
  body: string;
  /** The body's bytes: for the signature, computed over what arrived. */
  bytes: Buffer;
}

/** How to answer one request; the default is a 200 with `{"ok":true}`. */
export type Responder = (call: ReceivedCall, res: ServerResponse) => void;

export interface WebhookReceiver {
  url: string;
  calls: ReceivedCall[];
  /** Answers the following requests this way, until changed. */
  respondWith(responder: Responder): void;
  waitForCalls(count: number, timeoutMs?: number): Promise<ReceivedCall[]>;
  clear(): void;
  close(): Promise<void>;
}

export const answerOk: Responder = (_call, res) => {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end('{"ok":true}');
};

/** Any status, with a small body. */
export function answerStatus(status: number, body = ''): Responder {
  return (_call, res) => {
    res.writeHead(status, { 'content-type': 'text/plain' });
    res.end(body);
  };
}

/** Never answers: the request stays open until the caller gives up (the receiver's close() ends it). */
export const hang: Responder = () => undefined;

/** Drops the connection without an answer (a TCP reset where the platform has one). */
export const resetConnection: Responder = (_call, res) => {
  const socket = res.socket;
  if (socket === null) return;
  if (typeof socket.resetAndDestroy === 'function') socket.resetAndDestroy();
  else socket.destroy();
};

/** Answers as `then` does, `ms` later (real time). */
export function answerAfter(ms: number, then: Responder = answerOk): Responder {
  return (call, res) => void setTimeout(() => then(call, res), ms);
}

export function redirectTo(status: number, location: string): Responder {
  return (_call, res) => {
    res.writeHead(status, { location, 'content-type': 'text/plain' });
    res.end(`Redirecting to ${location}`);
  };
}

/**
 * A 200 of `bytes` bytes ('x'), written as fast as the caller reads; `written()` says how many went out before
 * the caller hung up.
 */
export function answerHuge(bytes: number): Responder & { written(): number } {
  let written = 0;
  const responder = (_call: ReceivedCall, res: ServerResponse) => {
    res.writeHead(200, { 'content-type': 'text/plain', 'content-length': String(bytes) });
    const chunk = Buffer.alloc(64 * 1024, 'x');
    let closed = false;
    res.on('close', () => (closed = true));
    const pump = () => {
      while (!closed && written < bytes) {
        const part = chunk.subarray(0, Math.min(chunk.length, bytes - written));
        written += part.length;
        if (!res.write(part)) return void res.once('drain', pump);
      }
      if (!closed) res.end();
    };
    pump();
  };
  return Object.assign(responder, { written: () => written });
}

async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const calls: ReceivedCall[] = [];
  let responder: Responder = answerOk;
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const bytes = Buffer.concat(chunks);
      const rawHeaders: Array<[string, string]> = [];
      for (let i = 0; i < req.rawHeaders.length; i += 2)
        rawHeaders.push([req.rawHeaders[i] as string, req.rawHeaders[i + 1] as string]);
      const headers = Object.fromEntries(rawHeaders.map(([name, value]) => [name.toLowerCase(), value]));
      const call = {
        method: req.method ?? '',
        path: req.url ?? '',
        rawHeaders,
        headers,
        body: bytes.toString('utf8'),
        bytes,
      };
      calls.push(call);
      responder(call, res);
    });
  });
  const sockets = new Set<import('node:net').Socket>();
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    respondWith: (next) => {
      responder = next;
    },
    waitForCalls: (count, timeoutMs) =>
      waitUntil(
        () => calls.slice(),
        (seen) => seen.length >= count,
        { what: `${count} webhook call(s) at the receiver`, timeoutMs },
      ),
    clear: () => void calls.splice(0),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** One receiver for the test file, closed after it. */
export function useWebhookReceiver(): () => WebhookReceiver {
  let receiver: WebhookReceiver | undefined;
  beforeAll(async () => {
    receiver = await startWebhookReceiver();
  });
  afterAll(async () => receiver?.close());
  return () => {
    if (receiver === undefined) throw new Error('the webhook receiver has not started');
    return receiver;
  };
}
