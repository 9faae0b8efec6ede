/**
 * The shape of the route table the OpenAPI document is generated from (document.ts): one entry per operation,
 * its parameters as OpenAPI parameter objects, its request body and JSON answers as the zod schemas of
 * server/emulator/schemas/ (the ones the presenters' return types come from), and the shared parameters and
 * error answers the route files use.
 */
import { z } from 'zod';

type Json = Record<string, unknown>;

/** An answer with a JSON body of this schema. */
export interface JsonAnswer {
  description: string;
  schema: z.ZodType;
}

/** A description alone (no body), a JSON answer, or an OpenAPI response object as is (other media types, $ref). */
export type Answer = string | JsonAnswer | Json;

export interface Route {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  path: string;
  tag: string;
  summary: string;
  description?: string;
  parameters?: Json[];
  /** The JSON request body: one of server/emulator/schemas/, or a validator's own zod/mini schema. */
  body?: z.core.$ZodType;
  /** The body may be left out. */
  bodyOptional?: boolean;
  /** A request body that is not JSON, as an OpenAPI request body object. */
  requestBody?: Json;
  responses: Record<number, Answer>;
  /** `[]` for a public route (no token needed); otherwise the document's default. */
  security?: Json[];
}

export const json = (schema: z.ZodType, description: string): JsonAnswer => ({ description, schema });

/** The component a schema is (its id), for text that names it: the schema is in the document's components. */
export function componentName(schema: z.ZodType): string {
  const id = z.globalRegistry.get(schema)?.id;
  if (id === undefined) throw new Error('componentName: the schema has no id, so it is no component.');
  return id;
}

export const unauthorized = { $ref: '#/components/responses/Unauthorized' };
export const notFound = { $ref: '#/components/responses/NotFound' };
export const invalid = { $ref: '#/components/responses/ValidationFailed' };

const pathUuid = (name: string, description: string) => ({
  name,
  in: 'path',
  required: true,
  description,
  schema: { type: 'string', format: 'uuid' },
});

export const uuidParam = pathUuid('uuid', "The captured message's uuid.");
/** The read routes also find a message by its log item's uuid, the one the send API answers. */
export const readUuidParam = pathUuid(
  'uuid',
  "The captured message's uuid, or its log item's (the uuid POST /api/transactional-mails/send answers).",
);
export const listParam = pathUuid('uuid', "The list's uuid.");
export const subscriberParam = pathUuid('uuid', "The subscriber's uuid.");
export const webhookParam = pathUuid('webhook', "The configuration's uuid.");
export const callParam = pathUuid('call', "The call's uuid.");
export const sinkParam = {
  name: 'name',
  in: 'path',
  required: true,
  description: '1 to 64 letters, digits, dots, dashes or underscores; anything else is a 404.',
  schema: { type: 'string', pattern: '^[A-Za-z0-9._-]{1,64}$' },
};
export const templateParam = {
  name: 'template',
  in: 'path',
  required: true,
  schema: { type: 'string' },
  description: "The template's name, or its uuid (as a send's mail_name names it).",
};
export const queryParam = {
  name: 'query',
  in: 'query',
  required: false,
  description:
    'A search (README "Search"): free words, "a phrase", to:, from:, cc:, bcc:, reply-to:, subject:, message-id:, template: (or mail:), campaign:, list:, has:attachment, has:problems, is:read, is:unread, via:smtp, via:api, ' +
    'before:<date>, after:<date>, larger:<size>, smaller:<size> (bytes, or 20kb, 1.5mb); a pasted URL is a phrase; a leading - negates a term; terms are ANDed.',
  schema: { type: 'string' },
  examples: { recipient: { value: 'to:jane@example.com subject:"Reset your password"' } },
};
