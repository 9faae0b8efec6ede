/**
 * The table of calls (openapi-calls.ts) for the controls (settings, clock, seed, faults, simulations), the
 * webhooks and the docs.
 */
import { made, NEWSLETTER, NO_UUID, type OperationCalls } from './openapi-made.js';

/** Settings, clock, seed, faults and simulations. */
export const CONTROL_CALLS: OperationCalls = [
  ['GET /_emulator/settings', () => [{ method: 'GET', path: '/_emulator/settings', status: 200 }]],
  ['GET /_emulator/clock', () => [{ method: 'GET', path: '/_emulator/clock', status: 200 }]],
  [
    'POST /_emulator/clock',
    () => [
      { method: 'POST', path: '/_emulator/clock', json: { advance_ms: 1 }, status: 200 },
      { method: 'POST', path: '/_emulator/clock', json: { advance_ms: -1 }, status: 422 },
    ],
  ],
  [
    'POST /_emulator/seed',
    () => [
      {
        method: 'POST',
        path: '/_emulator/seed',
        json: { suppressions: [{ email: 'seeded@example.com' }] },
        status: 200,
      },
      { method: 'POST', path: '/_emulator/seed', json: { templates: [{ name: 'x', type: 'nope' }] }, status: 422 },
    ],
  ],
  ['GET /_emulator/faults', () => [{ method: 'GET', path: '/_emulator/faults', status: 200 }]],
  [
    'POST /_emulator/faults',
    () => [
      {
        method: 'POST',
        path: '/_emulator/faults',
        json: { route: '/api/nowhere', preset: 'rate-limited', times: 1 },
        status: 201,
      },
      { method: 'POST', path: '/_emulator/faults', json: { status: 'x' }, status: 422 },
    ],
  ],
  [
    'DELETE /_emulator/faults/{id}',
    () => [
      { method: 'DELETE', path: '/_emulator/faults/1', status: 204 },
      { method: 'DELETE', path: '/_emulator/faults/999', status: 404 },
    ],
  ],
  [
    'POST /_emulator/simulate/open',
    () => [
      {
        method: 'POST',
        path: '/_emulator/simulate/open',
        json: { send_uuid: made.transactionalSendUuid },
        status: 200,
      },
      { method: 'POST', path: '/_emulator/simulate/open', json: { send_uuid: NO_UUID }, status: 404 },
      { method: 'POST', path: '/_emulator/simulate/open', json: {}, status: 422 },
    ],
  ],
  [
    'POST /_emulator/simulate/click',
    () => [
      { method: 'POST', path: '/_emulator/simulate/click', json: { send_uuid: made.campaignSendUuid }, status: 200 },
      { method: 'POST', path: '/_emulator/simulate/click', json: { send_uuid: NO_UUID }, status: 404 },
      { method: 'POST', path: '/_emulator/simulate/click', json: {}, status: 422 },
    ],
  ],
  [
    'POST /_emulator/simulate/unsubscribe',
    () => [
      {
        method: 'POST',
        path: '/_emulator/simulate/unsubscribe',
        json: { send_uuid: made.campaignSendUuid },
        status: 200,
      },
      { method: 'POST', path: '/_emulator/simulate/unsubscribe', json: { send_uuid: NO_UUID }, status: 404 },
      {
        method: 'POST',
        path: '/_emulator/simulate/unsubscribe',
        json: { send_uuid: made.transactionalSendUuid },
        status: 422,
      },
    ],
  ],
  [
    'POST /_emulator/simulate/bounce',
    () => [
      { method: 'POST', path: '/_emulator/simulate/bounce', json: { email: 'gone@example.com' }, status: 200 },
      { method: 'POST', path: '/_emulator/simulate/bounce', json: { send_uuid: NO_UUID }, status: 404 },
      { method: 'POST', path: '/_emulator/simulate/bounce', json: {}, status: 422 },
    ],
  ],
  [
    'POST /_emulator/simulate/soft-bounce',
    () => [
      {
        method: 'POST',
        path: '/_emulator/simulate/soft-bounce',
        json: { send_uuid: made.transactionalSendUuid },
        status: 200,
      },
      { method: 'POST', path: '/_emulator/simulate/soft-bounce', json: { send_uuid: NO_UUID }, status: 404 },
      { method: 'POST', path: '/_emulator/simulate/soft-bounce', json: { email: 'not an address' }, status: 422 },
    ],
  ],
  [
    'POST /_emulator/simulate/complaint',
    () => [
      {
        method: 'POST',
        path: '/_emulator/simulate/complaint',
        json: { send_uuid: made.otherCampaignSendUuid, email: 'complained@example.com' },
        status: 200,
      },
      { method: 'POST', path: '/_emulator/simulate/complaint', json: { send_uuid: NO_UUID }, status: 404 },
      { method: 'POST', path: '/_emulator/simulate/complaint', json: { email: 1 }, status: 422 },
    ],
  ],
];

