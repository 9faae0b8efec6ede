/**
 * The request body, read once per request and bounded by `--max-body-bytes` (Laravel's ValidatePostSize: a 413
 * "The POST data is too large." before anything else runs).
 *
 * Why not hono/body-limit and `c.req.raw`: under @hono/node-server the request is a lightweight object over
 * Node's IncomingMessage, and touching its `body` stream builds a full undici Request (an AbortController, a web
 * ReadableStream, header copies). On the send path that was about a tenth of the server's CPU per request. Its
 * `arrayBuffer()` reads the IncomingMessage directly instead, so a body with a Content-Length (every client we
 * know sends one) is read that way; only a chunked body, whose size is unknown up front, is streamed with a
 * running count so that an endless upload stops at the limit.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { payloadTooLarge } from '../errors.js';
import type { AppEnv } from './env.js';

/** Rejects a declared Content-Length over the limit before routing and authentication, as ValidatePostSize does. */
export function declaredSizeLimit(maxBytes: number): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const declared = c.req.header('content-length');
    if (declared !== undefined && Number.parseInt(declared, 10) > maxBytes)
      await refuseAfterDraining(c.req.raw.body, maxBytes);
    await next();
  };
}

/**
 * The 413 goes out once the client has sent its body, read and thrown away (at most DRAIN_FACTOR times the limit,
 * for at most DRAIN_MS). The response closes the connection (errors.ts, http/error-response.ts), and a socket closed while the client's
 * bytes are still arriving is reset by the kernel, which can throw away the 413 before the client reads it: CI
 * saw `no response` for a 40 MB attachment sent to a busy server. PHP behind a web server answers only once it
 * has the whole body too.
 */
const DRAIN_FACTOR = 4;
const DRAIN_MS = 10_000;

async function refuseAfterDraining(
  body: ReadableStream<Uint8Array> | null,
  maxBytes: number,
  alreadyRead = 0,
): Promise<never> {
  if (body !== null) {
    const reader = body.getReader();
    let read = alreadyRead;
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), DRAIN_MS)));
    try {
      while (read <= maxBytes * DRAIN_FACTOR) {
        const chunk = await Promise.race([reader.read(), timedOut]);
        if (chunk === 'timeout' || chunk.done) break;
        read += chunk.value.length;
      }
    } catch {
      // The client went away: nothing left to drain.
    } finally {
      clearTimeout(timer);
      await reader.cancel().catch(() => undefined);
    }
  }
  throw payloadTooLarge();
}

const EMPTY = new Uint8Array();

/** The body's bytes; every caller in one request gets the same read. */
export function requestBody(c: Context<AppEnv>, maxBytes: number): Promise<Uint8Array> {
  let body = c.get('body');
  if (body === undefined) {
    body = readBody(c.req.raw, maxBytes);
    c.set('body', body);
  }
  return body;
}

async function readBody(request: Request, maxBytes: number): Promise<Uint8Array> {
  if (request.method === 'GET' || request.method === 'HEAD') return EMPTY;
  const declared = request.headers.get('content-length');
  if (declared !== null && !request.headers.has('transfer-encoding')) {
    if (Number.parseInt(declared, 10) > maxBytes) return refuseAfterDraining(request.body, maxBytes);
    return new Uint8Array(await request.arrayBuffer());
  }
  return readCounting(request, maxBytes);
}

async function readCounting(request: Request, maxBytes: number): Promise<Uint8Array> {
  if (request.body === null) return EMPTY;
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > maxBytes) {
      reader.releaseLock();
      return refuseAfterDraining(request.body, maxBytes, size);
    }
    chunks.push(value);
  }
  return chunks.length === 1 ? (chunks[0] as Uint8Array) : Buffer.concat(chunks, size);
}
