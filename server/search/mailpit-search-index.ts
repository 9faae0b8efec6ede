/**
 * What Mailpit's search needs before it runs (docs/spec/mailpit-api.md#232-get-apiv1search--search): the Mailpit
 * facts of messages stored before migration 27, and its trigram index (migration 31), which the first search with
 * a substring term turns on and the background indexer then builds (search/indexer.ts); a search does not wait
 * for it (db/mailpit-search.ts reads what is not indexed yet with LIKE).
 */
import type { AppDeps } from '../deps.js';
import type { IndexSteps } from './indexer.js';
import { fillMailpitFacts } from './mailpit-facts-backfill.js';
import type { MailpitCondition } from './mailpit-query.js';

/**
 * About 20 ms a step once captures pause (0.3 us a character of search text, 350 us for a usual mail: `npm run
 * bench`, docs/performance.md), about 5 ms among captures that never pause.
 */
export const MAILPIT_INDEX_STEPS: IndexSteps = {
  step: { messages: 100, chars: 60_000 },
  loadedStep: { messages: 25, chars: 15_000 },
};

export async function readyMailpitSearch(
  deps: Pick<AppDeps, 'store' | 'mailpitSearchIndexer'>,
  condition: MailpitCondition | null,
): Promise<void> {
  await fillMailpitFacts(deps.store);
  if (condition?.substrings === true && deps.store.mailpit.searchIndex.enable()) deps.mailpitSearchIndexer.wake();
}