/** Webhook configurations, their calls, the sink, and the docs. */
export const WEBHOOK_CALLS: OperationCalls = [
  ['GET /_emulator/webhooks', () => [{ method: 'GET', path: '/_emulator/webhooks', status: 200 }]],
  [
    'POST /_emulator/webhooks',
    () => [
      {
        method: 'POST',
        path: '/_emulator/webhooks',
        status: 201,
        json: {
          name: 'Lists only',
          url: 'http://localhost:3000/hooks',
          use_for_all_lists: false,
          email_lists: [NEWSLETTER],
          events: ['SubscribedEvent'],
        },
      },
      { method: 'POST', path: '/_emulator/webhooks', json: { url: 'ftp://x', events: ['Nope'] }, status: 422 },
    ],
  ],
  [
    'GET /_emulator/webhooks/{webhook}',
    () => [
      { method: 'GET', path: `/_emulator/webhooks/${made.webhookUuid}`, status: 200 },
      { method: 'GET', path: `/_emulator/webhooks/${NO_UUID}`, status: 404 },
    ],
  ],
  [
    'PUT /_emulator/webhooks/{webhook}',
    () => [
      { method: 'PUT', path: `/_emulator/webhooks/${made.webhookUuid}`, json: { name: 'The sink' }, status: 200 },
      { method: 'PUT', path: `/_emulator/webhooks/${made.webhookUuid}`, json: { events: ['Nope'] }, status: 422 },
      { method: 'PUT', path: `/_emulator/webhooks/${NO_UUID}`, json: { name: 'x' }, status: 404 },
    ],
  ],
  [
    'PATCH /_emulator/webhooks/{webhook}',
    () => [
      {
        method: 'PATCH',
        path: `/_emulator/webhooks/${made.webhookUuid}`,
        json: { enabled: true, secret: 'changed' },
        status: 200,
      },
      {
        method: 'PATCH',
        path: `/_emulator/webhooks/${made.webhookUuid}`,
        json: { use_for_all_lists: false, email_lists: [] },
        status: 422,
      },
      { method: 'PATCH', path: `/_emulator/webhooks/${NO_UUID}`, json: { name: 'x' }, status: 404 },
    ],
  ],
  [
    'GET /_emulator/webhook-calls',
    () => [
      { method: 'GET', path: '/_emulator/webhook-calls', status: 200 },
      {
        method: 'GET',
        path: '/_emulator/webhook-calls?event=UnsubscribedEvent&status=pending&per_page=1',
        status: 200,
      },
      { method: 'GET', path: '/_emulator/webhook-calls?event=Nope', status: 422 },
      { method: 'GET', path: '/_emulator/webhook-calls?per_page=501', status: 422 },
    ],
  ],
  [
    'GET /_emulator/webhook-calls/{call}',
    () => [
      { method: 'GET', path: `/_emulator/webhook-calls/${made.callUuid}`, status: 200 },
      { method: 'GET', path: `/_emulator/webhook-calls/${made.failedCallUuid}`, status: 200 },
      { method: 'GET', path: `/_emulator/webhook-calls/${NO_UUID}`, status: 404 },
    ],
  ],
  [
    'POST /_emulator/webhook-calls/{call}/resend',
    () => [
      { method: 'POST', path: `/_emulator/webhook-calls/${made.callUuid}/resend`, status: 200 },
      { method: 'POST', path: `/_emulator/webhook-calls/${NO_UUID}/resend`, status: 404 },
    ],
  ],
  [
    'POST /_emulator/webhook-sink/{name}',
    () => [
      { method: 'POST', path: '/_emulator/webhook-sink/by-hand', json: { hello: 'sink' }, status: 200 },
      { method: 'POST', path: `/_emulator/webhook-sink/${'x'.repeat(65)}`, json: {}, status: 404 },
    ],
  ],
  [
    'GET /_emulator/webhook-sink/{name}',
    () => [
      { method: 'GET', path: '/_emulator/webhook-sink/answers', status: 200 },
      { method: 'GET', path: `/_emulator/webhook-sink/${'x'.repeat(65)}`, status: 404 },
    ],
  ],
  ['GET /_emulator/openapi.json', () => [{ method: 'GET', path: '/_emulator/openapi.json', status: 200 }]],
  ['GET /_emulator/docs', () => [{ method: 'GET', path: '/_emulator/docs', status: 200 }]],
  [
    'GET /_emulator/docs/{file}',
    () => [
      { method: 'GET', path: '/_emulator/docs/swagger-ui-bundle.js', status: 200 },
      { method: 'GET', path: '/_emulator/docs/swagger-ui.css', status: 200 },
      { method: 'GET', path: '/_emulator/docs/docs.js', status: 200 },
      { method: 'GET', path: '/_emulator/docs/docs.css', status: 200 },
      { method: 'GET', path: '/_emulator/docs/index.html', status: 404 },
    ],
  ],
];
