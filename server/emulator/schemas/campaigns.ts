import { z } from 'zod';

export const Automation = z
  .object({
    uuid: z.string().meta({ format: 'uuid' }),
    name: z.string(),
    email_list_uuid: z.string().nullable(),
    status: z.enum(['started', 'paused']),
    webhook_trigger: z.boolean(),
    repeat_enabled: z.boolean(),
    triggers: z
      .array(
        z.object({
          subscriber_uuid: z.string(),
          subscriber_email: z.string().nullable().describe('The address; null once the subscriber is deleted.'),
          entered: z.boolean().describe('Whether the subscriber would have entered the automation.'),
          reason: z.string().nullable().describe('Why not, when not.'),
          created_at: z.string().meta({ format: 'date-time', examples: ['2025-03-01T10:00:00.000Z'] }),
        }),
      )
      .describe('Every POST /api/automations/{uuid}/trigger, per subscriber, in order.'),
  })
  .meta({ id: 'Automation' });

export const CampaignRecord = z
  .object({
    uuid: z.string(),
    name: z.string(),
    subject: z.string().nullable(),
    status: z.enum(['draft', 'sending', 'sent', 'paused', 'cancelled']),
    email_list: z.object({ uuid: z.string(), name: z.string() }).nullable(),
    segment_description: z.string(),
    scheduled_at: z.string().nullable(),
    sent_at: z.string().nullable(),
    created_at: z.string(),
    sent_to_number_of_subscribers: z.int(),
    sends_count: z.int(),
    open_count: z.int(),
    unique_open_count: z.int(),
    click_count: z.int(),
    unique_click_count: z.int(),
    unsubscribe_count: z.int(),
    bounce_count: z.int(),
    open_rate: z
      .int()
      .describe('As GET /api/campaigns/{uuid} answers it: hundredths of a percent of those sent to (2500 is 25%).'),
    click_rate: z.int().describe('Unique clicks, as open_rate.'),
    unsubscribe_rate: z.int().describe('As open_rate.'),
    bounce_rate: z.int().describe('As open_rate.'),
  })
  .meta({ id: 'CampaignRecord' });

/** A subscriber of the campaign's list to preview it as. */
const CampaignRecipientChoice = z.object({
  uuid: z.string(),
  email: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
});
export type CampaignRecipientChoice = z.output<typeof CampaignRecipientChoice>;

export const CampaignAudience = z
  .object({
    data: z.array(CampaignRecipientChoice).describe('The first 50 found, in the list’s order.'),
    total: z.int().describe('How many subscribers the send reaches match the search.'),
  })
  .meta({ id: 'CampaignAudience' });

const CampaignActivity = z
  .object({
    opened: z.array(
      z.object({
        subscriber_uuid: z.string(),
        email: z.string(),
        open_count: z.int(),
        first_opened_at: z.string().nullable(),
      }),
    ),
    clicked: z.array(
      z.object({
        subscriber_uuid: z.string(),
        email: z.string().nullable().describe('Null once the subscriber is deleted.'),
        click_count: z.int(),
        urls: z.array(z.string()),
      }),
    ),
    unsubscribed: z.array(
      z.object({
        subscriber_uuid: z.string().nullable(),
        email: z.string(),
        unsubscribed_at: z.string().nullable(),
      }),
    ),
  })
  .describe('Who opened, clicked and unsubscribed (the first 100 of each), from the simulations on its sends.');
export type CampaignActivity = z.output<typeof CampaignActivity>;

export const CampaignDetail = CampaignRecord.extend({
  from_email: z.string().nullable(),
  audience_count: z.int().describe('How many subscribers a send now reaches.'),
  links: z.array(z.object({ url: z.string(), unique_click_count: z.int(), click_count: z.int() })),
  subscribers: z
    .array(CampaignRecipientChoice)
    .describe(
      'The first 50 subscribers a send reaches (its segment of the list), to preview as; /audience searches them all.',
    ),
  activity: CampaignActivity,
}).meta({ id: 'CampaignDetail' });

export const CampaignPreview = z
  .object({
    subscriber: CampaignRecipientChoice.nullable(),
    subject: z.string(),
    html: z.string().nullable(),
    text: z.string().nullable(),
  })
  .meta({ id: 'CampaignPreview' });

export const CampaignTemplateRecord = z
  .object({
    uuid: z.string(),
    name: z.string(),
    fields: z.array(z.object({ name: z.string(), type: z.string() })),
  })
  .meta({ id: 'CampaignTemplateRecord' });

export const CampaignTemplatePreview = CampaignTemplateRecord.extend({
  html: z.string().nullable(),
  text: z.string().nullable(),
}).meta({ id: 'CampaignTemplatePreview' });

export type AutomationRecord = z.output<typeof Automation>;
export type CampaignRecord = z.output<typeof CampaignRecord>;
/** `paused` and `cancelled` are reachable from Mailcoach's UI only; a scheduled campaign is a `draft` with `scheduled_at`. */
export type CampaignStatus = CampaignRecord['status'];
export type CampaignDetail = z.output<typeof CampaignDetail>;
export type CampaignAudience = z.output<typeof CampaignAudience>;
export type CampaignPreview = z.output<typeof CampaignPreview>;
export type CampaignTemplateRecord = z.output<typeof CampaignTemplateRecord>;
export type CampaignTemplatePreview = z.output<typeof CampaignTemplatePreview>;
