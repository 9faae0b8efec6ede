/**
 * The web UI's view of the Mailcoach records, with what the emulator knows beyond Mailcoach's resources (issue 14),
 * so that the UI needs no API token (under --isolate a tab without one still sees the default workspace):
 * - GET /_emulator/suppressions: GET /api/suppressions's answer (the same query code), each row with `origin`, why
 *   the emulator holds it (rows.ts SUPPRESSION_ORIGINS); POST adds one as the API does, DELETE removes one under
 *   the API's spam-complaint rule;
 * - GET /_emulator/sends: GET /api/sends's answer, each row with the simulated `feedback` (bounces, complaints),
 *   the `state` they and its timestamps give, and its captured `message_uuid` (a transactional send's);
 * - GET /_emulator/log-items (and /{uuid}): the log as GET /api/transactional-mails answers it, each item with its
 *   captured `message_uuid` and `send_uuid`; POST /{uuid}/resend answers the copy's `message_uuid`;
 * - GET /_emulator/automations: the workspace's automations (from fixtures: the API cannot list them) with every
 *   trigger POST /api/automations/{uuid}/trigger recorded and whether the subscriber entered (decisions.md).
 */
import { Hono } from 'hono';
import type { AppDeps } from '../deps.js';
import type { LogItemRow, SendRow, SuppressionRow } from '../db/rows.js';
import { ApiError } from '../errors.js';
import { isUuid } from '../ids.js';
import { resendTransactionalMail } from '../mail/resend.js';
import { suppress } from '../mail/suppress.js';
import type { Input } from '../validation/input.js';
import { validate } from '../validation/validate.js';
import { readJsonObject } from './request-body.js';
import type { SendFeedbackType } from '../db/sends-store.js';
import type { AppEnv } from '../http/env.js';
import { cleanse } from '../http/input.js';
import { laravelTimestamp } from '../http/timestamps.js';
import { respondWithIndex } from '../http/listing.js';
import { logItemResource, sendResource, suppressionResource } from '../mailcoach/resources/transactional.js';
import { logItemIndex, sendIndex, suppressionIndex } from '../mailcoach/resources/indexes.js';
import { STORE_SUPPRESSION_RULES } from '../mailcoach/rules.js';

export type SendState = 'failed' | 'complained' | 'bounced' | 'soft_bounced' | 'clicked' | 'opened' | 'sent' | 'pending';

