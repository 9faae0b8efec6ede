/**
 * waitForCampaignSent: after `POST /api/campaigns/{uuid}/send` answers 204, the emulator delivers the campaign
 * a moment later (as Mailcoach's queue does), so its Sends and mails are not there yet. This waits on the
 * emulator's event stream, not on a timer: the campaign is read once the stream is open (it may be sent already),
 * then again on each `sends.changed` (the emulator announces one after a campaign's delivery has marked it `sent`)
 * and `workspace.reset`, until it reads `sent` or the timeout.
 */
import { WaitForCampaignSentTimeoutError } from './errors.js';
import type { Campaign } from './wire/campaigns.js';
import type { EmulatorEvent } from './wire/controls.js';

/** What the wait needs of the client: reading the campaign, and following the events. */
export interface CampaignWaitDeps {
  read(uuid: string): Promise<Campaign>;
  subscribe(onEvent: (event: EmulatorEvent) => void, options: { onOpen: () => void; onError: (error: unknown) => void }): { close(): void };
}

export function waitForCampaignSent(deps: CampaignWaitDeps, uuid: string, timeoutMs: number): Promise<Campaign> {
  return new Promise((resolve, reject) => {
    let settled = false;
    let status: string | null = null;
    let reading = false;
    let readAgain = false;
    const finish = (settle: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      stream.close();
      settle();
    };
    // One read at a time; an event that comes during a read makes one more read after it.
    const check = async () => {
      if (reading) {
        readAgain = true;
        return;
      }
      reading = true;
      try {
        do {
          readAgain = false;
          const campaign = await deps.read(uuid);
          status = campaign.status;
          if (campaign.status === 'sent') return finish(() => resolve(campaign));
        } while (readAgain && !settled);
      } catch (error) {
        // A 404 (no such campaign in this workspace), a 401: waiting longer would not help.
        finish(() => reject(error));
      } finally {
        reading = false;
      }
    };
    const timer = setTimeout(() => finish(() => reject(new WaitForCampaignSentTimeoutError(uuid, timeoutMs, status))), timeoutMs);
    const stream = deps.subscribe(
      (event) => {
        if (event.type === 'sends.changed' || event.type === 'workspace.reset') void check();
      },
      // On every (re)connect: what happened while the stream was not there is read now.
      { onOpen: () => void check(), onError: (error) => finish(() => reject(error)) },
    );
  });
}
