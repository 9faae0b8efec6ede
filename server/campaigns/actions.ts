/**
 * The two actions on a campaign that both POST /api/campaigns/{uuid}/send-test and /send (mailcoach/campaigns.ts)
 * and the web UI's campaign page (emulator/records/campaigns.ts) run, so that a test send or a send from the page
 * is the API's own: the same checks, events, webhooks and captures.
 */
import type { AppDeps } from '../deps.js';
import type { CampaignRow } from '../db/rows.js';
import { ValidationError } from '../errors.js';
import type { Input } from '../validation/input.js';
import { delimited, email, required } from '../validation/laravel-rules.js';
import { collectErrors, type RuleSet } from '../validation/validate.js';
import { deliverCampaign, type DeliveryDeps } from './deliver.js';
import { prepareToSend } from './prepare.js';
import { sendTestMails } from './send-test.js';

/** SendCampaignTestRequest: `required` with its own message, then 1 to 10 comma-separated addresses (docs/spec/mailcoach-audience-campaigns.md#58-post-apicampaignsuuidsend-test). */
const SEND_TEST_RULES: RuleSet = [
  [
    'email',
    [
      {
        ...required,
        check: (value, context) =>
          required.check(value, context) === null ? null : 'You must specify at least one e-mail address.',
      },
      delimited(email({ strict: true }), { min: 1, max: 10 }),
    ],
  ],
];

/**
 * SendTestEmailController's checks and action (docs/spec/mailcoach-audience-campaigns.md#58-post-apicampaignsuuidsend-test), shared with the web UI's campaign page
 * (emulator/records/campaigns.ts) so that a test send from there is the API's own.
 */
export async function sendTestChecked(
  deps: DeliveryDeps,
  campaign: CampaignRow,
  input: Input,
  baseUrl: string,
): Promise<void> {
  const errors = collectErrors(input, SEND_TEST_RULES);
  // The after-hook runs even when the rules failed.
  if (campaign.status !== 'draft')
    errors.campaign = ['You cannot send a test mail for a campaign that already was sent.'];
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  await sendTestMails(deps, campaign, String(input.email), baseUrl);
}

/** SendCampaignController (docs/spec/mailcoach-audience-campaigns.md#59-post-apicampaignsuuidsend), shared with the web UI's campaign page as sendTestChecked is. */
export function startSending(
  deps: DeliveryDeps & Pick<AppDeps, 'logger'>,
  campaign: CampaignRow,
  baseUrl: string,
): void {
  if (campaign.status !== 'draft')
    throw new ValidationError({ campaign: ['You cannot send a campaign that already was sent.'] });
  const ready = prepareToSend(deps, campaign);
  // Delivered right after the answer (decisions.md): a client may see `sending` at first.
  setImmediate(() => {
    deliverCampaign(deps, ready, baseUrl).catch((error: unknown) =>
      deps.logger.error(`sending campaign ${campaign.uuid} failed`, error),
    );
  });
}