export function recordListRoutes(deps: AppDeps) {
  const suppressions = suppressionIndex(deps, (row) => ({ ...suppressionResource(row), origin: row.origin }));
  const sends = sendIndex(deps, (row) => {
    const feedback = deps.store.sends.feedbackOf(row.id);
    const logItem = row.transactional_mail_log_item_uuid === null ? undefined : deps.store.logItems.findByUuid(row.workspace_id, row.transactional_mail_log_item_uuid);
    return {
      ...sendResource(row),
      state: sendState(row, feedback.map((item) => item.type)),
      feedback: feedback.map((item) => ({ type: item.type, created_at: laravelTimestamp(item.created_at) })),
      message_uuid: logItem?.message_id == null ? null : (deps.store.messages.uuidOf(logItem.message_id) ?? null),
    };
  });
  const logItems = logItemIndex(deps, (row) => ({ ...logItemResource(row), ...logItemLinks(deps, row) }));
  const findLogItem = (workspaceId: number, uuid: string) => {
    const row = deps.store.logItems.findByUuid(workspaceId, uuid);
    if (row === undefined) throw new ApiError(404, `No transactional mail log item with uuid ${uuid} in this workspace.`);
    return row;
  };
  const findSuppression = (workspaceId: number, key: string) => {
    const row = isUuid(key) ? deps.store.suppressions.findByUuid(workspaceId, key) : deps.store.suppressions.findByEmail(workspaceId, key);
    if (row === undefined) throw new ApiError(404, `No suppression ${key} in this workspace.`);
    return row;
  };
  const withOrigin = (row: SuppressionRow) => ({ ...suppressionResource(row), origin: row.origin });
  return new Hono<AppEnv>()
    .get('/suppressions', (c) => respondWithIndex(c, suppressions))
    .post('/suppressions', async (c) => {
      const workspaceId = c.get('workspaceId');
      // The API's rules on the API's reading of the input (trimmed, "" as null): the UI gets the answer an app would.
      const input = cleanse(await readJsonObject(c)) as Input;
      validate(input, STORE_SUPPRESSION_RULES);
      const { row, created } = suppress(deps, workspaceId, input.email as string, 'manual', 'emulator');
      if (created) deps.events.emit('suppressions.changed', { workspaceId, uuids: [row.uuid] });
      return c.json(withOrigin(row), created ? 201 : 200);
    })
    .delete('/suppressions/:suppression', (c) => {
      const row = findSuppression(c.get('workspaceId'), c.req.param('suppression'));
      // The API's rule (decisions.md), the same text: the UI shows what an app would get.
      if (row.reason === 'spam_complaint' && !deps.options.allowSpamComplaintDeletion) {
        throw new ApiError(403, 'Suppressions with reason spam_complaint cannot be deleted.');
      }
      deps.store.suppressions.delete(row.id);
      deps.events.emit('suppressions.changed', { workspaceId: row.workspace_id, uuids: [row.uuid] });
      return c.body(null, 204);
    })
    .get('/sends', (c) => respondWithIndex(c, sends))
    .get('/automations', (c) =>
      c.json({
        data: deps.store.automations.all(c.get('workspaceId')).map((automation) => ({
          uuid: automation.uuid,
          name: automation.name,
          email_list_uuid: automation.email_list_id === null ? null : (deps.store.emailLists.findById(automation.email_list_id)?.uuid ?? null),
          status: automation.status,
          webhook_trigger: automation.webhook_trigger === 1,
          repeat_enabled: automation.repeat_enabled === 1,
          triggers: deps.store.automations.triggersOf(automation.id).map((trigger) => ({
            subscriber_uuid: trigger.subscriber_uuid,
            entered: trigger.entered === 1,
            reason: trigger.reason,
            created_at: new Date(trigger.created_at * 1000).toISOString(),
          })),
        })),
      }),
    )
    .get('/log-items', (c) => respondWithIndex(c, logItems))
    .get('/log-items/:uuid', (c) => {
      const row = findLogItem(c.get('workspaceId'), c.req.param('uuid'));
      return c.json({ data: { ...logItemResource(row), ...logItemLinks(deps, row) } });
    })
    .post('/log-items/:uuid/resend', async (c) => {
      const row = findLogItem(c.get('workspaceId'), c.req.param('uuid'));
      const copy = await resendTransactionalMail({ ...deps, defaultMailer: deps.options.mailers[0] ?? 'smtp' }, row);
      // A fake log item is not resent (as the API's resend): no copy.
      return c.json({ message_uuid: copy }, copy === null ? 200 : 201);
    });
}

/** A log item's captured message and its Send. */
function logItemLinks(deps: AppDeps, row: LogItemRow) {
  const send = deps.store.sends.list(row.workspace_id, { transactional_mail_log_item_uuid: [row.uuid] }, [{ column: 'id', descending: false }], { offset: 0, limit: 1 }).rows[0];
  return {
    message_uuid: row.message_id === null ? null : (deps.store.messages.uuidOf(row.message_id) ?? null),
    send_uuid: send?.uuid ?? null,
  };
}

/** The furthest a send got: a failure, then feedback (a complaint over a bounce), then a click, an open, sent. */
export function sendState(row: SendRow, feedback: SendFeedbackType[]): SendState {
  if (row.failed_at !== null) return 'failed';
  if (feedback.includes('complaint')) return 'complained';
  if (feedback.includes('bounce')) return 'bounced';
  if (feedback.includes('soft_bounce')) return 'soft_bounced';
  if (row.click_count > 0) return 'clicked';
  if (row.open_count > 0) return 'opened';
  return row.sent_at === null ? 'pending' : 'sent';
}
