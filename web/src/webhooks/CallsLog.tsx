/**
 * The log of webhook calls (Mailcoach's webhook logs, docs/spec/mailcoach-webhooks.md#27-the-log-mailcoach_webhook_logs-domainsettingseventsubscriberswebhooklogeventsubscriberphp-modelswebhooklogphp-v7-test-webhooklogeventsubscribertestphp), newest first: each call with its
 * event (named as v8's log names it, without the `Event` suffix), status, last HTTP status, tries, duration and time;
 * its detail (the request's headers with the Signature and the exact body, each attempt's status, response excerpt
 * and error) opens in place; **Resend** is Mailcoach's (once, now, to the current URL with the current secret,
 * logged as a Manual attempt). Filtered by event, status and email, and (from links: a send's, a configuration's)
 * by send, campaign, subscriber or configuration; the filters and page live in the URL. Live.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import {
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENT_NAMES,
  type WebhookAttempt,
  type WebhookCall,
  type WebhookCallStatus,
  type WebhookEvent,
} from '../../../server/testing/client.js';
import { keys, useClient } from '../api.js';
import { CopyButton } from '../components/CopyButton.js';
import { errorText, Options } from '../forms.js';
import { shortUuid, Timestamp, type PageMeta } from '../records/common.js';
import { RecordsListing } from '../records/records-listing.js';
import { useRecordsQuery, useTyped } from '../records/records-query.js';
import type { LiveState } from '../live.js';

const PER_PAGE = 25;

/** v8's log shows the event without its `Event` suffix ("Unsubscribed", "TagAdded"). */
const shortEvent = (event: string) => event.replace(/Event$/, '');

const EVENT_OPTIONS: Array<[string, string]> = [
  ['', 'Any event'],
  ...WEBHOOK_EVENT_NAMES.map((event): [string, string] => [event, WEBHOOK_EVENT_LABELS[event]]),
];
const STATUS_OPTIONS: Array<[string, string]> = [
  ['', 'Any status'],
  ['pending', 'Pending (not tried yet, or a retry due)'],
  ['succeeded', 'Succeeded'],
  ['failed', 'Failed (every try)'],
];
/** Filters that come from links (a send's, a configuration's): shown, and cleared, but not typed. */
const LINKED = [
  ['send', 'send'],
  ['campaign', 'campaign'],
  ['subscriber', 'subscriber'],
  ['configuration', 'configuration'],
] as const;

const COLUMNS = [
  'Event',
  'Status',
  ['Tries', 'num'],
  ['Duration', 'num'],
  'Time',
  'Webhook',
  'Subscriber',
  null,
] as const;

export function useCallsQuery() {
  return useRecordsQuery({
    title: 'Webhooks',
    params: ['event', 'status', 'email', 'send', 'campaign', 'subscriber', 'configuration'],
    key: keys.webhookCalls,
    list: async (client, values, page) => {
      const answer = await client.webhookCalls(
        {
          event: (values.event || undefined) as WebhookEvent | undefined,
          status: (values.status || undefined) as WebhookCallStatus | undefined,
          email: values.email || undefined,
          sendUuid: values.send || undefined,
          campaignUuid: values.campaign || undefined,
          subscriberUuid: values.subscriber || undefined,
          configuration: values.configuration || undefined,
        },
        { page, perPage: PER_PAGE },
      );
      return { data: answer.data, meta: pageMeta(answer.meta) };
    },
  });
}

/** The emulator's {page, per_page, total} as the pager reads Laravel's meta. */
function pageMeta({ page, per_page: perPage, total }: { page: number; per_page: number; total: number }): PageMeta {
  const from = total === 0 || (page - 1) * perPage >= total ? null : (page - 1) * perPage + 1;
  return {
    current_page: page,
    per_page: perPage,
    total,
    last_page: Math.max(1, Math.ceil(total / perPage)),
    from,
    to: from === null ? null : Math.min(total, page * perPage),
    path: '/_emulator/webhook-calls',
  };
}

