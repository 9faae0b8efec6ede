/**
 * The paging parameters of Mailpit's list and search (docs/spec/mailpit-api.md#231-get-apiv1messages--list):
 * Go's strconv.Atoi, so anything but a plain integer is no number at all.
 */
import type { MailpitPage } from '../db/mailpit-messages.js';
import type { MessageTagStore } from '../db/message-tags-store.js';
import { messageSummary, type SummaryPlace } from './summary.js';

const DEFAULT_LIMIT = 50;

/** `start`: anything not an integer, or not above 0, is 0. */
export function startParameter(value: string | undefined): number {
  const start = goAtoi(value);
  return start === null || start <= 0 ? 0 : start;
}

/** `limit`: anything not an integer, or below 0, is 50; 0 is left to the caller (the list: all; search: none). */
export function limitParameter(value: string | undefined): number {
  const limit = goAtoi(value);
  return limit === null || limit < 0 ? DEFAULT_LIMIT : limit;
}

function goAtoi(value: string | undefined): number | null {
  if (value === undefined || !/^[+-]?\d+$/.test(value)) return null;
  const number = Number(value);
  return Number.isSafeInteger(number) ? number : null;
}

/** MessagesSummary: its keys in Mailpit's order; `tags` every tag of the workspace, each message's own. */
export function messagesSummary(
  totals: { total: number; unread: number },
  page: MailpitPage,
  start: number,
  place: SummaryPlace,
  tags: { store: MessageTagStore; workspaceId: number },
) {
  const tagsOf = tags.store.tagsOfMessages(page.rows.map((row) => row.id));
  return {
    total: totals.total,
    unread: totals.unread,
    count: page.rows.length,
    messages_count: page.matched,
    messages_unread: page.matchedUnread,
    start,
    tags: tags.store.allTags(tags.workspaceId),
    messages: page.rows.map((row) => messageSummary(row, place, tagsOf.get(row.id) ?? [])),
  };
}
