/**
 * The table of calls of the answers test: how to call each operation of the OpenAPI document, per area
 * (openapi-calls-mail.ts, -controls.ts, -audience.ts), then the deletes and the reset.
 */
import { AUDIENCE_CALLS } from './openapi-calls-audience.js';
import { CONTROL_CALLS, WEBHOOK_CALLS } from './openapi-calls-controls.js';
import { MESSAGE_CALLS, RECORD_CALLS, TEMPLATE_CALLS } from './openapi-calls-mail.js';
import { made, NO_UUID, type OperationCalls } from './openapi-made.js';

/** The deletes and the reset, which undo what the calls before them need. */
const DELETE_CALLS: OperationCalls = [
  [
    'DELETE /_emulator/suppressions/{suppression}',
    () => [
      { method: 'DELETE', path: '/_emulator/suppressions/manual@example.com', status: 204 },
      { method: 'DELETE', path: '/_emulator/suppressions/complained@example.com', status: 403 },
      { method: 'DELETE', path: `/_emulator/suppressions/${NO_UUID}`, status: 404 },
    ],
  ],
  [
    'DELETE /_emulator/templates/{template}',
    () => [
      { method: 'DELETE', path: '/_emulator/templates/made-here', status: 204 },
      { method: 'DELETE', path: '/_emulator/templates/made-here', status: 404 },
    ],
  ],
  [
    'DELETE /_emulator/webhook-sink/{name}',
    () => [
      { method: 'DELETE', path: '/_emulator/webhook-sink/answers', status: 204 },
      { method: 'DELETE', path: `/_emulator/webhook-sink/${'x'.repeat(65)}`, status: 404 },
    ],
  ],
  [
    'DELETE /_emulator/webhooks/{webhook}',
    () => [
      { method: 'DELETE', path: `/_emulator/webhooks/${made.webhookUuid}`, status: 204 },
      { method: 'DELETE', path: `/_emulator/webhooks/${made.webhookUuid}`, status: 404 },
    ],
  ],
  ['DELETE /_emulator/faults', () => [{ method: 'DELETE', path: '/_emulator/faults', status: 204 }]],
  [
    'DELETE /_emulator/messages/{uuid}',
    () => [
      { method: 'DELETE', path: `/_emulator/messages/${made.htmlOnlyUuid}`, status: 204 },
      { method: 'DELETE', path: `/_emulator/messages/${made.htmlOnlyUuid}`, status: 404 },
    ],
  ],
  [
    'DELETE /_emulator/messages',
    () => [
      { method: 'DELETE', path: '/_emulator/messages?query=to:joan@example.com', status: 200 },
      { method: 'DELETE', path: '/_emulator/messages?query=%22unclosed', status: 422 },
    ],
  ],
  ['POST /_emulator/reset', () => [{ method: 'POST', path: '/_emulator/reset', status: 204 }]],
];

/**
 * How to call each operation: a list of calls, each with the status it must get. They run in this order, on the
 * data the set-up made (so the deletes and the reset come last).
 */
export const CALLS: OperationCalls = [
  ...MESSAGE_CALLS,
  ...CONTROL_CALLS,
  ...TEMPLATE_CALLS,
  ...RECORD_CALLS,
  ...AUDIENCE_CALLS,
  ...WEBHOOK_CALLS,
  ...DELETE_CALLS,
];
