/**
 * Suppressions, as Mailcoach's Suppression model keeps them (v8 Domain/Audience/Models/Suppression), in the one
 * module every path goes through: /api/suppressions, /_emulator/suppressions (the web UI) and the simulated
 * bounces and complaints. Each write announces itself (`suppressions.changed`, events.ts) once it has committed.
 */
import type { SuppressionOrigin, SuppressionReason, SuppressionRow } from '../db/rows.js';
import type { Store } from '../db/store.js';
import type { AppDeps } from '../deps.js';
import { forbidden } from '../errors.js';
import { isUuid } from '../ids.js';
import { toEpochSeconds } from '../instant.js';

type SuppressDeps = Pick<AppDeps, 'store' | 'clock' | 'ids' | 'events'>;

type UnsuppressDeps = Pick<AppDeps, 'store' | 'events' | 'options'>;

/** Suppression::resolveRouteBinding(): a UUID-shaped key is only ever a uuid, anything else an email. */
export function findSuppression(
  store: Pick<Store, 'suppressions'>,
  workspaceId: number,
  key: string,
): SuppressionRow | undefined {
  return isUuid(key)
    ? store.suppressions.findByUuid(workspaceId, key)
    : store.suppressions.findByEmail(workspaceId, key);
}

/**
 * Suppresses an address: Mailcoach's Suppression::fromAdmin() and Suppression::for() both firstOrCreate on the
 * email, so an address already suppressed keeps its row, reason and time, and that row comes back (`created`
 * false, and no event: nothing changed).
 */
export function suppress(
  deps: SuppressDeps,
  workspaceId: number,
  email: string,
  reason: SuppressionReason,
  origin: SuppressionOrigin,
): { row: SuppressionRow; created: boolean } {
  const outcome = deps.store.transaction(() => firstOrCreateSuppression(deps, workspaceId, email, reason, origin));
  if (outcome.created) announceSuppressions(deps, workspaceId, [outcome.row.uuid]);
  return outcome;
}

/**
 * suppress() inside a caller's transaction that writes more than the suppression: the caller announces the
 * suppression (announceSuppressions) after its commit, in the order of its other events.
 */
export function firstOrCreateSuppression(
  deps: Pick<AppDeps, 'store' | 'clock' | 'ids'>,
  workspaceId: number,
  email: string,
  reason: SuppressionReason,
  origin: SuppressionOrigin,
): { row: SuppressionRow; created: boolean } {
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
}

/**
 * Deletes a suppression. A spam complaint's cannot be deleted (403, the hosted service's rule: decisions.md)
 * unless `--allow-spam-complaint-deletion` switches on the self-hosted behaviour; the API and the web UI get the
 * same answer.
 */
export function unsuppress(deps: UnsuppressDeps, row: SuppressionRow): void {
  if (row.reason === 'spam_complaint' && !deps.options.allowSpamComplaintDeletion) {
    throw forbidden('Suppressions with reason spam_complaint cannot be deleted.');
  }
  deps.store.suppressions.delete(row.id);
  announceSuppressions(deps, row.workspace_id, [row.uuid]);
}

/** Announces suppressions added or deleted; null: any of the workspace's (a seed). */
export function announceSuppressions(deps: Pick<AppDeps, 'events'>, workspaceId: number, uuids: string[] | null): void {
  deps.events.emit('suppressions.changed', { workspaceId, uuids });
}
