/**
 * waitForCampaignSent: after `POST /api/campaigns/{uuid}/send` answers 204, the emulator delivers the campaign
 * a moment later (as Mailcoach's queue does), so its Sends and mails are not there yet. This waits on the
 * emulator's event stream, not on a timer: the campaign is read once the stream is open (it may be sent already),
 * then again on each `sends.changed` (the emulator announces one after a campaign's delivery has marked it `sent`)
 * and `workspace.reset`, until it reads `sent` or the timeout.
 */
import { WaitForCampaignSentTimeoutError } from './errors.js';
import type { Campaign } from './wire/campaigns.js';
import { readUntil, type Subscribe } from './read-until.js';

/** What the wait needs of the client: reading the campaign, and following the events. */
export interface CampaignWaitDeps {
  read(uuid: string): Promise<Campaign>;
  subscribe: Subscribe;
}

export function waitForCampaignSent(deps: CampaignWaitDeps, uuid: string, timeoutMs: number): Promise<Campaign> {
  let status: string | null = null;
  return readUntil({
    subscribe: deps.subscribe,
    wakes: (event) => event.type === 'sends.changed' || event.type === 'workspace.reset',
    // A 404 (no such campaign in this workspace), a 401: the read rejects, and waiting longer would not help.
    read: async () => {
      const campaign = await deps.read(uuid);
      status = campaign.status;
      return campaign.status === 'sent' ? campaign : undefined;
    },
    timeoutMs,
    timedOut: () => new WaitForCampaignSentTimeoutError(uuid, timeoutMs, status),
  });
}
