/**
 * `/webhooks`: Mailcoach's outgoing webhooks as the emulator makes them (mailcoach-webhooks.md; decisions.md
 * "Webhooks"): the workspace's configurations, made and changed here (Mailcoach has no API for them), and the log
 * of every call with its exact request, its attempts and Resend. Live; the log's filters and page are in the URL
 * (the Sends page links here filtered by send). Loaded only when opened.
 */
import { RecordsTitle } from '../records/records-head.js';
import { CallsLog, useCallsQuery } from '../webhooks/CallsLog.js';
import { Configurations } from '../webhooks/Configurations.js';
import '../webhooks/webhooks.css';

export default function WebhooksPage() {
  const records = useCallsQuery();
  return (
    <main className="records-page">
      <RecordsTitle title="Webhooks" live={records.live}>
        Mailcoach calls your app back with a signed <code>POST</code> when something happens to a subscriber or a
        campaign. Point a webhook at your app (or at this emulator's sink) and every call shows below, with its exact
        body, its <code>Signature</code> and what your app answered. A failed call is tried again (5 tries, 10 s to
        10000 s apart on the emulator's clock, or faster with <code>--webhook-retries fast</code>).
      </RecordsTitle>
      <Configurations />
      <CallsLog records={records} live={records.live} />
    </main>
  );
}
