import { z } from 'zod';

export const WebhookConfiguration = z
  .object({
    uuid: z.string().meta({ format: 'uuid' }).optional(),
    name: z.string().optional(),
    url: z.string().optional(),
    secret: z.string().describe("The Signature's HMAC-SHA256 key, in clear.").optional(),
    enabled: z.boolean().optional(),
    use_for_all_lists: z.boolean().optional(),
    email_lists: z
      .array(z.string().meta({ format: 'uuid' }))
      .describe('List uuids; read only when use_for_all_lists is false.')
      .optional(),
    use_for_all_events: z.boolean().describe('Stored and shown; as in Mailcoach only `events` filters.').optional(),
    events: z
      .array(
        z.enum([
          'SubscribedEvent',
          'ResubscribedEvent',
          'UnconfirmedSubscriberCreatedEvent',
          'UnsubscribedEvent',
          'TagAddedEvent',
          'TagRemovedEvent',
          'CampaignSentEvent',
          'ContentOpenedEvent',
          'LinkClickedEvent',
          'BounceRegisteredEvent',
          'SoftBounceRegisteredEvent',
        ]),
      )
      .describe('Empty: every event.')
      .optional(),
    origin: z
      .enum(['fixture', 'cli', 'api'])
      .describe('The fixtures, the CLI (--webhook), or this API (and the web UI).')
      .optional(),
    created_at: z
      .string()
      .meta({ format: 'date-time', examples: ['2025-03-01T10:00:00.000Z'] })
      .optional(),
    updated_at: z
      .string()
      .meta({ format: 'date-time', examples: ['2025-03-01T10:00:00.000Z'] })
      .optional(),
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
    events: z
      .array(
        z.enum([
          'SubscribedEvent',
          'ResubscribedEvent',
          'UnconfirmedSubscriberCreatedEvent',
          'UnsubscribedEvent',
          'TagAddedEvent',
          'TagRemovedEvent',
          'CampaignSentEvent',
          'ContentOpenedEvent',
          'LinkClickedEvent',
          'BounceRegisteredEvent',
          'SoftBounceRegisteredEvent',
        ]),
      )
      .optional(),
  })
  .meta({ id: 'WebhookConfigurationInput' });

export const WebhookRequestHeaders = z
  .object({
    'Content-Type': z.literal('application/json').optional(),
    Signature: z.string().describe('Lower-case hex HMAC-SHA256 of the exact body with the secret.').optional(),
    'User-Agent': z.literal('GuzzleHttp/7').optional(),
  })
  .describe("What Mailcoach's Guzzle sends besides Host and Content-Length.")
  .meta({ id: 'WebhookRequestHeaders' });

export const WebhookAttempt = z
  .object({
    uuid: z.string().meta({ format: 'uuid' }).optional(),
    attempt: z.int().min(1).max(5).nullable().describe('Null for a manual resend.').optional(),
    manual: z.boolean().optional(),
    url: z.string().optional(),
    status_code: z
      .int()
      .nullable()
      .describe('Null when no response came (connection error, timeout, too many redirects).')
      .optional(),
    succeeded: z.boolean().describe('A 2xx.').optional(),
    response: z.string().describe("The answer body's first 64 KiB, as text; empty without one.").optional(),
    error: z.string().nullable().describe('Why no response came, or why this one did not count.').optional(),
    duration_ms: z.int().optional(),
    request: z
      .object({ headers: WebhookRequestHeaders.optional(), body: z.string().optional() })
      .nullable()
      .describe(
        "What a resend sent (the payload re-encoded as v8 does, signed with the current secret); null: the call's request.",
      )
      .optional(),
    created_at: z
      .string()
      .meta({ format: 'date-time', examples: ['2025-03-01T10:00:00.000Z'] })
      .optional(),
  })
  .meta({ id: 'WebhookAttempt' });

export const WebhookCall = z
  .object({
    uuid: z
      .string()
      .meta({ format: 'uuid' })
      .describe("v8's webhook_call_uuid, shared by its retries and resends.")
      .optional(),
    event: z
      .enum([
        'SubscribedEvent',
        'ResubscribedEvent',
        'UnconfirmedSubscriberCreatedEvent',
        'UnsubscribedEvent',
        'TagAddedEvent',
        'TagRemovedEvent',
        'CampaignSentEvent',
        'ContentOpenedEvent',
        'LinkClickedEvent',
        'BounceRegisteredEvent',
        'SoftBounceRegisteredEvent',
      ])
      .optional(),
    status: z
      .enum(['pending', 'succeeded', 'failed'])
      .describe('pending: not tried yet, or a retry is due; failed: every try failed.')
      .optional(),
    attempts: z.int().min(0).describe('Automatic tries so far (resends not counted).').optional(),
    next_attempt_at: z
      .string()
      .meta({ format: 'date-time', examples: ['2025-03-01T10:00:00.000Z'] })
      .nullable()
      .describe("On the emulator's clock; null once succeeded or failed.")
      .optional(),
    configuration: z
      .object({ uuid: z.string().meta({ format: 'uuid' }).optional(), name: z.string().optional() })
      .nullable()
      .optional(),
    email_list_uuid: z.string().nullable().optional(),
    subscriber_uuid: z.string().nullable().optional(),
    email: z.string().nullable().optional(),
    send_uuid: z.string().nullable().optional(),
    campaign_uuid: z.string().nullable().optional(),
    request: z
      .object({
        method: z.literal('POST').optional(),
        url: z.string().optional(),
        headers: WebhookRequestHeaders.optional(),
        body: z.string().describe('The exact bytes sent.').optional(),
      })
      .optional(),
    attempts_log: z.array(WebhookAttempt).describe('Oldest first.').optional(),
    created_at: z
      .string()
      .meta({ format: 'date-time', examples: ['2025-03-01T10:00:00.000Z'] })
      .optional(),
    updated_at: z
      .string()
      .meta({ format: 'date-time', examples: ['2025-03-01T10:00:00.000Z'] })
      .optional(),
  })
  .meta({ id: 'WebhookCall' });

export const WebhookSinkRequest = z
  .object({
    received_at: z
      .string()
      .meta({ format: 'date-time', examples: ['2025-03-01T10:00:00.000Z'] })
      .optional(),
    method: z.string().optional(),
    url: z.string().optional(),
    headers: z.record(z.string(), z.string()).describe('Lower-cased names.').optional(),
    body: z.string().optional(),
  })
  .meta({ id: 'WebhookSinkRequest' });
