/**
 * Scheduled campaigns (docs/spec/mailcoach-audience-campaigns.md#56-scheduling): Mailcoach's scheduler looks every minute for drafts
 * whose `scheduled_at` has come, clears it and sends them. The emulator looks every second, on the emulator's clock
 * (so that a test can freeze or advance it past the schedule), and sends through the same path as
 * POST /api/campaigns/{uuid}/send. A campaign that cannot be sent (no content...) stays a draft, unscheduled, with
 * the reason in the log, as v8's failed job leaves it.
 */
import type { AppDeps } from '../deps.js';
import { toEpochSeconds } from '../instant.js';
import { deliverCampaign, type DeliveryDeps } from './deliver.js';
import { prepareToSend } from './prepare.js';

const SCHEDULER_INTERVAL_MS = 1_000;

export interface CampaignScheduler {
  /** Sends what is due now; resolves once delivered. */
  tick(): Promise<void>;
  /** No more ticks; resolves once a delivery under way is done (the store may then close). */
  stop(): Promise<void>;
}

/** `baseUrl`: where the mails' links point (the emulator's own URL: no request carries one here). */
export function startCampaignScheduler(
  deps: DeliveryDeps & Pick<AppDeps, 'logger'>,
  baseUrl: string,
): CampaignScheduler {
  let running: Promise<void> | null = null;
  const tick = (): Promise<void> => {
    running ??= sendDue().finally(() => {
      running = null;
    });
    return running;
  };
  const sendDue = async () => {
    // Without a scheduled draft the clock is not read: a `stepping:` clock moves on each read, and tests that pin
    // timestamps count the reads their requests make.
    if (!deps.store.campaigns.anyScheduled()) return;
    for (const campaign of deps.store.campaigns.due(toEpochSeconds(deps.clock()))) {
      deps.store.campaigns.update(campaign.id, { scheduled_at: null });
      try {
        await deliverCampaign(deps, prepareToSend(deps, { ...campaign, scheduled_at: null }), baseUrl);
      } catch (error) {
        deps.logger.warn(
          `scheduled campaign ${campaign.uuid} was not sent: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    }
  };
  const timer = setInterval(() => void tick().catch(() => undefined), SCHEDULER_INTERVAL_MS);
  timer.unref();
  return {
    tick,
    stop: () => {
      clearInterval(timer);
      return running ?? Promise.resolve();
    },
  };
}
