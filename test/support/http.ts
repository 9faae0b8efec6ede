/**
 * HTTP for contract tests, on node:http so that tests control every header and byte (fetch adds its own
 * Accept, User-Agent and encodings, and cannot send invalid UTF-8 in a URL).
 */
import { request as httpRequest } from 'node:http';
import { expect } from 'vitest';

export interface RawResponse {
  status: number;
  /** Lower-cased header names. */
  headers: Record<string, string>;
  body: Buffer;
  text: string;
  json(): any;
}

export interface RawRequest {
  method?: string;
  /** Path and query, sent exactly as given (no encoding is applied). */
  path: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
}

export function rawRequest(baseUrl: string, req: RawRequest): Promise<RawResponse> {
  const url = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        method: req.method ?? 'GET',
        path: req.path,
        headers: req.headers ?? {},
        setHost: !hasHeader(req.headers, 'host'),
      },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('end', () => {
          const body = Buffer.concat(chunks);
          const headers: Record<string, string> = {};
          for (const [name, value] of Object.entries(incoming.headers)) {
            headers[name] = Array.isArray(value) ? value.join(', ') : (value ?? '');
          }
          const text = body.toString('utf8');
          resolve({ status: incoming.statusCode ?? 0, headers, body, text, json: () => JSON.parse(text) });
        });
      },
    );
    outgoing.on('error', reject);
    if (req.body !== undefined) outgoing.write(req.body);
    outgoing.end();
  });
}

/**
 * The answer's JSON, once its status is `status` (200 unless given); null for an answer without a body (a 204).
 * Any other status fails the test, with the body as the message.
 */
export function ok(res: RawResponse, status = 200) {
  expect(res.status, res.text).toBe(status);
  return res.status === 204 || res.text === '' ? null : res.json();
}

function hasHeader(headers: Record<string, string> | undefined, name: string): boolean {
  return Object.keys(headers ?? {}).some((key) => key.toLowerCase() === name);
}

export interface ApiRequestOptions {
  headers?: Record<string, string>;
  /** Sent as Content-Type: application/json. */
  json?: unknown;
  /** Sent as application/x-www-form-urlencoded, exactly as given. */
  form?: string;
  body?: string | Buffer;
  /** Overrides the bearer token; null sends no Authorization header. */
  token?: string | null;
}

/** A client that sends what a well-behaved Mailcoach client sends: bearer token and Accept: application/json. */
export function apiClient(baseUrl: string, token: string) {
  const send = (method: string, path: string, options: ApiRequestOptions = {}) => {
    const headers: Record<string, string> = { accept: 'application/json' };
    const bearer = options.token === undefined ? token : options.token;
    if (bearer !== null) headers.authorization = `Bearer ${bearer}`;
    let body = options.body;
    if (options.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.json);
    } else if (options.form !== undefined) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = options.form;
    }
    // Node frames a body without a length as chunked for POST, PUT and PATCH only; a DELETE's needs its length.
    if (body !== undefined && method === 'DELETE') headers['content-length'] = String(Buffer.byteLength(body));
    return rawRequest(baseUrl, { method, path, headers: { ...headers, ...options.headers }, body });
  };
  return {
    get: (path: string, options?: ApiRequestOptions) => send('GET', path, options),
    post: (path: string, options?: ApiRequestOptions) => send('POST', path, options),
    put: (path: string, options?: ApiRequestOptions) => send('PUT', path, options),
    patch: (path: string, options?: ApiRequestOptions) => send('PATCH', path, options),
    delete: (path: string, options?: ApiRequestOptions) => send('DELETE', path, options),
    request: send,
  };
}

export type ApiClient = ReturnType<typeof apiClient>;
