/**
 * What Mailpit's search needs before it runs (docs/spec/mailpit-api.md#232-get-apiv1search--search): the Mailpit
 * facts of messages stored before migration 27, and its trigram index (migration 31), which the first search with
 * a substring term turns on and the background indexer then builds (search/indexer.ts); a search does not wait
 * for it (db/mailpit-search.ts reads what is not indexed yet with LIKE).
 */
import type { AppDeps } from '../deps.js';
import { fillMailpitFacts } from './mailpit-facts-backfill.js';
import type { MailpitCondition } from './mailpit-query.js';

export async function readyMailpitSearch(
  deps: Pick<AppDeps, 'store' | 'mailpitSearchIndexer'>,
  condition: MailpitCondition | null,
): Promise<void> {
  await fillMailpitFacts(deps.store);
  if (condition?.substrings === true && deps.store.mailpit.searchIndex.enable()) deps.mailpitSearchIndexer.wake();
}
