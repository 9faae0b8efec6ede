/**
 * The inbox: search, the virtualised list, the open message, bulk actions and the keyboard. Its state is in the
 * URL: `/messages/<uuid>` is the open message (a permalink), `?q=` the search.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import type { EmulatorSettings } from '../../../server/testing/client.js';
import { keys, useClient } from '../api.js';
import { ConfirmDialog } from '../components/ConfirmDialog.js';
import { ConnectPanel } from '../components/ConnectPanel.js';
import { HelpDialog } from '../components/HelpDialog.js';
import { MessageList } from '../components/MessageList.js';
import { MessageView } from '../components/MessageView.js';
import { SearchBox } from '../components/SearchBox.js';
import { useShortcuts, type ShortcutAction } from '../keyboard.js';
import { errorText } from '../forms.js';
import { updateSummary, useLiveUpdates } from '../live.js';
import { type RowRange, useMessage, useMessageList, useUnreadTitle } from '../messages.js';

type Confirming = null | { kind: 'selected' } | { kind: 'matching' } | { kind: 'all' };

export function InboxPage({ openUuid, settings }: { openUuid: string | null; settings: EmulatorSettings | null }) {
  const client = useClient();
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const query = new URLSearchParams(useSearch()).get('q') ?? '';
  const live = useLiveUpdates();
  useUnreadTitle();
  const [range, setRange] = useState<RowRange>({ start: 0, end: 30 });
  const list = useMessageList(query, range);
  const [cursor, setCursor] = useState(-1);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [confirming, setConfirming] = useState<Confirming>(null);
  const [help, setHelp] = useState(false);
  const [notice, setNotice] = useState('');
  const [failure, setFailure] = useState('');
  const searchInput = useRef<HTMLInputElement>(null);
  const open = useMessage(openUuid);

  const search = (text: string) => {
    setSelected(new Set());
    setCursor(-1);
    navigate(
      `${openUuid === null ? '/' : `/messages/${openUuid}`}${text === '' ? '' : `?q=${encodeURIComponent(text)}`}`,
    );
  };
  const suffix = query === '' ? '' : `?q=${encodeURIComponent(query)}`;
  const openAt = useCallback((uuid: string) => navigate(`/messages/${uuid}${suffix}`), [navigate, suffix]);
  const close = () => navigate(`/${suffix}`);

  // The keyboard's cursor follows the message opened with the mouse, so that j / k go on from there.
  useEffect(() => {
    if (openUuid === null) return;
    for (let index = range.start; index <= range.end; index++) {
      if (list.at(index)?.uuid === openUuid) return setCursor(index);
    }
  }, [openUuid, range, list]);

  // `/messages/<log item uuid>` (the uuid the send API answers) opens the mail it captured: the server finds it.
  // The address becomes the message's own, so that the list marks it open and Delete names the message.
  const message = open.data;
  useEffect(() => {
    if (openUuid === null || message === undefined || message.uuid === openUuid) return;
    queryClient.setQueryData(keys.message(client.token, message.uuid), message);
    navigate(`/messages/${message.uuid}${suffix}`, { replace: true });
  }, [client.token, message, navigate, openUuid, queryClient, suffix]);

  // Opening a message marks it read, as a mail client does.
  useEffect(() => {
    if (message === undefined || message.read) return;
    client.setRead(message.uuid, true).then(
      (summary) => updateSummary(queryClient, client.token, summary),
      (error: unknown) => setFailure(`Marking the message read failed: ${errorText(error)}`),
    );
  }, [client, message, queryClient]);

  /** Runs a change the user asked for; its failure is shown (a delete that failed must not look done). */
  const attempt = (what: string, change: () => Promise<unknown>) => {
    setFailure('');
    change().catch((error: unknown) => {
      setNotice('');
      setFailure(`${what} failed: ${errorText(error)}`);
    });
  };
  const markUnread = async (uuid: string) => {
    close();
    updateSummary(queryClient, client.token, await client.setRead(uuid, false));
  };
  const refresh = () => queryClient.invalidateQueries({ queryKey: keys.messages(client.token) });
  /** The row nearest the cursor that survives a delete: the next one, else the previous one (as a mail client does). */
  const survivorNear = (gone: ReadonlySet<string>) => {
    for (let index = cursor + 1; index < (list.total ?? 0); index++) {
      const row = list.at(index);
      if (row !== undefined && !gone.has(row.uuid)) return row;
    }
    for (let index = cursor - 1; index >= 0; index--) {
      const row = list.at(index);
      if (row !== undefined && !gone.has(row.uuid)) return row;
    }
    return undefined;
  };
  const deleteUuids = async (uuids: string[]) => {
    const gone = new Set(uuids);
    // The reader moves on before the delete, so that the deleted message is never asked for again (a 404).
    if (openUuid !== null && gone.has(openUuid)) {
      const next = survivorNear(gone);
      if (next === undefined) close();
      else openAt(next.uuid);
    }
    try {
      // One request however many are selected.
      await client.deleteMessagesByUuid(uuids);
      setSelected(new Set());
      setNotice(`Deleted ${uuids.length} message${uuids.length === 1 ? '' : 's'}.`);
    } finally {
      await refresh();
    }
  };
  const runConfirmed = async () => {
    const what = confirming;
    setConfirming(null);
    if (what === null) return;
    if (what.kind === 'selected') return deleteUuids([...selected]);
    if (what.kind === 'matching') {
      const deleted = await client.deleteMessages(query);
      setSelected(new Set());
      setNotice(`Deleted ${deleted} message${deleted === 1 ? '' : 's'} matching “${query}”.`);
      close();
      await refresh();
    }
    // Only the mail, as Mailpit's "delete all": a reset of the workspace (everything, templates included) is on Controls.
    if (what.kind === 'all') {
      const deleted = await client.deleteMessages('');
      setSelected(new Set());
      setNotice(`Deleted all ${deleted} message${deleted === 1 ? '' : 's'}.`);
      navigate('/');
      await refresh();
    }
  };

  const onShortcut = (action: ShortcutAction) => {
    const total = list.total ?? 0;
    const move = (step: number) => {
      const next = Math.min(Math.max(cursor + step, 0), total - 1);
      setCursor(next);
      const summary = list.at(next);
      if (openUuid !== null && summary !== undefined) openAt(summary.uuid);
    };
    if (action === 'next') move(1);
    if (action === 'previous') move(-1);
    if (action === 'open') {
      const summary = list.at(Math.max(cursor, 0));
      if (summary !== undefined) openAt(summary.uuid);
    }
    if (action === 'delete') {
      const atCursor = cursor >= 0 ? list.at(cursor) : undefined;
      if (selected.size > 0) setConfirming({ kind: 'selected' });
      else if (openUuid !== null) attempt('The delete', () => deleteUuids([openUuid]));
      // A row reached with j / k and not opened: Delete takes it, and the cursor stays on the row that moves up.
      else if (atCursor !== undefined) attempt('The delete', () => deleteUuids([atCursor.uuid]));
    }
    if (action === 'search') searchInput.current?.focus();
    if (action === 'escape') {
      if (help) setHelp(false);
      else if (openUuid !== null) close();
      else setSelected(new Set());
    }
    if (action === 'help') setHelp(true);
  };
  useShortcuts(confirming === null && !help ? onShortcut : null);

  const toggle = (uuid: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(uuid)) next.delete(uuid);
      else next.add(uuid);
      return next;
    });

  const empty = list.total === 0 && query === '';
  return (
    <main className={`inbox ${openUuid === null ? '' : 'has-open'}`}>
      <section className="list-pane" aria-label="Inbox">
        <SearchBox query={query} error={list.queryError} onSearch={search} inputRef={searchInput} />
        <div className="toolbar" role="toolbar" aria-label="Inbox actions">
          <span className="count" aria-live="polite">
            {list.queryError !== null
              ? 'Search not run'
              : list.total === null
                ? 'Loading…'
                : `${list.total.toLocaleString()} message${list.total === 1 ? '' : 's'}${query === '' ? '' : ' matching'}`}
          </span>
          <span
            className="live"
            data-state={live}
            title={live === 'live' ? 'New mail appears as it is captured' : 'Reconnecting to the live feed…'}
          >
            {live === 'live' ? 'Live' : live === 'connecting' ? 'Connecting…' : 'Reconnecting…'}
          </span>
          <button type="button" disabled={selected.size === 0} onClick={() => setConfirming({ kind: 'selected' })}>
            Delete selected{selected.size > 0 ? ` (${selected.size})` : ''}
          </button>
          {query !== '' && (
            <button
              type="button"
              disabled={(list.total ?? 0) === 0}
              onClick={() => setConfirming({ kind: 'matching' })}
            >
              Delete all matching
            </button>
          )}
          <button
            type="button"
            disabled={query === '' && list.total === 0}
            onClick={() => setConfirming({ kind: 'all' })}
          >
            Delete all mail
          </button>
        </div>
        {notice !== '' && (
          <p className="notice" role="status">
            {notice}
          </p>
        )}
        {failure !== '' && (
          <p className="notice failure" role="alert">
            {failure}
          </p>
        )}
        {list.total === 0 && query !== '' && <p className="muted empty">No message matches “{query}”.</p>}
        <MessageList
          list={list}
          onRange={setRange}
          openUuid={openUuid}
          cursor={cursor}
          selected={selected}
          onToggle={toggle}
          search={suffix}
        />
      </section>
      <section className="message-pane" aria-label="Message">
        {openUuid !== null && open.data !== undefined && (
          <MessageView
            key={open.data.uuid}
            message={open.data}
            onDelete={() => attempt('The delete', () => deleteUuids([open.data!.uuid]))}
            onClose={close}
            onMarkUnread={() => attempt('Marking the message unread', () => markUnread(open.data!.uuid))}
            onShortcut={onShortcut}
          />
        )}
        {openUuid !== null && open.isError && (
          <p className="muted empty">This message does not exist (any more) in this workspace.</p>
        )}
        {openUuid === null && empty && <ConnectPanel settings={settings} token={client.token} />}
        {openUuid === null && !empty && <p className="muted empty">Select a message to read it.</p>}
      </section>
      {confirming !== null && (
        <ConfirmDialog
          title={confirming.kind === 'all' ? 'Delete all mail?' : 'Delete messages?'}
          confirm={confirming.kind === 'all' ? 'Delete all mail' : 'Delete'}
          onConfirm={() => attempt('The delete', runConfirmed)}
          onCancel={() => setConfirming(null)}
        >
          {confirming.kind === 'selected' && (
            <p>
              {selected.size === 1 ? 'Delete the selected message?' : `Delete the ${selected.size} selected messages?`}
            </p>
          )}
          {confirming.kind === 'matching' && (
            <p>
              {list.total === 1 ? 'Delete the message' : `Delete all ${list.total} messages`} matching “{query}”?
            </p>
          )}
          {confirming.kind === 'all' && (
            <p>
              Every captured message of this workspace is deleted
              {query === '' ? '' : ', not only those matching the search'}. Suppressions, sends, log items, templates
              and the rest stay (the log and sends lose their links to the messages). To start over from the fixtures,
              reset the workspace on <Link href="/controls">Controls</Link>.
            </p>
          )}
        </ConfirmDialog>
      )}
      {help && <HelpDialog onClose={() => setHelp(false)} />}
    </main>
  );
}
