/**
 * A campaign mail made personal (decisions.md "Campaign and confirmation mails are rendered"): `::subscriber.<field>::`
 * and `{{ subscriber.<field> }}` (email, first_name, last_name, uuid, and each extra attribute), `::unsubscribeUrl::`,
 * `::preferencesUrl::` and `::webviewUrl::`, with the same placeholder and Twig code a transactional send uses. The
 * URLs are v8's paths on this emulator, and work (mailcoach/public-routes.ts).
 */
import type { CampaignRow, SubscriberRow } from '../db/rows.js';
import { replacePlaceholders } from '../mail/render/replacements.js';
import { renderTwig } from '../mail/render/twig.js';

/** A recipient: a subscriber of the list, or (a test send to an unknown address) only an email. */
export type Recipient = Pick<SubscriberRow, 'email'> & Partial<Pick<SubscriberRow, 'uuid' | 'first_name' | 'last_name' | 'extra_attributes'>>;

export interface CampaignUrls {
  unsubscribeUrl: string;
  preferencesUrl: string;
  webviewUrl: string;
}

/**
 * Where a campaign's webview is: v8's `mailcoach.campaign.webview` route, `webview/campaign/{campaignUuid}`
 * (routes/mailcoach-public-api.php; v7's `webview/{campaignUuid}` is gone in v8).
 */
export function webviewPath(campaignUuid: string): string {
  return `/webview/campaign/${campaignUuid}`;
}

export function campaignUrls(baseUrl: string, campaign: CampaignRow, recipient: Recipient, sendUuid: string | null): CampaignUrls {
  const subscriber = recipient.uuid ?? 'test';
  const send = sendUuid === null ? '' : `/${sendUuid}`;
  return {
    unsubscribeUrl: `${baseUrl}/unsubscribe/${subscriber}${send}`,
    preferencesUrl: `${baseUrl}/preferences/${subscriber}${send}`,
    webviewUrl: `${baseUrl}${webviewPath(campaign.uuid)}`,
  };
}

export function personalize(text: string, recipient: Recipient, urls: CampaignUrls): string {
  const extra = recipient.extra_attributes === undefined ? {} : (JSON.parse(recipient.extra_attributes) as Record<string, unknown>);
  const subscriber: Record<string, unknown> = {
    ...extra,
    email: recipient.email,
    first_name: recipient.first_name ?? null,
    last_name: recipient.last_name ?? null,
    uuid: recipient.uuid ?? null,
  };
  const flat: Record<string, unknown> = { ...urls };
  for (const [key, value] of Object.entries(subscriber)) flat[`subscriber.${key}`] = value === null ? '' : typeof value === 'string' ? value : String(value);
  return renderTwig(replacePlaceholders(text, flat), { subscriber, ...urls });
}
