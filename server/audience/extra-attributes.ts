/**
 * A subscriber's extra_attributes as v8 keeps them: the request's array (json_decode'd, so in the request's key
 * order, integer-like keys included: php-array.ts) json_encode'd into the column, and SubscriberResource's
 * `extra_attributes` is that array again, `{}` when empty (`(object) []`).
 */
import { decodePhpJson, toPhpArray } from '../php-array.js';
import { phpJsonEncode } from '../php-json.js';

/** The column's text for a request's value (an object or list; null or anything else: empty). */
export function storedExtraAttributes(value: unknown): string {
  return phpJsonEncode(value !== null && typeof value === 'object' ? toPhpArray(value) : []);
}

/** What the resource and the webhook payloads show: the stored array in its order, `{}` when empty. */
export function shownExtraAttributes(stored: string): Record<string, unknown> | unknown[] {
  let value: unknown;
  try {
    value = decodePhpJson(stored);
  } catch {
    return {};
  }
  if (value === null || typeof value !== 'object') return {};
  // A list stays a list (PHP's json_encode of a list): the request gave one.
  if (Array.isArray(value)) return value.length === 0 ? {} : value;
  return Object.keys(value).length === 0 ? {} : (value as Record<string, unknown>);
}
