/**
 * Reads a request's input the way Laravel's `$request->input()` sees it (docs/spec/mailcoach-reference.md#14-content-negotiation-and-request-parsing, decisions.md "Inputs"):
 * JSON bodies (when the Content-Type mentions json), form-urlencoded and multipart bodies with PHP bracket keys,
 * and the query string, merged with the body winning; then the global TrimStrings and ConvertEmptyStringsToNull
 * middleware. Malformed input never throws: it reads as empty, exactly as PHP's json_decode failure does.
 */
import { createRequire } from 'node:module';
import type QsModule from 'qs';
import type { Input } from '../validation/input.js';

/**
 * qs (with the side-channel packages it brings) is loaded on the first query string or form body: a JSON
 * request never needs it, and a start would otherwise pay some 10 ms for it. It is CommonJS, so a synchronous
 * require does it.
 */
let qs: typeof QsModule | undefined;
const requireModule = createRequire(import.meta.url);

/** PHP's json_decode default depth; deeper documents fail to decode and read as empty. */
const MAX_JSON_DEPTH = 512;

/** PHP's max_input_vars default. */
const MAX_INPUT_VARS = 1000;

/** PHP's max_input_vars and max_input_nesting_level defaults. */
const QS_OPTIONS: QsModule.IParseOptions = {
  depth: 64,
  arrayLimit: 1000,
  parameterLimit: MAX_INPUT_VARS,
  duplicates: 'last',
  allowPrototypes: false,
};

/**
 * `bytes` gives the body (server/http/body.ts reads it once per request, within the size limit); by default it
 * is read from the request itself. With `ignoreBody`, the query string only.
 */
export async function readInput(
  request: Request,
  bytes: () => Promise<Uint8Array> = () => bytesOf(request),
  { ignoreBody = false } = {},
): Promise<Input> {
  const queryStart = request.url.indexOf('?');
  const query = queryStart === -1 ? {} : parseQueryString(queryString(request.url.slice(queryStart + 1)));
  const body = ignoreBody ? {} : await readBody(request, bytes);
  // PHP's array union `$body + $query`: body keys first, query keys only where the body has none.
  const merged: Input = { ...body };
  for (const [key, value] of Object.entries(query)) if (!Object.hasOwn(merged, key)) merged[key] = value;
  return cleanse(merged) as Input;
}

/** PHP-style query string: bracket keys nest, `+` is a space, repeated keys keep the last value. */
export function parseQueryString(raw: string): Input {
  if (raw === '') return {};
  qs ??= requireModule('qs') as typeof QsModule;
  return qs.parse(raw, QS_OPTIONS) as Input;
}

/** The query part of a URL, without its fragment (a client should not send one, but `new URL` drops it). */
function queryString(afterQuestionMark: string): string {
  const hash = afterQuestionMark.indexOf('#');
  return hash === -1 ? afterQuestionMark : afterQuestionMark.slice(0, hash);
}

async function readBody(request: Request, bytes: () => Promise<Uint8Array>): Promise<Input> {
  const rawContentType = request.headers.get('content-type') ?? '';
  // Laravel's Request::isJson(): the body is JSON whenever the Content-Type contains /json or +json (a
  // case-sensitive Str::contains), whatever the method.
  if (rawContentType.includes('/json') || rawContentType.includes('+json')) return parseJson(await bytes());
  const contentType = rawContentType.toLowerCase();
  if (request.method === 'GET' || request.method === 'HEAD') return {};
  if (contentType.startsWith('application/x-www-form-urlencoded')) {
    return parseQueryString(new TextDecoder().decode(await bytes()));
  }
  if (contentType.startsWith('multipart/form-data')) return parseMultipart(request, await bytes());
  return {};
}

async function bytesOf(request: Request): Promise<Uint8Array> {
  if (request.body === null) return new Uint8Array();
  return new Uint8Array(await request.arrayBuffer());
}

