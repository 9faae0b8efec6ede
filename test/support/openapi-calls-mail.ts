/**
 * The table of calls (openapi-calls.ts) for the captured mail, the templates and the records.
 */
import { made, NO_UUID, type OperationCalls } from './openapi-made.js';

/** Captured mail, its checks, and wait-for. */
export const MESSAGE_CALLS: OperationCalls = [
  [
    'GET /_emulator/messages',
    () => [
      { method: 'GET', path: '/_emulator/messages?per_page=50', status: 200 },
      { method: 'GET', path: '/_emulator/messages?query=%22unclosed', status: 422 },
    ],
  ],
  [
    'POST /_emulator/messages/delete',
    () => [
      { method: 'POST', path: '/_emulator/messages/delete', json: { uuids: [NO_UUID] }, status: 200 },
      { method: 'POST', path: '/_emulator/messages/delete', json: { uuids: 'all' }, status: 422 },
    ],
  ],
  [
    'GET /_emulator/messages/{uuid}',
    () => [
      { method: 'GET', path: `/_emulator/messages/${made.messageUuid}`, status: 200 },
      { method: 'GET', path: `/_emulator/messages/${made.htmlOnlyUuid}`, status: 200 },
      { method: 'GET', path: `/_emulator/messages/${NO_UUID}`, status: 404 },
    ],
  ],
  [
    'PATCH /_emulator/messages/{uuid}',
    () => [
      { method: 'PATCH', path: `/_emulator/messages/${made.messageUuid}`, json: { read: true }, status: 200 },
      { method: 'PATCH', path: `/_emulator/messages/${made.messageUuid}`, json: { read: 'yes' }, status: 422 },
      { method: 'PATCH', path: `/_emulator/messages/${NO_UUID}`, json: { read: true }, status: 404 },
    ],
  ],
  [
    'GET /_emulator/messages/{uuid}/raw',
    () => [
      { method: 'GET', path: `/_emulator/messages/${made.messageUuid}/raw`, status: 200 },
      { method: 'GET', path: `/_emulator/messages/${NO_UUID}/raw`, status: 404 },
    ],
  ],
  [
    'GET /_emulator/messages/{uuid}/html',
    () => [
      { method: 'GET', path: `/_emulator/messages/${made.messageUuid}/html`, status: 200 },
      { method: 'GET', path: `/_emulator/messages/${NO_UUID}/html`, status: 404 },
    ],
  ],
  [
    'GET /_emulator/messages/{uuid}/text',
    () => [
      { method: 'GET', path: `/_emulator/messages/${made.messageUuid}/text`, status: 200 },
      { method: 'GET', path: `/_emulator/messages/${NO_UUID}/text`, status: 404 },
    ],
  ],
  [
    'GET /_emulator/messages/{uuid}/checks',
    () => [
      { method: 'GET', path: `/_emulator/messages/${made.messageUuid}/checks`, status: 200 },
      { method: 'GET', path: `/_emulator/messages/${NO_UUID}/checks`, status: 404 },
    ],
  ],
  [
    'POST /_emulator/checks',
    () => [
      {
        method: 'POST',
        path: '/_emulator/checks',
        json: { subject: 'Hi ::name::', html: '<p style="display:flex">x</p>', text: null },
        status: 200,
      },
      { method: 'POST', path: '/_emulator/checks', json: { subject: 1 }, status: 422 },
    ],
  ],
  [
    'GET /_emulator/messages/{uuid}/attachments/{index}',
    () => [
      { method: 'GET', path: `/_emulator/messages/${made.messageUuid}/attachments/0`, status: 200 },
      { method: 'GET', path: `/_emulator/messages/${made.messageUuid}/attachments/9`, status: 404 },
    ],
  ],
  [
    'GET /_emulator/wait-for',
    () => [
      { method: 'GET', path: '/_emulator/wait-for?query=to:joan@example.com', status: 200 },
      { method: 'GET', path: '/_emulator/wait-for?query=to:nobody@example.com&timeout_ms=10', status: 408 },
      { method: 'GET', path: '/_emulator/wait-for?count=0', status: 422 },
    ],
  ],
  ['GET /_emulator/events', () => [{ method: 'GET', path: '/_emulator/events', status: 200 }]],
];

