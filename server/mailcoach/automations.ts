/**
 * POST /api/automations/{automation}/trigger (TriggerAutomationController; mailcoach-audience-campaigns.md §7), the
 * only automation endpoint in v8: the automation by uuid (404), `subscribers` required, an array of subscriber uuids
 * of any list (`The selected subscribers.0 is invalid.`), a 400 when it has no webhook trigger, then for each
 * subscriber whether RunAutomationForSubscriberJob would run it (started, with a list, subscribed, in its list and
 * segment, not in it already unless it repeats), recorded for GET /_emulator/automations; 200 `[]`. The
 * automation's actions are not run (decisions.md).
 */
import { Hono, type Context } from 'hono';
import type { AppDeps } from '../deps.js';
import type { AutomationRow, SegmentCondition, SubscriberRow } from '../db/rows.js';
import { abort, modelNotFound } from '../errors.js';
import type { AppEnv } from '../http/env.js';
import { laravelJson } from '../http/respond.js';
import { toEpochSeconds } from '../instant.js';
import { subscriberStatus } from '../audience/status.js';
import { array, custom, required } from '../validation/rules.js';
import { validate, type RuleSet } from '../validation/validate.js';

const AUTOMATION_MODEL_CLASS = 'Spatie\\Mailcoach\\Domain\\Automation\\Models\\Automation';

export function automationRoutes(deps: AppDeps) {
  return new Hono<AppEnv>().post('/:automation/trigger', (c) => {
    const automation = findAutomation(deps, c);
    const workspaceId = c.get('workspaceId');
    const rules: RuleSet = [
      ['subscribers', [required, array]],
      [
        'subscribers.*',
        [
          custom('exists', (value, { attribute }) =>
            typeof value === 'string' && deps.store.subscribers.findByUuid(workspaceId, value) !== undefined
              ? null
              : `The selected ${attribute} is invalid.`,
          ),
        ],
      ],
    ];
    const input = c.get('input');
    validate(input, rules);
    if (automation.webhook_trigger !== 1) throw abort(400, 'This automation does not have a Webhook trigger.');
    const at = toEpochSeconds(deps.clock());
    deps.store.transaction(() => {
      for (const uuid of Object.values(input.subscribers as object) as unknown[]) {
        // Validation never sees a value under a key with a `.` (dot notation cannot reach it): one that names no
        // subscriber is left out; reading it as one was a 500 in the hostile-input fuzz (`subscribers: {"a.b": "x"}`).
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
    // The web UI's Automations page shows the recorded triggers live.
    deps.events.emit('automations.changed', { workspaceId });
    // `response()->json()` with no data: `[]`.
    return laravelJson([]);
  });
}

/** ShouldAutomationRunForSubscriberAction's conditions, as the reason it would not run; null when it would. */
function whyNot(deps: AppDeps, automation: AutomationRow, subscriber: SubscriberRow): string | null {
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

function findAutomation(deps: AppDeps, c: Context<AppEnv>): AutomationRow {
  const row = deps.store.automations.findByUuid(c.get('workspaceId'), c.req.param('automation') as string);
  if (row === undefined) throw modelNotFound(AUTOMATION_MODEL_CLASS);
  return row;
}
