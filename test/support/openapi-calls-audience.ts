/**
 * The table of calls (openapi-calls.ts) for the audience and the campaigns.
 */
import { made, NEWSLETTER, NO_UUID, type OperationCalls } from './openapi-made.js';

/** Email lists, subscribers, campaigns and campaign templates. */
export const AUDIENCE_CALLS: OperationCalls = [
  ['GET /_emulator/email-lists', () => [{ method: 'GET', path: '/_emulator/email-lists', status: 200 }]],
  [
    'GET /_emulator/email-lists/{uuid}',
    () => [
      { method: 'GET', path: `/_emulator/email-lists/${NEWSLETTER}`, status: 200 },
      { method: 'GET', path: `/_emulator/email-lists/${NO_UUID}`, status: 404 },
    ],
  ],
  [
    'GET /_emulator/email-lists/{uuid}/subscribers',
    () => [
      { method: 'GET', path: `/_emulator/email-lists/${NEWSLETTER}/subscribers?filter[tags]=customer`, status: 200 },
      { method: 'GET', path: `/_emulator/email-lists/${NEWSLETTER}/subscribers?sort=nope`, status: 400 },
      { method: 'GET', path: `/_emulator/email-lists/${NO_UUID}/subscribers`, status: 404 },
    ],
  ],
  [
    'GET /_emulator/subscribers/{uuid}',
    () => [
      { method: 'GET', path: `/_emulator/subscribers/${made.steady}`, status: 200 },
      { method: 'GET', path: `/_emulator/subscribers/${made.listAttributes}`, status: 200 },
      { method: 'GET', path: `/_emulator/subscribers/${NO_UUID}`, status: 404 },
    ],
  ],
  [
    'DELETE /_emulator/subscribers/{uuid}',
    () => [
      { method: 'DELETE', path: `/_emulator/subscribers/${made.doomed}`, status: 204 },
      { method: 'DELETE', path: `/_emulator/subscribers/${NO_UUID}`, status: 404 },
    ],
  ],
  [
    'POST /_emulator/subscribers/{uuid}/tags',
    () => [
      { method: 'POST', path: `/_emulator/subscribers/${made.steady}/tags`, json: { tags: ['answers'] }, status: 200 },
      { method: 'POST', path: `/_emulator/subscribers/${made.steady}/tags`, json: { tags: 'answers' }, status: 422 },
      { method: 'POST', path: `/_emulator/subscribers/${NO_UUID}/tags`, json: { tags: ['x'] }, status: 404 },
    ],
  ],
  [
    'DELETE /_emulator/subscribers/{uuid}/tags',
    () => [
      {
        method: 'DELETE',
        path: `/_emulator/subscribers/${made.steady}/tags`,
        json: { tags: ['customer'] },
        status: 200,
      },
      { method: 'DELETE', path: `/_emulator/subscribers/${made.steady}/tags`, json: {}, status: 422 },
    ],
  ],
  [
    'POST /_emulator/subscribers/{uuid}/confirm',
    () => [
      { method: 'POST', path: `/_emulator/subscribers/${made.unconfirmedA}/confirm`, status: 200 },
      { method: 'POST', path: `/_emulator/subscribers/${made.steady}/confirm`, status: 422 },
      { method: 'POST', path: `/_emulator/subscribers/${NO_UUID}/confirm`, status: 404 },
    ],
  ],
  [
    'POST /_emulator/subscribers/{uuid}/resend-confirmation',
    () => [
      { method: 'POST', path: `/_emulator/subscribers/${made.unconfirmedB}/resend-confirmation`, status: 200 },
      { method: 'POST', path: `/_emulator/subscribers/${made.steady}/resend-confirmation`, status: 422 },
    ],
  ],
  [
    'POST /_emulator/subscribers/{uuid}/unsubscribe',
    () => [
      { method: 'POST', path: `/_emulator/subscribers/${made.subscribedC}/unsubscribe`, status: 200 },
      { method: 'POST', path: `/_emulator/subscribers/${made.unconfirmedB}/unsubscribe`, status: 422 },
    ],
  ],
  [
    'POST /_emulator/subscribers/{uuid}/resubscribe',
    () => [
      { method: 'POST', path: `/_emulator/subscribers/${made.unsubscribedD}/resubscribe`, status: 200 },
      { method: 'POST', path: `/_emulator/subscribers/${made.steady}/resubscribe`, status: 422 },
    ],
  ],
  ['GET /_emulator/campaigns', () => [{ method: 'GET', path: '/_emulator/campaigns', status: 200 }]],
  [
    'GET /_emulator/campaigns/{uuid}',
    () => [
      { method: 'GET', path: `/_emulator/campaigns/${made.sentCampaignUuid}`, status: 200 },
      { method: 'GET', path: `/_emulator/campaigns/${NO_UUID}`, status: 404 },
    ],
  ],
  [
    'GET /_emulator/campaigns/{uuid}/preview',
    () => [
      { method: 'GET', path: `/_emulator/campaigns/${made.sentCampaignUuid}/preview`, status: 200 },
      {
        method: 'GET',
        path: `/_emulator/campaigns/${made.draftCampaignUuid}/preview?subscriber=${NO_UUID}`,
        status: 404,
      },
    ],
  ],
  [
    'GET /_emulator/campaigns/{uuid}/audience',
    () => [
      { method: 'GET', path: `/_emulator/campaigns/${made.sentCampaignUuid}/audience?search=example`, status: 200 },
      { method: 'GET', path: `/_emulator/campaigns/${NO_UUID}/audience`, status: 404 },
    ],
  ],
  [
    'POST /_emulator/campaigns/{uuid}/send-test',
    () => [
      {
        method: 'POST',
        path: `/_emulator/campaigns/${made.draftCampaignUuid}/send-test`,
        json: { email: 'qa@example.com' },
        status: 204,
      },
      {
        method: 'POST',
        path: `/_emulator/campaigns/${made.sentCampaignUuid}/send-test`,
        json: { email: 'qa@example.com' },
        status: 422,
      },
      {
        method: 'POST',
        path: `/_emulator/campaigns/${NO_UUID}/send-test`,
        json: { email: 'qa@example.com' },
        status: 404,
      },
    ],
  ],
  [
    'POST /_emulator/campaigns/{uuid}/send',
    () => [
      { method: 'POST', path: `/_emulator/campaigns/${made.sentCampaignUuid}/send`, status: 422 },
      { method: 'POST', path: `/_emulator/campaigns/${NO_UUID}/send`, status: 404 },
    ],
  ],
  ['GET /_emulator/campaign-templates', () => [{ method: 'GET', path: '/_emulator/campaign-templates', status: 200 }]],
  [
    'GET /_emulator/campaign-templates/{uuid}/preview',
    () => [
      {
        method: 'GET',
        path: '/_emulator/campaign-templates/82c2401c-fc85-4559-ae1b-ceed57eab86d/preview?fields=%7B%22title%22%3A%22Hi%22%7D',
        status: 200,
      },
      {
        method: 'GET',
        path: '/_emulator/campaign-templates/82c2401c-fc85-4559-ae1b-ceed57eab86d/preview?fields=nope',
        status: 422,
      },
      { method: 'GET', path: `/_emulator/campaign-templates/${NO_UUID}/preview`, status: 404 },
    ],
  ],
];
