/**
 * `/automations`: each automation of the workspace (from fixtures: the API cannot list them) with every trigger
 * POST /api/automations/{uuid}/trigger recorded: which subscriber, whether they entered and, if not, why
 * (GET /_emulator/automations). A trigger made elsewhere shows live (automations.changed). Loaded only when opened.
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { queries, useClient } from '../api.js';
import { errorText, useTitle } from '../forms.js';
import { useLiveUpdates } from '../live.js';
import { Timestamp } from '../records/common.js';
import { RecordsTitle } from '../records/records-head.js';
import { ColumnHeads } from '../records/records-listing.js';

export default function AutomationsPage() {
  useTitle('Automations');
  const live = useLiveUpdates();
  const client = useClient();
  const automations = useQuery(queries.automations(client));

  return (
    <main className="records-page">
      <RecordsTitle title="Automations" live={live}>
        Each automation from the fixtures, with every trigger an app made through{' '}
        <code>POST /api/automations/&#123;uuid&#125;/trigger</code>: the subscriber, whether they entered and, if not,
        why. Back to <Link href="/campaigns">Campaigns</Link>.
      </RecordsTitle>
      {automations.isError && (
        <p className="alert-box" role="alert">
          The automations could not be loaded: {errorText(automations.error)}
        </p>
      )}
      {automations.data?.length === 0 && (
        <p className="muted">No automation: they come from fixtures (the API cannot create them).</p>
      )}
      {automations.data?.map((automation) => (
        <section key={automation.uuid} className="box" aria-labelledby={`automation-${automation.uuid}`}>
          <h2 id={`automation-${automation.uuid}`}>
            {automation.name} <span className="badge">{automation.status}</span>
          </h2>
          <p className="muted">
            {automation.email_list_uuid === null ? (
              'No list'
            ) : (
              <Link href={`/lists/${automation.email_list_uuid}`}>Its list</Link>
            )}{' '}
            ·{' '}
            {automation.webhook_trigger
              ? 'webhook trigger'
              : 'no webhook trigger (a trigger through the API answers 400)'}{' '}
            · {automation.repeat_enabled ? 'repeats' : 'once per subscriber'}
          </p>
          {automation.triggers.length === 0 ? (
            <p className="muted">Not triggered yet.</p>
          ) : (
            <div className="records-table-wrap records-cards">
              <table className="records-table" aria-label={`Triggers of ${automation.name}`}>
                <thead>
                  <tr>
                    <ColumnHeads columns={['Subscriber', 'Outcome', 'Triggered']} />
                  </tr>
                </thead>
                <tbody>
                  {automation.triggers.map((trigger, i) => (
                    <tr key={i}>
                      <th scope="row" data-label="Subscriber" className="address">
                        <Link href={`/subscribers/${trigger.subscriber_uuid}`}>
                          {trigger.subscriber_email ?? trigger.subscriber_uuid}
                        </Link>
                      </th>
                      <td data-label="Outcome">
                        {trigger.entered ? 'entered' : `not entered: ${trigger.reason ?? ''}`}
                      </td>
                      <td data-label="Triggered" className="nowrap">
                        <Timestamp iso={trigger.created_at} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>
      ))}
    </main>
  );
}
