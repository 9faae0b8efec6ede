/** A minimal captured message row for store-level tests: numbered `m-<n>`, from a@ to b@example.com, subject "Hello <n>". */
import type { NewMessage } from '../../server/db/messages-store.js';

export function plainMessage(workspaceId: number, n: number): NewMessage {
  return {
    workspace_id: workspaceId,
    uuid: `m-${n}`,
    message_id: `m-${n}@example.com`,
    envelope_from: 'a@example.com',
    envelope_to_json: '["b@example.com"]',
    from_json: '[{"name":"","email":"a@example.com"}]',
    to_json: '[{"name":"","email":"b@example.com"}]',
    cc_json: '[]',
    bcc_json: '[]',
    reply_to_json: '[]',
    subject: `Hello ${n}`,
    text_body: 'Hello there',
    html_body: null,
    attachments_json: '[]',
    size: 10,
    template_name: null,
    replacements_json: null,
    created_at_ms: 1_740_000_000_000 + n,
    campaign_uuid: null,
    email_list_uuid: null,
    subscriber_uuid: null,
    raw: Buffer.from('x'),
    attachments: [],
  };
}
