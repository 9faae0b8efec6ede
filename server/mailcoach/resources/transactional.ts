/**
 * Presenters: stored rows to the wire JSON of Mailcoach's JsonResource classes, keys in the order those classes
 * define them (docs/spec/mailcoach-reference.md#2-suppressions, docs/spec/mailcoach-reference.md#3-sends, docs/spec/mailcoach-reference.md#5-transactional-mail-log-endpoints, docs/spec/mailcoach-reference.md#6-transactional-templates).
 */
import type { LogItemRow, SendRow, SuppressionRow, TemplateRow } from '../../db/rows.js';
import { laravelTimestamp } from '../../http/timestamps.js';

/** The Eloquent model classes named in route-model-binding 404s (docs/spec/mailcoach-reference.md#15-error-bodies-exact-formats). */
export const MODEL_CLASSES = {
  suppression: 'Spatie\\Mailcoach\\Domain\\Audience\\Models\\Suppression',
  send: 'Spatie\\Mailcoach\\Domain\\Shared\\Models\\Send',
  logItem: 'Spatie\\Mailcoach\\Domain\\TransactionalMail\\Models\\TransactionalMailLogItem',
  template: 'Spatie\\Mailcoach\\Domain\\TransactionalMail\\Models\\TransactionalMail',
} as const;

/** SuppressionResource. */
export function suppressionResource(row: SuppressionRow) {
  return {
    uuid: row.uuid,
    email: row.email,
    reason: row.reason,
    created_at: laravelTimestamp(row.created_at),
    updated_at: laravelTimestamp(row.updated_at),
  };
}

/** SendResource, with the base document's field list: no bounce counts (decisions.md "Send fields"). */
export function sendResource(row: SendRow) {
  return {
    uuid: row.uuid,
    transport_message_id: row.transport_message_id,
    campaign_uuid: row.campaign_uuid,
    automation_mail_uuid: row.automation_mail_uuid,
    transactional_mail_log_item_uuid: row.transactional_mail_log_item_uuid,
    subscriber_uuid: row.subscriber_uuid,
    sent_at: laravelTimestamp(row.sent_at),
    failed_at: laravelTimestamp(row.failed_at),
    failure_reason: row.failure_reason,
    open_count: row.open_count,
    click_count: row.click_count,
    first_opened_at: laravelTimestamp(row.first_opened_at),
    last_opened_at: laravelTimestamp(row.last_opened_at),
    first_clicked_at: laravelTimestamp(row.first_clicked_at),
    last_clicked_at: laravelTimestamp(row.last_clicked_at),
    created_at: laravelTimestamp(row.created_at),
    updated_at: laravelTimestamp(row.updated_at),
  };
}

/** TransactionalMailResource (the template): `html` is the template body as stored, before rendering. */
export function templateResource(row: TemplateRow) {
  return {
    uuid: row.uuid,
    name: row.name,
    to: parseJson<string[] | null>(row.to_json),
    cc: parseJson<string[] | null>(row.cc_json),
    bcc: parseJson<string[] | null>(row.bcc_json),
    subject: row.subject,
    html: row.body,
    store_mail: row.store_mail === 1,
    created_at: laravelTimestamp(row.created_at),
  };
}

/** TransactionalMailLogItemResource: `body` and `html` are the same stored value. */
export function logItemResource(row: LogItemRow) {
  return {
    uuid: row.uuid,
    subject: row.subject,
    from: parseJson<unknown[]>(row.from_json),
    to: parseJson<unknown[]>(row.to_json),
    cc: parseJson<unknown[]>(row.cc_json),
    bcc: parseJson<unknown[]>(row.bcc_json),
    body: row.body,
    html: row.body,
    created_at: laravelTimestamp(row.created_at),
  };
}

function parseJson<T>(text: string | null): T {
  return (text === null ? null : JSON.parse(text)) as T;
}
