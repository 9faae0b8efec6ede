/**
 * `/sends`: the workspace's sends as `GET /api/sends` pages them (its four filters and sort, 15 a page, and the
 * emulator's filter by recipient), each named by what a person looks for: the recipient, the subject, the campaign
 * or template, with the state the emulator derives (sent, opened, clicked, bounced, complained, suppressed...), links
 * to its captured message, its log item, its campaign's sends and its template, and the simulations (open, click,
 * bounce, complaint) with what they did: a bounce or complaint shows the suppression it left, and the webhook calls
 * it caused (a link to the Webhooks page filtered by the send). A send to a suppressed
 * address got no mail: it says so and offers nothing to simulate. New sends (an app's send through /api) appear
 * live. Loaded only when opened.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'wouter';
import type { SendWithState, Suppression } from '../../../server/testing/client.js';
import { keys, useClient } from '../api.js';
import { errorText } from '../forms.js';
import { shortUuid, Timestamp } from '../records/common.js';
import { FilterForm, RecordsTitle } from '../records/records-head.js';
import { RecordsListing } from '../records/records-listing.js';
import { useRecordsQuery, useTyped } from '../records/records-query.js';

const FILTERS = [
  ['email', 'Recipient email'],
  ['log_item', 'Log item uuid'],
  ['campaign', 'Campaign uuid'],
  ['automation_mail', 'Automation mail uuid'],
  ['subscriber', 'Subscriber uuid'],
] as const;

const SORTS: Array<[string, string]> = [
  ['', 'Newest first'],
  ['sent_at', 'Oldest first'],
];

type Simulation = 'open' | 'click' | 'bounce' | 'complaint';

type Outcome =
  | { kind: 'engagement'; simulation: 'open' | 'click'; send: string; count: number }
  | { kind: 'feedback'; simulation: 'bounce' | 'complaint'; send: string; suppression: Suppression | null };

export default function SendsPage() {
  const records = useRecordsQuery({
    title: 'Sends',
    params: ['email', 'log_item', 'campaign', 'automation_mail', 'subscriber', 'sort'],
    key: keys.sends,
    list: (client, values, page) =>
      client.sends({
        email: values.email || undefined,
        logItemUuid: values.log_item || undefined,
        campaignUuid: values.campaign || undefined,
        automationMailUuid: values.automation_mail || undefined,
        subscriberUuid: values.subscriber || undefined,
        sort: (values.sort || undefined) as 'sent_at' | '-sent_at' | undefined,
        page,
      }),
  });
  const { live, values, update } = records;
  const [typed, setTyped] = useTyped(values);
  const [outcome, setOutcome] = useState<Outcome | { kind: 'error'; message: string } | null>(null);

  return (
    <main className="records-page">
      <RecordsTitle title="Sends" live={live}>
        Every send as <code>GET /api/sends</code> lists it, newest first, with its recipient, its subject and the
        furthest state it reached. Simulate what a recipient does: an open or a click counts on the send; a bounce or a
        complaint suppresses the send's recipient (a transactional send's first To address), so the next send to it gets
        a 406. A campaign send to a suppressed address got no mail: it reads <em>suppressed</em>.
      </RecordsTitle>
      <FilterForm
        label="Filter sends"
        onSubmit={() => update(Object.fromEntries(FILTERS.map(([name]) => [name, typed[name].trim()])))}
        sort={{ value: values.sort, options: SORTS, onChange: (sort) => update({ sort }) }}
        submit="Filter"
        after={
          FILTERS.some(([name]) => values[name] !== '') && (
            <button type="button" onClick={() => update(Object.fromEntries(FILTERS.map(([name]) => [name, ''])))}>
              Clear filters
            </button>
          )
        }
      >
        {FILTERS.map(([name, label]) => (
          <label key={name} className="grow">
            {label}
            <input
              type={name === 'email' ? 'search' : 'text'}
              value={typed[name]}
              onChange={(event) => setTyped({ ...typed, [name]: event.target.value })}
              placeholder={name === 'email' ? 'jane@example.com (exact, any case)' : undefined}
              spellCheck={false}
            />
          </label>
        ))}
      </FilterForm>
      <div role="status" aria-live="polite">
        <OutcomeView outcome={outcome} />
      </div>
      <RecordsListing
        records={records}
        noun="sends"
        label="Sends"
        empty={
          <>
            No send matches. A stored transactional send (an app's <code>POST /api/transactional-mails/send</code>)
            creates one.
          </>
        }
        columns={['Recipient', 'Mail', 'Sent', 'State', ['Opens', 'num'], ['Clicks', 'num'], 'Simulate']}
        row={(send) => <SendRow key={send.uuid} send={send} onOutcome={setOutcome} />}
      />
    </main>
  );
}

function SendRow({
  send,
  onOutcome,
}: {
  send: SendWithState;
  onOutcome: (outcome: Outcome | { kind: 'error'; message: string }) => void;
}) {
  const client = useClient();
  const queryClient = useQueryClient();
  const simulate = useMutation({
    mutationFn: async (simulation: Simulation): Promise<Outcome> => {
      if (simulation === 'open' || simulation === 'click') {
        const after =
          simulation === 'open' ? await client.simulate.open(send.uuid) : await client.simulate.click(send.uuid);
        return {
          kind: 'engagement',
          simulation,
          send: send.uuid,
          count: simulation === 'open' ? after.open_count : after.click_count,
        };
      }
      const result =
        simulation === 'bounce'
          ? await client.simulate.bounce({ send_uuid: send.uuid })
          : await client.simulate.complaint({ send_uuid: send.uuid });
      return { kind: 'feedback', simulation, send: send.uuid, suppression: result.suppression };
    },
    onSuccess: (outcome) => {
      onOutcome(outcome);
      void queryClient.invalidateQueries({ queryKey: keys.sends(client.token) });
      if (outcome.kind === 'feedback')
        void queryClient.invalidateQueries({ queryKey: keys.suppressions(client.token) });
    },
    onError: (error) => onOutcome({ kind: 'error', message: `The simulation failed: ${errorText(error)}` }),
  });
  const id = shortUuid(send.uuid);
  // A campaign send to a suppressed address got no mail (campaigns/deliver.ts): nothing to open, click or bounce.
  const suppressed = send.state === 'suppressed';
  return (
    <tr data-send={send.uuid}>
      <th scope="row">
        {send.email !== null ? (
          <span className="address">{send.email}</span>
        ) : send.subscriber_uuid !== null ? (
          <span className="muted">
            subscriber <code>{shortUuid(send.subscriber_uuid)}</code>
          </span>
        ) : (
          <span className="muted">unknown recipient</span>
        )}
      </th>
      <td>
        <SendMail send={send} />
      </td>
      <td className="nowrap">
        <Timestamp iso={send.sent_at ?? send.created_at} />
        <div className="muted">
          <code title={send.uuid}>{id}</code>
        </div>
      </td>
      <td>
        <span className={`badge state-${send.state}`}>{send.state.replace('_', ' ')}</span>
        {send.failure_reason !== null && <div className="field-error">{send.failure_reason}</div>}
        {send.feedback.some((feedback) => feedback.type !== 'suppressed') && (
          <div className="muted">
            {send.feedback.map((feedback, i) =>
              feedback.type === 'suppressed' ? null : (
                <div key={i}>
                  {feedback.type.replace('_', ' ')} <Timestamp iso={feedback.created_at} />
                </div>
              ),
            )}
          </div>
        )}
      </td>
      <td className="num">{send.open_count}</td>
      <td className="num">{send.click_count}</td>
      <td>
        {suppressed ? (
          <span className="muted">Nothing to simulate: no mail went out.</span>
        ) : (
          <div className="simulate" role="group" aria-label={`Simulate on send ${id}`}>
            {(['open', 'click', 'bounce', 'complaint'] as const).map((simulation) => (
              <button
                key={simulation}
                type="button"
                onClick={() => simulate.mutate(simulation)}
                disabled={simulate.isPending}
                aria-label={`Simulate ${simulation}`}
              >
                {simulation}
              </button>
            ))}
          </div>
        )}
      </td>
    </tr>
  );
}

/**
 * What was sent: the subject, linked to the captured message; where it came from (the campaign, whose sends this
 * page filters to, the template, in the studio, an automation mail) and the log item, a page of its own.
 */
