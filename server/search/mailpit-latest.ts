/**
 * `latest` with `?query=` (docs/spec/mailpit-api.md#21-global-behaviour-applies-to-every-endpoint-below): the
 * newest message matching a Mailpit search (storage.LatestID), for the routes that take `latest`.
 */
import type { Store } from '../db/store.js';
import { fillMailpitFacts } from './mailpit-facts-backfill.js';
import { compileMailpitQuery } from './mailpit-query.js';

/** The uuid of the workspace's newest message matching `query` (every message when it is blank), or undefined. */
export async function latestMatching(
  store: Pick<Store, 'mailpit'>,
  workspaceId: number,
  query: string,
  timeZone?: string,
): Promise<string | undefined> {
  if (query.trim() === '') return store.mailpit.latestUuid(workspaceId, null);
  await fillMailpitFacts(store);
  return store.mailpit.latestUuid(workspaceId, compileMailpitQuery(query, timeZone));
}
