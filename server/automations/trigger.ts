/**
 * Triggering an automation for subscribers (TriggerAutomationController's action;
 * docs/spec/mailcoach-audience-campaigns.md#7-automations-post-apiautomationsuuidtrigger): for each subscriber whether RunAutomationForSubscriberJob would run it (started, with a list, subscribed,
 * in its list and segment, not in it already unless it repeats), recorded for GET /_emulator/automations and
 * announced (`automations.changed`, the web UI's Automations page). The automation's actions are not run
 * (decisions.md).
 */
import type { AutomationRow, SegmentCondition, SubscriberRow } from '../db/rows.js';
import type { AppDeps } from '../deps.js';
import { subscriberStatus } from '../audience/status.js';
import { toEpochSeconds } from '../instant.js';

type TriggerDeps = Pick<AppDeps, 'store' | 'clock' | 'events'>;

/** `subscriberUuids`: as given; one that names no subscriber of the workspace is left out. */
export function triggerAutomation(deps: TriggerDeps, automation: AutomationRow, subscriberUuids: unknown[]): void {
  const workspaceId = automation.workspace_id;
  const at = toEpochSeconds(deps.clock());
  deps.store.transaction(() => {
    for (const uuid of subscriberUuids) {
      const subscriber = typeof uuid === 'string' ? deps.store.subscribers.findByUuid(workspaceId, uuid) : undefined;
      if (subscriber === undefined) continue;
      const reason = whyNot(deps, automation, subscriber);
      deps.store.automations.addTrigger({
        workspace_id: workspaceId,
        automation_id: automation.id,
        subscriber_uuid: subscriber.uuid,
        entered: reason === null ? 1 : 0,
        reason,
        created_at: at,
      });
    }
  });
  deps.events.emit('automations.changed', { workspaceId });
}

/** ShouldAutomationRunForSubscriberAction's conditions, as the reason it would not run; null when it would. */
function whyNot(deps: TriggerDeps, automation: AutomationRow, subscriber: SubscriberRow): string | null {
  if (automation.status !== 'started') return 'the automation is paused';
  if (automation.email_list_id === null) return 'the automation has no list';
  if (subscriberStatus(subscriber) !== 'subscribed') return 'the subscriber is not subscribed';
  const segment = automation.segment_id === null ? undefined : deps.store.segments.findById(automation.segment_id);
  const conditions = segment === undefined ? [] : (JSON.parse(segment.stored_conditions) as SegmentCondition[]);
  if (!deps.store.subscribers.inAudience(subscriber.id, automation.email_list_id, conditions))
    return "the subscriber is not in the automation's list and segment";
  if (automation.repeat_enabled !== 1 && deps.store.automations.hasEntered(automation.id, subscriber.uuid))
    return 'the subscriber is already in the automation';
  return null;
}
