import { z } from 'zod';
import { ChecksReport } from '../../emulator/schemas/checks.js';
import { EmulatorEvent } from '../../emulator/schemas/events.js';
import { MessageSummary, Message, MessagePage, WaitTimeout } from '../../emulator/schemas/messages.js';
import {
  type Route,
  componentName,
  json,
  unauthorized,
  notFound,
  invalid,
  uuidParam,
  readUuidParam,
  queryParam,
} from '../route-table.js';

export const messagesRoutes: Route[] = [
  {
    method: 'get',
    path: '/_emulator/messages',
    tag: 'messages',
    summary: 'Lists captured messages, newest first',
    parameters: [
      queryParam,
      { name: 'page', in: 'query', required: false, schema: { type: 'integer', minimum: 1, default: 1 } },
      {
        name: 'per_page',
        in: 'query',
        required: false,
        schema: { type: 'integer', minimum: 1, maximum: 500, default: 50 },
      },
    ],
    responses: { 200: json(MessagePage, 'One page of summaries.'), 401: unauthorized, 422: invalid },
  },
  {
    method: 'delete',
    path: '/_emulator/messages',
    tag: 'messages',
    summary: 'Deletes every message matching the query (every message of the workspace without one)',
    parameters: [queryParam],
    responses: { 200: json(z.object({ deleted: z.int() }), 'How many were deleted.'), 401: unauthorized, 422: invalid },
  },
  {
    method: 'get',
    path: '/_emulator/messages/{uuid}',
    tag: 'messages',
    summary: "One message in full (found by its own uuid or its log item's)",
    parameters: [readUuidParam],
    responses: { 200: json(Message, 'The message.'), 401: unauthorized, 404: notFound },
  },
  {
    method: 'patch',
    path: '/_emulator/messages/{uuid}',
    tag: 'messages',
    summary: 'Marks one message read or unread',
    parameters: [uuidParam],
    body: z.strictObject({ read: z.boolean() }),
    responses: {
      200: json(MessageSummary, 'The summary, with its new read state.'),
      401: unauthorized,
      404: notFound,
      422: invalid,
    },
  },
  {
    method: 'delete',
    path: '/_emulator/messages/{uuid}',
    tag: 'messages',
    summary: 'Deletes one message',
    parameters: [uuidParam],
    responses: { 204: 'Done; no body.', 401: unauthorized, 404: notFound },
  },
  {
    method: 'get',
    path: '/_emulator/messages/{uuid}/raw',
    tag: 'messages',
    summary: 'The .eml, byte for byte',
    parameters: [readUuidParam],
    responses: {
      200: { description: 'The raw RFC 5322 message.', content: { 'message/rfc822': { schema: { type: 'string' } } } },
      401: unauthorized,
      404: notFound,
    },
  },
  {
    method: 'get',
    path: '/_emulator/messages/{uuid}/checks',
    tag: 'messages',
    summary: 'The checks report: client compatibility, links, unreplaced placeholders, headers (computed once, cached)',
    parameters: [readUuidParam],
    responses: { 200: json(ChecksReport, 'The report.'), 401: unauthorized, 404: notFound },
  },
  {
    method: 'post',
    path: '/_emulator/checks',
    tag: 'messages',
    summary: "The checks report of a mail not captured (the studio's render): no header checks",
    body: z.strictObject({ subject: z.string(), html: z.string().nullable(), text: z.string().nullable() }),
    responses: { 200: json(ChecksReport, 'The report.'), 401: unauthorized, 422: invalid },
  },
  {
    method: 'get',
    path: '/_emulator/messages/{uuid}/html',
    tag: 'messages',
    summary: 'The html body',
    parameters: [readUuidParam],
    responses: {
      200: { description: 'The html part.', content: { 'text/html': { schema: { type: 'string' } } } },
      401: unauthorized,
      404: { ...notFound, description: 'No such message, or it has no html part.' },
    },
  },
  {
    method: 'get',
    path: '/_emulator/messages/{uuid}/text',
    tag: 'messages',
    summary: 'The text body',
    parameters: [readUuidParam],
    responses: {
      200: { description: 'The text part.', content: { 'text/plain': { schema: { type: 'string' } } } },
      401: unauthorized,
      404: { ...notFound, description: 'No such message, or it has no text part.' },
    },
  },
  {
    method: 'get',
    path: '/_emulator/messages/{uuid}/attachments/{index}',
    tag: 'messages',
    summary: "One attachment's bytes, with its Content-Type and filename",
    parameters: [readUuidParam, { name: 'index', in: 'path', required: true, schema: { type: 'integer', minimum: 0 } }],
    responses: {
      200: {
        description: 'The attachment.',
        content: { '*/*': { schema: { type: 'string', contentMediaType: 'application/octet-stream' } } },
      },
      401: unauthorized,
      404: notFound,
    },
  },
  {
    method: 'get',
    path: '/_emulator/wait-for',
    tag: 'messages',
    summary: 'Waits until `count` messages match, without polling',
    parameters: [
      queryParam,
      {
        name: 'count',
        in: 'query',
        required: false,
        schema: { type: 'integer', minimum: 1, maximum: 500, default: 1 },
      },
      {
        name: 'timeout_ms',
        in: 'query',
        required: false,
        schema: { type: 'integer', minimum: 0, maximum: 120000, default: 5000 },
      },
      {
        name: 'after',
        in: 'query',
        required: false,
        description: 'An ISO time or a message uuid: only messages captured after it.',
        schema: { type: 'string' },
      },
    ],
    responses: {
      200: json(
        z.object({ data: z.array(MessageSummary) }),
        'As soon as `count` messages match: the matches, newest first.',
      ),
      401: unauthorized,
      408: json(WaitTimeout, 'The timeout passed first; `data` holds what did match.'),
      422: invalid,
    },
  },
  {
    method: 'get',
    path: '/_emulator/events',
    tag: 'messages',
    summary: 'Server-sent events of the workspace',
    description: `Each event is an ${componentName(EmulatorEvent)} (under Schemas): named by its \`type\`, its data the rest of the object; for instance \`message.captured\` {"uuid", "summary"}, \`messages.deleted\` {"uuids": [...] or null}, \`workspace.reset\` {}. EventSource cannot set headers: pass the token as ?token=.`,
    responses: {
      200: { description: 'An event stream.', content: { 'text/event-stream': { schema: { type: 'string' } } } },
      401: unauthorized,
    },
  },
];
