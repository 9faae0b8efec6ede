/**
 * Wire format of Mailcoach timestamps: Carbon's JSON form, `2025-01-10T09:12:33.000000Z`.
 * Eloquent stores whole seconds, so the microseconds are always zero (docs/spec/mailcoach-reference.md#16-serialisation-conventions); we store epoch seconds
 * (toEpochSeconds(), instant.ts).
 */

export function laravelTimestamp(epochSeconds: number): string;
export function laravelTimestamp(epochSeconds: number | null): string | null;
export function laravelTimestamp(epochSeconds: number | null): string | null {
  if (epochSeconds === null) return null;
  return new Date(epochSeconds * 1000).toISOString().replace(/\.\d{3}Z$/, '.000000Z');
}