function SendMail({ send }: { send: SendWithState }) {
  const logUuid = send.transactional_mail_log_item_uuid;
  const id = shortUuid(send.uuid);
  const subject = send.subject === '' ? '(no subject)' : send.subject;
  return (
    <div className="stack-tight">
      <div>
        {send.message_uuid !== null ? (
          <Link href={`/messages/${send.message_uuid}`}>{subject}</Link>
        ) : (
          <>
            {subject === null ? <span className="muted">No mail the emulator knows of.</span> : <span>{subject}</span>}
            {send.state === 'suppressed' ? (
              <div className="muted">
                No mail: the address is suppressed.{' '}
                {send.email !== null && (
                  <Link href={`/suppressions?search=${encodeURIComponent(send.email)}`}>See the suppression</Link>
                )}
              </div>
            ) : (
              subject !== null && <span className="muted"> · message not in the inbox</span>
            )}
          </>
        )}
      </div>
      {send.campaign_uuid !== null && (
        <div className="muted">
          campaign{' '}
          <Link href={`/sends?campaign=${encodeURIComponent(send.campaign_uuid)}`} title="This campaign's sends">
            {send.campaign_name ?? shortUuid(send.campaign_uuid)}
          </Link>
        </div>
      )}
      {send.template_name !== null && (
        <div className="muted">
          template <Link href={`/templates/${encodeURIComponent(send.template_name)}`}>{send.template_name}</Link>
        </div>
      )}
      {send.automation_mail_uuid !== null && (
        <div className="muted">
          automation mail <code>{shortUuid(send.automation_mail_uuid)}</code>
        </div>
      )}
      {logUuid !== null && (
        <div>
          <Link href={`/log/${logUuid}`} aria-label={`Log item of send ${id}`}>
            Log item
          </Link>
        </div>
      )}
      <SendWebhooks send={send.uuid} />
    </div>
  );
}

