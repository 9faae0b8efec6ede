/** Mailcoach's `::key::` placeholders as the per-template cache sees them (template-cache.ts). */

/** `::key::` with a key of letters, digits, `_`, `.`, `-`: the keys whose occurrences the caches can track. */
export const PLACEHOLDER = /::([A-Za-z0-9_.-]+)::/g;

/** Every `::key::` occurrence, overlapping ones included (a lookahead matches at each position). */
const PLACEHOLDER_ANYWHERE = /(?=::[A-Za-z0-9_.-]+::)/g;

/** `::a::b::` holds `::a::` and `::b::` sharing a `::`: which one a replacement finds depends on the order. */
export function hasOverlappingPlaceholders(text: string): boolean {
  let separate = 0;
  for (const _ of text.matchAll(PLACEHOLDER)) separate++;
  let anywhere = 0;
  for (const _ of text.matchAll(PLACEHOLDER_ANYWHERE)) anywhere++;
  return anywhere !== separate;
}
