/**
 * `/campaigns`: the workspace's campaigns, newest first, each with its status, list and segment, its schedule and
 * sending time on the emulator's clock, and its counts; each links to its page (preview, test send, send,
 * statistics). A send or a simulation elsewhere updates the counts live (sends.changed). Loaded only when opened.
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { queries, useClient } from '../api.js';
import { COUNT_COLUMNS, countsOf, statusOf } from '../campaigns/counts.js';
import { errorText, useTitle } from '../forms.js';
import { useLiveUpdates } from '../live.js';
import { Timestamp } from '../records/common.js';
import { RecordsTitle } from '../records/records-head.js';
import { ColumnHeads } from '../records/records-listing.js';

export default function CampaignsPage() {
  useTitle('Campaigns');
  const live = useLiveUpdates();
  const client = useClient();
  const campaigns = useQuery(queries.campaigns(client));

  return (
    <main className="records-page">
      <RecordsTitle title="Campaigns" live={live}>
        Every campaign of this workspace (<code>/api/campaigns</code> and fixtures), newest first, with its list, its
        schedule on the emulator’s clock and what its sends counted. Open one to preview it as a subscriber of its list
        gets it, send a test or send it. The <Link href="/automations">Automations</Link> page shows every automation
        trigger.
      </RecordsTitle>
      {campaigns.isError && (
        <p className="alert-box" role="alert">
          The campaigns could not be loaded: {errorText(campaigns.error)}
        </p>
      )}
      {campaigns.data !== undefined &&
        (campaigns.data.length === 0 ? (
          <p className="muted">
            No campaign yet. An app’s <code>POST /api/campaigns</code> (or a fixture) creates one.
          </p>
        ) : (
          <div className="records-table-wrap records-cards">
            <table className="records-table" aria-label="Campaigns">
              <thead>
                <tr>
                  <ColumnHeads
                    columns={['Campaign', 'Status', 'List and segment', 'Scheduled', 'Sent at', ...COUNT_COLUMNS]}
                  />
                </tr>
              </thead>
              <tbody>
                {campaigns.data.map((campaign) => (
                  <tr key={campaign.uuid}>
                    <th scope="row" data-label="Campaign">
                      <Link href={`/campaigns/${campaign.uuid}`}>{campaign.name || '(no name)'}</Link>
                    </th>
                    <td data-label="Status">
                      <span className="badge">{statusOf(campaign)}</span>
                    </td>
                    <td data-label="List and segment">
                      {campaign.email_list === null ? (
                        <span className="muted">(no list)</span>
                      ) : (
                        <Link href={`/lists/${campaign.email_list.uuid}`}>{campaign.email_list.name}</Link>
                      )}
                      <span className="muted"> · {campaign.segment_description}</span>
                    </td>
                    <td data-label="Scheduled" className="nowrap">
                      <Timestamp iso={campaign.scheduled_at} />
                    </td>
                    <td data-label="Sent at" className="nowrap">
                      <Timestamp iso={campaign.sent_at} />
                    </td>
                    {countsOf(campaign).map(([label, count]) => (
                      <td key={label} data-label={label} className="num">
                        {count}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ))}
      <CampaignTemplates />
    </main>
  );
}

/** The campaign templates (`/api/templates`), each previewed on a page of its own with its fields. */
function CampaignTemplates() {
  const client = useClient();
  const templates = useQuery(queries.campaignTemplates(client));
  if (templates.data === undefined || templates.data.length === 0) return null;
  return (
    <section className="box" aria-labelledby="campaign-templates-title">
      <h2 id="campaign-templates-title">Campaign templates</h2>
      <ul>
        {templates.data.map((template) => (
          <li key={template.uuid}>
            <Link href={`/campaign-templates/${template.uuid}`}>{template.name}</Link>{' '}
            <span className="muted">
              {template.fields.length === 0
                ? 'no fields'
                : `fields: ${template.fields.map((field) => field.name).join(', ')}`}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
