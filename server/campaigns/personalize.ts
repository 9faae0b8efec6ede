/**
 * A campaign mail made personal (decisions.md "Campaign and confirmation mails are rendered"): `::subscriber.<field>::`
 * and `{{ subscriber.<field> }}` (email, first_name, last_name, uuid, and each extra attribute), `::unsubscribeUrl::`,
 * `::preferencesUrl::` and `::webviewUrl::`, with the same placeholder and Twig code a transactional send uses; Twig
 * also gets `tags` and `unsubscribeTag` (each tag's unsubscribe-tag URL, GetReplaceContextForSubscriberAction), and
 * after Twig `::unsubscribeTag::<tag>::` becomes that tag's URL (UnsubscribeUrlReplacer, unsubscribe-tag.ts). The
 * URLs are v8's routes on this emulator, and work (mailcoach/public-routes.ts).
 */
import type { CampaignRow, SubscriberRow } from '../db/rows.js';
import { replacePlaceholders } from '../mail/render/replacements.js';
import { renderTwig } from '../mail/render/twig.js';
import { replaceUnsubscribeTags, unsubscribeTagPath } from './unsubscribe-tag.js';

/**
 * A recipient: a subscriber of the list, or (a test send to an unknown address) only an email. `tags`: the
 * subscriber's tag names, for Twig's `tags` and `unsubscribeTag`.
 */
export type Recipient = Pick<SubscriberRow, 'email'> &
  Partial<Pick<SubscriberRow, 'uuid' | 'first_name' | 'last_name' | 'extra_attributes'>> & { tags?: string[] };

interface CampaignUrls {
  unsubscribeUrl: string;
  preferencesUrl: string;
  webviewUrl: string;
}

/** What the URLs of one mail are built from: the links of `::unsubscribeTag::<tag>::` need them too. */
export interface CampaignLinks {
  urls: CampaignUrls;
  /** `Subscriber::unsubscribeTagUrl($tag, $send)`: the tag as a string, or as bytes after a urldecode. */
  unsubscribeTagUrl(tag: string | Uint8Array): string;
}

/**
 * Where a campaign's webview is: v8's `mailcoach.campaign.webview` route, `webview/campaign/{campaignUuid}`
 * (routes/mailcoach-public-api.php; v7's `webview/{campaignUuid}` is gone in v8).
 */
export function webviewPath(campaignUuid: string): string {
  return `/webview/campaign/${campaignUuid}`;
}

/** v8's `mailcoach.manage-preferences` route, `manage-preferences/{subscriberUuid}/{sendUuid?}`. */
export function preferencesPath(subscriberUuid: string, sendUuid: string | null): string {
  return `/manage-preferences/${subscriberUuid}${sendUuid === null ? '' : `/${sendUuid}`}`;
}

export function campaignLinks(
  baseUrl: string,
  campaign: CampaignRow,
  recipient: Recipient,
  sendUuid: string | null,
): CampaignLinks {
  const subscriber = recipient.uuid ?? 'test';
  const send = sendUuid === null ? '' : `/${sendUuid}`;
  return {
    urls: {
      unsubscribeUrl: `${baseUrl}/unsubscribe/${subscriber}${send}`,
      preferencesUrl: `${baseUrl}${preferencesPath(subscriber, sendUuid)}`,
      webviewUrl: `${baseUrl}${webviewPath(campaign.uuid)}`,
    },
    unsubscribeTagUrl: (tag) => `${baseUrl}${unsubscribeTagPath(subscriber, tag, sendUuid)}`,
  };
}

export function personalize(text: string, recipient: Recipient, links: CampaignLinks): string {
  const { urls } = links;
  const extra =
    recipient.extra_attributes === undefined ? {} : (JSON.parse(recipient.extra_attributes) as Record<string, unknown>);
  const subscriber: Record<string, unknown> = {
    ...extra,
    email: recipient.email,
    first_name: recipient.first_name ?? null,
    last_name: recipient.last_name ?? null,
    uuid: recipient.uuid ?? null,
  };
  const flat: Record<string, unknown> = { ...urls };
  for (const [key, value] of Object.entries(subscriber))
    flat[`subscriber.${key}`] = value === null ? '' : typeof value === 'string' ? value : String(value);
  const tags = recipient.tags ?? [];
  const unsubscribeTag = Object.fromEntries(tags.map((tag) => [tag, links.unsubscribeTagUrl(tag)]));
  // PersonalizeTextAction: `::subscriber.uuid::` first, then Twig, then the replacers (`::subscriber.<field>::`, the
  // URLs, the tags): so a value is never read as Twig, nor rawurldecoded.
  const uuidReplaced = text.replace(/::subscriber\.uuid::/gi, () => recipient.uuid ?? '');
  const rendered = renderTwig(uuidReplaced, { subscriber, ...urls, tags, unsubscribeTag });
  return replaceUnsubscribeTags(replacePlaceholders(rendered, flat), (tag) => links.unsubscribeTagUrl(tag));
}
