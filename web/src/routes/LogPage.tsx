/**
 * `/log`: the transactional mail log as `GET /api/transactional-mails` pages it (search, sort, 15 a page), and
 * `/log/<uuid>`: one log item as `GET /api/transactional-mails/{uuid}` returns it, with its sends, its captured
 * message, and **resend** (a fresh copy is captured, which this page then links to). Read and resent through
 * `/_emulator/log-items` (records/log.ts), which answers as the API does and needs no API token: under --isolate
 * a tab with no token chosen works on the default workspace.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { EmulatorApiError } from '../../../server/testing/client.js';
import { keys, useClient } from '../api.js';
import { errorText, useTitle } from '../forms.js';
import { counted, shortUuid, Timestamp } from '../records/common.js';
import { FilterForm, RecordsTitle } from '../records/records-head.js';
import { RecordsListing } from '../records/records-listing.js';
import { useRecordsQuery, useTyped } from '../records/records-query.js';
import { addresses, type LogItem, type LogSort } from '../records/log.js';

const SORTS: Array<[Exclude<LogSort, ''>, string]> = [
  ['-created_at', 'Newest first'],
  ['created_at', 'Oldest first'],
  ['subject', 'Subject A–Z'],
  ['-subject', 'Subject Z–A'],
];

export default function LogPage() {
  const records = useRecordsQuery({
    title: 'Transactional log',
    params: ['search', 'sort'],
    key: keys.log,
    list: (client, values, page) =>
      client.logItems({ search: values.search || undefined, sort: sortOf(values.sort), page }),
  });
  const { live, values, update } = records;
  const [typed, setTyped] = useTyped(values.search);

  return (
    <main className="records-page">
      <RecordsTitle title="Transactional log" live={live}>
        The log items of stored transactional sends, as <code>GET /api/transactional-mails</code> returns them. Open one
        to see it whole, its sends and its captured message, or to resend it.
      </RecordsTitle>
      <FilterForm
        label="Filter the log"
        onSubmit={() => update({ search: typed.trim() })}
        sort={{
          value: sortOf(values.sort),
          options: SORTS,
          onChange: (sort) => update({ sort: sort === '-created_at' ? '' : sort }),
        }}
        submit="Search"
      >
        <label className="grow">
          Subject contains
          {/* filter[search] as Mailcoach's log reads it (log-items-store.ts): part of the subject (its first 255 characters), A–Z in either case; not addresses or bodies. */}
          <input type="search" value={typed} onChange={(event) => setTyped(event.target.value)} />
        </label>
      </FilterForm>
      <RecordsListing
        records={records}
        noun="log"
        label="Log"
        tableLabel="Log items"
        empty={
          <>
            No log item matches. A send with <code>store</code> (the default) adds one.
          </>
        }
        columns={['Created', 'Subject', ['From', 'col-optional'], 'To']}
        row={(item) => (
          <tr key={item.uuid}>
            <td className="nowrap">
              <Timestamp iso={item.created_at} />
            </td>
            <th scope="row">
              <Link href={`/log/${item.uuid}`}>{item.subject === '' ? '(no subject)' : item.subject}</Link>
              {item.fake && <FakeBadge />}
            </th>
            <td className="col-optional">{addresses(item.from)}</td>
            <td>{addresses(item.to)}</td>
          </tr>
        )}
      />
    </main>
  );
}

/** The URL's sort, or the API's default (newest first). */
function sortOf(sort: string): Exclude<LogSort, ''> {
  return (sort || '-created_at') as Exclude<LogSort, ''>;
}

export function LogItemPage({ uuid }: { uuid: string }) {
  useTitle('Log item');
  const client = useClient();
  const item = useQuery({
    queryKey: [...keys.log(client.token), 'one', uuid],
    queryFn: () => client.logItem(uuid),
  });
  const notFound = item.error instanceof EmulatorApiError && item.error.status === 404;
  return (
    <main className="records-page">
      <p className="crumbs">
        <Link href="/log">← Transactional log</Link>
      </p>
      <h1>
        {item.data === undefined ? 'Log item' : item.data.subject === '' ? '(no subject)' : item.data.subject}
        {item.data?.fake === true && <FakeBadge />}
      </h1>
      {notFound && <p className="alert-box">No log item {uuid} in this workspace (a reset removes them).</p>}
      {item.isError && !notFound && (
        <p className="alert-box" role="alert">
          The log item could not be loaded: {errorText(item.error)}
        </p>
      )}
      {item.data !== undefined && <LogItemView item={item.data} />}
    </main>
  );
}

