/**
 * The OpenAPI 3.1 document of our own API (`/_emulator`), served at GET /_emulator/openapi.json and rendered at
 * /_emulator/docs. It is generated, not written: the components from the zod schemas of server/emulator/schemas/
 * (the wire shapes the presenters return), the paths from the route table in routes/. Our routes are plain hono,
 * so a table beside them (checked against the app's routes and real answers by
 * test/contract/openapi-answers.test.ts) says what each takes and answers.
 */
import { z } from 'zod';
import type { Answer, Route } from './route-table.js';
import { audienceRoutes } from './routes/audience.js';
import { campaignsRoutes } from './routes/campaigns.js';
import { controlsRoutes } from './routes/controls.js';
import { faultsRoutes } from './routes/faults.js';
import { messagesRoutes } from './routes/messages.js';
import { metaRoutes } from './routes/meta.js';
import { recordsRoutes } from './routes/records.js';
import { simulateRoutes } from './routes/simulate.js';
import { templatesRoutes } from './routes/templates.js';
import { webhooksRoutes } from './routes/webhooks.js';
import { inputComponents } from '../emulator/schemas/controls.js';
import { ErrorBody, ValidationError } from '../emulator/schemas/errors.js';

type Json = Record<string, unknown>;

const COMPONENTS = '#/components/schemas/';

/** zod's marks that say nothing to a reader: the JSON Schema dialect, ids, and an int's safe-integer bounds. */
function tidy(context: { jsonSchema: Json }) {
  const schema = context.jsonSchema;
  delete schema.$schema;
  delete schema.$id;
  if (schema.minimum === Number.MIN_SAFE_INTEGER) delete schema.minimum;
  if (schema.maximum === Number.MAX_SAFE_INTEGER) delete schema.maximum;
}

/** A schema of the table: a `$ref` to its component when it has one, else inline with `$ref`s to the components. */
function jsonSchemaOf(schema: z.core.$ZodType, io: 'input' | 'output' = 'output'): Json {
  const id = z.globalRegistry.get(schema)?.id ?? inputComponents.get(schema)?.id;
  if (id !== undefined) return { $ref: `${COMPONENTS}${id}` };
  const converted = z.toJSONSchema(schema, { io, override: tidy }) as Json;
  // Only the components carry an id, so every definition zod puts under $defs is one of them.
  const { $defs: _components, $schema: _dialect, ...rest } = converted;
  return JSON.parse(JSON.stringify(rest).replaceAll('"#/$defs/', `"${COMPONENTS}`)) as Json;
}

function answer(value: Answer): Json {
  if (typeof value === 'string') return { description: value };
  if ('schema' in value && typeof value.description === 'string')
    return {
      description: value.description,
      content: { 'application/json': { schema: jsonSchemaOf(value.schema as z.ZodType) } },
    };
  return value as Json;
}

function operation(route: Route): Json {
  return {
    tags: [route.tag],
    summary: route.summary,
    ...(route.description === undefined ? {} : { description: route.description }),
    ...(route.parameters === undefined ? {} : { parameters: route.parameters }),
    ...(route.body === undefined
      ? route.requestBody === undefined
        ? {}
        : { requestBody: route.requestBody }
      : {
          requestBody: {
            required: route.bodyOptional !== true,
            content: { 'application/json': { schema: jsonSchemaOf(route.body, 'input') } },
          },
        }),
    responses: Object.fromEntries(Object.entries(route.responses).map(([status, value]) => [status, answer(value)])),
    ...(route.security === undefined ? {} : { security: route.security }),
  };
}

export const routeTable: Route[] = [
  ...messagesRoutes,
  ...controlsRoutes,
  ...faultsRoutes,
  ...simulateRoutes,
  ...templatesRoutes,
  ...recordsRoutes,
  ...audienceRoutes,
  ...campaignsRoutes,
  ...webhooksRoutes,
  ...metaRoutes,
];

function paths(): Json {
  const byPath: Record<string, Json> = {};
  for (const route of routeTable) {
    byPath[route.path] ??= {};
    (byPath[route.path] as Json)[route.method] = operation(route);
  }
  return byPath;
}

function schemas(): Json {
  const uri = (id: string) => `${COMPONENTS}${id}`;
  const all = {
    ...(z.toJSONSchema(z.globalRegistry, { uri, override: tidy }).schemas as Record<string, Json>),
    ...(z.toJSONSchema(inputComponents, { uri, override: tidy, io: 'input', metadata: inputComponents })
      .schemas as Record<string, Json>),
  };
  return Object.fromEntries(
    Object.entries(all)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([id, { $id: _id, $schema: _dialect, ...schema }]) => [id, schema]),
  );
}

const json = (schema: z.ZodType, description: string) => answer({ description, schema });

export const openApiDocument = {
  openapi: '3.1.0',
  info: {
    title: 'mailcoach-emulator: emulator API',
    version: '1',
    summary: 'Captured mail, wait-for, events and test controls of the Mailcoach emulator.',
    description:
      'Our own endpoints, beside the emulated Mailcoach API under /api. Every request is about one workspace: the ' +
      'one its token maps to (`Authorization: Bearer <token>`, or `?token=<token>`), or the default workspace when it ' +
      'names no token. With --isolate each token has its own workspace. Errors are JSON: {"message"}, and 422 ' +
      '{"message", "errors"}. Timestamps are ISO 8601 with milliseconds.',
    license: { name: 'MIT', identifier: 'MIT' },
  },
  servers: [{ url: '/', description: 'The emulator itself.' }],
  security: [{}, { bearerToken: [] }, { tokenQuery: [] }],
  tags: [
    { name: 'messages', description: 'Captured mail.' },
    { name: 'controls', description: 'Reset, seed, clock.' },
    { name: 'faults', description: 'Fault injection on the Mailcoach API and the SMTP intake.' },
    { name: 'simulate', description: 'Provider events: opens, clicks, bounces, complaints.' },
    { name: 'templates', description: 'The template studio: edit and render transactional mail templates.' },
    {
      name: 'webhooks',
      description:
        "Mailcoach's outgoing webhooks: configurations, the calls and their attempts, resend, a sink to point them at.",
    },
    { name: 'meta', description: 'This document.' },
  ],
  paths: paths(),
  components: {
    securitySchemes: {
      bearerToken: {
        type: 'http',
        scheme: 'bearer',
        description: 'An API token the emulator accepts; picks the workspace.',
      },
      tokenQuery: {
        type: 'apiKey',
        in: 'query',
        name: 'token',
        description: 'The same, for clients that cannot set headers.',
      },
    },
    schemas: schemas(),
    responses: {
      Unauthorized: json(ErrorBody, 'The token is not one the emulator accepts.'),
      NotFound: json(ErrorBody, 'No such item in this workspace.'),
      ValidationFailed: json(ValidationError, 'The input is invalid; `errors` names each field.'),
    },
  },
};
