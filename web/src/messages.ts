/**
 * The inbox's data: one page of 100 summaries per query, fetched for the rows on screen only, so that a list of
 * 100,000 messages costs the pages scrolled through, never the whole list.
 */
import { useQueries, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { EmulatorApiError, MessagePage, MessageSummary } from '../../server/testing/client.js';
import { keys, useClient } from './api.js';

const PAGE_SIZE = 100;

export interface MessageList {
  /** How many messages match; null until the first page is in. */
  total: number | null;
  /** The summary at an index, when its page is loaded. */
  at(index: number): MessageSummary | undefined;
  /** The server's 422 text for a malformed query. */
  queryError: string | null;
  loading: boolean;
}

/** The rows on screen, by index (inclusive). */
export interface RowRange {
  start: number;
  end: number;
}

export function useMessageList(query: string, { start, end }: RowRange): MessageList {
  const client = useClient();
  const firstPage = Math.floor(start / PAGE_SIZE) + 1;
  const lastPage = Math.max(firstPage, Math.floor(end / PAGE_SIZE) + 1);
  const pages = new Set([1]);
  for (let page = firstPage; page <= lastPage; page++) pages.add(page);
  const numbers = [...pages];
  const results: Array<UseQueryResult<MessagePage>> = useQueries({
    queries: numbers.map((page) => ({
      queryKey: keys.page(client.token, query, page),
      queryFn: () => client.messages(query, { page, perPage: PAGE_SIZE }),
    })),
  });
  const byPage = new Map(numbers.map((page, i) => [page, results[i]!]));
  const first = byPage.get(1)!;
  const error = first.error as EmulatorApiError | null;
  return {
    total: first.data?.meta.total ?? null,
    at: (index) => byPage.get(Math.floor(index / PAGE_SIZE) + 1)?.data?.data[index % PAGE_SIZE],
    queryError: error === null ? null : queryErrorText(error),
    loading: first.isPending,
  };
}

function queryErrorText(error: EmulatorApiError): string {
  const body = error.body as { message?: string; errors?: Record<string, string[]> } | null;
  return body?.errors?.query?.[0] ?? body?.message ?? error.message;
}

/**
 * The inbox's tab says how many messages are unread, "(3) Inbox", as a mail client's does: a glance at the tab
 * tells whether the app just sent something. Other pages set their own titles (forms.tsx useTitle).
 */
export function useUnreadTitle(): void {
  const client = useClient();
  const unread = useQuery({
    queryKey: keys.unread(client.token),
    queryFn: async () => (await client.messages('is:unread', { perPage: 1 })).meta.total,
  });
  const count = unread.data ?? 0;
  useEffect(() => {
    document.title = `${count > 0 ? `(${count.toLocaleString()}) ` : ''}Inbox · mailcoach-emulator`;
  }, [count]);
}

export function useMessage(uuid: string | null) {
  const client = useClient();
  return useQuery({
    queryKey: keys.message(client.token, uuid ?? ''),
    queryFn: () => client.message(uuid!),
    enabled: uuid !== null,
  });
}