export function CallsLog({ records }: { records: ReturnType<typeof useCallsQuery>; live: LiveState }) {
  const { values, update } = records;
  const [email, setEmail] = useTyped(values.email);
  const [resent, setResent] = useState<ReactNode>(null);
  const linked = LINKED.filter(([name]) => values[name] !== '');
  return (
    <section className="box" aria-labelledby="webhook-calls-title">
      <h2 id="webhook-calls-title">Calls</h2>
      <form
        className="filters"
        role="search"
        aria-label="Filter calls"
        onSubmit={(event) => {
          event.preventDefault();
          update({ email: email.trim() });
        }}
      >
        <label>
          Event
          <select value={values.event} onChange={(event) => update({ event: event.target.value })}>
            <Options options={EVENT_OPTIONS} />
          </select>
        </label>
        <label>
          Status
          <select value={values.status} onChange={(event) => update({ status: event.target.value })}>
            <Options options={STATUS_OPTIONS} />
          </select>
        </label>
        <label className="grow">
          Subscriber email
          <input
            type="search"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            placeholder="jane@example.com (exact, any case)"
            spellCheck={false}
          />
        </label>
        <button type="submit">Filter</button>
      </form>
      {linked.length > 0 && (
        <p className="notice-box">
          Only the calls of{' '}
          {linked.map(([name, label], i) => (
            <span key={name}>
              {i > 0 && ', '}
              {label} <code title={values[name]}>{shortUuid(values[name])}</code>
            </span>
          ))}
          .{' '}
          <button type="button" onClick={() => update(Object.fromEntries(linked.map(([name]) => [name, ''])))}>
            Show every call
          </button>
        </p>
      )}
      <div role="status" aria-live="polite">
        {resent}
      </div>
      <RecordsListing
        records={records}
        noun="calls"
        label="Calls"
        tableLabel="Webhook calls"
        empty="No call matches. A call is made when a subscriber or campaign event happens on a list a configuration is for (subscribed, unsubscribed, tag added or removed, campaign sent, opened, clicked, bounced): unsubscribing a subscriber through the API makes one, for example."
        columns={COLUMNS}
        row={(call) => <CallRows key={call.uuid} call={call} onResent={setResent} />}
      />
    </section>
  );
}

/** What the last attempt answered: its HTTP status, "no response", or "not tried yet". */
function lastOutcome(call: WebhookCall): string {
  const last = call.attempts_log.at(-1);
  if (last === undefined) return 'not tried yet';
  return last.status_code === null ? 'no response' : String(last.status_code);
}

function CallRows({ call, onResent }: { call: WebhookCall; onResent: (notice: ReactNode) => void }) {
  const client = useClient();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const detailId = useId();
  const resend = useMutation({
    mutationFn: () => client.resendWebhookCall(call.uuid),
    onSuccess: (after) => {
      const manual = after.attempts_log.at(-1);
      onResent(
        <p className={manual?.succeeded ? 'ok-box' : 'alert-box'}>
          Resent {shortEvent(call.event)} to {after.configuration?.name ?? 'its webhook'}:{' '}
          {manual === undefined
            ? 'no attempt logged'
            : manual.status_code === null
              ? `no response (${manual.error ?? 'unknown error'})`
              : `HTTP ${manual.status_code}`}
          .
        </p>,
      );
      queryClient.setQueriesData<{ data: WebhookCall[] }>({ queryKey: keys.webhookCalls(client.token) }, (page) =>
        page === undefined || !Array.isArray(page.data)
          ? page
          : { ...page, data: page.data.map((row) => (row.uuid === after.uuid ? after : row)) },
      );
    },
    onError: (error) => onResent(<p className="alert-box">The resend failed: {errorText(error)}</p>),
  });
  const last = call.attempts_log.at(-1);
  const label = shortEvent(call.event);
  return (
    <>
      <tr data-call={call.uuid}>
        <th scope="row">
          <span title={`${call.event}: ${WEBHOOK_EVENT_LABELS[call.event] ?? ''}`}>{label}</span>
        </th>
        <td data-label="Status">
          <span className={`badge call-${call.status}`}>{call.status}</span>{' '}
          <span className="http-status">{lastOutcome(call)}</span>
          {call.status === 'pending' && call.next_attempt_at !== null && call.attempts > 0 && (
            <div className="muted small">
              retry at <Timestamp iso={call.next_attempt_at} />
            </div>
          )}
        </td>
        <td data-label="Tries" className="num">
          {call.attempts}
          {call.attempts_log.length > call.attempts && (
            <span className="muted"> +{call.attempts_log.length - call.attempts} manual</span>
          )}
        </td>
        <td data-label="Duration" className="num nowrap">
          {last === undefined ? <span className="muted">—</span> : `${last.duration_ms} ms`}
        </td>
        <td data-label="Time" className="nowrap">
          <Timestamp iso={call.created_at} />
        </td>
        <td data-label="Webhook">{call.configuration?.name ?? <span className="muted">deleted</span>}</td>
        <td data-label="Subscriber">
          {call.email !== null ? <span className="address">{call.email}</span> : <span className="muted">—</span>}
          {call.send_uuid !== null && (
            <div className="muted small">
              send <code title={call.send_uuid}>{shortUuid(call.send_uuid)}</code>
            </div>
          )}
        </td>
        <td className="actions">
          <div className="simulate">
            <button
              type="button"
              aria-expanded={open}
              aria-controls={detailId}
              onClick={() => setOpen(!open)}
              aria-label={`Details of the ${label} call ${shortUuid(call.uuid)}`}
            >
              Details
            </button>
            <button
              type="button"
              onClick={() => resend.mutate()}
              disabled={resend.isPending || call.configuration === null}
              aria-label={`Resend the ${label} call ${shortUuid(call.uuid)}`}
            >
              Resend
            </button>
          </div>
        </td>
      </tr>
      {open && (
        <tr className="call-detail" id={detailId}>
          <td colSpan={COLUMNS.length}>
            <CallDetail call={call} />
          </td>
        </tr>
      )}
    </>
  );
}

