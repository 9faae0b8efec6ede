/**
 * The HTTP under the typed client: one fetch per call with the token and `Accept: application/json`, JSON in and
 * out, an error status thrown as EmulatorApiError (our API) or MailcoachApiError (the Mailcoach API's helpers).
 * Each resource's methods (the files beside this one) are written against it.
 */
import { EmulatorApiError, MailcoachApiError } from '../errors.js';

export interface ClientOptions {
  /** The emulator's base URL, e.g. `http://127.0.0.1:8088` (no `/api`, no `/_emulator`). */
  url: string;
  /** The token whose workspace the client works in; without one, the default workspace. */
  token?: string | null;
  /** A fetch to use instead of the global one. */
  fetch?: typeof fetch;
}

export interface MailcoachResponse<T = unknown> {
  status: number;
  headers: Headers;
  /** The parsed JSON, the text when the answer is not JSON, or null when empty. */
  body: T;
}

export interface PageOptions {
  page?: number;
  perPage?: number;
}

type CallInit = { query?: Record<string, unknown>; json?: unknown };

export type Transport = ReturnType<typeof createTransport>;

export function createTransport(options: ClientOptions) {
  const base = options.url.replace(/\/+$/, '');
  const token = options.token ?? null;
  // A plain function, never a method: a browser's fetch called with `this` other than the window throws "Illegal
  // invocation", and the transport hands doFetch to other files, which call it as `t.doFetch(...)`.
  const chosenFetch = options.fetch ?? globalThis.fetch;
  const doFetch: typeof fetch = (input, init) => chosenFetch(input, init);

  const headers = (extra: Record<string, string> = {}): Record<string, string> => ({
    accept: 'application/json',
    ...(token === null ? {} : { authorization: `Bearer ${token}` }),
    ...extra,
  });

  /** A request to `/_emulator<path>`, whatever its status. */
  function call(method: string, path: string, init: CallInit = {}): Promise<Response> {
    return doFetch(`${base}/_emulator${path}${queryString(init.query)}`, {
      method,
      headers: headers(init.json === undefined ? {} : { 'content-type': 'application/json' }),
      ...(init.json === undefined ? {} : { body: JSON.stringify(init.json) }),
    });
  }

  /** The answer's JSON; an error status throws EmulatorApiError. */
  async function json<T>(method: string, path: string, init: CallInit = {}): Promise<T> {
    const response = await call(method, path, init);
    const body = await readBody(response);
    if (!response.ok) throw new EmulatorApiError(method, path, response.status, body);
    return body as T;
  }

  async function ok(response: Response, method: string, path: string): Promise<Response> {
    if (!response.ok) throw new EmulatorApiError(method, path, response.status, await readBody(response));
    return response;
  }

  /** A call whose answer has no body worth reading (204, or a bare 200); an error status throws. */
  async function done(method: string, path: string, init: CallInit = {}): Promise<void> {
    await ok(await call(method, path, init), method, path);
  }

  async function mailcoachRequest<T = unknown>(
    method: string,
    path: string,
    body?: unknown,
  ): Promise<MailcoachResponse<T>> {
    const response = await doFetch(`${base}/api${path.startsWith('/') ? path : `/${path}`}`, {
      method,
      headers: headers(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, headers: response.headers, body: (await readBody(response)) as T };
  }

  async function mailcoachOk<T>(method: string, path: string, body?: unknown): Promise<MailcoachResponse<T>> {
    const response = await mailcoachRequest<T>(method, path, body);
    if (response.status >= 300) throw new MailcoachApiError(method, path, response.status, response.body);
    return response;
  }

  /** A URL for places that cannot send headers (a frame, a download link): the token goes in the query string. */
  const resourceUrl = (path: string) => `${base}/_emulator${path}${queryString({ token })}`;

  return { base, token, doFetch, headers, call, json, ok, done, mailcoachRequest, mailcoachOk, resourceUrl };
}

/** `encodeURIComponent`, short, for the many path segments. */
export const segment = encodeURIComponent;

function queryString(query: Record<string, unknown> | undefined): string {
  if (query === undefined) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, String(value));
  }
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

export async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return null;
  if ((response.headers.get('content-type') ?? '').includes('json')) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}
