/**
 * The campaign page's actions, through /_emulator's versions of POST /api/campaigns/{uuid}/send-test and /send (the
 * same domain functions: records/campaigns.ts): a test to one or more addresses, and the send, after a confirmation
 * stating how many subscribers it reaches.
 */
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { CampaignDetail } from '../../../server/testing/client.js';
import { useClient } from '../api.js';
import { ConfirmDialog } from '../components/ConfirmDialog.js';
import { errorText } from '../forms.js';

export function SendActions({ campaign }: { campaign: CampaignDetail }) {
  const client = useClient();
  const [address, setAddress] = useState('');
  const [confirming, setConfirming] = useState(false);
  const test = useMutation({ mutationFn: (email: string) => client.sendCampaignTest(campaign.uuid, email) });
  const send = useMutation({ mutationFn: () => client.sendCampaign(campaign.uuid) });
  const reach = `${campaign.audience_count} subscriber${campaign.audience_count === 1 ? '' : 's'}`;
  const draft = campaign.status === 'draft';

  return (
    <section className="box" aria-labelledby="actions-title">
      <h2 id="actions-title">Send</h2>
      <form
        className="row-form"
        onSubmit={(event) => {
          event.preventDefault();
          test.mutate(address.trim());
        }}
      >
        <label className="grow">
          Test to
          <input
            type="text"
            value={address}
            onChange={(event) => setAddress(event.target.value)}
            placeholder="qa@example.com, another@example.com"
            spellCheck={false}
          />
        </label>
        <button type="submit" disabled={!draft || test.isPending}>
          Send test
        </button>
      </form>
      <div role="status" aria-live="polite">
        {test.isSuccess && <p className="ok-box">Test sent to {test.variables}: see the inbox.</p>}
        {send.isSuccess && <p className="ok-box">Sending to {reach}.</p>}
      </div>
      {test.isError && (
        <p className="alert-box" role="alert">
          The test was not sent: {errorText(test.error)}
        </p>
      )}
      {send.isError && (
        <p className="alert-box" role="alert">
          The campaign was not sent: {errorText(send.error)}
        </p>
      )}
      {draft ? (
        <button type="button" className="danger" onClick={() => setConfirming(true)} disabled={send.isPending}>
          Send campaign…
        </button>
      ) : (
        <p className="muted">This campaign is {campaign.status}: it cannot be sent (nor tested) again.</p>
      )}
      {confirming && (
        <ConfirmDialog
          title="Send this campaign?"
          confirm={`Send to ${reach}`}
          onCancel={() => setConfirming(false)}
          onConfirm={() => {
            setConfirming(false);
            send.mutate();
          }}
        >
          <p>
            “{campaign.name}” goes to {reach} of {campaign.email_list?.name ?? 'its list'} (
            {campaign.segment_description}), as <code>POST /api/campaigns/&#123;uuid&#125;/send</code> sends it.
          </p>
        </ConfirmDialog>
      )}
    </section>
  );
}
