/**
 * Every operation of the OpenAPI document, called on a real emulator holding every kind of record, its answer
 * validated against the schema the document gives for that status, strictly ("one place per wire
 * shape"): in the test's copy of the document every object is closed (additionalProperties false unless the
 * document says otherwise) and every property is required unless the document's `required` leaves it out. So a
 * presenter that adds, drops, renames or retypes a field fails here until its schema (server/emulator/schemas/,
 * which the document is generated from) says the same.
 *
 * The table CALLS says how to call each operation; it must name every operation of the document and every route
 * the app registers under /_emulator, so that a new route without a case fails too.
 */
import { Ajv2020, type ErrorObject } from 'ajv/dist/2020.js';
import formatsModule, { type FormatsPlugin } from 'ajv-formats';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { openApiDocument } from '../../server/openapi/document.js';
import { ROOT, useEmulator } from '../support/emulator-process.js';
import { apiClient, type RawResponse } from '../support/http.js';
import { waitUntil } from '../support/wait.js';
import { inProcessApp } from '../support/in-process.js';

type Schema = Record<string, unknown>;
type Operation = { responses: Record<string, Schema>; requestBody?: Schema };
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'] as const;
const doc = JSON.parse(JSON.stringify(openApiDocument)) as {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema>; responses: Record<string, Schema> };
};

// ajv-formats is a CommonJS module whose function is its module.exports (and its `default`).
const addFormats = ((formatsModule as unknown as { default?: FormatsPlugin }).default ??
  formatsModule) as unknown as FormatsPlugin;

/**
 * The test's strict copy of a schema: objects closed, every property required unless `required` says otherwise,
 * `$ref`s pointed at the copy of the components. allOf is refused: with closed objects each part would reject
 * the others' properties (the document spells such shapes out whole).
 */
function strict(schema: unknown, at: string): unknown {
  if (Array.isArray(schema)) return schema.map((item, index) => strict(item, `${at}/${index}`));
  if (schema === null || typeof schema !== 'object') return schema;
  const copy: Schema = { ...(schema as Schema) };
  if ('allOf' in copy) throw new Error(`${at}: allOf cannot be checked strictly; spell the object out`);
  if (typeof copy.$ref === 'string') copy.$ref = copy.$ref.replace('#/components/schemas/', 'openapi#/$defs/');
  for (const key of ['items', 'not', 'propertyNames', 'contains'])
    if (key in copy) copy[key] = strict(copy[key], `${at}/${key}`);
  for (const key of ['oneOf', 'anyOf', 'prefixItems']) if (key in copy) copy[key] = strict(copy[key], `${at}/${key}`);
  if (typeof copy.additionalProperties === 'object')
    copy.additionalProperties = strict(copy.additionalProperties, `${at}/additionalProperties`);
  const types = ([] as unknown[]).concat(copy.type ?? []);
  if (copy.properties !== undefined || types.includes('object')) {
    const properties = (copy.properties ?? {}) as Record<string, unknown>;
    copy.properties = Object.fromEntries(
      Object.entries(properties).map(([key, value]) => [key, strict(value, `${at}/properties/${key}`)]),
    );
    copy.additionalProperties ??= false;
    copy.required ??= Object.keys(properties);
  }
  return copy;
}

const ajv = new Ajv2020({ allErrors: true, strictTypes: false });
addFormats(ajv);
ajv.addSchema({
  $id: 'openapi',
  $defs: Object.fromEntries(
    Object.entries(doc.components.schemas).map(([name, schema]) => [
      name,
      strict(schema, `#/components/schemas/${name}`),
    ]),
  ),
});

function resolveResponse(response: Schema): Schema {
  return typeof response.$ref === 'string' ? doc.components.responses[response.$ref.split('/').pop()!]! : response;
}

/** The documented answer of an operation for a status: its media types and, for JSON, a compiled validator. */
function documented(method: string, path: string, status: number) {
  const response = doc.paths[path]?.[method]?.responses[String(status)];
  if (response === undefined) return undefined;
  const content = (resolveResponse(response).content ?? {}) as Record<string, { schema: Schema }>;
  const jsonSchema = content['application/json']?.schema;
  return {
    mediaTypes: Object.keys(content),
    validate:
      jsonSchema === undefined ? undefined : ajv.compile(strict(jsonSchema, `${method} ${path} ${status}`) as Schema),
  };
}

function documentedOperations(): string[] {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    METHODS.filter((method) => item[method] !== undefined).map((method) => `${method.toUpperCase()} ${path}`),
  );
}

