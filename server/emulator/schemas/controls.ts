import { z } from 'zod';
import { fixtureFile } from '../../fixtures/schema.js';
import { WEBHOOK_RETRY_MODES } from '../../webhooks/retries.js';

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

/** The options a client (the web UI) needs to know: what its requests need, and where apps send mail over SMTP. */
export const EmulatorSettings = z
  .object({
    isolate: z.boolean().describe('One workspace per token (--isolate).'),
    any_token: z.boolean().describe('Any non-empty token is accepted (--any-token).'),
    tokens: z.array(z.string()).describe('The accepted tokens; empty when a token is required.'),
    token_required: z
      .boolean()
      .describe('Whether the UI and /_emulator need a token (bound beyond loopback, or --ui-token required).'),
    allow_spam_complaint_deletion: z.boolean().describe('--allow-spam-complaint-deletion.'),
    mailers: z.array(z.string()).describe('--mailers.'),
    rate_limit: z.int().nullable().describe('Requests per minute per token (--rate-limit); null: none.'),
    max_body_bytes: z.int().describe('--max-body-mb, in bytes.'),
    render_workers: z.int().describe('--render-workers.'),
    fixtures: z.string().nullable().describe('The fixtures directory; null with --no-fixtures.'),
    watch: z.boolean().describe('Whether --watch follows the fixtures.'),
    webhooks: z.array(z.string()).describe('The --webhook URLs (each a configuration for every list and event).'),
    webhook_retries: z.enum(WEBHOOK_RETRY_MODES).describe('--webhook-retries.'),
    smtp: z
      .object({
        port: z.int().nullable().describe('The SMTP port (--smtp-port); null: off.'),
        smtps_port: z.int().nullable().describe('The implicit-TLS port (--smtps-port); null: off.'),
        starttls: z.boolean().describe('STARTTLS is offered on the SMTP port (--smtp-starttls).'),
        auth_required: z.boolean().describe('AUTH with an accepted API token as the password is required.'),
      })
      .describe('The SMTP intake (README "SMTP"): where apps send mail that does not go through the API.'),
  })
  .meta({ id: 'EmulatorSettings' });

export const FixtureProblem = z
  .object({ file: z.string(), line: z.int().nullable(), column: z.int().nullable(), message: z.string() })
  .meta({ id: 'FixtureProblem' });

export const FixturesStatus = z
  .object({
    directory: z.string().nullable(),
    watching: z.boolean(),
    problems: z
      .array(FixtureProblem)
      .describe('Empty when the last reload loaded; the last good version stays in use otherwise.'),
    reloaded_at: z
      .string()
      .meta({ format: 'date-time', examples: ['2025-03-01T10:00:00.000Z'] })
      .nullable(),
  })
  .meta({ id: 'FixturesStatus' });

/**
 * Components the document shows as what a client sends (io `input`: a field with a default is optional), for
 * the schemas that are not this room's but the validators' own (zod/mini).
 */
export const inputComponents = z.registry<{ id: string; description?: string }>();

/** A fixture file's JSON: the very schema fixture files and POST /_emulator/seed are checked with (fixtures/schema.ts). */
export const Fixture = fixtureFile();
inputComponents.add(Fixture, {
  id: 'Fixture',
  description:
    "A fixture file's JSON (fixtures/README.md); through the API templates give `body` inline (a body_file is a 422), campaign templates `html` (no html_file).",
});

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

export type ClockState = z.output<typeof ClockState>;
export type ClockChange = z.input<typeof ClockChange>;
export type EmulatorSettings = z.output<typeof EmulatorSettings>;
export type FixtureProblem = z.output<typeof FixtureProblem>;
export type FixturesStatus = z.output<typeof FixturesStatus>;
export type SeedCounts = z.output<typeof SeedCounts>;
export type FaultRuleInput = z.input<typeof FaultRuleInput>;
export type FaultRule = z.output<typeof FaultRule>;
/** The methods a fault rule matches, as the emulator answers them (upper-case). */
export type FaultMethod = NonNullable<FaultRule['method']>;
/**
 * The SMTP commands a fault rule answers: MAIL, RCPT (that recipient only), DATA (after the final dot), AUTH (before
 * the credentials are judged).
 */
export type FaultSmtpCommand = NonNullable<FaultRule['smtp']>;
