import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { buildQuery } from '../../../server/testing/client.js';
import { keys, useClient } from '../api.js';
import { DateTime } from '../dates.js';

/** The captured mails rendered from this template, newest first, each a link into the inbox. */
export function SentWith({ name }: { name: string }) {
  const client = useClient();
  const sent = useQuery({
    queryKey: keys.sentWith(client.token, name),
    queryFn: () => client.messages({ template: name }, { perPage: 10 }),
  });
  const total = sent.data?.meta.total ?? 0;
  return (
    <section className="sent-with" aria-labelledby="sent-with-title">
      <h2 id="sent-with-title">Mails sent with this template</h2>
      {sent.data === undefined ? (
        <p className="muted">Loading…</p>
      ) : total === 0 ? (
        <p className="muted">None captured yet.</p>
      ) : (
        <>
          <ul className="sent-list">
            {sent.data.data.map((message) => (
              <li key={message.uuid}>
                <Link href={`/messages/${message.uuid}`}>{message.subject || '(no subject)'}</Link>{' '}
                <span className="muted">to {message.to.map((a) => a.email).join(', ') || '(none)'}</span>{' '}
                <DateTime iso={message.created_at} />
              </li>
            ))}
          </ul>
          <p>
            <Link href={`/?q=${encodeURIComponent(buildQuery({ template: name }))}`}>
              All {total.toLocaleString()} in the inbox
            </Link>
          </p>
        </>
      )}
    </section>
  );
}
