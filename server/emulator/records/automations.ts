/**
 * GET /_emulator/automations: the workspace's automations (from fixtures: the API cannot list them) with every
 * trigger POST /api/automations/{uuid}/trigger recorded and whether the subscriber entered (decisions.md).
 */
import { Hono } from 'hono';
import type { AppDeps } from '../../deps.js';
import type { AppEnv } from '../../http/env.js';
import type { AutomationRecord } from '../schemas/campaigns.js';

export function automationRecordRoutes(deps: AppDeps) {
  return new Hono<AppEnv>().get('/', (c) =>
    c.json({
      data: deps.store.automations.all(c.get('workspaceId')).map(
        (automation): AutomationRecord => ({
          uuid: automation.uuid,
          name: automation.name,
          email_list_uuid:
            automation.email_list_id === null
              ? null
              : (deps.store.emailLists.findById(automation.email_list_id)?.uuid ?? null),
          status: automation.status,
          webhook_trigger: automation.webhook_trigger === 1,
          repeat_enabled: automation.repeat_enabled === 1,
          triggers: deps.store.automations.triggersOf(automation.id).map((trigger) => ({
            subscriber_uuid: trigger.subscriber_uuid,
            // The address, for a person reading the page (null once the subscriber is deleted).
            subscriber_email:
              deps.store.subscribers.findByUuid(automation.workspace_id, trigger.subscriber_uuid)?.email ?? null,
            entered: trigger.entered === 1,
            reason: trigger.reason,
            created_at: new Date(trigger.created_at * 1000).toISOString(),
          })),
        }),
      ),
    }),
  );
}
