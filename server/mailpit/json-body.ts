/**
 * A request body read as Mailpit's handlers read it, with Go's `json.NewDecoder(r.Body).Decode(&v)`
 * (docs/spec/mailpit-api.md#21-global-behaviour-applies-to-every-endpoint-below): only the first JSON value counts
 * (what follows it is never read), an empty body is the error `EOF`, a truncated one `unexpected EOF`, and keys
 * match a struct's fields case-insensitively, an exact match first. Errors are Mailpit's 400 with Go's text.
 */
import type { Context } from 'hono';
import { mailpitError } from '../errors.js';

/** `http.MaxBytesReader` in Mailpit's middleware. */
const MAX_BODY_BYTES = 5 * 1024 * 1024;

const WHITESPACE = new Set([' ', '\t', '\n', '\r']);

/** The body's first JSON value, or Mailpit's 400. */
export async function readGoJsonBody(c: Context): Promise<unknown> {
  const body = await c.req.arrayBuffer();
  if (body.byteLength > MAX_BODY_BYTES) throw mailpitError(400, 'http: request body too large');
  return decodeFirstJsonValue(new TextDecoder().decode(body));
}

function decodeFirstJsonValue(text: string): unknown {
  let start = 0;
  while (start < text.length && WHITESPACE.has(text[start] as string)) start++;
  if (start === text.length) throw mailpitError(400, 'EOF');
  const end = firstValueEnd(text, start);
  if (end === null) throw mailpitError(400, 'unexpected EOF');
  try {
    return JSON.parse(text.slice(start, end));
  } catch (error) {
    const at = /position (\d+)/.exec((error as Error).message);
    const char = at === null ? text[start] : text[start + Number(at[1])];
    throw mailpitError(400, `invalid character '${char ?? ''}' looking for beginning of value`);
  }
}

/**
 * Where the value starting at `start` ends: after its closing bracket or quote, or before the first delimiter of a
 * bare literal (a number, true, false, null). Null when the text ends inside it.
 */
function firstValueEnd(text: string, start: number): number | null {
  const first = text[start];
  if (first !== '{' && first !== '[' && first !== '"') {
    let end = start;
    while (end < text.length && !WHITESPACE.has(text[end] as string) && !',]}{["'.includes(text[end] as string)) end++;
    return end === start ? start + 1 : end;
  }
  let depth = 0;
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const char = text[i];
    if (inString) {
      if (char === '\\') i++;
      else if (char === '"') {
        inString = false;
        if (depth === 0) return i + 1;
      }
    } else if (char === '"') inString = true;
    else if (char === '{' || char === '[') depth++;
    else if (char === '}' || char === ']') {
      depth--;
      if (depth === 0) return i + 1;
    }
  }
  return null;
}

/** The JSON kind Go names in an UnmarshalTypeError. */
export function goKind(value: unknown): string {
  if (Array.isArray(value)) return 'array';
  if (value === null) return 'null';
  if (typeof value === 'boolean') return 'bool';
  return typeof value === 'object' ? 'object' : typeof value;
}

/**
 * The values given for a struct field, in the body's order: Go decodes each key that names the field (exactly, or
 * else case-insensitively; no two fields here differ only by case) into it in turn, so the last wins and objects merge.
 */
export function goFieldValues(object: Record<string, unknown>, field: string): unknown[] {
  const name = field.toLowerCase();
  return Object.keys(object)
    .filter((key) => key.toLowerCase() === name)
    .map((key) => object[key]);
}
