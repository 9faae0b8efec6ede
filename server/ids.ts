/** Owns identifier generation: the only module allowed to create random UUIDs. */
import { randomUUID } from 'node:crypto';

export type IdGenerator = () => string;

export const randomUuid: IdGenerator = () => randomUUID();

/** Yields 00000000-0000-4000-8000-000000000001, ...002 and so on: valid v4-shaped UUIDs in a known order. */
export function sequentialUuid(start = 1): IdGenerator {
  let next = start;
  return () => `00000000-0000-4000-8000-${(next++).toString(16).padStart(12, '0')}`;
}

export function parseIdSpec(spec: string): IdGenerator {
  if (spec === 'random') return randomUuid;
  if (spec === 'sequential') return sequentialUuid();
  throw new Error(`unknown id generator "${spec}" (expected random or sequential)`);
}

const UUID_PATTERN = /^[\da-fA-F]{8}-[\da-fA-F]{4}-[\da-fA-F]{4}-[\da-fA-F]{4}-[\da-fA-F]{12}$/;

/** Laravel's Str::isUuid: any version, any case. Mailcoach uses it to tell a uuid from an email in route values. */
export function isUuid(value: string): boolean {
  return UUID_PATTERN.test(value);
}
