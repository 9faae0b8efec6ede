/**
 * The index queries shared by /api and the web UI's lists under /_emulator (which present the rows their own way):
 * sends, suppressions and transactional mail log items, each with its allowed filters and sorts as Mailcoach's
 * Query classes declare them.
 */
import type { AppDeps } from '../../deps.js';
import type { LogItemFilters } from '../../db/log-items-store.js';
import type { LogItemRow, SendRow, SuppressionRow } from '../../db/rows.js';
import { SEND_OWNER_FILTERS, type SendFilters } from '../../db/sends-store.js';
import type { SuppressionFilters } from '../../db/suppressions-store.js';
import type { IndexSpec } from '../../http/listing.js';
import { urlDecode } from '../../http/url-decode.js';

/** SendsQuery: the owner filters, sort by sent_at. Shared with the web UI's list (GET /_emulator/sends). */
export function sendIndex<Shown>(deps: AppDeps, present: (row: SendRow) => Shown): IndexSpec<SendRow, SendFilters> {
  return {
    query: { allowedSorts: ['sent_at'], allowedFilters: [...SEND_OWNER_FILTERS], defaultSort: ['-sent_at'] },
    sortColumns: { sent_at: 'sent_at' },
    // The filters are callbacks typed `string` in Mailcoach, so a comma there is a 500; we match any of the
    // values instead (quirks.md).
    filters: ({ filters }) =>
      Object.fromEntries(SEND_OWNER_FILTERS.flatMap((name) => (filters[name] ? [[name, filters[name]]] : []))),
    list: deps.store.sends.list,
    present,
    withMetaLinks: true,
  };
}

/**
 * SuppressionsQuery: filter[search] (the email, as a substring), filter[reason], sort by created_at. Shared with the
 * web UI's list (GET /_emulator/suppressions), which shows each row's origin as well.
 */
export function suppressionIndex<Shown>(
  deps: AppDeps,
  present: (row: SuppressionRow) => Shown,
): IndexSpec<SuppressionRow, SuppressionFilters> {
  return {
    query: { allowedSorts: ['created_at'], allowedFilters: ['search', 'reason'] },
    sortColumns: { created_at: 'created_at' },
    filters: ({ filters }) => ({ search: filters.search?.map(urlDecode), reasons: filters.reason }),
    list: deps.store.suppressions.list,
    present,
  };
}

/**
 * TransactionalMailQuery (docs/spec/mailcoach-reference.md#5-transactional-mail-log-endpoints): filter[search] and filter[transport_message_id], sorts. Shared with the
 * web UI's log (GET /_emulator/log-items), which adds each item's captured message.
 */
export function logItemIndex<Shown>(
  deps: AppDeps,
  present: (row: LogItemRow) => Shown,
): IndexSpec<LogItemRow, LogItemFilters> {
  const logItems = deps.store.logItems;
  return {
    query: {
      allowedSorts: ['subject', 'created_at', 'id'],
      allowedFilters: ['search', 'transport_message_id'],
      defaultSort: ['-created_at', '-id'],
    },
    sortColumns: { subject: 'subject', created_at: 'created_at', id: 'id' },
    filters: ({ filters }) => ({
      search: filters.search?.map(urlDecode),
      transportMessageIds: filters.transport_message_id,
    }),
    // A search reads every log item's subject: off this thread when it can (emulator/search-worker.ts).
    list: (workspaceId, filters, sort, window) =>
      filters.search === undefined
        ? logItems.list(workspaceId, filters, sort, window)
        : deps.searchWorker.logItems(workspaceId, filters, sort, window),
    present,
  };
}
