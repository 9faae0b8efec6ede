/**
 * SQL for Mailcoach's outgoing webhooks (migration 23): configurations, their calls (one per event and
 * configuration, with the exact bytes sent) and each call's attempts (v8's webhook logs, docs/spec/mailcoach-webhooks.md#27-the-log-mailcoach_webhook_logs-domainsettingseventsubscriberswebhooklogeventsubscriberphp-modelswebhooklogphp-v7-test-webhooklogeventsubscribertestphp).
 */
import type { NewRow, WebhookAttemptRow, WebhookCallRow, WebhookConfigurationRow } from './rows.js';
import { insertSql, updateSql, Where } from './sql.js';
import { listPage, WORKSPACE_CONDITION, type ListResult, type PageWindow, type Statements } from './statements.js';

const CONFIGURATION_COLUMNS = [
  'workspace_id',
  'uuid',
  'name',
  'url',
  'secret',
  'enabled',
  'use_for_all_lists',
  'use_for_all_events',
  'email_list_uuids',
  'events',
  'origin',
  'created_at',
  'updated_at',
] as const;
const CONFIGURATION_CHANGES = [
  'name',
  'url',
  'secret',
  'enabled',
  'use_for_all_lists',
  'use_for_all_events',
  'email_list_uuids',
  'events',
  'updated_at',
] as const;
const CALL_COLUMNS = [
  'workspace_id',
  'uuid',
  'configuration_id',
  'event',
  'url',
  'body',
  'signature',
  'status',
  'attempts',
  'next_attempt_at_ms',
  'email_list_uuid',
  'subscriber_uuid',
  'email',
  'send_uuid',
  'campaign_uuid',
  'created_at_ms',
  'updated_at_ms',
] as const;
const ATTEMPT_COLUMNS = [
  'workspace_id',
  'uuid',
  'call_id',
  'attempt',
  'url',
  'body',
  'signature',
  'status_code',
  'response',
  'error',
  'duration_ms',
  'created_at_ms',
] as const;

export type WebhookConfigurationChange = Pick<WebhookConfigurationRow, (typeof CONFIGURATION_CHANGES)[number]>;

export interface WebhookCallFilters {
  event?: string;
  /** The subscriber's address (lower-cased), as the payload names it. */
  email?: string;
  subscriberUuid?: string;
  sendUuid?: string;
  campaignUuid?: string;
  configurationId?: number;
  status?: WebhookCallRow['status'];
}

