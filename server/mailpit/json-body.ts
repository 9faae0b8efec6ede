/**
 * A request body read as Mailpit's handlers read it, with Go's `json.NewDecoder(r.Body).Decode(&v)`
 * (docs/spec/mailpit-api.md#21-global-behaviour-applies-to-every-endpoint-below): only the first JSON value counts
 * (what follows it is never read), an empty body is the error `EOF`, a truncated one `unexpected EOF`, and keys
 * match a struct's fields case-insensitively, an exact match first. Errors are Mailpit's 400 with Go's text.
 * readGoJson() reads a flat struct of typed fields at once (the list's PUT and DELETE), and answers a decode error
 * instead of throwing it, for the callers to whom a bad body means something (DELETE: delete everything).
 */
import type { Context } from 'hono';
import { MailpitError, mailpitError } from '../errors.js';

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

/** The Go type of a field: string, bool, int, []string, or any JSON (a nested struct read by its caller). */
export type GoFieldType = 'string' | 'bool' | 'int' | 'strings' | 'any';

type GoValue<T extends GoFieldType> = T extends 'string'
  ? string
  : T extends 'bool'
    ? boolean
    : T extends 'int'
      ? number
      : T extends 'strings'
        ? string[]
        : unknown;

type GoStruct<F extends Record<string, GoFieldType>> = { [K in keyof F]?: GoValue<F[K]> };

/** The decoded fields, or Go's decode error text (`EOF` for an empty body). */
type GoDecoded<F extends Record<string, GoFieldType>> = { ok: true; value: GoStruct<F> } | { ok: false; error: string };

const GO_TYPE: Record<GoFieldType, string> = {
  string: 'string',
  bool: 'bool',
  int: 'int',
  strings: '[]string',
  any: 'interface {}',
};

/**
 * The body's first JSON value read into the fields of a struct named `struct` (for Go's error texts): keys in any
 * case (the exact one preferred), unknown keys ignored, `null` leaves a field unset, a value of another type is
 * Go's UnmarshalTypeError text. Never throws for a bad body: the error's text comes back.
 */
export async function readGoJson<F extends Record<string, GoFieldType>>(
  c: Context,
  fields: F,
  struct = 'struct',
): Promise<GoDecoded<F>> {
  try {
    return decodeGoStruct(await readGoJsonBody(c), fields, struct);
  } catch (error) {
    if (error instanceof MailpitError) return { ok: false, error: error.message };
    throw error;
  }
}

/** readGoJson() over a body already read. */
export function decodeGoJson<F extends Record<string, GoFieldType>>(
  body: string,
  fields: F,
  struct = 'struct',
): GoDecoded<F> {
  try {
    return decodeGoStruct(decodeFirstJsonValue(body), fields, struct);
  } catch (error) {
    if (error instanceof MailpitError) return { ok: false, error: error.message };
    throw error;
  }
}

function decodeGoStruct<F extends Record<string, GoFieldType>>(
  input: unknown,
  fields: F,
  struct: string,
): GoDecoded<F> {
  if (input === null) return { ok: true, value: {} };
  if (typeof input !== 'object' || Array.isArray(input)) {
    return { ok: false, error: `json: cannot unmarshal ${goKind(input)} into Go value of type ${struct}` };
  }
  const names = Object.keys(fields);
  const value: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(input as Record<string, unknown>)) {
    const name = names.includes(key) ? key : names.find((n) => n.toLowerCase() === key.toLowerCase());
    if (name === undefined || item === null) continue;
    const type = fields[name]!;
    if (!fits(item, type)) {
      return {
        ok: false,
        error: `json: cannot unmarshal ${goKind(item)} into Go struct field ${struct}.${name} of type ${GO_TYPE[type]}`,
      };
    }
    value[name] = type === 'strings' ? (item as unknown[]).map((s) => s ?? '') : item;
  }
  return { ok: true, value: value as GoStruct<F> };
}

function fits(item: unknown, type: GoFieldType): boolean {
  switch (type) {
    case 'string':
      return typeof item === 'string';
    case 'bool':
      return typeof item === 'boolean';
    case 'int':
      return typeof item === 'number' && Number.isInteger(item);
    case 'strings':
      return Array.isArray(item) && item.every((s) => s === null || typeof s === 'string');
    case 'any':
      return true;
  }
}
