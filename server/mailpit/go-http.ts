/**
 * Go's net/http and encoding/json habits that the one-message routes answer with
 * (docs/spec/mailpit-api.md#21-global-behaviour-applies-to-every-endpoint-below): a JSON answer as json.Encoder
 * writes it, bytes as a body, url.PathEscape, and a JSON body read as json.Decoder reads one into a struct (keys matched to fields in
 * any case, unknown keys ignored, Go's error text for a body that is not one).
 */
import { mailpitBadRequest } from '../errors.js';
import { goJson } from '../go-json.js';

export function jsonAnswer(value: unknown): Response {
  return new Response(goJson(value), { headers: { 'content-type': 'application/json' } });
}

/** A Buffer as a Response body (the type BodyInit names). */
export function bodyBytes(buffer: Buffer): Uint8Array<ArrayBuffer> {
  return new Uint8Array(buffer.buffer as ArrayBuffer, buffer.byteOffset, buffer.length);
}

/** Go's url.PathEscape: every byte but the unreserved ones and `$&+,;=:@` percent-encoded. */
export function pathEscape(value: string): string {
  let escaped = '';
  for (const byte of Buffer.from(value, 'utf8')) {
    const char = String.fromCharCode(byte);
    escaped += /[A-Za-z0-9\-_.~$&+,;=:@]/.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return escaped;
}

/** A field's Go type, as Go's errors name it. */
type GoFieldType = '[]string';

/**
 * A JSON body decoded into a struct of these fields (Go names, in any case in the body); a missing or null field
 * is absent. Throws Mailpit's 400 with Go's error text for a body that is not such an object.
 */
export function readGoJsonObject<F extends string>(
  text: string,
  fields: Record<F, GoFieldType>,
): Partial<Record<F, string[]>> {
  const trimmed = text.trim();
  if (trimmed === '') throw mailpitBadRequest('EOF');
  let value: unknown;
  try {
    value = JSON.parse(trimmed);
  } catch {
    const first = trimmed[0]!;
    throw mailpitBadRequest(
      /[[{"\-0-9tfn]/.test(first) ? 'unexpected EOF' : `invalid character '${first}' looking for beginning of value`,
    );
  }
  if (value === null) return {};
  const structType = `struct { ${Object.entries(fields)
    .map(([name, type]) => `${name} ${type}`)
    .join('; ')} }`;
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw mailpitBadRequest(`json: cannot unmarshal ${jsonKind(value)} into Go value of type ${structType}`);
  }
  const decoded: Partial<Record<F, string[]>> = {};
  for (const field of Object.keys(fields) as F[]) {
    const entries = Object.entries(value as Record<string, unknown>);
    // encoding/json prefers the exact name, else takes a key equal to it in any case.
    const match =
      entries.find(([key]) => key === field) ?? entries.find(([key]) => key.toLowerCase() === field.toLowerCase());
    if (match === undefined || match[1] === null) continue;
    const [, fieldValue] = match;
    if (!Array.isArray(fieldValue)) {
      throw mailpitBadRequest(
        `json: cannot unmarshal ${jsonKind(fieldValue)} into Go struct field .${field} of type []string`,
      );
    }
    for (const item of fieldValue) {
      if (typeof item !== 'string' && item !== null) {
        throw mailpitBadRequest(
          `json: cannot unmarshal ${jsonKind(item)} into Go struct field .${field} of type string`,
        );
      }
    }
    decoded[field] = fieldValue.map((item) => item ?? '');
  }
  return decoded;
}

function jsonKind(value: unknown): string {
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'boolean') return 'bool';
  return typeof value;
}
