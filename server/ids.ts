/** Owns identifier generation: the only module allowed to create random UUIDs. */
import { randomFillSync } from 'node:crypto';

export type IdGenerator = () => string;

/**
 * Random v4 UUIDs whose first 48 bits are the time in milliseconds and next 12 a counter, as Laravel's
 * Str::orderedUuid() makes them (a "COMB": time first, version 4, the rest random; 62 random bits): valid v4 UUIDs
 * that a client cannot tell from Str::uuid()'s, generated in increasing order. Why: every uuid is in a unique
 * index (messages, log items, sends...), and a random one lands each insert on a random page of it, which the
 * commit then writes out whole; in increasing order the inserts share the index's last pages
 * (docs/performance.md#2026-11-28-55debcf-ordered-uuids).
 *
 * The counter starts at a random value each millisecond and goes up within it (into the next millisecond when it
 * runs out), so that ids stay in order even when the wall clock steps back: the last millisecond is kept then.
 */
export function orderedUuidGenerator(now: () => number = () => Date.now()): IdGenerator {
  const POOL = 16 * 512;
  const pool = Buffer.allocUnsafe(POOL);
  let at = POOL;
  let lastMs = 0;
  let counter = 0;
  return () => {
    if (at === POOL) {
      randomFillSync(pool);
      at = 0;
    }
    const bytes = pool.subarray(at, at + 16);
    at += 16;
    let ms = now();
    if (ms > lastMs) {
      // A random start in the lower half leaves room to count up within the millisecond.
      counter = ((bytes[6]! << 8) | bytes[7]!) & 0x7ff;
    } else {
      ms = lastMs;
      if (++counter > 0xfff) {
        ms += 1;
        counter = 0;
      }
    }
    lastMs = ms;
    bytes.writeUIntBE(ms, 0, 6);
    bytes[6] = 0x40 | (counter >> 8);
    bytes[7] = counter & 0xff;
    bytes[8] = 0x80 | (bytes[8]! & 0x3f);
    const hex = bytes.toString('hex');
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  };
}

export const randomUuid: IdGenerator = orderedUuidGenerator();

/** Yields 00000000-0000-4000-8000-000000000001, ...002 and so on: valid v4-shaped UUIDs in a known order. */
export function sequentialUuid(start = 1, prefix = '00000000-0000-4000-8000-'): IdGenerator {
  let next = start;
  return () => `${prefix}${(next++).toString(16).padStart(12, '0')}`;
}

export function parseIdSpec(spec: string): IdGenerator {
  if (spec === 'random') return randomUuid;
  if (spec === 'sequential') return sequentialUuid();
  throw new Error(`unknown id generator "${spec}" (expected random or sequential)`);
}

/**
 * The ids of what the fixtures seed (rows without a uuid of their own, generated webhook secrets). Sequential,
 * they count in a sequence of their own, 00000000-0000-4000-9000-000000000001 and up (9 is the same RFC 4122
 * variant as 8), so that what a test's requests create starts at ...8000-000000000001 whatever the fixtures hold.
 */
export function parseFixtureIdSpec(spec: string): IdGenerator {
  return spec === 'sequential' ? sequentialUuid(1, '00000000-0000-4000-9000-') : parseIdSpec(spec);
}

const UUID_PATTERN = /^[\da-fA-F]{8}-[\da-fA-F]{4}-[\da-fA-F]{4}-[\da-fA-F]{4}-[\da-fA-F]{12}$/;

/** Laravel's Str::isUuid: any version, any case. Mailcoach uses it to tell a uuid from an email in route values. */
export function isUuid(value: string): boolean {
  return UUID_PATTERN.test(value);
}
