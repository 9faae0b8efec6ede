/**
 * A request value whose key order Mailcoach keeps (a PHP array keeps insertion order, integer-like keys included;
 * php-array.ts): http/input.ts reads bodies with JSON.parse, whose objects put keys like "10" first. When the
 * value has such a key and came from a JSON body, the body is read again keeping its order, and cleaned as the
 * input was (TrimStrings, ConvertEmptyStringsToNull). Bodies over ORDERED_BODY_LIMIT keep JavaScript's order: the
 * second reading is JavaScript, not V8's parser, and must not hold the server (quirks.md).
 */
import type { Context } from 'hono';
import type { AppEnv } from '../http/env.js';
import { requestBody } from '../http/body.js';
import { cleanse } from '../http/input.js';
import { hasArrayIndexKeys, readOrdered, toPhpArray } from '../php-array.js';

const ORDERED_BODY_LIMIT = 1024 * 1024;

/** `input[key]` (already read by http/input.ts) as PHP's array would hold it, in the request's key order. */
export async function orderedInputValue(c: Context<AppEnv>, maxBodyBytes: number, key: string): Promise<unknown> {
  const value = c.get('input')[key];
  if (value === null || typeof value !== 'object' || !hasArrayIndexKeys(value)) return toPhpArray(value);
  const contentType = c.req.header('content-type') ?? '';
  if (!contentType.includes('/json') && !contentType.includes('+json')) return toPhpArray(value);
  const bytes = await requestBody(c, maxBodyBytes);
  if (bytes.length > ORDERED_BODY_LIMIT) return toPhpArray(value);
  let document: unknown;
  try {
    document = readOrdered(new TextDecoder().decode(bytes));
  } catch {
    return toPhpArray(value);
  }
  if (document === null || typeof document !== 'object' || Array.isArray(document) || !Object.hasOwn(document, key))
    return toPhpArray(value);
  return toPhpArray(cleanse((document as Record<string, unknown>)[key]));
}