function LogItemView({ item }: { item: LogItem }) {
  // The JSON as GET /api/transactional-mails/{uuid} answers it: without the emulator's links.
  const { message_uuid: _message, send_uuid: _send, fake: _fake, ...asTheApi } = item;
  return (
    <>
      <div className="records-grid">
        <section className="box" aria-labelledby="log-item-fields">
          <h2 id="log-item-fields">As the API returns it</h2>
          <dl className="kv">
            <dt>uuid</dt>
            <dd>
              <code>{item.uuid}</code>
            </dd>
            <dt>created_at</dt>
            <dd>
              <Timestamp iso={item.created_at} />
            </dd>
            <dt>subject</dt>
            <dd>{item.subject}</dd>
            <dt>from</dt>
            <dd>{addresses(item.from) || <span className="muted">—</span>}</dd>
            <dt>to</dt>
            <dd>{addresses(item.to) || <span className="muted">—</span>}</dd>
            <dt>cc</dt>
            <dd>{addresses(item.cc) || <span className="muted">—</span>}</dd>
            <dt>bcc</dt>
            <dd>{addresses(item.bcc) || <span className="muted">—</span>}</dd>
          </dl>
          <details>
            <summary>As JSON</summary>
            <pre className="records-code" tabIndex={0}>
              {JSON.stringify({ data: asTheApi }, null, 2)}
            </pre>
          </details>
        </section>
        <div>
          <Resend item={item} />
          <CapturedMessage item={item} />
        </div>
      </div>
      <LogItemSends uuid={item.uuid} />
      <section className="box" aria-labelledby="log-item-body">
        <h2 id="log-item-body">{isHtml(item.body) ? 'Body (HTML source)' : 'Body (plain text)'}</h2>
        <pre className="records-code" tabIndex={0}>
          {item.body ?? ''}
        </pre>
      </section>
    </>
  );
}

/** The log item's body is the mail's HTML, or its text when it had no HTML part: tell them apart by a tag. */
function isHtml(body: string | null): boolean {
  return body !== null && /<\/?[a-z][a-z0-9-]*(?:\s[^<>]*)?\/?>/i.test(body);
}

/** A send made with `fake: true`: logged and captured, never sent (issue 41, finding 15). */
function FakeBadge() {
  return (
    <>
      {' '}
      <span className="badge" title="Sent with fake: true: logged, never sent">
        fake
      </span>
    </>
  );
}

function Resend({ item }: { item: LogItem }) {
  const client = useClient();
  // The copy's message uuid; null: a fake log item, which is not resent (as the API's resend).
  const resend = useMutation({ mutationFn: () => client.resendLogItem(item.uuid) });
  return (
    <section className="box" aria-labelledby="resend-title">
      <h2 id="resend-title">Resend</h2>
      <p className="help">
        As <code>POST /api/transactional-mails/{'{uuid}'}/resend</code>: the mail is captured again (a copy in the
        inbox, with no log item or send of its own).
      </p>
      <button type="button" onClick={() => resend.mutate()} disabled={resend.isPending}>
        Resend
      </button>
      <div role="status">
        {resend.isPending && <p className="muted">Resending…</p>}
        {resend.isSuccess &&
          (resend.data === null ? (
            <p className="notice-box">
              Not resent: this is a fake log item (a fixture's <code>fake: true</code>), which Mailcoach does not
              resend.
            </p>
          ) : (
            <p className="ok-box">
              Resent: a copy was captured. <Link href={`/messages/${resend.data}`}>Open the copy in the inbox</Link>
            </p>
          ))}
      </div>
      {resend.isError && (
        <p className="alert-box" role="alert">
          The resend failed: {errorText(resend.error)}
        </p>
      )}
    </section>
  );
}

/** The message the send captured (null once it is deleted from the inbox: live.tsx refetches the log then). */
function CapturedMessage({ item }: { item: LogItem }) {
  return (
    <section className="box" aria-labelledby="captured-title">
      <h2 id="captured-title">Captured message</h2>
      {item.message_uuid === null ? (
        <p className="muted">Not in the inbox (deleted, or the workspace was reset).</p>
      ) : (
        <p>
          <Link href={`/messages/${item.message_uuid}`}>
            Open “{item.subject === '' ? '(no subject)' : item.subject}” in the inbox
          </Link>
        </p>
      )}
    </section>
  );
}

function LogItemSends({ uuid }: { uuid: string }) {
  const client = useClient();
  const sends = useQuery({
    queryKey: [...keys.sends(client.token), 'of-log-item', uuid],
    queryFn: () => client.sends({ logItemUuid: uuid }),
  });
  return (
    <section className="box" aria-labelledby="log-sends-title">
      <h2 id="log-sends-title">Sends</h2>
      {sends.isError && <p className="alert-box">{errorText(sends.error)}</p>}
      {sends.data !== undefined && sends.data.data.length === 0 && (
        <p className="muted">No send (a mail sent with store: false has none).</p>
      )}
      {sends.data !== undefined && sends.data.data.length > 0 && (
        <ul>
          {sends.data.data.map((send) => (
            <li key={send.uuid}>
              <code title={send.uuid}>{shortUuid(send.uuid)}</code>{' '}
              <span className={`badge state-${send.state}`}>{send.state.replace('_', ' ')}</span>{' '}
              <Timestamp iso={send.sent_at} /> · {counted(send.open_count, 'open')},{' '}
              {counted(send.click_count, 'click')}
            </li>
          ))}
        </ul>
      )}
      <p>
        <Link href={`/sends?log_item=${encodeURIComponent(uuid)}`}>
          Show in the sends table (to simulate opens, clicks, bounces)
        </Link>
      </p>
    </section>
  );
}
