/**
 * The requests real Mailcoach clients send (shared/spec/real-clients.md), with the headers in the recorded wire
 * order, replayed over a raw socket: spatie/mailcoach-sdk-php (Guzzle 7, docs/spec/real-clients.md#11-transport), spatie/mailcoach-mailer through
 * Symfony HttpClient (docs/spec/real-clients.md#21-transport) and whoisazamat/mailcoach-python (requests 2.28.1, docs/spec/real-clients.md#31-transport).
 */
import { replay, type Reply } from './raw-socket.js';

export type { Reply } from './raw-socket.js';

/** The clients, pointed at a server (read at each request, so a lazily started emulator works). */
export function realClients(server: () => { url: string; token: string }) {
  const host = () => new URL(server().url).host;

  /** The PHP SDK without a payload (GET, DELETE; POST with none): Content-Type but no body. */
  const sdkNoPayload = (method: 'GET' | 'DELETE' | 'POST', target: string, hostHeader = host()): Promise<Reply> =>
    replay(
      server().url,
      `${method} ${target} HTTP/1.1\r\n` +
        `Host: ${hostHeader}\r\n` +
        `Authorization: Bearer ${server().token}\r\n` +
        'Accept: application/json\r\n' +
        'Content-Type: application/json\r\n' +
        'User-Agent: GuzzleHttp/7\r\n' +
        '\r\n',
    );

  return {
    sdkNoPayload,
    sdkGet: (target: string, hostHeader?: string) => sdkNoPayload('GET', target, hostHeader),

    /** The PHP SDK's POST with a payload: http_build_query form body, and Guzzle's Expect for large ones. */
    sdkPost: (target: string, form: string, options: { expectContinue?: boolean } = {}): Promise<Reply> =>
      replay(
        server().url,
        `POST ${target} HTTP/1.1\r\n` +
          `Host: ${host()}\r\n` +
          `Authorization: Bearer ${server().token}\r\n` +
          'Accept: application/json\r\n' +
          'User-Agent: GuzzleHttp/7\r\n' +
          'Content-Type: application/x-www-form-urlencoded\r\n' +
          `Content-Length: ${Buffer.byteLength(form)}\r\n` +
          (options.expectContinue ? 'Expect: 100-Continue\r\n' : '') +
          '\r\n',
        form,
        { waitForContinue: options.expectContinue ?? false },
      ),

    /** spatie/mailcoach-mailer's POST (Symfony HttpClient, curl). */
    symfonyPost: (target: string, json: string): Promise<Reply> =>
      replay(
        server().url,
        `POST ${target} HTTP/1.1\r\n` +
          `Host: ${host()}\r\n` +
          'Accept: application/json\r\n' +
          `Authorization: Bearer ${server().token}\r\n` +
          'Content-Type: application/json\r\n' +
          'User-Agent: Symfony HttpClient/Curl\r\n' +
          'Accept-Encoding: gzip\r\n' +
          `Content-Length: ${Buffer.byteLength(json)}\r\n` +
          '\r\n',
        json,
      ),

    /** The Python client: Content-Length on everything but GET (0 for a DELETE). */
    python: (method: 'GET' | 'POST' | 'DELETE', target: string, body?: string): Promise<Reply> =>
      replay(
        server().url,
        `${method} ${target} HTTP/1.1\r\n` +
          `Host: ${host()}\r\n` +
          'User-Agent: python-requests/2.28.1\r\n' +
          'Accept-Encoding: gzip, deflate\r\n' +
          'Accept: application/json\r\n' +
          'Connection: keep-alive\r\n' +
          'Content-Type: application/json\r\n' +
          `Authorization: Bearer ${server().token}\r\n` +
          (method === 'GET' ? '' : `Content-Length: ${Buffer.byteLength(body ?? '')}\r\n`) +
          '\r\n',
        body ?? '',
      ),
  };
}

/** Python's json.dumps defaults: `", "` and `": "` separators, ensure_ascii. */
export function pyJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(pyJson).join(', ')}]`;
  if (value !== null && typeof value === 'object') {
    return `{${Object.entries(value)
      .map(([k, v]) => `${pyJson(k)}: ${pyJson(v)}`)
      .join(', ')}}`;
  }
  return JSON.stringify(value).replace(
    /[\u0080-\uffff]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
