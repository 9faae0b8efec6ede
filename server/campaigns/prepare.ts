/**
 * Campaign::send() before delivery (docs/spec/mailcoach-audience-campaigns.md#59-post-apicampaignsuuidsend): ensureSendable()'s checks as 400s
 * naming the internal id, the list's defaults copied into the empty sender fields, the segment's description
 * refreshed, the html prepared, and the status `sending`. Used by POST /api/campaigns/{uuid}/send and the scheduler.
 * A test send prepares the email html only (docs/spec/mailcoach-audience-campaigns.md#58-post-apicampaignsuuidsend-test; campaigns/send-test.ts).
 */
import type { AppDeps } from '../deps.js';
import type { CampaignRow } from '../db/rows.js';
import { abort } from '../errors.js';
import { toEpochSeconds } from '../instant.js';
import { inlineCss } from '../mail/render/html.js';
import { announceCampaigns } from './edit.js';
import { TAG_SEGMENT } from './segment-classes.js';

/** Announces the campaign, now `sending` (edit.ts). */
export function prepareToSend(deps: Pick<AppDeps, 'store' | 'clock' | 'events'>, campaign: CampaignRow): CampaignRow {
  const list = campaign.email_list_id === null ? undefined : deps.store.emailLists.findById(campaign.email_list_id);
  const id = campaign.id;
  if (list === undefined)
    throw abort(400, `The campaign with id \`${id}\` can't be sent, because there is no list set to send it to.`);
  if (!campaign.from_email && !list.default_from_email)
    throw abort(400, `The campaign with id \`${id}\` can't be sent because it has no no from email.`);
  if (!campaign.subject) throw abort(400, `The campaign with id \`${id}\` can't be sent, because it has no subject.`);
  if (!campaign.html) throw abort(400, `The campaign with id \`${id}\` can't be sent because it has no content.`);
  const segment = campaign.segment_id === null ? undefined : deps.store.segments.findById(campaign.segment_id);
  const description = campaign.segment_class === TAG_SEGMENT ? (segment?.name ?? 'deleted segment') : 'all subscribers';
  const prepared = deps.store.campaigns.update(id, {
    from_email: campaign.from_email ?? list.default_from_email,
    from_name: campaign.from_name ?? list.default_from_name,
    reply_to_email: campaign.reply_to_email ?? list.default_reply_to_email,
    reply_to_name: campaign.reply_to_name ?? list.default_reply_to_name,
    segment_description: description,
    email_html: preparedEmailHtml(campaign),
    webview_html: preparedWebviewHtml(campaign),
    status: 'sending',
    updated_at: toEpochSeconds(deps.clock()),
  });
  announceCampaigns(deps, prepared.workspace_id);
  return prepared;
}

/**
 * PrepareEmailHtmlAction: the content item's `email_html`, filled by a send and by a test send: the html through
 * CssToInlineStyles (ContentItem::htmlWithInlinedCss), as v8 makes it. v8 also adds UTM tags to the links when the
 * campaign asks for them; the emulator does not (decisions.md: no tracking rewrites), and renders no MJML campaign
 * (quirks.md).
 */
export function preparedEmailHtml(campaign: Pick<CampaignRow, 'html'>): string | null {
  return campaign.html === null || campaign.html === '' ? campaign.html : inlineCss(campaign.html);
}

/**
 * PrepareWebviewHtmlAction: the `webview_html`, filled by a send only: the html with its CSS inlined; null when the
 * campaign disables its webview.
 */
function preparedWebviewHtml(campaign: Pick<CampaignRow, 'html' | 'disable_webview'>): string | null {
  return campaign.disable_webview === 1 ? null : preparedEmailHtml(campaign);
}
