/**
 * `latest` with `?query=` (docs/spec/mailpit-api.md#21-global-behaviour-applies-to-every-endpoint-below): the
 * newest message matching a Mailpit search (storage.LatestID), for the routes that take `latest`.
 */
import type { AppDeps } from '../deps.js';
import { compileMailpitQuery } from './mailpit-query.js';
import { readyMailpitSearch } from './mailpit-search-index.js';

/** The uuid of the workspace's newest message matching `query` (every message when it is blank), or undefined. */
export async function latestMatching(
  deps: Pick<AppDeps, 'store' | 'mailpitSearchIndexer'>,
  workspaceId: number,
  query: string,
  timeZone?: string,
): Promise<string | undefined> {
  if (query.trim() === '') return deps.store.mailpit.latestUuid(workspaceId, null);
  const where = compileMailpitQuery(query, timeZone);
  await readyMailpitSearch(deps, where);
  return deps.store.mailpit.latestUuid(workspaceId, where);
}
