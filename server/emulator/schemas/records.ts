/**
 * The records the web UI lists under `/_emulator` (suppressions, sends, the transactional log): the Mailcoach
 * resource (the byte-exact presenters of server/mailcoach/resources/) with what the emulator knows beyond it.
 */
import { z } from 'zod';
import { SEND_FEEDBACK_TYPES, SUPPRESSION_ORIGINS, SUPPRESSION_REASONS } from '../../db/rows.js';
import { MailAddress } from './messages.js';

export const PageLinks = z
  .object({ first: z.string(), last: z.string(), prev: z.string().nullable(), next: z.string().nullable() })
  .meta({ id: 'PageLinks' });

const PageMeta = z.object({
  current_page: z.int(),
  from: z.int().nullable(),
  last_page: z.int(),
  path: z.string(),
  per_page: z.int(),
  to: z.int().nullable(),
  total: z.int(),
});

/** One of `meta.links`: the page links Laravel's length-aware paginator lists (GET /api/sends has them). */
const PageLink = z.object({ url: z.string().nullable(), label: z.string(), active: z.boolean() });

/** Laravel's paginated list of these items, as the API's index endpoints answer it (and /_emulator's copies of them). */
export const mailcoachPage = <Item extends z.ZodType>(item: Item) =>
  z.object({ data: z.array(item), links: PageLinks, meta: PageMeta });

/** The same with the page links in `meta` (GET /api/sends, /_emulator/sends). */
export const mailcoachPageWithLinks = <Item extends z.ZodType>(item: Item) =>
  z.object({ data: z.array(item), links: PageLinks, meta: PageMeta.extend({ links: z.array(PageLink) }) });

export const Send = z
  .object({
    uuid: z.string().meta({ format: 'uuid' }),
    transport_message_id: z.string().nullable(),
    campaign_uuid: z.string().nullable(),
    automation_mail_uuid: z.string().nullable(),
    transactional_mail_log_item_uuid: z.string().nullable(),
    subscriber_uuid: z.string().nullable(),
    sent_at: z.string().nullable(),
    failed_at: z.string().nullable(),
    failure_reason: z.string().nullable(),
    open_count: z.int(),
    click_count: z.int(),
    first_opened_at: z.string().nullable(),
    last_opened_at: z.string().nullable(),
    first_clicked_at: z.string().nullable(),
    last_clicked_at: z.string().nullable(),
    created_at: z.string().nullable(),
    updated_at: z.string().nullable(),
  })
  .describe('As GET /api/sends/{uuid} shows it (Mailcoach timestamps, six fractional digits).')
  .meta({ id: 'Send' });

export const Suppression = z
  .object({
    uuid: z.string().meta({ format: 'uuid' }),
    email: z.string(),
    reason: z.enum(SUPPRESSION_REASONS),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'Suppression' });

export const SuppressionWithOrigin = Suppression.extend({
  origin: z
    .enum(SUPPRESSION_ORIGINS)
    .nullable()
    .describe(
      'fixture, seed, api, emulator (POST /_emulator/suppressions), bounce or complaint (a simulation); null for rows from before the emulator kept track.',
    ),
})
  .describe('A suppression with why the emulator holds it.')
  .meta({ id: 'SuppressionWithOrigin' });

/** The furthest a send got (records/sends.ts decides it). */
const SEND_STATES = [
  'failed',
  'suppressed',
  'complained',
  'bounced',
  'soft_bounced',
  'clicked',
  'opened',
  'sent',
  'pending',
] as const;

export const SendWithState = Send.extend({
  state: z
    .enum(SEND_STATES)
    .describe(
      'The furthest it got: a failure; suppressed (a campaign send to a suppressed address: a Send without a mail); a complaint, a bounce, a soft bounce, a click, an open, sent.',
    ),
  feedback: z
    .array(z.object({ type: z.enum(SEND_FEEDBACK_TYPES), created_at: z.string() }))
    .describe(
      'Bounces and complaints simulated on it (suppressed: a campaign send to a suppressed address), in order.',
    ),
  message_uuid: z
    .string()
    .nullable()
    .describe("Its captured message: a transactional send's, or a campaign mail; null when there is none (any more)."),
  email: z
    .string()
    .nullable()
    .describe("The recipient: the subscriber's address, or the first To address of the log item; null when unknown."),
  subject: z
    .string()
    .nullable()
    .describe("The captured mail's subject, else the log item's, else the campaign's (its subject or name)."),
  campaign_name: z.string().nullable().describe("The campaign's name, while the campaign exists."),
  template_name: z
    .string()
    .nullable()
    .describe("The transactional template the mail was rendered from, else the log item's mail_name."),
})
  .describe('A send as GET /api/sends shows it, with what the emulator knows beyond it.')
  .meta({ id: 'SendWithState' });

export const LogItemWithLinks = z
  .object({
    uuid: z.string().meta({ format: 'uuid' }),
    subject: z.string(),
    from: z.array(MailAddress),
    to: z.array(MailAddress),
    cc: z.array(MailAddress),
    bcc: z.array(MailAddress),
    body: z.string().nullable().describe('The HTML as rendered (Mailcoach keeps it under both names).'),
    html: z.string().nullable(),
    created_at: z.string(),
    message_uuid: z.string().nullable().describe('The captured message; null when it was deleted.'),
    send_uuid: z.string().nullable().describe('Its Send; null when none was stored.'),
    fake: z.boolean().describe('Sent with fake: true: logged and captured, never sent; Mailcoach does not resend it.'),
  })
  .describe(
    'A transactional mail log item as GET /api/transactional-mails shows it, with its captured message and its send, and whether it was a fake send.',
  )
  .meta({ id: 'LogItemWithLinks' });

export const BounceTarget = z
  .union([
    z.object({ email: z.string().meta({ format: 'email' }) }),
    z.object({ send_uuid: z.string().meta({ format: 'uuid' }) }),
  ])
  .describe('The address, or a send whose recipient it is.')
  .meta({ id: 'BounceTarget' });

export const SimulatedFeedback = z
  .object({
    suppression: Suppression.nullable().describe('The suppression the event added, or the one that already existed.'),
    created: z.boolean().describe('Whether this report added the suppression (false: it existed).'),
  })
  .describe('What a simulated bounce or complaint left: null suppression for a soft bounce.')
  .meta({ id: 'SimulatedFeedback' });

export type Send = z.output<typeof Send>;
export type Suppression = z.output<typeof Suppression>;
export type SuppressionWithOrigin = z.output<typeof SuppressionWithOrigin>;
export type SuppressionOrigin = (typeof SUPPRESSION_ORIGINS)[number];
export type SendState = (typeof SEND_STATES)[number];
export type SendWithState = z.output<typeof SendWithState>;
export type SimulatedFeedback = z.output<typeof SimulatedFeedback>;
export type LogItemWithLinks = z.output<typeof LogItemWithLinks>;
export type PageLinks = z.output<typeof PageLinks>;
export type PageMeta = z.output<typeof PageMeta>;
export type PageLink = z.output<typeof PageLink>;