/** Reused: a fatal decoder keeps no state between whole-buffer decode() calls. */
const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** json_decode($body, true): invalid UTF-8, lone surrogates, excessive depth or a non-object all read as empty. */
export function parseJson(bytes: Uint8Array): Input {
  if (bytes.length === 0) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(strictUtf8.decode(bytes));
  } catch {
    return {};
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
  return isDecodableByPhp(parsed) ? (parsed as Input) : {};
}

/** Walks the document without recursion (it may be arbitrarily deep) checking PHP's depth and UTF-16 rules. */
function isDecodableByPhp(document: object): boolean {
  const stack: Array<[unknown, number]> = [[document, 1]];
  while (stack.length > 0) {
    const [value, depth] = stack.pop() as [unknown, number];
    if (typeof value === 'string') {
      if (!value.isWellFormed()) return false;
    } else if (value !== null && typeof value === 'object') {
      if (depth > MAX_JSON_DEPTH) return false;
      for (const [key, child] of Object.entries(value)) {
        if (!key.isWellFormed()) return false;
        stack.push([child, depth + 1]);
      }
    }
  }
  return true;
}

async function parseMultipart(request: Request, bytes: Uint8Array): Promise<Input> {
  let form: FormData;
  try {
    // A Request of its own: the original's body has been read already.
    const copy = new Request(request.url, {
      method: 'POST',
      headers: request.headers,
      body: bytes as Uint8Array<ArrayBuffer>,
    });
    form = await copy.formData();
  } catch {
    return {};
  }
  // The text fields as parseValues() would read their query string (PHP reads multipart fields as it reads a
  // form): the first max_input_vars of them, a repeated `name[]` collected, any other repeated name the last one.
  // Handed to qs as an object, its bracket keys nest as they do in a query string, without percent-encoding the
  // values and decoding them again (a megabyte field of `[` took some 100 ms that way).
  const fields: Record<string, string | string[]> = Object.create(null) as Record<string, string | string[]>;
  let count = 0;
  for (const [key, value] of form.entries()) {
    if (typeof value !== 'string') continue;
    if (++count > MAX_INPUT_VARS) break;
    const previous = fields[key];
    if (!key.endsWith('[]') || previous === undefined) fields[key] = value;
    else if (Array.isArray(previous)) previous.push(value);
    else fields[key] = [previous, value];
  }
  if (count === 0) return {};
  qs ??= requireModule('qs') as typeof QsModule;
  // Typed as strings only, but qs walks a `name[]` array as it does a repeated key of a query string.
  return qs.parse(fields as Record<string, string>, QS_OPTIONS) as Input;
}

/** Laravel's TrimStrings characters: whitespace plus BOM, zero-width space and left-to-right mark. */
const TRIM_CHAR = /^[\s\uFEFF\u200B\u200E]$/;

/**
 * Laravel's TrimStrings regex, applied by scanning from both ends: the regex form (`[...]+$`) backtracks
 * quadratically on a long run of inner whitespace, which would stall the server on one request.
 */
function trimString(value: string): string {
  let start = 0;
  let end = value.length;
  while (start < end && TRIM_CHAR.test(value.charAt(start))) start++;
  while (end > start && TRIM_CHAR.test(value.charAt(end - 1))) end--;
  return value.slice(start, end);
}

/**
 * TrimStrings then ConvertEmptyStringsToNull, on every string at any depth. Iterative, because a decoded
 * document may be hundreds of levels deep.
 */
export function cleanse(value: unknown): unknown {
  const root = { value };
  const stack: Array<Record<string, unknown>> = [root];
  while (stack.length > 0) {
    const container = stack.pop() as Record<string, unknown>;
    for (const key of Object.keys(container)) {
      const child = container[key];
      if (typeof child === 'string') {
        const trimmed = trimString(child);
        container[key] = trimmed === '' ? null : trimmed;
      } else if (child !== null && typeof child === 'object') {
        stack.push(child as Record<string, unknown>);
      }
    }
  }
  return root.value;
}
