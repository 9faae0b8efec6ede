import { z } from 'zod';
import { SUBSCRIBER_STATUSES, TAG_TYPES } from '../../db/rows.js';

export const Subscriber = z
  .object({
    uuid: z.string().meta({ format: 'uuid' }),
    email_list_uuid: z.string().meta({ format: 'uuid' }),
    email: z.string().describe('Lower-cased.'),
    first_name: z.string().nullable(),
    last_name: z.string().nullable(),
    extra_attributes: z
      .union([z.record(z.string(), z.unknown()), z.array(z.unknown())])
      .describe('{} when none; a list when the request gave one (PHP keeps an array as it came).'),
    tags: z.array(z.string()).describe('Tag names.'),
    subscribed_at: z.string().nullable(),
    unsubscribed_at: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .describe('As GET /api/subscribers/{uuid} shows it.')
  .meta({ id: 'Subscriber' });

export const EmailListOverview = z
  .object({
    uuid: z.string().meta({ format: 'uuid' }),
    name: z.string(),
    active_subscribers_count: z.int().describe('Subscribed, not unsubscribed.'),
    subscribers_counts: z
      .object({ subscribed: z.int(), unconfirmed: z.int(), unsubscribed: z.int() })
      .describe('The subscribers by status.'),
    default_from_email: z.string().nullable(),
    default_from_name: z.string().nullable(),
    requires_confirmation: z.boolean().describe('Double opt-in.'),
    created_at: z.string(),
  })
  .meta({ id: 'EmailListOverview' });

export const EmailListDetail = EmailListOverview.extend({
  tags: z
    .array(
      z.object({
        uuid: z.string().meta({ format: 'uuid' }),
        name: z.string(),
        type: z.enum(TAG_TYPES),
        subscriber_count: z.int(),
      }),
    )
    .describe('By name; subscriber_count: the subscribers with the tag, any status.'),
  segments: z
    .array(z.object({ uuid: z.string().meta({ format: 'uuid' }), name: z.string(), subscriber_count: z.int() }))
    .describe(
      'By name; subscriber_count: the subscribed subscribers meeting its conditions (what a campaign to it reaches).',
    ),
  imports: z
    .array(
      z.object({
        uuid: z.string().meta({ format: 'uuid' }),
        status: z.enum(['draft', 'pending', 'importing', 'completed', 'failed']),
        imported_subscribers_count: z.int(),
        error_count: z.int().describe('Rows whose address was not valid.'),
        created_at: z.string(),
        updated_at: z.string(),
      }),
    )
    .describe('Newest first, at most 100.'),
}).meta({ id: 'EmailListDetail' });

export const SubscriberWithStatus = Subscriber.extend({ status: z.enum(SUBSCRIBER_STATUSES) })
  .describe('As GET /api/subscribers/{uuid} shows it, with its status.')
  .meta({ id: 'SubscriberWithStatus' });

export const SubscriberDetail = SubscriberWithStatus.extend({
  tag_types: z.record(z.string(), z.enum(TAG_TYPES)).describe("Each tag's type, by name."),
  email_list: z.object({
    uuid: z.string().meta({ format: 'uuid' }),
    name: z.string(),
    requires_confirmation: z.boolean(),
  }),
}).meta({ id: 'SubscriberDetail' });

export type Subscriber = z.output<typeof Subscriber>;
/** Derived from the timestamps: `unsubscribed_at` set, else `subscribed_at` set, else unconfirmed. */
export type SubscriberStatus = (typeof SUBSCRIBER_STATUSES)[number];
export type EmailListOverview = z.output<typeof EmailListOverview>;
export type EmailListDetail = z.output<typeof EmailListDetail>;
export type SubscriberWithStatus = z.output<typeof SubscriberWithStatus>;
export type SubscriberDetail = z.output<typeof SubscriberDetail>;
