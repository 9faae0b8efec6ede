/**
 * A page's box of its first Sends (a campaign's, a subscriber's): the load error, the empty state, the rows as the
 * page shows them, and the way to all of them on the Sends page, written once.
 */
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import type { MailcoachPage, SendWithState } from '../../../server/testing/client.js';
import { errorText } from '../forms.js';

export function SendsBox({
  headingId,
  sends,
  empty,
  allHref,
  allText,
  children,
}: {
  headingId: string;
  sends: UseQueryResult<MailcoachPage<SendWithState>>;
  empty: string;
  allHref: string;
  allText: (total: number) => string;
  children: (rows: SendWithState[]) => ReactNode;
}) {
  return (
    <section className="box" aria-labelledby={headingId}>
      <h2 id={headingId}>Sends</h2>
      {sends.isError && (
        <p className="alert-box" role="alert">
          The sends could not be loaded: {errorText(sends.error)}
        </p>
      )}
      {sends.data !== undefined &&
        (sends.data.data.length === 0 ? (
          <p className="muted">{empty}</p>
        ) : (
          <>
            {children(sends.data.data)}
            <p>
              <Link href={allHref}>{allText(sends.data.meta.total)}</Link>
            </p>
          </>
        ))}
    </section>
  );
}
