/** A page under Campaigns (a campaign, a campaign template): the way back, and why its data failed to load. */
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { errorText } from '../forms.js';

export function UnderCampaigns({
  failure,
  children,
}: {
  failure: { what: string; error: unknown } | null;
  children: ReactNode;
}) {
  return (
    <main className="records-page">
      <p>
        <Link href="/campaigns">← Campaigns</Link>
      </p>
      {failure !== null && (
        <p className="alert-box" role="alert">
          {failure.what}: {errorText(failure.error)}
        </p>
      )}
      {children}
    </main>
  );
}
