/**
 * `/lists`: the workspace's email lists, each with its subscribers by status, its default sender and whether it
 * asks for double opt-in, linked to its own page. Live: a subscriber or list changed through /api shows at once.
 * Loaded only when opened.
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { queries, useClient } from '../api.js';
import { PlainTable, Sender, STATUSES } from '../audience/common.js';
import { errorText, useTitle } from '../forms.js';
import { useLiveUpdates } from '../live.js';
import { RecordsTitle } from '../records/records-head.js';

export default function ListsPage() {
  useTitle('Lists');
  const live = useLiveUpdates();
  const client = useClient();
  const lists = useQuery(queries.emailLists(client));
  return (
    <main className="records-page">
      <RecordsTitle title="Lists" live={live}>
        The workspace's email lists, as <code>GET /api/email-lists</code> holds them, with their subscribers by status.
        Open one for its subscribers, tags, segments and imports.
      </RecordsTitle>
      {lists.isError && (
        <p className="alert-box" role="alert">
          The lists could not be loaded: {errorText(lists.error)}
        </p>
      )}
      {lists.data !== undefined &&
        (lists.data.length === 0 ? (
          <p className="muted">
            No email list. An app's <code>POST /api/email-lists</code> or a fixture file's <code>email_lists</code>{' '}
            makes one.
          </p>
        ) : (
          <PlainTable
            label="Email lists"
            columns={[
              'List',
              ...STATUSES.map((status) => [status[0]!.toUpperCase() + status.slice(1), 'num'] as const),
              'Default sender',
              'Double opt-in',
            ]}
            rows={lists.data}
            row={(list) => (
              <tr key={list.uuid}>
                <th scope="row">
                  <Link href={`/lists/${list.uuid}`}>{list.name}</Link>
                </th>
                {STATUSES.map((status) => (
                  <td key={status} className="num">
                    {list.subscribers_counts[status].toLocaleString()}
                  </td>
                ))}
                <td>
                  <Sender email={list.default_from_email} name={list.default_from_name} />
                </td>
                <td>{list.requires_confirmation ? 'on' : 'off'}</td>
              </tr>
            )}
          />
        ))}
    </main>
  );
}
