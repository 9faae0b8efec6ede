/**
 * Expected responses as Mailcoach (Laravel) writes them, for tests that compare bodies exactly.
 */

/** A uuid as the API shows it (lower-case, hyphenated). */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** PHP json_encode with default flags: `\/` and non-ASCII as lower-case `\uXXXX`. */
export const php = (value: unknown) =>
  JSON.stringify(value)
    .replace(/[\u0080-\uffff]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`)
    .replaceAll('/', '\\/');

/** A 422 validation body: the summary message and the errors, in the given key order. */
export const invalidBody = (errors: Record<string, string[]>) =>
  php({ message: 'The given data was invalid.', errors });

/** An HttpException body: pretty-printed with four spaces, slashes unescaped (docs/spec/mailcoach-reference.md#15-error-bodies-exact-formats). */
export const pretty = (message: string) => `{\n    "message": ${JSON.stringify(message)}\n}`;

/** The message of the `email:rfc` rule for an address it refuses. */
export const rfc = (address: string) => `Email "${address}" does not comply with addr-spec of RFC 2822.`;

/** The fields of a send (SendResource) nothing has happened to: no campaign, automation or subscriber, not failed, never opened or clicked. */
export const UNTOUCHED_SEND = {
  campaign_uuid: null,
  automation_mail_uuid: null,
  subscriber_uuid: null,
  failed_at: null,
  failure_reason: null,
  open_count: 0,
  click_count: 0,
  first_opened_at: null,
  last_opened_at: null,
  first_clicked_at: null,
  last_clicked_at: null,
};

/** A whole send in the order the API writes its keys: UNTOUCHED_SEND with no ids or times, then `fields`. */
export function sendResource(fields: Record<string, unknown>) {
  const { campaign_uuid, automation_mail_uuid, subscriber_uuid, ...outcome } = UNTOUCHED_SEND;
  return {
    uuid: null,
    transport_message_id: null,
    campaign_uuid,
    automation_mail_uuid,
    transactional_mail_log_item_uuid: null,
    subscriber_uuid,
    sent_at: null,
    ...outcome,
    created_at: null,
    updated_at: null,
    ...fields,
  };
}
