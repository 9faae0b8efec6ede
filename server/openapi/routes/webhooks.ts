import { z } from 'zod';
import { WEBHOOK_EVENTS } from '../../mailcoach-event-names.js';
import { ErrorBody } from '../../emulator/schemas/errors.js';
import {
  WebhookConfiguration,
  WebhookConfigurationInput,
  WebhookCall,
  WebhookCallPage,
  WebhookSinkRequest,
} from '../../emulator/schemas/webhooks.js';
import {
  type Route,
  json,
  unauthorized,
  notFound,
  invalid,
  webhookParam,
  callParam,
  sinkParam,
} from '../route-table.js';

export const webhooksRoutes: Route[] = [
  {
    method: 'get',
    path: '/_emulator/webhooks',
    tag: 'webhooks',
    summary: "The workspace's webhook configurations (Mailcoach configures them in its UI only), oldest first",
    responses: {
      200: json(z.object({ data: z.array(WebhookConfiguration) }), 'The configurations.'),
      401: unauthorized,
    },
  },
  {
    method: 'post',
    path: '/_emulator/webhooks',
    tag: 'webhooks',
    summary:
      "Creates a configuration: name and url required, the rest Mailcoach's defaults (enabled, all lists, all events, a random 16-character secret)",
    body: WebhookConfigurationInput.required({ name: true, url: true }),
    responses: { 201: json(WebhookConfiguration, 'The configuration.'), 401: unauthorized, 422: invalid },
  },
  {
    method: 'get',
    path: '/_emulator/webhooks/{webhook}',
    tag: 'webhooks',
    summary: 'One configuration',
    parameters: [webhookParam],
    responses: { 200: json(WebhookConfiguration, 'The configuration.'), 401: unauthorized, 404: notFound },
  },
  {
    method: 'put',
    path: '/_emulator/webhooks/{webhook}',
    tag: 'webhooks',
    summary: 'Changes the fields given (as PATCH)',
    parameters: [webhookParam],
    body: WebhookConfigurationInput,
    responses: {
      200: json(WebhookConfiguration, 'The configuration as changed.'),
      401: unauthorized,
      404: notFound,
      422: invalid,
    },
  },
  {
    method: 'patch',
    path: '/_emulator/webhooks/{webhook}',
    tag: 'webhooks',
    summary: 'Changes the fields given',
    parameters: [webhookParam],
    body: WebhookConfigurationInput,
    responses: {
      200: json(WebhookConfiguration, 'The configuration as changed.'),
      401: unauthorized,
      404: notFound,
      422: invalid,
    },
  },
  {
    method: 'delete',
    path: '/_emulator/webhooks/{webhook}',
    tag: 'webhooks',
    summary: 'Deletes a configuration and its calls',
    parameters: [webhookParam],
    responses: { 204: 'Done; no body.', 401: unauthorized, 404: notFound },
  },
  {
    method: 'get',
    path: '/_emulator/webhook-calls',
    tag: 'webhooks',
    summary:
      'Every webhook call (one per event and configuration), newest first, with its request as sent and its attempts',
    parameters: [
      {
        name: 'event',
        in: 'query',
        required: false,
        schema: {
          enum: WEBHOOK_EVENTS,
        },
      },
      {
        name: 'email',
        in: 'query',
        required: false,
        description: "The subscriber's address, exactly, in any case.",
        schema: { type: 'string' },
      },
      { name: 'subscriber_uuid', in: 'query', required: false, schema: { type: 'string' } },
      { name: 'send_uuid', in: 'query', required: false, schema: { type: 'string' } },
      { name: 'campaign_uuid', in: 'query', required: false, schema: { type: 'string' } },
      {
        name: 'configuration',
        in: 'query',
        required: false,
        description: "A configuration's uuid.",
        schema: { type: 'string' },
      },
      { name: 'status', in: 'query', required: false, schema: { enum: ['pending', 'succeeded', 'failed'] } },
      {
        name: 'page',
        in: 'query',
        required: false,
        schema: { type: 'integer', minimum: 1, maximum: 1000000, default: 1 },
      },
      {
        name: 'per_page',
        in: 'query',
        required: false,
        schema: { type: 'integer', minimum: 1, maximum: 500, default: 50 },
      },
    ],
    responses: {
      200: json(WebhookCallPage, 'A page of calls.'),
      401: unauthorized,
      422: invalid,
    },
  },
  {
    method: 'get',
    path: '/_emulator/webhook-calls/{call}',
    tag: 'webhooks',
    summary: 'One call',
    parameters: [callParam],
    responses: { 200: json(WebhookCall, 'The call.'), 401: unauthorized, 404: notFound },
  },
  {
    method: 'post',
    path: '/_emulator/webhook-calls/{call}/resend',
    tag: 'webhooks',
    summary:
      "Mailcoach's resend: now, once, to the configuration's current URL with its current secret; the attempt is logged as manual",
    parameters: [callParam],
    responses: {
      200: json(WebhookCall, 'The call, with the manual attempt (whatever its outcome).'),
      401: unauthorized,
      404: notFound,
      409: json(ErrorBody, 'The call or its configuration went meanwhile (a reset, a delete).'),
    },
  },
  {
    method: 'post',
    path: '/_emulator/webhook-sink/{name}',
    tag: 'webhooks',
    summary:
      'A receiver to point configurations at: records the request (the last 100 per name) and answers 200; not Mailcoach behaviour',
    parameters: [sinkParam],
    requestBody: { required: false, content: { '*/*': { schema: {} } } },
    responses: { 200: json(z.object({ received: z.literal(true) }), 'Recorded.'), 401: unauthorized, 404: notFound },
  },
  {
    method: 'get',
    path: '/_emulator/webhook-sink/{name}',
    tag: 'webhooks',
    summary: 'What the sink received, newest first',
    parameters: [sinkParam],
    responses: {
      200: json(z.object({ data: z.array(WebhookSinkRequest) }), 'The requests.'),
      401: unauthorized,
      404: notFound,
    },
  },
  {
    method: 'delete',
    path: '/_emulator/webhook-sink/{name}',
    tag: 'webhooks',
    summary: 'Forgets what the sink received',
    parameters: [sinkParam],
    responses: { 204: 'Done; no body.', 401: unauthorized, 404: notFound },
  },
];
