/**
 * Deleting a subscriber (DeleteSubscriberAction; docs/spec/mailcoach-audience-campaigns.md#21-model-and-status-mailcoach_subscribers-domainaudiencemodelssubscriberphp, docs/spec/mailcoach-audience-campaigns.md#27-delete-apisubscribersuuid) or a list (docs/spec/mailcoach-audience-campaigns.md#11-model-mailcoach_email_lists-v8-migration-domainaudiencemodelsemaillistphp,
 * docs/spec/mailcoach-audience-campaigns.md#16-delete-apiemail-listsuuid). The database's cascades do what v8's foreign keys do: a subscriber takes its tag pivots, its Sends (and
 * with them their feedback and clicks) and the campaign unsubscribes it made (migrations 12, 14, 15, 20); a list
 * takes its subscribers (so all of that), tags, segments and imports, and its campaigns stay without a list.
 * The campaigns that lost Sends are recalculated as v8's statistics job does. Captured mails stay in the inbox:
 * they are what was delivered, not Mailcoach data.
 */
import type { Clock } from '../clock.js';
import type { EmailListRow, SubscriberRow } from '../db/rows.js';
import type { Store } from '../db/store.js';
import type { EventBus } from '../events.js';
import { toEpochSeconds } from '../instant.js';

export interface DeleteDeps {
  store: Store;
  clock: Clock;
  events: EventBus;
}

export function deleteSubscriber(deps: DeleteDeps, subscriber: SubscriberRow): void {
  const { store } = deps;
  const sendUuids = store.transaction(() => {
    const uuids = store.sends.uuidsOfSubscriber(subscriber.workspace_id, subscriber.uuid);
    const campaigns = store.sends.campaignsOfSubscriber(subscriber.workspace_id, subscriber.uuid);
    store.subscribers.delete(subscriber.id);
    recalculate(deps, subscriber.workspace_id, campaigns);
    return uuids;
  });
  if (sendUuids.length > 0)
    deps.events.emit('sends.changed', { workspaceId: subscriber.workspace_id, uuids: sendUuids });
  deps.events.emit('audience.changed', { workspaceId: subscriber.workspace_id, uuids: [subscriber.uuid] });
}

export function deleteEmailList(deps: DeleteDeps, list: EmailListRow): void {
  const { store } = deps;
  const hadSends = store.transaction(() => {
    const any = store.sends.anyOfList(list.id);
    const campaigns = any ? store.sends.campaignsOfList(list.id) : [];
    store.emailLists.delete(list.id);
    recalculate(deps, list.workspace_id, campaigns);
    return any;
  });
  if (hadSends) deps.events.emit('sends.changed', { workspaceId: list.workspace_id, uuids: null });
  deps.events.emit('audience.changed', { workspaceId: list.workspace_id, uuids: null });
}

function recalculate(deps: DeleteDeps, workspaceId: number, campaignUuids: string[]): void {
  const at = toEpochSeconds(deps.clock());
  for (const uuid of campaignUuids) {
    deps.store.campaigns.recalculateSentTo(workspaceId, uuid, deps.store.sends.countOfCampaign(workspaceId, uuid), at);
  }
}
