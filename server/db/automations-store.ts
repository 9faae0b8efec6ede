/** SQL for automations and their recorded triggers (docs/spec/mailcoach-audience-campaigns.md#7-automations-post-apiautomationsuuidtrigger). */
import type { AutomationRow, AutomationTriggerRow, NewRow } from './rows.js';
import { rowAccess } from './row-access.js';
import type { Statements } from './statements.js';

const COLUMNS = [
  'workspace_id',
  'uuid',
  'name',
  'email_list_id',
  'segment_id',
  'status',
  'webhook_trigger',
  'repeat_enabled',
  'repeat_only_after_halt',
  'created_at',
  'updated_at',
] as const;

export function createAutomationStore(statements: Statements) {
  const db = statements.db;
  const { insert, findByUuid } = rowAccess<AutomationRow>(statements, 'automations', COLUMNS).rows;
  const byName = db.prepare('SELECT * FROM automations WHERE workspace_id = ? AND name = ? ORDER BY id LIMIT 1');
  const all = db.prepare('SELECT * FROM automations WHERE workspace_id = ? ORDER BY name, id');
  const addTrigger = db.prepare(
    'INSERT INTO automation_triggers (workspace_id, automation_id, subscriber_uuid, entered, reason, created_at) VALUES (@workspace_id, @automation_id, @subscriber_uuid, @entered, @reason, @created_at)',
  );
  const triggersOf = db.prepare('SELECT * FROM automation_triggers WHERE automation_id = ? ORDER BY id');
  const hasEntered = db
    .prepare(
      'SELECT 1 FROM automation_triggers WHERE automation_id = ? AND subscriber_uuid = ? AND entered = 1 LIMIT 1',
    )
    .pluck();
  return {
    insert,
    findByUuid,
    findByName: (workspaceId: number, name: string) => byName.get(workspaceId, name) as AutomationRow | undefined,
    /** A workspace has a handful (they come from fixtures): listed whole. */
    all: (workspaceId: number) => all.all(workspaceId) as AutomationRow[],
    addTrigger: (row: NewRow<AutomationTriggerRow>): void => void addTrigger.run(row),
    triggersOf: (automationId: number) => triggersOf.all(automationId) as AutomationTriggerRow[],
    hasEntered: (automationId: number, subscriberUuid: string): boolean =>
      hasEntered.get(automationId, subscriberUuid) !== undefined,
  };
}
