/**
 * POST /api/automations/{automation}/trigger (TriggerAutomationController; docs/spec/mailcoach-audience-campaigns.md#7-automations-post-apiautomationsuuidtrigger), the
 * only automation endpoint in v8: the automation by uuid (404), `subscribers` required, an array of subscriber uuids
 * of any list (`The selected subscribers.0 is invalid.`), a 400 when it has no webhook trigger, then for each
 * subscriber whether RunAutomationForSubscriberJob would run it, recorded and announced (automations/trigger.ts);
 * 200 `[]`.
 */
import { Hono, type Context } from 'hono';
import type { AppDeps } from '../deps.js';
import { triggerAutomation } from '../automations/trigger.js';
import type { AutomationRow } from '../db/rows.js';
import { abort, modelNotFound } from '../errors.js';
import type { AppEnv } from '../http/env.js';
import { laravelJson } from '../http/respond.js';
import { array, custom, required } from '../validation/laravel-rules.js';
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
    // Validation never sees a value under a key with a `.` (dot notation cannot reach it): one that names no
    // subscriber is left out; reading it as one was a 500 in the hostile-input fuzz (`subscribers: {"a.b": "x"}`).
    triggerAutomation(deps, automation, Object.values(input.subscribers as object) as unknown[]);
    // `response()->json()` with no data: `[]`.
    return laravelJson([]);
  });
}

function findAutomation(deps: AppDeps, c: Context<AppEnv>): AutomationRow {
  const row = deps.store.automations.findByUuid(c.get('workspaceId'), c.req.param('automation') as string);
  if (row === undefined) throw modelNotFound(AUTOMATION_MODEL_CLASS);
  return row;
}
