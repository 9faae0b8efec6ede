/**
 * An import's own writes (docs/spec/mailcoach-audience-campaigns.md#8-subscriber-imports-not-used-by-the-sdk-lower-priority):
 * created, changed, appended to, deleted; each announced once as `audience.changed` with null (events.ts) where it
 * is written. Running it is import-subscribers.ts's, which announces its own.
 */
import type { SubscriberImportRow } from '../db/rows.js';
import type { Store } from '../db/store.js';
import { announced, type AudienceWriteDeps } from './email-lists.js';

type Imports = Store['subscriberImports'];

export function createSubscriberImport(deps: AudienceWriteDeps, row: Parameters<Imports['insert']>[0]) {
  return announced(deps, row.workspace_id, () => deps.store.subscriberImports.insert(row));
}

/** A change of its settings or csv (append is one too). */
export function updateSubscriberImport(
  deps: AudienceWriteDeps,
  subscriberImport: SubscriberImportRow,
  fields: Parameters<Imports['update']>[1],
) {
  return announced(deps, subscriberImport.workspace_id, () =>
    deps.store.subscriberImports.update(subscriberImport.id, fields),
  );
}

export function deleteSubscriberImport(deps: AudienceWriteDeps, subscriberImport: SubscriberImportRow): void {
  announced(deps, subscriberImport.workspace_id, () => deps.store.subscriberImports.delete(subscriberImport.id));
}
