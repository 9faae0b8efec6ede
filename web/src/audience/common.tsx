/**
 * What the audience pages (Lists, a list, a subscriber) share: a subscriber's status as a badge, the list's counts
 * by status, and their query keys, all under the email lists' key so that `audience.changed` (live.ts) refetches
 * every one of them. Loaded with those pages' lazy chunks.
 */
import type { SubscriberStatus } from '../../../server/testing/client.js';
import { keys } from '../api.js';
import '../records/records.css';
import './audience.css';

export const STATUSES: readonly SubscriberStatus[] = ['subscribed', 'unconfirmed', 'unsubscribed'];

export const audienceKeys = {
  list: (token: string | null, uuid: string) => [...keys.emailLists(token), 'one', uuid] as const,
  subscribers: (token: string | null, uuid: string) => [...keys.emailLists(token), 'subscribers', uuid] as const,
  subscriber: (token: string | null, uuid: string) => [...keys.emailLists(token), 'subscriber', uuid] as const,
};

export function StatusBadge({ status }: { status: SubscriberStatus }) {
  return <span className={`badge status-${status}`}>{status}</span>;
}

/** "4 subscribed · 0 unconfirmed · 1 unsubscribed". */
export function StatusCounts({ counts }: { counts: Record<SubscriberStatus, number> }) {
  return (
    <ul className="audience-counts" aria-label="Subscribers by status">
      {STATUSES.map((status) => (
        <li key={status}>
          <strong>{counts[status].toLocaleString()}</strong> {status}
        </li>
      ))}
    </ul>
  );
}

/** The list's default sender: `Name <email>`, or what is missing. */
export function Sender({ email, name }: { email: string | null; name: string | null }) {
  if (email === null || email === '') return <span className="muted">no default sender</span>;
  return (
    <span className="address">
      {name !== null && name !== '' ? `${name} <${email}>` : email}
    </span>
  );
}
