/**
 * Mailcoach's outgoing webhooks as `/_emulator` shows them (mailcoach-webhooks.md, decisions.md "Webhooks"): the
 * configurations, each call with the request exactly as sent and every attempt, and the built-in sink.
 */
import { z } from 'zod';
import { WEBHOOK_EVENTS } from '../../mailcoach-event-names.js';

/** `pending`: not tried yet, or failed with a retry due; `succeeded`: a 2xx; `failed`: every try failed. */
export const WEBHOOK_CALL_STATUSES = ['pending', 'succeeded', 'failed'] as const;

export const WebhookConfiguration = z
  .object({
    uuid: z.string().meta({ format: 'uuid' }),
    name: z.string(),
    url: z.string(),
    secret: z.string().describe("The Signature's HMAC-SHA256 key, in clear."),
    enabled: z.boolean(),
    use_for_all_lists: z.boolean(),
    email_lists: z
      .array(z.string().meta({ format: 'uuid' }))
      .describe('List uuids; read only when use_for_all_lists is false.'),
    use_for_all_events: z.boolean().describe('Stored and shown; as in Mailcoach only `events` filters.'),
    events: z.array(z.enum(WEBHOOK_EVENTS)).describe('Empty: every event.'),
    origin: z
      .enum(['fixture', 'cli', 'api'])
      .describe('The fixtures, the CLI (--webhook), or this API (and the web UI).'),
    created_at: z.string().meta({ format: 'date-time', examples: ['2025-03-01T10:00:00.000Z'] }),
    updated_at: z.string().meta({ format: 'date-time', examples: ['2025-03-01T10:00:00.000Z'] }),
  })
  .meta({ id: 'WebhookConfiguration' });

export const WebhookConfigurationInput = z
  .strictObject({
    name: z.string().min(1).max(255).optional(),
    url: z.string().describe('An http:// or https:// URL (a local app is fine).').optional(),
    secret: z.string().min(1).max(255).describe('Default on create: 16 random letters and digits.').optional(),
    enabled: z.boolean().describe('Default on create: true.').optional(),
    use_for_all_lists: z.boolean().describe('Default on create: true.').optional(),
    email_lists: z
      .array(z.string())
      .describe('Required when use_for_all_lists is false; each a list of the workspace.')
      .optional(),
    use_for_all_events: z.boolean().describe('Default on create: true.').optional(),
    events: z.array(z.enum(WEBHOOK_EVENTS)).optional(),
  })
  .meta({ id: 'WebhookConfigurationInput' });

export const WebhookRequestHeaders = z
  .object({
    'Content-Type': z.literal('application/json'),
    Signature: z.string().describe('Lower-case hex HMAC-SHA256 of the exact body with the secret.'),
    'User-Agent': z.literal('GuzzleHttp/7'),
  })
  .describe("What Mailcoach's Guzzle sends besides Host and Content-Length.")
  .meta({ id: 'WebhookRequestHeaders' });

export const WebhookAttempt = z
  .object({
    uuid: z.string().meta({ format: 'uuid' }),
    attempt: z.int().min(1).max(5).nullable().describe('Null for a manual resend.'),
    manual: z.boolean(),
    url: z.string(),
    status_code: z
      .int()
      .nullable()
      .describe('Null when no response came (connection error, timeout, too many redirects).'),
    succeeded: z.boolean().describe('A 2xx.'),
    response: z.string().describe("The answer body's first 64 KiB, as text; empty without one."),
    error: z.string().nullable().describe('Why no response came, or why this one did not count.'),
    duration_ms: z.int(),
    request: z
      .object({ headers: WebhookRequestHeaders, body: z.string() })
      .nullable()
      .describe(
        "What a resend sent (the payload re-encoded as v8 does, signed with the current secret); null: the call's request.",
      ),
    created_at: z.string().meta({ format: 'date-time', examples: ['2025-03-01T10:00:00.000Z'] }),
  })
  .meta({ id: 'WebhookAttempt' });

export const WebhookCall = z
  .object({
    uuid: z.string().meta({ format: 'uuid' }).describe("v8's webhook_call_uuid, shared by its retries and resends."),
    event: z.enum(WEBHOOK_EVENTS),
    status: z
      .enum(WEBHOOK_CALL_STATUSES)
      .describe('pending: not tried yet, or a retry is due; failed: every try failed.'),
    attempts: z.int().min(0).describe('Automatic tries so far (resends not counted).'),
    next_attempt_at: z
      .string()
      .meta({ format: 'date-time', examples: ['2025-03-01T10:00:00.000Z'] })
      .nullable()
      .describe("On the emulator's clock; null once succeeded or failed."),
    configuration: z.object({ uuid: z.string().meta({ format: 'uuid' }), name: z.string() }).nullable(),
    email_list_uuid: z.string().nullable(),
    subscriber_uuid: z.string().nullable(),
    email: z.string().nullable(),
    send_uuid: z.string().nullable(),
    campaign_uuid: z.string().nullable(),
    request: z.object({
      method: z.literal('POST'),
      url: z.string(),
      headers: WebhookRequestHeaders,
      body: z.string().describe('The exact bytes sent.'),
    }),
    attempts_log: z.array(WebhookAttempt).describe('Oldest first.'),
    created_at: z.string().meta({ format: 'date-time', examples: ['2025-03-01T10:00:00.000Z'] }),
    updated_at: z.string().meta({ format: 'date-time', examples: ['2025-03-01T10:00:00.000Z'] }),
  })
  .meta({ id: 'WebhookCall' });

/** A page of calls, newest first (GET /_emulator/webhook-calls). */
export const WebhookCallPage = z.object({
  data: z.array(WebhookCall),
  meta: z.object({ page: z.int(), per_page: z.int(), total: z.int() }),
});

export const WebhookSinkRequest = z
  .object({
    received_at: z.string().meta({ format: 'date-time', examples: ['2025-03-01T10:00:00.000Z'] }),
    method: z.string(),
    url: z.string(),
    headers: z.record(z.string(), z.string()).describe('Lower-cased names.'),
    body: z.string(),
  })
  .meta({ id: 'WebhookSinkRequest' });

export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
export type WebhookCallStatus = (typeof WEBHOOK_CALL_STATUSES)[number];
export type WebhookConfiguration = z.output<typeof WebhookConfiguration>;
export type WebhookConfigurationInput = z.input<typeof WebhookConfigurationInput>;
export type WebhookRequestHeaders = z.output<typeof WebhookRequestHeaders>;
export type WebhookAttempt = z.output<typeof WebhookAttempt>;
export type WebhookCall = z.output<typeof WebhookCall>;
export type WebhookCallPage = z.output<typeof WebhookCallPage>;
export type WebhookSinkRequest = z.output<typeof WebhookSinkRequest>;
