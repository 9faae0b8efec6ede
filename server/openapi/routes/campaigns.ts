import { z } from 'zod';
import {
  Automation,
  CampaignAudience,
  CampaignDetail,
  CampaignPreview,
  CampaignRecord,
  CampaignTemplatePreview,
  CampaignTemplateRecord,
} from '../../emulator/schemas/campaigns.js';
import { type Route, json, unauthorized, notFound, invalid } from '../route-table.js';

export const campaignsRoutes: Route[] = [
  {
    method: 'get',
    path: '/_emulator/automations',
    tag: 'controls',
    summary: "The workspace's automations and the triggers POST /api/automations/{uuid}/trigger recorded",
    responses: { 200: json(z.object({ data: z.array(Automation) }), 'The automations.'), 401: unauthorized },
  },
  {
    method: 'get',
    path: '/_emulator/campaigns',
    tag: 'controls',
    summary: "The workspace's campaigns, newest first, each with its list, schedule and counts",
    responses: { 200: json(z.object({ data: z.array(CampaignRecord) }), 'The campaigns.'), 401: unauthorized },
  },
  {
    method: 'get',
    path: '/_emulator/campaigns/{uuid}',
    tag: 'controls',
    summary:
      'One campaign: its counts and rates, how many subscribers a send now reaches, its clicked links, who opened, clicked and unsubscribed, subscribers to preview as',
    parameters: [{ name: 'uuid', in: 'path', required: true, schema: { type: 'string' } }],
    responses: {
      200: json(CampaignDetail, 'The campaign.'),
      401: unauthorized,
      404: notFound,
    },
  },
  {
    method: 'get',
    path: '/_emulator/campaigns/{uuid}/preview',
    tag: 'controls',
    summary:
      "The campaign rendered as a subscriber of its list gets it (the send's own render); by default its first subscriber",
    parameters: [
      { name: 'uuid', in: 'path', required: true, schema: { type: 'string' } },
      {
        name: 'subscriber',
        in: 'query',
        required: false,
        schema: { type: 'string' },
        description: "A subscriber uuid of the campaign's list (422: another list's).",
      },
    ],
    responses: {
      200: json(CampaignPreview, 'The render.'),
      401: unauthorized,
      404: notFound,
      422: invalid,
    },
  },
  {
    method: 'get',
    path: '/_emulator/campaigns/{uuid}/audience',
    tag: 'controls',
    summary: 'The subscribers a send of the campaign reaches (its segment of its list), searched, to preview it as',
    parameters: [
      { name: 'uuid', in: 'path', required: true, schema: { type: 'string' } },
      {
        name: 'search',
        in: 'query',
        required: false,
        schema: { type: 'string' },
        description: 'Text the email, first or last name contains (case-insensitive); none: every one.',
      },
    ],
    responses: { 200: json(CampaignAudience, 'The first 50 found, and how many.'), 401: unauthorized, 404: notFound },
  },
  {
    method: 'post',
    path: '/_emulator/campaigns/{uuid}/send-test',
    tag: 'controls',
    summary: 'POST /api/campaigns/{uuid}/send-test, without a token: one test mail per address',
    parameters: [{ name: 'uuid', in: 'path', required: true, schema: { type: 'string' } }],
    body: z.object({ email: z.string().describe('1 to 10 comma-separated addresses.') }),
    responses: { 204: 'Done; no body.', 401: unauthorized, 404: notFound, 422: invalid },
  },
  {
    method: 'post',
    path: '/_emulator/campaigns/{uuid}/send',
    tag: 'controls',
    summary: 'POST /api/campaigns/{uuid}/send, without a token: delivered right after the answer',
    parameters: [{ name: 'uuid', in: 'path', required: true, schema: { type: 'string' } }],
    responses: {
      204: 'Done; no body.',
      400: 'The campaign cannot be sent (no list, sender, subject or content).',
      401: unauthorized,
      404: notFound,
      422: invalid,
    },
  },
  {
    method: 'get',
    path: '/_emulator/campaign-templates',
    tag: 'controls',
    summary: "The workspace's campaign templates by name, each with its fields ([[[name]]], [[[name:type]]])",
    responses: {
      200: json(z.object({ data: z.array(CampaignTemplateRecord) }), 'The templates.'),
      401: unauthorized,
    },
  },
  {
    method: 'get',
    path: '/_emulator/campaign-templates/{uuid}/preview',
    tag: 'controls',
    summary: 'A campaign template rendered as a campaign with these field values would be',
    parameters: [
      { name: 'uuid', in: 'path', required: true, schema: { type: 'string' } },
      {
        name: 'fields',
        in: 'query',
        required: false,
        schema: { type: 'string' },
        description: 'A JSON object of field values; absent: the template as stored.',
      },
    ],
    responses: {
      200: json(CampaignTemplatePreview, 'The render.'),
      401: unauthorized,
      404: notFound,
      422: invalid,
    },
  },
];
