/**
 * SendCampaignTestAction (docs/spec/mailcoach-audience-campaigns.md#58-post-apicampaignsuuidsend-test): the content item's `email_html` prepared and
 * stored (PrepareEmailHtmlAction; `webview_html` is left alone: only a send prepares it), then one mail per address,
 * subject `[Test] ` + the subject, made personal for the list's subscriber with that address or, when there is none,
 * for the address alone; a suppressed address is skipped; no Send is kept; the campaign's updated_at is left as it was.
 */
import type { CampaignRow, EmailListRow } from '../db/rows.js';
import type { AppDeps } from '../deps.js';
import { campaignMail, type CampaignMailDeps } from './deliver.js';
import { announceCampaigns } from './edit.js';
import { preparedEmailHtml } from './prepare.js';

export async function sendTestMails(
  deps: CampaignMailDeps & Pick<AppDeps, 'events'>,
  draft: CampaignRow,
  addresses: string,
  baseUrl: string,
): Promise<void> {
  // Stored before any address is tried (v8 prepares it first, suppressed addresses included); updated_at untouched.
  const campaign = deps.store.campaigns.update(draft.id, { email_html: preparedEmailHtml(draft) });
  const list = campaign.email_list_id === null ? undefined : deps.store.emailLists.findById(campaign.email_list_id);
  const fallbackList = {
    default_from_email: null,
    default_from_name: null,
    default_reply_to_email: null,
    default_reply_to_name: null,
  } as unknown as EmailListRow;
  for (const address of addresses
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '')) {
    if (deps.store.suppressions.findByEmail(campaign.workspace_id, address) !== undefined) continue;
    const subscriber = list === undefined ? undefined : deps.store.subscribers.findByEmail(list.id, address);
    const { job } = campaignMail(
      deps,
      campaign,
      list ?? fallbackList,
      subscriber ?? { email: address },
      baseUrl,
      null,
      '[Test] ',
    );
    const messageUuid = deps.ids();
    const origin = {
      campaignUuid: campaign.uuid,
      emailListUuid: list?.uuid ?? null,
      subscriberUuid: subscriber?.uuid ?? null,
    };
    await deps.capture.send(job, {
      workspaceId: campaign.workspace_id,
      messageUuid,
      meta: { templateName: null, replacements: null, origin },
      logItem: null,
      send: null,
    });
  }
  // Its email_html was prepared (edit.ts): announced once the test mails are captured.
  announceCampaigns(deps, campaign.workspace_id);
}
