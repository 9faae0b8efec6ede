/**
 * What the audience pages (Lists, a list, a subscriber) share: a subscriber's status as a badge, the list's counts
 * by status, and their tables (their query keys are api.ts's, all under the email lists' key so that
 * `audience.changed` (live.tsx) refetches every one of them). Loaded with those pages' lazy chunks.
 */
import type { ReactNode } from 'react';
import type { SubscriberStatus } from '../../../server/testing/client.js';
import { ColumnHeads, type Column } from '../records/records-listing.js';
import '../records/records.css';
import './audience.css';

export const STATUSES: readonly SubscriberStatus[] = ['subscribed', 'unconfirmed', 'unsubscribed'];

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
  return <span className="address">{name !== null && name !== '' ? `${name} <${email}>` : email}</span>;
}

interface BoxTableProps<Row> {
  /** The section's heading, and the table's accessible name unless `label` gives one. */
  title: string;
  label?: string;
  /** Under the heading. */
  help?: ReactNode;
  /** Shown instead of an empty table. */
  empty: ReactNode;
  columns: readonly Column[];
  rows: readonly Row[];
  /** One keyed <tr> per row. */
  row: (row: Row) => ReactNode;
}

/** A boxed section of a page: its heading, and a table of its rows (what it says when there is none). */
export function BoxTable<Row>({ title, label = title, help, empty, columns, rows, row }: BoxTableProps<Row>) {
  const id = `${title.toLowerCase().replace(/[^a-z]+/g, '-')}-heading`;
  return (
    <section className="box" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {help}
      {rows.length === 0 ? (
        <p className="muted">{empty}</p>
      ) : (
        <PlainTable label={label} columns={columns} rows={rows} row={row} />
      )}
    </section>
  );
}

/** A table of rows, scrolling sideways in its box when it must. */
export function PlainTable<Row>({
  label,
  columns,
  rows,
  row,
}: {
  label: string;
  columns: readonly Column[];
  rows: readonly Row[];
  row: (row: Row) => ReactNode;
}) {
  return (
    <div className="records-table-wrap">
      <table className="records-table" aria-label={label}>
        <thead>
          <tr>
            <ColumnHeads columns={columns} />
          </tr>
        </thead>
        <tbody>{rows.map(row)}</tbody>
      </table>
    </div>
  );
}