/** "METHOD /path" of every handler the app registers under /_emulator (as openapi.test.ts reads them). */
function registeredOperations(): string[] {
  const { app, close } = inProcessApp([]);
  try {
    return [
      ...new Set(
        app.routes
          .filter((route) => route.path.startsWith('/_emulator') && route.method !== 'ALL')
          .map(
            (route) =>
              `${route.method} ${route.path.replace(/:([A-Za-z_]\w*)(\{[^}]*\})?/g, '{$1}').replace(/\/$/, '')}`,
          ),
      ),
    ];
  } finally {
    close();
  }
}

const emulator = useEmulator({ fixtures: join(ROOT, 'fixtures') });
const api = () => apiClient(emulator().url, emulator().token);

function ok(response: RawResponse, status = 200) {
  expect(response.status, response.text).toBe(status);
  return response.headers['content-type']?.startsWith('application/json') ? response.json() : response.text;
}

const NEWSLETTER = '197fa091-463b-4b00-8cb3-fee1b7c2d1bd';
const PRODUCT_UPDATES = 'f786787b-50d0-4e01-8e5a-04a6e5f7ebb2';
const WELCOME = '5a1c9e3b-7d24-4f8a-9b61-2e0d4c7f8a13';
const NO_UUID = '00000000-0000-4000-8000-00000000ffff';

/** What the set-up made, for the calls. */
const made = {
  unconfirmedA: '',
  unconfirmedB: '',
  subscribedC: '',
  unsubscribedD: '',
  doomed: '',
  steady: '',
  listAttributes: '',
  messageUuid: '',
  htmlOnlyUuid: '',
  logItemUuid: '',
  fakeLogItemUuid: '',
  transactionalSendUuid: '',
  campaignSendUuid: '',
  otherCampaignSendUuid: '',
  sentCampaignUuid: '',
  draftCampaignUuid: '',
  suppressionUuid: '',
  webhookUuid: '',
  callUuid: '',
  failedCallUuid: '',
};

interface Call {
  method: string;
  path: string;
  json?: unknown;
  status: number;
  token?: string | null;
}

/**
 * How to call each operation: a list of calls, each with the status it must get. They run in this order, on the
 * data the set-up made (so the deletes and the reset come last).
 */
