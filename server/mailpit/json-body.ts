/**
 * A request body read as Mailpit's handlers read it, with Go's `json.NewDecoder(r.Body).Decode(&v)`
 * (docs/spec/mailpit-api.md#21-global-behaviour-applies-to-every-endpoint-below), through the one decoder,
 * go-json-input.ts: the body capped at 5 MB (Mailpit's middleware), its first JSON value only. readGoJsonBody()
 * throws Mailpit's 400 with Go's text; readGoJson() reads a struct and answers a decode error instead of throwing
 * it, for the callers to whom a bad body means something (DELETE: delete everything).
 */
import type { Context } from 'hono';
import { mailpitError } from '../errors.js';
import { decodeGoJson, GoJsonError, type GoType, type GoValue, parseFirstGoJsonValue } from './go-json-input.js';

/** `http.MaxBytesReader` in Mailpit's middleware. */
const MAX_BODY_BYTES = 5 * 1024 * 1024;

async function bodyText(c: Context): Promise<string> {
  const body = await c.req.arrayBuffer();
  if (body.byteLength > MAX_BODY_BYTES) throw mailpitError(400, 'http: request body too large');
  return new TextDecoder().decode(body);
}

/** The body's first JSON value, or Mailpit's 400. */
export async function readGoJsonBody(c: Context): Promise<unknown> {
  const text = await bodyText(c);
  try {
    return parseFirstGoJsonValue(text);
  } catch (error) {
    if (error instanceof GoJsonError) throw mailpitError(400, error.message);
    throw error;
  }
}

/** The decoded struct (absent fields at Go's zero values), or Go's decode error text (`EOF` for an empty body). */
type GoDecoded<T extends Record<string, GoType>> =
  | { ok: true; value: GoValue<{ struct: T }> }
  | { ok: false; error: string };

/** The body read into the struct `type` describes, named `struct` in Go's type errors. Never throws for a bad body. */
export async function readGoJson<T extends Record<string, GoType>>(
  c: Context,
  type: T,
  struct = 'struct',
): Promise<GoDecoded<T>> {
  let text: string;
  try {
    text = await bodyText(c);
  } catch (error) {
    return { ok: false, error: (error as Error).message };
  }
  try {
    return { ok: true, value: decodeGoJson(text, type, struct) };
  } catch (error) {
    if (error instanceof GoJsonError) return { ok: false, error: error.message };
    throw error;
  }
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