export function createWebhookStore(statements: Statements) {
  const db = statements.db;
  const insertConfiguration = db.prepare(insertSql('webhook_configurations', CONFIGURATION_COLUMNS));
  const updateConfiguration = db.prepare(updateSql('webhook_configurations', CONFIGURATION_CHANGES));
  const configurationById = db.prepare('SELECT * FROM webhook_configurations WHERE id = ?');
  const configurationByUuid = db.prepare('SELECT * FROM webhook_configurations WHERE workspace_id = ? AND uuid = ?');
  const configurationsOf = db.prepare('SELECT * FROM webhook_configurations WHERE workspace_id = ? ORDER BY id');
  const deleteConfiguration = db.prepare('DELETE FROM webhook_configurations WHERE id = ?');

  const insertCall = db.prepare(insertSql('webhook_calls', CALL_COLUMNS));
  const callById = db.prepare('SELECT * FROM webhook_calls WHERE id = ?');
  const callByUuid = db.prepare('SELECT * FROM webhook_calls WHERE workspace_id = ? AND uuid = ?');
  // The oldest due call of each configuration: deliveries are sequential per configuration (decisions.md).
  const dueCalls = db.prepare(
    `SELECT * FROM webhook_calls WHERE id IN (
       SELECT min(id) FROM webhook_calls WHERE status = 'pending' AND next_attempt_at_ms <= ? GROUP BY configuration_id
     ) ORDER BY id LIMIT ?`,
  );
  const nextDue = db.prepare("SELECT min(next_attempt_at_ms) FROM webhook_calls WHERE status = 'pending'").pluck();
  const recordOutcome = db.prepare(
    'UPDATE webhook_calls SET status = @status, attempts = @attempts, next_attempt_at_ms = @next_attempt_at_ms, updated_at_ms = @updated_at_ms WHERE id = @id',
  );
  const insertAttempt = db.prepare(insertSql('webhook_attempts', ATTEMPT_COLUMNS));
  const attemptById = db.prepare('SELECT * FROM webhook_attempts WHERE id = ?');
  const attemptsOf = db.prepare('SELECT * FROM webhook_attempts WHERE call_id = ? ORDER BY id');

  return {
    configurations: {
      insert: (row: NewRow<WebhookConfigurationRow>): WebhookConfigurationRow =>
        configurationById.get(insertConfiguration.run(row).lastInsertRowid) as WebhookConfigurationRow,
      update(id: number, change: WebhookConfigurationChange): WebhookConfigurationRow {
        updateConfiguration.run({ ...change, id });
        return configurationById.get(id) as WebhookConfigurationRow;
      },
      findById: (id: number) => configurationById.get(id) as WebhookConfigurationRow | undefined,
      findByUuid: (workspaceId: number, uuid: string) =>
        configurationByUuid.get(workspaceId, uuid) as WebhookConfigurationRow | undefined,
      /** A workspace's configurations, oldest first (v8 queries without ORDER BY: id order in practice, docs/spec/mailcoach-webhooks.md#14-selection-algorithm-domainsettingsactionssendwebhookactionphp-domainaudiencemodelsemaillistphpwebhookconfigurations). */
      of: (workspaceId: number) => configurationsOf.all(workspaceId) as WebhookConfigurationRow[],
      delete: (id: number): void => void deleteConfiguration.run(id),
    },

    calls: {
      insert: (row: NewRow<WebhookCallRow>): WebhookCallRow =>
        callById.get(insertCall.run(row).lastInsertRowid) as WebhookCallRow,
      findById: (id: number) => callById.get(id) as WebhookCallRow | undefined,
      findByUuid: (workspaceId: number, uuid: string) =>
        callByUuid.get(workspaceId, uuid) as WebhookCallRow | undefined,
      /** Calls whose attempt is due at `nowMs`, at most one per configuration (its oldest), oldest first. */
      due: (nowMs: number, limit: number) => dueCalls.all(nowMs, limit) as WebhookCallRow[],
      /** When the next pending attempt is due (emulator epoch ms), or null when none is pending. */
      nextDueAt: () => nextDue.get() as number | null,
      recordOutcome(
        id: number,
        outcome: Pick<WebhookCallRow, 'status' | 'attempts' | 'next_attempt_at_ms' | 'updated_at_ms'>,
      ): void {
        recordOutcome.run({ ...outcome, id });
      },
      list(workspaceId: number, filters: WebhookCallFilters, window: PageWindow): ListResult<WebhookCallRow> {
        const where = new Where().and(WORKSPACE_CONDITION, workspaceId);
        if (filters.event !== undefined) where.and('event = ?', filters.event);
        if (filters.email !== undefined) where.and('email = ?', filters.email);
        if (filters.subscriberUuid !== undefined) where.and('subscriber_uuid = ?', filters.subscriberUuid);
        if (filters.sendUuid !== undefined) where.and('send_uuid = ?', filters.sendUuid);
        if (filters.campaignUuid !== undefined) where.and('campaign_uuid = ?', filters.campaignUuid);
        if (filters.configurationId !== undefined) where.and('configuration_id = ?', filters.configurationId);
        if (filters.status !== undefined) where.and('status = ?', filters.status);
        return listPage<WebhookCallRow>(statements, {
          table: 'webhook_calls',
          ...where,
          orderBy: [{ column: 'id', descending: true }],
          window,
        });
      },
    },

    attempts: {
      insert: (row: NewRow<WebhookAttemptRow>): WebhookAttemptRow =>
        attemptById.get(insertAttempt.run(row).lastInsertRowid) as WebhookAttemptRow,
      of: (callId: number) => attemptsOf.all(callId) as WebhookAttemptRow[],
    },
  };
}
