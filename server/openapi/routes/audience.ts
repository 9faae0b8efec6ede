import { z } from 'zod';
import {
  EmailListOverview,
  EmailListDetail,
  SubscriberWithStatus,
  SubscriberDetail,
} from '../../emulator/schemas/audience.js';
import { ErrorBody } from '../../emulator/schemas/errors.js';
import { mailcoachPage } from '../../emulator/schemas/records.js';
import { type Route, json, unauthorized, notFound, invalid, listParam, subscriberParam } from '../route-table.js';

export const audienceRoutes: Route[] = [
  {
    method: 'get',
    path: '/_emulator/email-lists',
    tag: 'controls',
    summary:
      "The workspace's email lists by name (what a webhook configuration can be limited to), each with its subscribers by status, default sender and double opt-in",
    responses: { 200: json(z.object({ data: z.array(EmailListOverview) }), 'The lists.'), 401: unauthorized },
  },
  {
    method: 'get',
    path: '/_emulator/email-lists/{uuid}',
    tag: 'controls',
    summary:
      'One list: its subscribers by status, its tags and segments (with how many subscribers each selects) and its subscriber imports',
    parameters: [listParam],
    responses: { 200: json(z.object({ data: EmailListDetail }), 'The list.'), 401: unauthorized, 404: notFound },
  },
  {
    method: 'get',
    path: '/_emulator/email-lists/{uuid}/subscribers',
    tag: 'controls',
    summary:
      "GET /api/email-lists/{uuid}/subscribers's answer (same filters, sorts and pages), each subscriber with its status",
    parameters: [
      listParam,
      {
        name: 'filter[email]',
        in: 'query',
        required: false,
        schema: { type: 'string' },
        description: 'The exact address, any case.',
      },
      {
        name: 'filter[search]',
        in: 'query',
        required: false,
        schema: { type: 'string' },
        description: 'Part of the address.',
      },
      {
        name: 'filter[status]',
        in: 'query',
        required: false,
        schema: { type: 'string' },
        description: 'subscribed, unconfirmed or unsubscribed (any other value: no filter, as the API).',
      },
      {
        name: 'filter[tags]',
        in: 'query',
        required: false,
        schema: { type: 'string' },
        description: 'Tag names or uuids, comma-separated.',
      },
      {
        name: 'filter[tagType]',
        in: 'query',
        required: false,
        schema: { type: 'string' },
        description: '`all`: every tag named; else any.',
      },
      { name: 'sort', in: 'query', required: false, schema: { type: 'string' } },
      { name: 'page', in: 'query', required: false, schema: { type: 'integer', minimum: 1 } },
    ],
    responses: {
      200: json(mailcoachPage(SubscriberWithStatus), 'The page.'),
      400: json(
        ErrorBody,
        'A sort or filter the API does not allow, answered as GET /api/email-lists/{uuid}/subscribers answers it.',
      ),
      401: unauthorized,
      404: notFound,
    },
  },
  {
    method: 'get',
    path: '/_emulator/subscribers/{uuid}',
    tag: 'controls',
    summary: "One subscriber: the API's resource with its status, its tags' types and its list",
    parameters: [subscriberParam],
    responses: {
      200: json(z.object({ data: SubscriberDetail }), 'The subscriber as it now is.'),
      401: unauthorized,
      404: notFound,
    },
  },
  {
    method: 'delete',
    path: '/_emulator/subscribers/{uuid}',
    tag: 'controls',
    summary: 'Deletes the subscriber (its Sends go with it), as DELETE /api/subscribers/{uuid}',
    parameters: [subscriberParam],
    responses: { 204: 'Done; no body.', 401: unauthorized, 404: notFound },
  },
  {
    method: 'post',
    path: '/_emulator/subscribers/{uuid}/tags',
    tag: 'controls',
    summary: 'Adds tags as POST /api/subscribers/{uuid}/tags does (the same events and webhooks)',
    parameters: [subscriberParam],
    body: z.object({ tags: z.array(z.string()) }),
    responses: {
      200: json(z.object({ data: SubscriberDetail }), 'The subscriber as it now is.'),
      401: unauthorized,
      404: notFound,
      422: invalid,
    },
  },
  {
    method: 'delete',
    path: '/_emulator/subscribers/{uuid}/tags',
    tag: 'controls',
    summary: 'Removes tags as DELETE /api/subscribers/{uuid}/tags does',
    parameters: [subscriberParam],
    body: z.object({ tags: z.array(z.string()) }),
    responses: {
      200: json(z.object({ data: SubscriberDetail }), 'The subscriber as it now is.'),
      401: unauthorized,
      404: notFound,
      422: invalid,
    },
  },
  {
    method: 'post',
    path: '/_emulator/subscribers/{uuid}/confirm',
    tag: 'controls',
    summary: 'As POST /api/subscribers/{uuid}/confirm (the same events, webhooks and mails); answers the subscriber',
    parameters: [subscriberParam],
    responses: {
      200: json(z.object({ data: SubscriberDetail }), 'The subscriber as it now is.'),
      401: unauthorized,
      404: notFound,
      422: json(ErrorBody, "The status does not allow it (the API's text)."),
    },
  },
  {
    method: 'post',
    path: '/_emulator/subscribers/{uuid}/unsubscribe',
    tag: 'controls',
    summary:
      'As POST /api/subscribers/{uuid}/unsubscribe (the same events, webhooks and mails); answers the subscriber',
    parameters: [subscriberParam],
    responses: {
      200: json(z.object({ data: SubscriberDetail }), 'The subscriber as it now is.'),
      401: unauthorized,
      404: notFound,
      422: json(ErrorBody, "The status does not allow it (the API's text)."),
    },
  },
  {
    method: 'post',
    path: '/_emulator/subscribers/{uuid}/resubscribe',
    tag: 'controls',
    summary:
      'As POST /api/subscribers/{uuid}/resubscribe (the same events, webhooks and mails); answers the subscriber',
    parameters: [subscriberParam],
    responses: {
      200: json(z.object({ data: SubscriberDetail }), 'The subscriber as it now is.'),
      401: unauthorized,
      404: notFound,
      422: json(ErrorBody, "The status does not allow it (the API's text)."),
    },
  },
  {
    method: 'post',
    path: '/_emulator/subscribers/{uuid}/resend-confirmation',
    tag: 'controls',
    summary:
      'As POST /api/subscribers/{uuid}/resend-confirmation (the same events, webhooks and mails); answers the subscriber',
    parameters: [subscriberParam],
    responses: {
      200: json(z.object({ data: SubscriberDetail }), 'The subscriber as it now is.'),
      401: unauthorized,
      404: notFound,
      422: json(ErrorBody, "The status does not allow it (the API's text)."),
    },
  },
];
