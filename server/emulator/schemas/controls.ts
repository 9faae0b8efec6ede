import { z } from 'zod';

export const ClockState = z
  .object({
    now: z.string().meta({ format: 'date-time', examples: ['2025-03-01T10:00:00.000Z'] }),
    frozen: z.boolean(),
  })
  .meta({ id: 'ClockState' });

export const ClockChange = z
  .strictObject({
    freeze: z
      .union([z.literal(true), z.string().meta({ format: 'date-time', examples: ['2025-03-01T10:00:00.000Z'] })])
      .describe(
        'true: stop now; an ISO 8601 date-time (UTC unless it has an offset; not a date alone): stop at that instant.',
      )
      .optional(),
    advance_ms: z.int().min(0).max(3155760000000).describe('At most 100 years.').optional(),
    resume: z.literal(true).optional(),
    reset: z
      .literal(true)
      .describe(
        "Back to the clock the emulator started with (the system time, or --clock's): not frozen, nothing advanced.",
      )
      .optional(),
  })
  .describe(
    'Give freeze, advance_ms, resume or reset (freeze and resume not together; applied in the order reset, freeze, resume, advance_ms). The clock stays within 1970-01-01T00:00:00.000Z..9999-12-31T23:59:59.999Z: a change that would take it out is a 422 and changes nothing.',
  )
  .meta({ id: 'ClockChange' });

export const FixtureProblem = z
  .object({ file: z.string(), line: z.int().nullable(), column: z.int().nullable(), message: z.string() })
  .meta({ id: 'FixtureProblem' });

export const Fixture = z
  .object({
    $comment: z.string().optional(),
    templates: z.array(z.record(z.string(), z.unknown())).optional(),
    suppressions: z.array(z.record(z.string(), z.unknown())).optional(),
    transactional_mails: z.array(z.record(z.string(), z.unknown())).optional(),
    sends: z.array(z.record(z.string(), z.unknown())).optional(),
    email_lists: z
      .array(z.record(z.string(), z.unknown()))
      .describe('Email lists, each with its `subscribers`, `tags` and `segments`.')
      .optional(),
    campaign_templates: z.array(z.record(z.string(), z.unknown())).optional(),
  })
  .describe(
    "A fixture file's JSON (fixtures/README.md); templates give `body` inline (no body_file through the API), campaign templates `html` (no html_file).",
  )
  .meta({ id: 'Fixture' });

export const SeedCounts = z
  .object({
    templates: z.int(),
    suppressions: z.int(),
    transactional_mails: z.int(),
    sends: z.int(),
    email_lists: z.int(),
    subscribers: z.int().describe("The subscribers of the document's email lists, together."),
    campaign_templates: z.int(),
    automations: z.int(),
    campaigns: z.int(),
    webhooks: z.int().describe('Webhook configurations.'),
  })
  .meta({ id: 'SeedCounts' });

export const FaultRuleInput = z
  .strictObject({
    method: z
      .string()
      .meta({ examples: ['POST'] })
      .describe('One of GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS, in any case. Default: any.')
      .optional(),
    route: z
      .string()
      .meta({ examples: ['/api/transactional-mails/send'] })
      .describe('A path pattern; * matches one segment. Default: any.')
      .optional(),
    recipient: z.string().describe("Matches a send's to/cc/bcc, case-insensitive.").optional(),
    status: z.int().min(100).max(599).optional(),
    body: z.unknown().describe('A string, or JSON.').optional(),
    headers: z
      .record(
        z.string().regex(/^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/),
        z.union([z.string().regex(/^[\t\x20-\x7e]*$/), z.number()]),
      )
      .describe(
        'Header names are HTTP tokens; values are printable ASCII, spaces and tabs (no line breaks or control characters).',
      )
      .optional(),
    delay_ms: z.int().min(0).max(600000).optional(),
    drop: z.boolean().describe('Close the connection without an answer.').optional(),
    times: z.int().min(1).describe('Default: unlimited.').optional(),
    probability: z.number().min(0).max(1).optional(),
    preset: z.enum(['rate-limited', 'server-error']).optional(),
    smtp: z
      .enum(['MAIL', 'RCPT', 'DATA', 'AUTH'])
      .describe(
        'Makes it an SMTP rule answering this command (DATA: after the final dot, nothing stored; AUTH: before the credentials are judged, matching no sender or recipient); lower case is taken too.',
      )
      .optional(),
    sender: z
      .string()
      .describe('SMTP rules: matches MAIL FROM, case-insensitive; * matches any characters.')
      .optional(),
    reply: z
      .strictObject({
        code: z.int().min(400).max(599),
        message: z
          .string()
          .max(500)
          .regex(/^[\x20-\x7e]*$/)
          .describe('Default: a standard text for the class (4xx, 5xx).')
          .optional(),
      })
      .meta({ examples: [{ code: 550, message: '5.1.1 No such user' }] })
      .describe('SMTP rules: the reply the client gets. RCPT refuses only that recipient; MAIL and DATA store nothing.')
      .optional(),
  })
  .describe(
    'An HTTP rule gives at least one effect: status (with body and headers), preset, headers, delay_ms or drop. An SMTP rule gives smtp and reply (and may match sender, recipient, times, probability), and none of the HTTP fields.',
  )
  .meta({ id: 'FaultRuleInput' });

export const FaultRule = z
  .object({
    id: z.int(),
    method: z.enum(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']).nullable(),
    route: z.string().nullable(),
    recipient: z.string().nullable(),
    status: z.int().nullable(),
    body: z.unknown().describe('A string, JSON, or null.'),
    headers: z.record(z.string(), z.string()).nullable(),
    delay_ms: z.int().nullable(),
    drop: z.boolean(),
    times: z.int().nullable(),
    probability: z.number().nullable(),
    preset: z.enum(['rate-limited', 'server-error']).nullable(),
    smtp: z.enum(['MAIL', 'RCPT', 'DATA', 'AUTH']).nullable(),
    sender: z.string().nullable(),
    reply: z.object({ code: z.int(), message: z.string() }).nullable(),
    remaining: z.int().nullable().describe('Null when unlimited.'),
    fired: z.int(),
  })
  .meta({ id: 'FaultRule' });
