/**
 * The records the emulator's public pages look up (mailcoach/public-routes.ts), read the way they read them: what
 * the checks resolve the emulator's own links against (links.ts), from the main store or the search worker's
 * reader alike.
 */
import type { CampaignStore } from '../db/campaigns-store.js';
import type { SendStore } from '../db/sends-store.js';
import type { SubscriberStore } from '../db/subscribers-store.js';
import type { EmulatorRecords } from './links.js';

export interface RecordStores {
  subscribers: Pick<SubscriberStore, 'findByUuidAnywhere'>;
  sends: Pick<SendStore, 'findByUuid'>;
  campaigns: Pick<CampaignStore, 'findByUuidAnywhere'>;
}

export function emulatorRecords(stores: RecordStores, workspaceId: number): EmulatorRecords {
  return {
    subscriberExists: (uuid) => stores.subscribers.findByUuidAnywhere(uuid) !== undefined,
    // A send is the mail's own: looked up in its workspace.
    sendExists: (uuid) => stores.sends.findByUuid(workspaceId, uuid) !== undefined,
    webview: (campaignUuid) => {
      const campaign = stores.campaigns.findByUuidAnywhere(campaignUuid);
      if (campaign === undefined) return 'missing';
      return campaign.disable_webview === 1 ? 'disabled' : 'ok';
    },
  };
}
