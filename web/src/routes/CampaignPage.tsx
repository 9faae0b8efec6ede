/**
 * `/campaigns/<uuid>`: one campaign. Its content as a chosen subscriber of its list gets it (`?subscriber=<uuid>`),
 * a test send and the send (campaigns/SendActions.tsx), its statistics from the simulations (campaigns/Statistics.tsx:
 * counts, rates, clicked URLs, who opened, clicked and unsubscribed) and its Sends with their captured messages. A send, a simulation or a
 * test send elsewhere updates it live. Loaded only when opened.
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { keys, queries, useClient } from '../api.js';
import { CampaignPreview } from '../campaigns/CampaignPreview.js';
import { PREVIEW_PARAMS } from '../campaigns/preview-state.js';
import { statusOf } from '../campaigns/counts.js';
import { Statistics } from '../campaigns/Statistics.js';
import '../campaigns/campaigns.css';
import { SendActions } from '../campaigns/SendActions.js';
import { UnderCampaigns } from '../campaigns/CampaignsPageShell.js';
import { useTitle } from '../forms.js';
import { useLiveUpdates } from '../live.js';
import { Timestamp, useUrlParams } from '../records/common.js';
import { RecordsTitle } from '../records/records-head.js';
import { ColumnHeads } from '../records/records-listing.js';
import { SendsBox } from '../records/sends-box.js';

export default function CampaignPage({ uuid }: { uuid: string }) {
  const live = useLiveUpdates();
  const client = useClient();
  const { values, update } = useUrlParams(PREVIEW_PARAMS);
  const campaign = useQuery(queries.campaign(client, uuid));
  useTitle(campaign.data?.name ?? 'Campaign');

  return (
    <UnderCampaigns
      failure={campaign.isError ? { what: 'The campaign could not be loaded', error: campaign.error } : null}
    >
      {campaign.data !== undefined && (
        <>
          <RecordsTitle title={campaign.data.name || '(no name)'} live={live}>
            <span className="badge">{statusOf(campaign.data)}</span> · subject “{campaign.data.subject ?? '(none)'}” ·
            from {campaign.data.from_email ?? '(no sender)'} ·{' '}
            {campaign.data.email_list === null ? (
              'no list'
            ) : (
              <Link href={`/lists/${campaign.data.email_list.uuid}`}>{campaign.data.email_list.name}</Link>
            )}{' '}
            ({campaign.data.segment_description}){/* Only what happened or is due: "scheduled —" said nothing. */}
            {campaign.data.scheduled_at !== null && (
              <>
                {' '}
                · scheduled <Timestamp iso={campaign.data.scheduled_at} />
              </>
            )}{' '}
            ·{' '}
            {campaign.data.sent_at === null ? (
              'not sent'
            ) : (
              <>
                sent <Timestamp iso={campaign.data.sent_at} />
              </>
            )}
          </RecordsTitle>
          <div className="records-grid">
            <div>
              <SendActions campaign={campaign.data} />
              <Statistics campaign={campaign.data} />
              <CampaignSends uuid={uuid} />
            </div>
            <CampaignPreview campaign={campaign.data} values={values} update={update} />
          </div>
        </>
      )}
    </UnderCampaigns>
  );
}

/** The campaign's first page of Sends (the Sends page, filtered on it, has them all and the simulations). */
function CampaignSends({ uuid }: { uuid: string }) {
  const client = useClient();
  const sends = useQuery({
    queryKey: [...keys.sends(client.token), 'campaign', uuid],
    queryFn: () => client.sends({ campaignUuid: uuid }),
  });
  return (
    <SendsBox
      headingId="campaign-sends-title"
      sends={sends}
      empty="None yet: a send creates one per subscriber it reaches."
      allHref={`/sends?campaign=${uuid}`}
      allText={(total) => `All ${total} sends, with the simulations`}
    >
      {(rows) => (
        <div className="records-table-wrap records-cards">
          <table className="records-table" aria-label="Sends of this campaign">
            <thead>
              <tr>
                <ColumnHeads columns={['Recipient', 'State', 'Message']} />
              </tr>
            </thead>
            <tbody>
              {rows.map((send) => (
                <tr key={send.uuid}>
                  <th scope="row" data-label="Recipient" className="address">
                    {send.subscriber_uuid === null ? (
                      send.email
                    ) : (
                      <Link href={`/subscribers/${send.subscriber_uuid}`}>{send.email ?? send.subscriber_uuid}</Link>
                    )}
                  </th>
                  <td data-label="State">
                    <span className={`badge state-${send.state}`}>{send.state}</span>
                  </td>
                  <td data-label="Message">
                    {send.message_uuid === null ? (
                      <span className="muted">(no mail)</span>
                    ) : (
                      <Link href={`/messages/${send.message_uuid}`}>Captured mail</Link>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </SendsBox>
  );
}
