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
          subscriber_email: z
            .string()
            .nullable()
            .describe('The address; null once the subscriber is deleted.')
            .optional(),
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
  })
  .meta({ id: 'CampaignRecord' });
