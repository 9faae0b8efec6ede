/**
 * A campaign's statistics on its page: the counts, the rates the Mailcoach API answers for them, the clicked links,
 * and who opened, clicked and unsubscribed (issue 41 finding 10), each person linking to their subscriber page.
 */
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import type { CampaignDetail } from '../../../server/testing/client.js';
import { Timestamp } from '../records/common.js';
import { ColumnHeads } from '../records/records-listing.js';
import { countsOf, ratesOf } from './counts.js';

export function Statistics({ campaign }: { campaign: CampaignDetail }) {
  const { opened, clicked, unsubscribed } = campaign.activity;
  return (
    <section className="box" aria-labelledby="statistics-title">
      <h2 id="statistics-title">Statistics</h2>
      <dl className="stats">
        {countsOf(campaign).map(([label, count]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{count}</dd>
          </div>
        ))}
      </dl>
      <dl className="stats rates" aria-label="Rates">
        {ratesOf(campaign).map(([label, rate]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{rate}</dd>
          </div>
        ))}
      </dl>
      <p className="muted">
        Unique counts, with the totals in brackets when they differ; rates of the{' '}
        {campaign.sent_to_number_of_subscribers} it was sent to, as GET /api/campaigns answers them. Simulate opens,
        clicks and bounces on the sends below.
      </p>
      {campaign.links.length > 0 && (
        <div className="records-table-wrap records-cards">
          <table className="records-table" aria-label="Clicked links">
            <thead>
              <tr>
                <ColumnHeads columns={['URL', ['Unique clicks', 'num'], ['Clicks', 'num']]} />
              </tr>
            </thead>
            <tbody>
              {campaign.links.map((link) => (
                <tr key={link.url}>
                  <th scope="row" data-label="URL" className="address">
                    {link.url}
                  </th>
                  <td data-label="Unique clicks" className="num">
                    {link.unique_click_count}
                  </td>
                  <td data-label="Clicks" className="num">
                    {link.click_count}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <People
        title="Opened"
        rows={opened.map((row) => [
          row.subscriber_uuid,
          row.email,
          <>
            {plural(row.open_count, 'open')}, first <Timestamp iso={row.first_opened_at} />
          </>,
        ])}
      />
      <People
        title="Clicked"
        rows={clicked.map((row) => [
          row.subscriber_uuid,
          row.email,
          `${plural(row.click_count, 'click')}: ${row.urls.join(', ')}`,
        ])}
      />
      <People
        title="Unsubscribed"
        rows={unsubscribed.map((row) => [
          row.subscriber_uuid,
          row.email,
          <Timestamp key="at" iso={row.unsubscribed_at} />,
        ])}
      />
    </section>
  );
}

const plural = (count: number, one: string) => `${count} ${count === 1 ? one : `${one}s`}`;

/** One kind of activity: who, and what; nothing when nobody did it. */
function People({ title, rows }: { title: string; rows: Array<[string | null, string | null, ReactNode]> }) {
  if (rows.length === 0) return null;
  return (
    <>
      <h3>
        {title} ({rows.length})
      </h3>
      <ul aria-label={title} className="activity">
        {rows.map(([uuid, email, what], index) => (
          <li key={uuid ?? index}>
            {uuid === null ? (email ?? '(deleted)') : <Link href={`/subscribers/${uuid}`}>{email ?? uuid}</Link>}{' '}
            <span className="muted">— {what}</span>
          </li>
        ))}
      </ul>
    </>
  );
}