const CALLS: Array<[string, () => Call[]]> = [
  [
    'GET /_emulator/messages',
    () => [
      { method: 'GET', path: '/_emulator/messages?per_page=50', status: 200 },
      { method: 'GET', path: '/_emulator/messages?query=%22unclosed', status: 422 },
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

async function call(request: Call): Promise<RawResponse> {
  if (request.path === '/_emulator/events') return eventStreamHead(request.token);
  return api().request(request.method, request.path, {
    ...(request.json === undefined ? {} : { json: request.json }),
    ...(request.token === undefined ? {} : { token: request.token }),
  });
}

/** The event stream never ends: its status and headers, then it is closed. */
async function eventStreamHead(token: string | null | undefined): Promise<RawResponse> {
  const controller = new AbortController();
  const bearer = token === undefined ? emulator().token : token;
  const response = await fetch(`${emulator().url}/_emulator/events`, {
    headers: { accept: 'text/event-stream', ...(bearer === null ? {} : { authorization: `Bearer ${bearer}` }) },
    signal: controller.signal,
  });
  const headers = Object.fromEntries(response.headers.entries());
  const text = response.status === 200 ? '' : await response.text();
  controller.abort();
  return { status: response.status, headers, body: Buffer.from(text), text, json: () => JSON.parse(text) };
}

/** Problems of an answer against the document, for one operation. */
function problems(method: string, path: string, response: RawResponse): string[] {
  const answer = documented(method, path, response.status);
  if (answer === undefined) return [`status ${response.status} is not documented (${response.text.slice(0, 200)})`];
  const contentType = (response.headers['content-type'] ?? '').split(';')[0]!.trim();
  if (answer.mediaTypes.length === 0)
    return response.body.length === 0 ? [] : [`a body where the document gives none: ${response.text.slice(0, 200)}`];
  if (!answer.mediaTypes.includes(contentType) && !answer.mediaTypes.includes('*/*')) {
    return [`content-type ${contentType} is not one of ${answer.mediaTypes.join(', ')}`];
  }
  if (answer.validate === undefined || contentType !== 'application/json') return [];
  if (answer.validate(response.json())) return [];
  return (answer.validate.errors ?? []).map(
    (error: ErrorObject) => `${error.instancePath || '/'} ${error.message} ${JSON.stringify(error.params)}`,
  );
}

describe('the table of calls', () => {
  it('names every operation of the document, once', () => {
    const named = CALLS.map(([operation]) => operation);
    expect(new Set(named).size).toBe(named.length);
    expect([...documentedOperations()].sort()).toEqual([...named].sort());
  });

  it('names every route the app registers under /_emulator', () => {
    const named = new Set(CALLS.map(([operation]) => operation));
    expect(registeredOperations().filter((operation) => !named.has(operation))).toEqual([]);
  });

  it('declares every path parameter of a path, and no other', () => {
    for (const [path, item] of Object.entries(doc.paths)) {
      const inPath = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
      for (const method of METHODS) {
        const parameters = (item[method] as { parameters?: Array<{ in: string; name: string }> } | undefined)
          ?.parameters;
        if (item[method] === undefined) continue;
        const declared = (parameters ?? [])
          .filter((p) => p.in === 'path')
          .map((p) => p.name)
          .sort();
        expect(declared, `${method} ${path}`).toEqual(inPath);
      }
    }
  });

  it('finds no allOf in the document (objects are spelled out whole, so that they can be checked strictly)', () => {
    const found: string[] = [];
    const walk = (value: unknown, at: string): void => {
      if (value === null || typeof value !== 'object') return;
      for (const [key, inner] of Object.entries(value)) {
        if (key === 'allOf') found.push(at);
        walk(inner, `${at}/${key}`);
      }
    };
    walk(doc, '#');
    expect(found).toEqual([]);
  });
});

describe('every answer matches its documented schema, strictly', () => {
  beforeAll(async () => {
    // Captured mail with everything: attachments, cc, bcc, reply-to, a template with replacements, codes, links.
    const sent = ok(
      await api().post('/api/transactional-mails/send', {
        json: {
          mail_name: 'order-confirmation',
          from: 'Acme <noreply@acme.example>',
          to: 'Joan Doe <joan@example.com>',
          cc: 'cc@example.com',
          bcc: 'audit@example.com',
          reply_to: 'help@acme.example',
          replacements: { order: '482913' },
          attachments: [
            { name: 'a.txt', content: Buffer.from('hello').toString('base64'), content_type: 'text/plain' },
          ],
        },
      }),
    );
    made.logItemUuid = sent.uuid;
    ok(
      await api().post('/api/transactional-mails/send', {
        json: {
          from: 'a@acme.example',
          to: 'joan@example.com',
          subject: 'HTML only',
          html: '<p>Code 123456 <a href="https://acme.example/x">go</a></p>',
          fake: true,
        },
      }),
    );
    ok(
      await api().post('/api/transactional-mails/send', {
        json: { from: 'a@acme.example', to: 'nostore@example.com', subject: 'S', text: 'T', store: false },
      }),
      204,
    );
    // The sends above answered once their mail was captured: the messages are listed already.
    const messages = ok(await api().get('/_emulator/messages')).data as Array<Record<string, string>>;
    expect(messages.map((m) => m.subject)).toEqual(expect.arrayContaining(['HTML only']));
    expect(messages.map((m) => m.template)).toContain('order-confirmation');
    made.messageUuid = messages.find((m) => m.template === 'order-confirmation')!.uuid!;
    made.htmlOnlyUuid = messages.find((m) => m.subject === 'HTML only')!.uuid!;
    made.fakeLogItemUuid = messages.find((m) => m.subject === 'HTML only')!.log_item_uuid!;
    made.transactionalSendUuid = messages.find((m) => m.template === 'order-confirmation')!.send_uuid!;
    // A campaign to the fixtures' Newsletter: campaign mail, sends with subscribers.
    const campaign = ok(
      await api().post('/api/campaigns', {
        json: {
          name: 'Spring',
          email_list_uuid: NEWSLETTER,
          subject: 'Spring',
          html: '<p><a href="https://acme.test/offer">Offer</a></p>',
        },
      }),
      201,
    ).data;
    ok(await api().post(`/api/campaigns/${campaign.uuid}/send`), 204);
    made.sentCampaignUuid = campaign.uuid;
    made.draftCampaignUuid = ok(
      await api().post('/api/campaigns', {
        json: { name: 'Draft', email_list_uuid: NEWSLETTER, subject: 'Draft', html: '<p>Hi</p>' },
      }),
      201,
    ).data.uuid;
    // Delivered after the 204: the campaign turns `sent` once its last mail is captured (campaigns/deliver.ts).
    await waitUntil(
      async () => ok(await api().get(`/api/campaigns/${campaign.uuid}`)).data,
      (c: { status: string }) => c.status === 'sent',
      { what: 'the Spring campaign to be sent' },
    );
    // The sends that got a mail: a suppressed subscriber's send refuses every simulation.
    const sends = (
      ok(await api().get(`/api/sends?filter[campaign_uuid]=${campaign.uuid}`)).data as Array<{
        uuid: string;
        transport_message_id: string | null;
      }>
    ).filter((send) => send.transport_message_id !== null);
    made.campaignSendUuid = sends[0]!.uuid;
    made.otherCampaignSendUuid = sends[1]!.uuid;
    ok(await api().post('/_emulator/simulate/open', { json: { send_uuid: made.campaignSendUuid } }));
    ok(await api().post('/_emulator/simulate/bounce', { json: { send_uuid: made.transactionalSendUuid } }));
    // An automation with triggers, a fault rule with every field, a read message.
    const jane = ok(await api().get(`/api/email-lists/${NEWSLETTER}/subscribers?filter[email]=jane@example.com`))
      .data[0].uuid;
    // Subscribers for the web UI's subscriber actions, one in the status each case needs.
    const member = async (list: string, email: string, extra: Record<string, unknown> = {}) =>
      ok(await api().post(`/api/email-lists/${list}/subscribers`, { json: { email, ...extra } }), 201).data
        .uuid as string;
    made.unconfirmedA = await member(PRODUCT_UPDATES, 'ui-a@example.com');
    made.unconfirmedB = await member(PRODUCT_UPDATES, 'ui-b@example.com');
    made.subscribedC = await member(NEWSLETTER, 'ui-c@example.com');
    made.unsubscribedD = await member(NEWSLETTER, 'ui-d@example.com');
    ok(await api().post(`/api/subscribers/${made.unsubscribedD}/unsubscribe`), 204);
    made.doomed = await member(NEWSLETTER, 'ui-e@example.com');
    made.steady = await member(NEWSLETTER, 'ui-f@example.com', { tags: ['customer'] });
    // extra_attributes given as a list are shown as one (PHP keeps the array as it came).
    made.listAttributes = await member(NEWSLETTER, 'ui-g@example.com', { extra_attributes: ['vip', 'beta'] });
    ok(await api().post(`/api/automations/${WELCOME}/trigger`, { json: { subscribers: [jane] } }));
    ok(
      await api().post('/_emulator/faults', {
        json: {
          method: 'post',
          route: '/api/nowhere',
          recipient: 'x@example.com',
          status: 503,
          body: { message: 'down' },
          headers: { 'Retry-After': 5 },
          delay_ms: 0,
          times: 3,
          probability: 0.5,
        },
      }),
      201,
    );
    ok(await api().post('/_emulator/faults', { json: { route: '/api/nowhere', drop: true } }), 201);
    // Webhook calls: one the sink answers, one to a closed port (no answer: status_code null, a retry due).
    made.webhookUuid = ok(
      await api().post('/_emulator/webhooks', {
        json: { name: 'Sink', url: `${emulator().url}/_emulator/webhook-sink/answers`, events: ['UnsubscribedEvent'] },
      }),
      201,
    ).uuid;
    const closed = ok(
      await api().post('/_emulator/webhooks', {
        json: { name: 'Closed', url: 'http://127.0.0.1:9/hooks', events: ['UnsubscribedEvent'] },
      }),
      201,
    ).uuid;
    ok(await api().post(`/api/subscribers/${jane}/unsubscribe`), 204);
    const calls = await waitUntil(
      async () =>
        ok(await api().get('/_emulator/webhook-calls?event=UnsubscribedEvent')).data as Array<{
          uuid: string;
          attempts: number;
          configuration: { uuid: string };
        }>,
      (data) => data.length === 2 && data.every((call) => call.attempts === 1),
      { what: 'both webhook calls tried once' },
    );
    made.callUuid = calls.find((call) => call.configuration.uuid === made.webhookUuid)!.uuid;
    made.failedCallUuid = calls.find((call) => call.configuration.uuid === closed)!.uuid;
  });

  for (const [operation, calls] of CALLS) {
    it(operation, async () => {
      const [method, path] = operation.split(' ') as [string, string];
      for (const request of calls()) {
        const response = await call(request);
        expect(response.status, `${request.method} ${request.path}: ${response.text.slice(0, 300)}`).toBe(
          request.status,
        );
        expect(
          problems(method.toLowerCase(), path, response),
          `${request.method} ${request.path} ${response.status}`,
        ).toEqual([]);
      }
    });
  }

  it('every operation answers a token the emulator does not accept with its documented 401 (the public ones, security [], ignore it)', async () => {
    for (const [operation, calls] of CALLS) {
      const [method, path] = operation.split(' ') as [string, string];
      const request = calls()[0]!;
      const response = await call({ ...request, token: 'not-a-token' });
      const isPublic = (doc.paths[path]![method.toLowerCase()] as { security?: unknown[] }).security?.length === 0;
      expect(response.status, operation).toBe(isPublic ? request.status : 401);
      expect(problems(method.toLowerCase(), path, response), operation).toEqual([]);
    }
  });
});
