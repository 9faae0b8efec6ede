/**
 * Creating, updating and deleting a campaign (POST, PUT/PATCH and DELETE /api/campaigns; v8's CampaignsController
 * and UpdateCampaignAction), each announced once it is written (`campaigns.changed`, for the web UI's Campaigns
 * pages). Sending is campaigns/actions.ts's, and announces itself too (prepare.ts, send-test.ts).
 */
import type { CampaignRow, NewRow } from '../db/rows.js';
import type { AppDeps } from '../deps.js';

type EditDeps = Pick<AppDeps, 'store' | 'events'>;

export function createCampaign(deps: EditDeps, row: NewRow<CampaignRow>): CampaignRow {
  const created = deps.store.campaigns.insert(row);
  announceCampaigns(deps, created.workspace_id);
  return created;
}

export function updateCampaign(
  deps: EditDeps,
  campaign: CampaignRow,
  fields: Parameters<EditDeps['store']['campaigns']['update']>[1],
): CampaignRow {
  const updated = deps.store.campaigns.update(campaign.id, fields);
  announceCampaigns(deps, campaign.workspace_id);
  return updated;
}

/** The content item's sends go with it (v8's cascade): the web UI's Sends list follows, as for a subscriber's. */
export function deleteCampaign(deps: EditDeps, campaign: CampaignRow): void {
  deps.store.transaction(() => {
    deps.store.sends.deleteOfCampaign(campaign.workspace_id, campaign.uuid);
    deps.store.campaigns.delete(campaign.id);
  });
  deps.events.emit('sends.changed', { workspaceId: campaign.workspace_id, uuids: null });
  announceCampaigns(deps, campaign.workspace_id);
}

/** A campaign of the workspace was created, changed, scheduled, prepared, test-sent or deleted. */
export function announceCampaigns(deps: Pick<AppDeps, 'events'>, workspaceId: number): void {
  deps.events.emit('campaigns.changed', { workspaceId });
}
