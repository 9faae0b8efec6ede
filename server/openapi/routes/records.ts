import { z } from 'zod';
import { ErrorBody } from '../../emulator/schemas/errors.js';
import {
  LogItemWithLinks,
  mailcoachPage,
  mailcoachPageWithLinks,
  SendWithState,
  SuppressionWithOrigin,
} from '../../emulator/schemas/records.js';
import { type Route, json, unauthorized, notFound, invalid } from '../route-table.js';

export const recordsRoutes: Route[] = [
  {
    method: 'post',
    path: '/_emulator/suppressions',
    tag: 'controls',
    summary: 'Adds a manual suppression (origin emulator), as POST /api/suppressions does, without an API token',
    body: z.object({ email: z.string().meta({ format: 'email' }) }),
    responses: {
      200: json(SuppressionWithOrigin, 'Already suppressed: the existing row.'),
      201: json(SuppressionWithOrigin, 'Added.'),
      401: unauthorized,
      422: invalid,
    },
  },
  {
    method: 'get',
    path: '/_emulator/suppressions',
    tag: 'controls',
    summary: "GET /api/suppressions's answer (same filters, sort and pages), each row with its origin",
    parameters: [
      { name: 'filter[search]', in: 'query', required: false, schema: { type: 'string' } },
      {
        name: 'filter[reason]',
        in: 'query',
        required: false,
        schema: { enum: ['hard_bounce', 'spam_complaint', 'manual'] },
      },
      { name: 'sort', in: 'query', required: false, schema: { enum: ['created_at', '-created_at'] } },
      { name: 'page', in: 'query', required: false, schema: { type: 'integer', minimum: 1 } },
    ],
    responses: {
      200: json(mailcoachPage(SuppressionWithOrigin), 'The page.'),
      400: json(ErrorBody, 'A sort or filter the API does not allow, answered as GET /api/suppressions answers it.'),
      401: unauthorized,
    },
  },
  {
    method: 'delete',
    path: '/_emulator/suppressions/{suppression}',
    tag: 'controls',
    summary: "Deletes a suppression (uuid or email) under the API's spam-complaint rule",
    parameters: [{ name: 'suppression', in: 'path', required: true, schema: { type: 'string' } }],
    responses: {
      204: 'Done; no body.',
      401: unauthorized,
      403: json(ErrorBody, 'A spam_complaint suppression (without --allow-spam-complaint-deletion).'),
      404: notFound,
    },
  },
  {
    method: 'get',
    path: '/_emulator/log-items',
    tag: 'controls',
    summary: "GET /api/transactional-mails's answer, each item with its captured message_uuid and send_uuid",
    parameters: [
      { name: 'filter[search]', in: 'query', required: false, schema: { type: 'string' } },
      { name: 'filter[transport_message_id]', in: 'query', required: false, schema: { type: 'string' } },
      { name: 'sort', in: 'query', required: false, schema: { type: 'string' } },
      { name: 'page', in: 'query', required: false, schema: { type: 'integer', minimum: 1 } },
    ],
    responses: {
      200: json(mailcoachPage(LogItemWithLinks), 'The page.'),
      400: json(
        ErrorBody,
        'A sort or filter the API does not allow, answered as GET /api/transactional-mails answers it.',
      ),
      401: unauthorized,
    },
  },
  {
    method: 'get',
    path: '/_emulator/log-items/{uuid}',
    tag: 'controls',
    summary: 'One log item, with its captured message_uuid and send_uuid',
    parameters: [{ name: 'uuid', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } }],
    responses: { 200: json(z.object({ data: LogItemWithLinks }), 'The log item.'), 401: unauthorized, 404: notFound },
  },
  {
    method: 'post',
    path: '/_emulator/log-items/{uuid}/resend',
    tag: 'controls',
    summary: "Captures a fresh copy of a log item's mail, as POST /api/transactional-mails/{uuid}/resend does",
    parameters: [{ name: 'uuid', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } }],
    responses: {
      200: json(z.object({ message_uuid: z.null() }), 'A fake log item: not resent.'),
      201: json(z.object({ message_uuid: z.string() }), 'The copy.'),
      401: unauthorized,
      404: notFound,
    },
  },
  {
    method: 'get',
    path: '/_emulator/sends',
    tag: 'controls',
    summary:
      "GET /api/sends's answer (same filters, sort and pages, and filter[email]), each send with its state, simulated feedback, recipient, subject and names",
    parameters: [
      { name: 'filter[campaign_uuid]', in: 'query', required: false, schema: { type: 'string' } },
      { name: 'filter[automation_mail_uuid]', in: 'query', required: false, schema: { type: 'string' } },
      { name: 'filter[transactional_mail_log_item_uuid]', in: 'query', required: false, schema: { type: 'string' } },
      { name: 'filter[subscriber_uuid]', in: 'query', required: false, schema: { type: 'string' } },
      {
        name: 'filter[email]',
        in: 'query',
        required: false,
        schema: { type: 'string' },
        description:
          "The emulator's own (GET /api/sends has none): sends to this address, exactly and in any case (a subscriber's, or a log item's first To); a comma separates alternatives.",
      },
      { name: 'sort', in: 'query', required: false, schema: { enum: ['sent_at', '-sent_at'] } },
      { name: 'page', in: 'query', required: false, schema: { type: 'integer', minimum: 1 } },
    ],
    responses: {
      200: json(mailcoachPageWithLinks(SendWithState), 'The page.'),
      400: json(ErrorBody, 'A sort or filter the API does not allow, answered as GET /api/sends answers it.'),
      401: unauthorized,
    },
  },
];
