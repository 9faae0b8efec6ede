/**
 * One subscription to /_emulator/events per workspace, owned by `<LiveUpdates>` in App.tsx for as long as the tab
 * works with that workspace (pages only read its state: `useLiveUpdates()`), turned into cache updates: a captured or deleted message
 * refetches the pages on screen (bursts coalesced into one refetch), a read-state change is written into the
 * cached summaries, and a reconnect refetches everything (events may have been missed meanwhile). For the studio:
 * a template change (written here, or a fixture file reloaded by --watch) refetches the templates and so the open
 * preview's render; a fixtures reload refetches their status (a broken file's problems). For the records pages:
 * suppression, send, log and fault-rule changes (an app's send through /api, a simulation, another tab) refetch
 * their lists, coalesced the same way; a reset refetches them all, and deleted messages refetch the sends and the
 * log (their links to captured messages); webhook configuration and call changes refetch the Webhooks page's lists
 * (and the sends' counts of calls); audience changes (a subscriber created, confirmed, tagged or deleted, a list, tag,
 * segment or import written) refetch the Lists, list and subscriber pages, all under the email lists' key. The clock (one for every workspace) is written into the cache as
 * `clock.changed` tells it: the controls page shows a change made anywhere (a test, the CLI, another tab) without
 * reading the clock, which would move a `stepping:` clock.
 */
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useContext, useEffect, useState } from 'react';
import type { ClockState, EmulatorEvent, MessagePage, MessageSummary } from '../../server/testing/client.js';
import { keys, useClient } from './api.js';

/** A burst of captures (a test suite sending 50 mails) refetches once, this long after its first event. */
const COALESCE_MS = 60;

type RecordKind =
  | 'suppressions'
  | 'sends'
  | 'log'
  | 'faults'
  | 'webhooks'
  | 'webhookCalls'
  | 'emailLists'
  | 'campaigns'
  | 'automations';
const RECORD_KINDS: RecordKind[] = [
  'suppressions',
  'sends',
  'log',
  'faults',
  'webhooks',
  'webhookCalls',
  'emailLists',
  'campaigns',
  'automations',
];
const RECORD_EVENTS: Partial<Record<EmulatorEvent['type'], RecordKind[]>> = {
  'suppressions.changed': ['suppressions'],
  // A campaign's counts (sent, opened, clicked, bounced) are its sends'.
  'sends.changed': ['sends', 'campaigns'],
  'campaigns.changed': ['campaigns'],
  'log.changed': ['log'],
  'faults.changed': ['faults'],
  'webhooks.changed': ['webhooks'],
  'webhook-calls.changed': ['webhookCalls'],
  // Lists, subscribers, tags, segments, imports: every audience page reads under the email lists' key.
  'audience.changed': ['emailLists'],
  'automations.changed': ['automations'],
};

export type LiveState = 'connecting' | 'live' | 'reconnecting';

const LiveContext = createContext<LiveState>('connecting');

/** The state of the tab's one live connection (the badge pages show). */
export function useLiveUpdates(): LiveState {
  return useContext(LiveContext);
}

/**
 * Owns the tab's one event stream: one subscription from page to page, so that nothing that happens while the user
 * walks from one page to the next is missed (a subscription per page left a gap at every page change).
 */
export function LiveUpdates({ children }: { children: ReactNode }) {
  const state = useLiveSubscription();
  return <LiveContext.Provider value={state}>{children}</LiveContext.Provider>;
}

function useLiveSubscription(): LiveState {
  const client = useClient();
  const queryClient = useQueryClient();
  const [state, setState] = useState<LiveState>('connecting');

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | null = null;
    let broken = false;
    const refetchSoon = () => {
      timer ??= setTimeout(() => {
        timer = null;
        void queryClient.invalidateQueries({ queryKey: keys.messages(client.token) });
        // The templates list counts the mails sent with each.
        void queryClient.invalidateQueries({ queryKey: keys.templateList(client.token) });
      }, COALESCE_MS);
    };
    let recordsTimer: ReturnType<typeof setTimeout> | null = null;
    const staleRecords = new Set<RecordKind>();
    const refetchRecordsSoon = (kinds: RecordKind[]) => {
      for (const kind of kinds) staleRecords.add(kind);
      recordsTimer ??= setTimeout(() => {
        recordsTimer = null;
        for (const kind of staleRecords) void queryClient.invalidateQueries({ queryKey: keys[kind](client.token) });
        staleRecords.clear();
      }, COALESCE_MS);
    };
    const subscription = client.subscribe(
      (event) => {
        const kinds = RECORD_EVENTS[event.type];
        if (kinds !== undefined) return refetchRecordsSoon(kinds);
        if (event.type === 'clock.changed') {
          queryClient.setQueryData<ClockState>(keys.clock, { now: event.now, frozen: event.frozen });
          return;
        }
        if (event.type === 'workspace.reset') refetchRecordsSoon(RECORD_KINDS);
        // A send's or log item's message_uuid is null once its message is gone.
        if (event.type === 'messages.deleted') refetchRecordsSoon(['sends', 'log']);
        apply(event, queryClient, client.token, refetchSoon);
      },
      {
        onOpen: () => {
          setState('live');
          if (broken) {
            void queryClient.invalidateQueries({ queryKey: keys.messages(client.token) });
            void queryClient.invalidateQueries({ queryKey: keys.templates(client.token) });
            void queryClient.invalidateQueries({ queryKey: keys.fixtures(client.token) });
            refetchRecordsSoon(RECORD_KINDS);
            // A clock change may have been missed: read it again (only where it is shown).
            void queryClient.invalidateQueries({ queryKey: keys.clock });
          }
          broken = false;
        },
        onError: () => {
          broken = true;
          setState('reconnecting');
        },
      },
    );
    return () => {
      subscription.close();
      if (timer !== null) clearTimeout(timer);
      if (recordsTimer !== null) clearTimeout(recordsTimer);
    };
  }, [client, queryClient]);

  return state;
}

function apply(event: EmulatorEvent, queryClient: QueryClient, token: string | null, refetchSoon: () => void): void {
  if (event.type === 'message.updated') {
    updateSummary(queryClient, token, event.summary);
    return;
  }
  if (event.type === 'templates.changed' || event.type === 'fixtures.reloaded' || event.type === 'workspace.reset') {
    void queryClient.invalidateQueries({ queryKey: keys.templates(token) });
    if (event.type === 'fixtures.reloaded') void queryClient.invalidateQueries({ queryKey: keys.fixtures(token) });
    if (event.type !== 'workspace.reset') return;
  }
  refetchSoon();
}

/** Writes a summary's new state into every cached page and the cached message, and counts the unread again. */
export function updateSummary(queryClient: QueryClient, token: string | null, summary: MessageSummary): void {
  void queryClient.invalidateQueries({ queryKey: keys.unread(token) });
  queryClient.setQueriesData<MessagePage>({ queryKey: [...keys.messages(token), 'list'] }, (page) =>
    page === undefined ? page : { ...page, data: page.data.map((row) => (row.uuid === summary.uuid ? summary : row)) },
  );
  queryClient.setQueryData(keys.message(token, summary.uuid), (message: object | undefined) =>
    message === undefined ? message : { ...message, read: summary.read, tags: summary.tags },
  );
}
