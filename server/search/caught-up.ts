/**
 * What a search of the inbox waits for before it runs, so that it sees every message captured before it: the
 * search index (indexer.ts), and for has:problems the problem counts too (problem-checker.ts).
 */
import { usesProblems, type MessageFilter } from '../db/messages-search.js';
import type { ProblemChecker } from './problem-checker.js';
import type { SearchIndexer } from './indexer.js';

export async function caughtUpFor(
  services: { searchIndexer: Pick<SearchIndexer, 'caughtUp'>; problemChecker: Pick<ProblemChecker, 'caughtUp'> },
  filter: MessageFilter,
): Promise<void> {
  await Promise.all([
    services.searchIndexer.caughtUp(),
    usesProblems(filter) ? services.problemChecker.caughtUp() : undefined,
  ]);
}