function CallDetail({ call }: { call: WebhookCall }) {
  const label = shortEvent(call.event);
  return (
    <div className="call-detail-body" role="region" aria-label={`The ${label} call ${shortUuid(call.uuid)}`}>
      <h3>Request</h3>
      <p>
        <code className="address">
          {call.request.method} {call.request.url}
        </code>
      </p>
      <Headers headers={call.request.headers} />
      <div className="inline-actions">
        <h4>Body (the exact bytes sent)</h4>
        <CopyButton text={call.request.body} label="Copy the body" />
      </div>
      <pre className="records-code" role="region" aria-label="Request body">
        {call.request.body}
      </pre>
      <h3>Attempts</h3>
      {call.attempts_log.length === 0 ? (
        <p className="muted">Not tried yet{call.next_attempt_at === null ? '' : ': due now'}.</p>
      ) : (
        <ol className="attempts">
          {call.attempts_log.map((attempt) => (
            <AttemptView key={attempt.uuid} attempt={attempt} />
          ))}
        </ol>
      )}
      <p className="muted small">
        Call <code>{call.uuid}</code>
        {call.email_list_uuid !== null && (
          <>
            {' '}
            · list <code>{shortUuid(call.email_list_uuid)}</code>
          </>
        )}
        {call.subscriber_uuid !== null && (
          <>
            {' '}
            · subscriber <code>{call.subscriber_uuid}</code>
          </>
        )}
        {call.campaign_uuid !== null && (
          <>
            {' '}
            · campaign{' '}
            <Link href={`/sends?campaign=${encodeURIComponent(call.campaign_uuid)}`}>
              {shortUuid(call.campaign_uuid)}
            </Link>
          </>
        )}
      </p>
    </div>
  );
}

function Headers({ headers }: { headers: Record<string, string> | WebhookCall['request']['headers'] }) {
  return (
    <dl className="kv">
      {Object.entries(headers).map(([name, value]) => (
        <div key={name} style={{ display: 'contents' }}>
          <dt>{name}</dt>
          <dd>
            <code>{value}</code>
          </dd>
        </div>
      ))}
    </dl>
  );
}

const EXCERPT = 2_000;

function AttemptView({ attempt }: { attempt: WebhookAttempt }) {
  const name = attempt.manual ? 'Manual' : `Attempt ${attempt.attempt ?? ''}`;
  return (
    <li className="attempt">
      <p>
        <strong>{name}</strong> · <Timestamp iso={attempt.created_at} /> ·{' '}
        <span className={attempt.succeeded ? '' : 'error'}>
          {attempt.status_code === null ? 'no response' : `HTTP ${attempt.status_code}`}
        </span>{' '}
        · {attempt.duration_ms} ms
      </p>
      {attempt.url !== '' && (
        <p className="muted small">
          to <code className="address">{attempt.url}</code>
        </p>
      )}
      {attempt.error !== null && <p className="field-error">{attempt.error}</p>}
      {attempt.request !== null && (
        <>
          <p className="muted small">
            Sent this time (re-encoded as Mailcoach's resend does, signed with the current secret):
          </p>
          <Headers headers={attempt.request.headers} />
          <pre className="records-code">{attempt.request.body}</pre>
        </>
      )}
      {attempt.response !== '' ? (
        <pre className="records-code" role="region" aria-label={`Response to ${name}`}>
          {attempt.response.length > EXCERPT ? `${attempt.response.slice(0, EXCERPT)}…` : attempt.response}
        </pre>
      ) : (
        <p className="muted small">Empty response body.</p>
      )}
    </li>
  );
}
