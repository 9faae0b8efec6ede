/**
 * One webhook request as Mailcoach's Guzzle makes it (docs/spec/mailcoach-webhooks.md#21-request-line-headers-body-ws-webhookcallphp-callwebhookjobphp-configwebhook-serverphp-gz, docs/spec/mailcoach-webhooks.md#23-timing-transport-success-ws-callwebhookjobhandlecreaterequest-gz): POST with exactly
 * `Content-Type: application/json`, `Signature` and `User-Agent: GuzzleHttp/7` (plus Host and Content-Length; no
 * Accept), a 10 s limit on the whole exchange, redirects followed as Guzzle's RedirectMiddleware does (at most 5;
 * 301/302/303 become a GET without body, 307/308 keep the POST). node:http rather than fetch: fetch adds headers
 * Mailcoach never sends (accept, accept-language, sec-fetch-mode, accept-encoding).
 *
 * A hostile receiver costs nothing beyond its own call: the answer is read up to RESPONSE_LIMIT bytes and the
 * connection is then dropped (a 50 MB body is never read), a hang ends at the deadline, a redirect loop at 5.
 */
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';

const WEBHOOK_TIMEOUT_MS = 10_000;
const MAX_REDIRECTS = 5;
/** How much of an answer is kept for the log: Mailcoach stores it all; an excerpt is what a person reads. */
const RESPONSE_LIMIT = 64 * 1024;

export interface WebhookRequest {
  url: string;
  body: string;
  signature: string;
  timeoutMs?: number;
}

export interface WebhookResponse {
  /** The final response's status; null when none came (connection error, timeout, too many redirects). */
  statusCode: number | null;
  /** Its body's first RESPONSE_LIMIT bytes, as text; '' without a response. */
  response: string;
  /** Why there is no response, or why this one does not count; null on a 2xx. */
  error: string | null;
  durationMs: number;
}

export async function callWebhook(
  request: WebhookRequest,
  now: () => number = performanceNow,
): Promise<WebhookResponse> {
  const started = now();
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(), request.timeoutMs ?? WEBHOOK_TIMEOUT_MS);
  try {
    let url = new URL(request.url);
    let method: 'POST' | 'GET' = 'POST';
    for (let redirects = 0; ; redirects++) {
      const answer = await exchange(url, method, request, method === 'POST', deadline.signal);
      const location = answer.headers.location;
      if (isRedirect(answer.statusCode) && typeof location === 'string') {
        if (redirects === MAX_REDIRECTS) {
          return outcome(
            answer.statusCode,
            answer.text,
            `Will not follow more than ${MAX_REDIRECTS} redirects`,
            started,
            now,
          );
        }
        url = new URL(location, url);
        // Guzzle (RedirectMiddleware::modifyRequest): a 303, or a 300-302 (not strict RFC), turns the request into a
        // GET without body; its headers stay (Content-Type and Signature included), 307/308 keep the POST and body.
        if (answer.statusCode <= 303) method = 'GET';
        continue;
      }
      const ok = answer.statusCode >= 200 && answer.statusCode < 300;
      return outcome(answer.statusCode, answer.text, ok ? null : `HTTP ${answer.statusCode}`, started, now);
    }
  } catch (error) {
    const reason = deadline.signal.aborted
      ? `Timed out after ${(request.timeoutMs ?? WEBHOOK_TIMEOUT_MS) / 1000} s`
      : error instanceof Error
        ? error.message
        : String(error);
    return outcome(null, '', reason, started, now);
  } finally {
    clearTimeout(timer);
  }
}

function performanceNow(): number {
  return performance.now();
}

function outcome(
  statusCode: number | null,
  response: string,
  error: string | null,
  started: number,
  now: () => number,
): WebhookResponse {
  return { statusCode, response, error, durationMs: Math.round(now() - started) };
}

/** Guzzle follows any 3xx that has a Location header (RedirectMiddleware::checkRedirect). */
function isRedirect(status: number): boolean {
  return status >= 300 && status < 400;
}

interface Answer {
  statusCode: number;
  headers: IncomingMessage['headers'];
  text: string;
}

function exchange(
  url: URL,
  method: 'POST' | 'GET',
  request: WebhookRequest,
  post: boolean,
  signal: AbortSignal,
): Promise<Answer> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return Promise.reject(new Error(`Unsupported URL scheme ${url.protocol}`));
  // Host as the URL has it; no Connection header, which cURL does not send (removed below).
  // After a 30x that turned it into a GET, the headers are the POST's but for Content-Length (no body).
  const headers: Record<string, string> = {
    Host: url.host,
    'User-Agent': 'GuzzleHttp/7',
    'Content-Type': 'application/json',
    Signature: request.signature,
  };
  if (post) headers['Content-Length'] = String(Buffer.byteLength(request.body));
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<Answer>((resolve, reject) => {
    const outgoing = send(url, { method, headers, signal, agent: false, setHost: false }, (incoming) => {
      const chunks: Buffer[] = [];
      let kept = 0;
      let finished = false;
      const finish = () => {
        finished = true;
        resolve({
          statusCode: incoming.statusCode ?? 0,
          headers: incoming.headers,
          text: Buffer.concat(chunks).toString('utf8'),
        });
      };
      // A receiver that sends headers and then drops the connection mid-body: no complete answer, as for cURL.
      incoming.on('close', () => {
        if (!finished) reject(new Error('The connection closed before the answer ended'));
      });
      incoming.on('data', (chunk: Buffer) => {
        if (kept >= RESPONSE_LIMIT) return;
        chunks.push(chunk.subarray(0, RESPONSE_LIMIT - kept));
        kept += Math.min(chunk.length, RESPONSE_LIMIT - kept);
        if (kept >= RESPONSE_LIMIT) {
          // Enough for the log: stop reading (and the receiver's sending) now.
          finish();
          incoming.destroy();
          outgoing.destroy();
        }
      });
      incoming.on('end', finish);
      incoming.on('error', (error) => (kept >= RESPONSE_LIMIT ? undefined : reject(error)));
    });
    // The deadline settles the exchange whatever node:http does or does not emit once aborted: a call that never
    // settles would hold its configuration's queue for ever.
    const onAbort = () => reject(new Error('Aborted at the deadline'));
    signal.addEventListener('abort', onAbort, { once: true });
    outgoing.on('close', () => signal.removeEventListener('abort', onAbort));
    // Removing it before the headers are written stops node:http from adding `Connection: close`.
    outgoing.removeHeader('connection');
    outgoing.on('error', reject);
    outgoing.end(post ? request.body : undefined);
  });
}
