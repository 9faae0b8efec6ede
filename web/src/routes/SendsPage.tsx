/**
 * `/sends`: the workspace's sends as `GET /api/sends` pages them (its four filters and sort, 15 a page), each with
 * the state the emulator derives (sent, opened, clicked, bounced, complained...), links to its log item and its
 * captured message, and the simulations (open, click, bounce, complaint) with what they did: a bounce or complaint
 * shows the suppression it left. New sends (an app's send through /api) appear live. Loaded only when opened.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
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
    params: ['log_item', 'campaign', 'automation_mail', 'subscriber', 'sort'],
    key: keys.sends,
    list: (client, values, page) =>
      client.sends({
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
        Every send as <code>GET /api/sends</code> lists it, newest first, with the furthest state it reached. Simulate what a recipient does: an open or a click
        counts on the send; a bounce or a complaint suppresses the send's first To address, so the next send to it gets a 406.
      </RecordsTitle>
      <FilterForm
        label="Filter sends"
        onSubmit={() => update({ log_item: typed.log_item.trim(), campaign: typed.campaign.trim(), automation_mail: typed.automation_mail.trim(), subscriber: typed.subscriber.trim() })}
        sort={{ value: values.sort, options: SORTS, onChange: (sort) => update({ sort }) }}
        submit="Filter"
        after={
          FILTERS.some(([name]) => values[name] !== '') && (
            <button type="button" onClick={() => update({ log_item: '', campaign: '', automation_mail: '', subscriber: '' })}>
              Clear filters
            </button>
          )
        }
      >
        {FILTERS.map(([name, label]) => (
          <label key={name} className="grow">
            {label}
            <input value={typed[name]} onChange={(event) => setTyped({ ...typed, [name]: event.target.value })} spellCheck={false} />
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
        empty={<>No send matches. A stored transactional send (an app's <code>POST /api/transactional-mails/send</code>) creates one.</>}
        columns={['Sent', 'State', ['Opens', 'num'], ['Clicks', 'num'], 'Records', 'Simulate']}
        row={(send) => (
          <SendRow key={send.uuid} send={send} onOutcome={setOutcome} />
        )}
      />
    </main>
  );
}

function SendRow({ send, onOutcome }: { send: SendWithState; onOutcome: (outcome: Outcome | { kind: 'error'; message: string }) => void }) {
  const client = useClient();
  const queryClient = useQueryClient();
  const simulate = useMutation({
    mutationFn: async (simulation: Simulation): Promise<Outcome> => {
      if (simulation === 'open' || simulation === 'click') {
        const after = simulation === 'open' ? await client.simulate.open(send.uuid) : await client.simulate.click(send.uuid);
        return { kind: 'engagement', simulation, send: send.uuid, count: simulation === 'open' ? after.open_count : after.click_count };
      }
      const result = simulation === 'bounce' ? await client.simulate.bounce({ send_uuid: send.uuid }) : await client.simulate.complaint({ send_uuid: send.uuid });
      return { kind: 'feedback', simulation, send: send.uuid, suppression: result.suppression };
    },
    onSuccess: (outcome) => {
      onOutcome(outcome);
      void queryClient.invalidateQueries({ queryKey: keys.sends(client.token) });
      if (outcome.kind === 'feedback') void queryClient.invalidateQueries({ queryKey: keys.suppressions(client.token) });
    },
    onError: (error) => onOutcome({ kind: 'error', message: `The simulation failed: ${errorText(error)}` }),
  });
  const id = shortUuid(send.uuid);
  return (
    <tr data-send={send.uuid}>
      <td className="nowrap">
        <Timestamp iso={send.sent_at ?? send.created_at} />
        <div className="muted">
          <code title={send.uuid}>{id}</code>
        </div>
      </td>
      <td>
        <span className={`badge state-${send.state}`}>{send.state.replace('_', ' ')}</span>
        {send.failure_reason !== null && <div className="field-error">{send.failure_reason}</div>}
        {send.feedback.length > 0 && (
          <div className="muted">
            {send.feedback.map((feedback, i) => (
              <div key={i}>
                {feedback.type.replace('_', ' ')} <Timestamp iso={feedback.created_at} />
              </div>
            ))}
          </div>
        )}
      </td>
      <td className="num">{send.open_count}</td>
      <td className="num">{send.click_count}</td>
      <td>
        <SendRecords send={send} />
      </td>
      <td>
        <div className="simulate" role="group" aria-label={`Simulate on send ${id}`}>
          {(['open', 'click', 'bounce', 'complaint'] as const).map((simulation) => (
            <button key={simulation} type="button" onClick={() => simulate.mutate(simulation)} disabled={simulate.isPending} aria-label={`Simulate ${simulation}`}>
              {simulation}
            </button>
          ))}
        </div>
      </td>
    </tr>
  );
}

/** The log item (a page of its own) and the captured message (a transactional send's `message_uuid`). */
function SendRecords({ send }: { send: SendWithState }) {
  const logUuid = send.transactional_mail_log_item_uuid;
  const id = shortUuid(send.uuid);
  return (
    <div className="stack-tight">
      {logUuid !== null && (
        <div>
          <Link href={`/log/${logUuid}`} aria-label={`Log item of send ${id}`}>
            Log item
          </Link>
          {send.message_uuid === null ? (
            <span className="muted"> · message not in the inbox</span>
          ) : (
            <>
              {' · '}
              <Link href={`/messages/${send.message_uuid}`} aria-label={`Message of send ${id}`}>
                Message
              </Link>
            </>
          )}
        </div>
      )}
      {send.campaign_uuid !== null && (
        <div className="muted">
          campaign <code>{shortUuid(send.campaign_uuid)}</code>
        </div>
      )}
      {send.automation_mail_uuid !== null && (
        <div className="muted">
          automation mail <code>{shortUuid(send.automation_mail_uuid)}</code>
        </div>
      )}
      {send.subscriber_uuid !== null && (
        <div className="muted">
          subscriber <code>{shortUuid(send.subscriber_uuid)}</code>
        </div>
      )}
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
        Simulated {outcome.simulation} on send <code>{id}</code>: {outcome.count} {outcome.simulation === 'open' ? 'open' : 'click'}
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
