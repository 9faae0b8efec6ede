/**
 * Pieces the records pages (suppressions, sends, the transactional log, controls) share: the settings, the Laravel
 * pager, timestamps, the filters kept in the URL, the live badge. They read and write through `/_emulator` (the typed
 * client), which needs no API token. Loaded with those pages' lazy chunks.
 */
import { useSearchParams } from 'wouter';
import type { MailcoachPage } from '../../../server/testing/client.js';
import { DateTime, formatUtc } from '../dates.js';
import type { LiveState } from '../live.js';
import './records.css';

export { useSettings } from '../api.js';

/** A record's date in the UI's one format (dates.tsx): UTC, labelled; the exact instant and local time on hover. */
export function Timestamp({ iso }: { iso: string | null }) {
  return <DateTime iso={iso} />;
}

export const utc = formatUtc;

export type PageMeta = MailcoachPage<unknown>['meta'];

/** Laravel's pages (15 rows each): first, previous, where we are, next, last, and the total. */
export function Pager({ meta, label, onPage }: { meta: PageMeta; label: string; onPage: (page: number) => void }) {
  const { current_page: page, last_page: last, total, from, to } = meta;
  return (
    <nav className="pager" aria-label={`${label} pages`}>
      <span className="pager-count" aria-live="polite">
        {total === 0 ? 'None' : `${from ?? 0}–${to ?? 0} of ${total.toLocaleString()}`}
      </span>
      <button type="button" onClick={() => onPage(1)} disabled={page <= 1} aria-label="First page">
        «
      </button>
      <button type="button" onClick={() => onPage(page - 1)} disabled={page <= 1} aria-label="Previous page">
        ‹
      </button>
      <span>
        Page {page.toLocaleString()} of {Math.max(last, 1).toLocaleString()}
      </span>
      <button type="button" onClick={() => onPage(page + 1)} disabled={page >= last} aria-label="Next page">
        ›
      </button>
      <button type="button" onClick={() => onPage(last)} disabled={page >= last} aria-label="Last page">
        »
      </button>
    </nav>
  );
}

/** URL search parameters as page state: a link reproduces the filters and the page. */
function paramsOf<N extends string>(search: URLSearchParams, names: readonly N[]): Record<N, string> {
  return Object.fromEntries(names.map((name) => [name, search.get(name) ?? ''])) as Record<N, string>;
}

function pageOf(search: URLSearchParams): number {
  const page = Number(search.get('page') ?? '1');
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/** "1 open", "2 opens": a count with its noun, singular for one. */
export function counted(count: number, noun: string): string {
  return `${count.toLocaleString()} ${noun}${count === 1 ? '' : 's'}`;
}

/**
 * A uuid in a few characters: its last 8, marked as a tail. Uuids are time-ordered (server/ids.ts, as Laravel's
 * Str::orderedUuid()): their first characters are the time, the same on every row made in the same few minutes.
 */
export function shortUuid(uuid: string): string {
  return `…${uuid.slice(-8)}`;
}

/**
 * Filters and the page kept in the URL's query string (a link reproduces them). Changing a filter goes back to
 * page 1; empty values and page 1 are left out of the URL.
 */
export function useUrlParams<N extends string>(names: readonly N[]) {
  const [search, setSearch] = useSearchParams();
  const values = paramsOf(search, names);
  const page = pageOf(search);
  const update = (changes: Partial<Record<N | 'page', string | number>>) => {
    setSearch((previous) => {
      const next = new URLSearchParams(previous);
      for (const [name, value] of Object.entries(changes) as Array<[string, string | number]>) {
        if (value === '' || (name === 'page' && value === 1)) next.delete(name);
        else next.set(name, String(value));
      }
      if (!('page' in changes)) next.delete('page');
      return next;
    });
  };
  return { values, page, update };
}

/** Whether the page follows the event stream (changes made elsewhere appear without a reload). */
export function LiveBadge({ state }: { state: LiveState }) {
  return (
    <span
      className="live"
      data-state={state}
      title={state === 'live' ? 'Changes made elsewhere appear as they happen' : 'Reconnecting to the live feed…'}
    >
      {state === 'live' ? 'Live' : state === 'connecting' ? 'Connecting…' : 'Reconnecting…'}
    </span>
  );
}
