/**
 * A campaign's counts as the Campaigns pages show them: sent (its Sends), unique opens and clicks (with the totals),
 * unsubscribes and bounces, all from the simulations on its sends (GET /_emulator/campaigns).
 */
import type { CampaignRecord } from '../../../server/testing/client.js';

export const COUNT_COLUMNS = [
  ['Sent', 'num'],
  ['Opens', 'num'],
  ['Clicks', 'num'],
  ['Unsubscribes', 'num'],
  ['Bounces', 'num'],
] as const;

/** The five counts, labelled as COUNT_COLUMNS: a unique count with its total when they differ. */
export function countsOf(campaign: CampaignRecord): Array<[string, string]> {
  const pair = (unique: number, total: number) => (unique === total ? String(unique) : `${unique} (${total})`);
  const values = [
    String(campaign.sends_count),
    pair(campaign.unique_open_count, campaign.open_count),
    pair(campaign.unique_click_count, campaign.click_count),
    String(campaign.unsubscribe_count),
    String(campaign.bounce_count),
  ];
  return COUNT_COLUMNS.map(([label], i) => [label, values[i] ?? '']);
}

/** The status, with the schedule of a draft that has one (a scheduled campaign is a `draft` with `scheduled_at`). */
export function statusOf(campaign: Pick<CampaignRecord, 'status' | 'scheduled_at'>): string {
  return campaign.status === 'draft' && campaign.scheduled_at !== null ? 'scheduled' : campaign.status;
}

/**
 * The four rates GET /api/campaigns/{uuid} answers (hundredths of a percent of those sent to: 2500 is 25%), as
 * percentages, labelled as the API names them.
 */
export function ratesOf(
  campaign: Pick<CampaignRecord, 'open_rate' | 'click_rate' | 'unsubscribe_rate' | 'bounce_rate'>,
): Array<[string, string]> {
  const percent = (rate: number) => `${(rate / 100).toLocaleString('en', { maximumFractionDigits: 2 })}%`;
  return [
    ['Open rate', percent(campaign.open_rate)],
    ['Click rate', percent(campaign.click_rate)],
    ['Unsubscribe rate', percent(campaign.unsubscribe_rate)],
    ['Bounce rate', percent(campaign.bounce_rate)],
  ];
}