/** Transactional templates, and the fixtures. */
export const TEMPLATE_CALLS: OperationCalls = [
  ['GET /_emulator/templates', () => [{ method: 'GET', path: '/_emulator/templates', status: 200 }]],
  [
    'POST /_emulator/templates',
    () => [
      {
        method: 'POST',
        path: '/_emulator/templates',
        status: 201,
        json: {
          name: 'made-here',
          type: 'html',
          label: 'Made here',
          subject: 'Hi ::name::',
          body: '<p>::name::</p>',
          from: 'a@acme.test',
          to: ['b@acme.test'],
          cc: null,
          bcc: [],
          store_mail: false,
        },
      },
      { method: 'POST', path: '/_emulator/templates', json: { name: 'made-here', type: 'html' }, status: 422 },
    ],
  ],
  [
    'GET /_emulator/templates/{template}',
    () => [
      { method: 'GET', path: '/_emulator/templates/welcome', status: 200 },
      { method: 'GET', path: '/_emulator/templates/made-here', status: 200 },
      { method: 'GET', path: '/_emulator/templates/no-such-template', status: 404 },
    ],
  ],
  [
    'PATCH /_emulator/templates/{template}',
    () => [
      { method: 'PATCH', path: '/_emulator/templates/password-reset', json: { label: 'Changed' }, status: 200 },
      { method: 'PATCH', path: '/_emulator/templates/password-reset', json: { type: 'nope' }, status: 422 },
      { method: 'PATCH', path: '/_emulator/templates/no-such-template', json: { label: 'x' }, status: 404 },
    ],
  ],
  [
    'POST /_emulator/templates/{template}/render',
    () => [
      {
        method: 'POST',
        path: '/_emulator/templates/welcome/render',
        json: { replacements: { name: 'Jane' } },
        status: 200,
      },
      {
        method: 'POST',
        path: '/_emulator/templates/welcome/render',
        json: { template: { type: 'mjml', body: '<mjml><mj-body><mj-section>' } },
        status: 200,
      },
      {
        method: 'POST',
        path: '/_emulator/templates/welcome/render',
        json: { template: { subject: '{{ x', type: 'blade' } },
        status: 200,
      },
      { method: 'POST', path: '/_emulator/templates/welcome/render', json: { replacements: [] }, status: 422 },
      { method: 'POST', path: '/_emulator/templates/no-such-template/render', json: {}, status: 404 },
    ],
  ],
  ['GET /_emulator/fixtures', () => [{ method: 'GET', path: '/_emulator/fixtures', status: 200 }]],
];

/** Suppressions, log items and sends. */
export const RECORD_CALLS: OperationCalls = [
  [
    'GET /_emulator/suppressions',
    () => [
      { method: 'GET', path: '/_emulator/suppressions', status: 200 },
      { method: 'GET', path: '/_emulator/suppressions?sort=email', status: 400 },
    ],
  ],
  [
    'POST /_emulator/suppressions',
    () => [
      { method: 'POST', path: '/_emulator/suppressions', json: { email: 'manual@example.com' }, status: 201 },
      { method: 'POST', path: '/_emulator/suppressions', json: { email: 'manual@example.com' }, status: 200 },
      { method: 'POST', path: '/_emulator/suppressions', json: { email: 'nope' }, status: 422 },
    ],
  ],
  ['GET /_emulator/automations', () => [{ method: 'GET', path: '/_emulator/automations', status: 200 }]],
  [
    'GET /_emulator/log-items',
    () => [
      { method: 'GET', path: '/_emulator/log-items', status: 200 },
      { method: 'GET', path: '/_emulator/log-items?sort=nope', status: 400 },
    ],
  ],
  [
    'GET /_emulator/log-items/{uuid}',
    () => [
      { method: 'GET', path: `/_emulator/log-items/${made.logItemUuid}`, status: 200 },
      { method: 'GET', path: `/_emulator/log-items/${NO_UUID}`, status: 404 },
    ],
  ],
  [
    'POST /_emulator/log-items/{uuid}/resend',
    () => [
      { method: 'POST', path: `/_emulator/log-items/${made.logItemUuid}/resend`, status: 201 },
      { method: 'POST', path: `/_emulator/log-items/${made.fakeLogItemUuid}/resend`, status: 200 },
      { method: 'POST', path: `/_emulator/log-items/${NO_UUID}/resend`, status: 404 },
    ],
  ],
  [
    'GET /_emulator/sends',
    () => [
      { method: 'GET', path: '/_emulator/sends', status: 200 },
      { method: 'GET', path: '/_emulator/sends?sort=nope', status: 400 },
    ],
  ],
];
