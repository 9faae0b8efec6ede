/**
 * `/lists/<uuid>`: one email list. Its subscribers as `GET /api/email-lists/{uuid}/subscribers` pages them (15 a
 * page, newest first) with the API's filters (exact email, part of the email, status, tags with any or all), kept
 * in the URL; its tags and segments with how many subscribers each selects; its subscriber imports with their
 * counts and errors. Live: a subscriber created, confirmed or tagged through /api appears without a reload. Loaded
 * only when opened.
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import {
  EmulatorApiError,
  type EmailListDetail,
  type SubscriberStatus,
  type SubscriberWithStatus,
} from '../../../server/testing/client.js';
import { keys, queries, useClient } from '../api.js';
import { BoxTable, Sender, StatusBadge, StatusCounts, STATUSES } from '../audience/common.js';
import { errorText, useTitle } from '../forms.js';
import { shortUuid, Timestamp } from '../records/common.js';
import { FilterForm, RecordsTitle } from '../records/records-head.js';
import { RecordsListing } from '../records/records-listing.js';
import { useRecordsQuery, useTyped } from '../records/records-query.js';

const PARAMS = ['email', 'search', 'status', 'tags', 'tag_type', 'sort'] as const;
const TEXT_FILTERS = [
  ['search', 'Email contains', 'search', 'jane@'],
  ['email', 'Exact email', 'search', 'jane@example.com (any case)'],
  ['tags', 'Tags', 'text', 'vip, customer'],
] as const;

const SORTS: Array<[string, string]> = [
  ['', 'Newest first'],
  ['created_at', 'Oldest first'],
  ['email', 'Email A–Z'],
  ['-email', 'Email Z–A'],
];

export default function ListPage({ uuid }: { uuid: string }) {
  const client = useClient();
  const records = useRecordsQuery({
    title: 'List',
    params: PARAMS,
    key: (token) => keys.subscribers(token, uuid),
    list: (c, values, page) =>
      c.listSubscribers(uuid, {
        email: values.email || undefined,
        search: values.search || undefined,
        status: (values.status || undefined) as SubscriberStatus | undefined,
        tags:
          values.tags === ''
            ? undefined
            : values.tags
                .split(',')
                .map((tag) => tag.trim())
                .filter((tag) => tag !== ''),
        tagType: values.tag_type === 'all' ? 'all' : undefined,
        sort: values.sort || undefined,
        page,
      }),
  });
  // Asked for after the subscribers, which a person waits for: the list's segment counts take longer on a big list.
  const list = useQuery(queries.emailList(client, uuid));
  useTitle(list.data?.name ?? 'List');
  const { live, values, update } = records;
  const [typed, setTyped] = useTyped(values);
  const notFound = list.error instanceof EmulatorApiError && list.error.status === 404;
  const filtered = PARAMS.some((name) => name !== 'sort' && values[name] !== '');

  return (
    <main className="records-page">
      <p className="crumbs">
        <Link href="/lists">← Lists</Link>
      </p>
      <RecordsTitle title={list.data?.name ?? 'List'} live={live}>
        {list.data === undefined ? (
          <>The list's subscribers, tags, segments and imports.</>
        ) : (
          <>
            From <Sender email={list.data.default_from_email} name={list.data.default_from_name} />; double opt-in{' '}
            <strong>{list.data.requires_confirmation ? 'on' : 'off'}</strong> (uuid <code>{uuid}</code>).
          </>
        )}
      </RecordsTitle>
      {notFound && (
        <p className="alert-box">No email list {uuid} in this workspace (a reset removes the lists an app made).</p>
      )}
      {list.isError && !notFound && (
        <p className="alert-box" role="alert">
          The list could not be loaded: {errorText(list.error)}
        </p>
      )}
      {list.data !== undefined && <StatusCounts counts={list.data.subscribers_counts} />}
      {!notFound && (
        <section aria-labelledby="subscribers-heading">
          <h2 id="subscribers-heading">Subscribers</h2>
          <FilterForm
            label="Filter subscribers"
            onSubmit={() =>
              update(
                Object.fromEntries(PARAMS.filter((name) => name !== 'sort').map((name) => [name, typed[name].trim()])),
              )
            }
            sort={{ value: values.sort, options: SORTS, onChange: (sort) => update({ sort }) }}
            submit="Filter"
            after={
              filtered && (
                <button
                  type="button"
                  onClick={() =>
                    update(Object.fromEntries(PARAMS.filter((name) => name !== 'sort').map((name) => [name, ''])))
                  }
                >
                  Clear filters
                </button>
              )
            }
          >
            {TEXT_FILTERS.map(([name, label, type, placeholder]) => (
              <label key={name} className="grow">
                {label}
                <input
                  type={type}
                  value={typed[name]}
                  onChange={(event) => setTyped({ ...typed, [name]: event.target.value })}
                  placeholder={placeholder}
                  spellCheck={false}
                />
              </label>
            ))}
            <label>
              Tags match
              <select value={typed.tag_type} onChange={(event) => setTyped({ ...typed, tag_type: event.target.value })}>
                <option value="">any</option>
                <option value="all">all</option>
              </select>
            </label>
            <label>
              Status
              <select value={typed.status} onChange={(event) => setTyped({ ...typed, status: event.target.value })}>
                <option value="">any status</option>
                {STATUSES.map((status) => (
                  <option key={status} value={status}>
                    {status}
                  </option>
                ))}
              </select>
            </label>
          </FilterForm>
          <RecordsListing
            records={records}
            noun="subscribers"
            label="Subscribers"
            empty={
              filtered ? (
                <>No subscriber matches.</>
              ) : (
                <>
                  No subscriber yet. An app's <code>POST /api/email-lists/{'{uuid}'}/subscribers</code> adds one.
                </>
              )
            }
            columns={['Subscriber', 'Status', 'Tags', 'Created']}
            row={(subscriber) => <SubscriberRow key={subscriber.uuid} subscriber={subscriber} />}
          />
        </section>
      )}
      {list.data !== undefined && <ListParts list={list.data} />}
    </main>
  );
}

function SubscriberRow({ subscriber }: { subscriber: SubscriberWithStatus }) {
  const name = [subscriber.first_name, subscriber.last_name].filter((part) => part !== null && part !== '').join(' ');
  return (
    <tr data-subscriber={subscriber.uuid}>
      <th scope="row">
        <Link href={`/subscribers/${subscriber.uuid}`} className="address">
          {subscriber.email}
        </Link>
        {name !== '' && <div className="muted">{name}</div>}
      </th>
      <td>
        <StatusBadge status={subscriber.status} />
      </td>
      <td>{subscriber.tags.length === 0 ? <span className="muted">—</span> : subscriber.tags.join(', ')}</td>
      <td className="nowrap">
        <Timestamp iso={subscriber.created_at} />
      </td>
    </tr>
  );
}

/** The list's tags and segments (with how many subscribers each selects) and its imports. */
function ListParts({ list }: { list: EmailListDetail }) {
  return (
    <div className="records-grid">
      <BoxTable
        title="Tags"
        empty="No tag on this list."
        columns={['Tag', 'Type', ['Subscribers', 'num']]}
        rows={list.tags}
        row={(tag) => (
          <tr key={tag.uuid}>
            <th scope="row">
              <Link href={`/lists/${list.uuid}?tags=${encodeURIComponent(tag.name)}`} title="This tag's subscribers">
                {tag.name}
              </Link>
            </th>
            <td>{tag.type}</td>
            <td className="num">{tag.subscriber_count.toLocaleString()}</td>
          </tr>
        )}
      />
      <BoxTable
        title="Segments"
        help={
          <p className="help">
            A segment's count is what a campaign to it reaches: the subscribed subscribers that meet its tag conditions.
          </p>
        }
        empty="No segment on this list."
        columns={['Segment', ['Subscribers', 'num']]}
        rows={list.segments}
        row={(segment) => (
          <tr key={segment.uuid}>
            <th scope="row">{segment.name}</th>
            <td className="num">{segment.subscriber_count.toLocaleString()}</td>
          </tr>
        )}
      />
      <BoxTable
        title="Subscriber imports"
        empty={
          <>
            No import. An app's <code>POST /api/subscriber-imports</code> makes one.
          </>
        }
        columns={['Import', 'Status', ['Imported', 'num'], ['Errors', 'num']]}
        rows={list.imports}
        row={(row) => (
          <tr key={row.uuid}>
            <th scope="row">
              <Timestamp iso={row.created_at} />
              <div className="muted">
                <code title={row.uuid}>{shortUuid(row.uuid)}</code>
              </div>
            </th>
            <td>{row.status}</td>
            <td className="num">{row.imported_subscribers_count.toLocaleString()}</td>
            <td className="num">{row.error_count.toLocaleString()}</td>
          </tr>
        )}
      />
    </div>
  );
}
