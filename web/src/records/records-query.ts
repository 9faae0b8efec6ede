/**
 * The query every records page lists: its title, the live feed, the filters and page kept in the URL, and the page
 * of rows for them (the previous page stays on screen while the next loads). The pages differ in their filters and
 * in the client call that lists them.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { EmulatorClient } from '../../../server/testing/client.js';
import { useClient } from '../api.js';
import { useTitle } from '../forms.js';
import { useLiveUpdates } from '../live.js';
import { useUrlParams } from './common.js';

interface RecordsQueryOptions<N extends string, Page> {
  title: string;
  /** The URL's parameters (filters, sort): a link reproduces them. */
  params: readonly N[];
  /** The records' query key for a token (keys.sends, ...): its events refetch it (live.tsx). */
  key: (token: string | null) => readonly unknown[];
  list: (client: EmulatorClient, values: Record<N, string>, page: number) => Promise<Page>;
}

export function useRecordsQuery<N extends string, Page>({ title, params, key, list }: RecordsQueryOptions<N, Page>) {
  useTitle(title);
  const live = useLiveUpdates();
  const client = useClient();
  const { values, page, update } = useUrlParams(params);
  const query = useQuery({
    queryKey: [...key(client.token), 'list', values, page],
    queryFn: () => list(client, values, page),
    placeholderData: keepPreviousData,
  });
  return { live, values, page, update, query };
}

/** A filter form's values as typed, not yet submitted: they follow the URL's whenever those change (compared by content). */
export function useTyped<T>(value: T) {
  const [typed, setTyped] = useState(value);
  // Compared as JSON: an object is new on every render. Set while rendering, as React's "storing information from
  // previous renders" does, so the form never shows the previous URL's values for a frame.
  const key = JSON.stringify(value);
  const [followed, setFollowed] = useState(key);
  if (key !== followed) {
    setFollowed(key);
    setTyped(value);
  }
  return [typed, setTyped] as const;
}
