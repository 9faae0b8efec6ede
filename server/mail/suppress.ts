/**
 * Suppressing an address, the one way every path does it (POST /api/suppressions, simulated bounces and
 * complaints): Mailcoach's Suppression::fromAdmin() and Suppression::for() both firstOrCreate on the email, so an
 * address already suppressed keeps its row, reason and time, and that row comes back.
 */
import type { Clock } from '../clock.js';
import type { SuppressionOrigin, SuppressionReason, SuppressionRow } from '../db/rows.js';
import type { Store } from '../db/store.js';
import { toEpochSeconds } from '../instant.js';
import type { IdGenerator } from '../ids.js';

export interface SuppressDeps {
  store: Store;
  clock: Clock;
  ids: IdGenerator;
}

export function suppress(
  deps: SuppressDeps,
  workspaceId: number,
  email: string,
  reason: SuppressionReason,
  origin: SuppressionOrigin,
): { row: SuppressionRow; created: boolean } {
  return deps.store.transaction(() => {
    const existing = deps.store.suppressions.findByEmail(workspaceId, email);
    if (existing !== undefined) return { row: existing, created: false };
    const now = toEpochSeconds(deps.clock());
    const row = deps.store.suppressions.insert({
      workspace_id: workspaceId,
      uuid: deps.ids(),
      email,
      reason,
      origin,
      created_at: now,
      updated_at: now,
    });
    return { row, created: true };
  });
}