/** The webhook calls the send caused (an open, a click, a bounce, an unsubscribe), linked to the Webhooks page filtered by it. */
function SendWebhooks({ send }: { send: string }) {
  const client = useClient();
  // Under the calls' key: a call queued or tried (webhook-calls.changed, live.tsx) counts again.
  const calls = useQuery({
    queryKey: [...keys.webhookCalls(client.token), 'send', send],
    queryFn: async () => (await client.webhookCalls({ sendUuid: send }, { perPage: 1 })).meta.total,
  });
  if (calls.data === undefined || calls.data === 0) return null;
  return (
    <div>
      <Link
        href={`/webhooks?send=${encodeURIComponent(send)}`}
        aria-label={`Webhooks: ${calls.data} for send ${shortUuid(send)}`}
      >
        Webhooks: {calls.data}
      </Link>
    </div>
  );
}

function OutcomeView({ outcome }: { outcome: Outcome | { kind: 'error'; message: string } | null }) {
  if (outcome === null) return null;
  if (outcome.kind === 'error') return <p className="alert-box">{outcome.message}</p>;
  const id = shortUuid(outcome.send);
  if (outcome.kind === 'engagement') {
    return (
      <p className="ok-box">
        Simulated {outcome.simulation} on send <code>{id}</code>: {outcome.count}{' '}
        {outcome.simulation === 'open' ? 'open' : 'click'}
        {outcome.count === 1 ? '' : 's'} now.
      </p>
    );
  }
  const row = outcome.suppression;
  return (
    <p className="ok-box">
      Simulated {outcome.simulation} on send <code>{id}</code>
      {row === null ? (
        ': no suppression.'
      ) : (
        <>
          : <strong>{row.email}</strong> is suppressed ({row.reason}).{' '}
          <Link href={`/suppressions?search=${encodeURIComponent(row.email)}`}>See it on the suppressions page</Link>
        </>
      )}
    </p>
  );
}
