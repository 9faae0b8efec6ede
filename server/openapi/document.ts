/**
 * The OpenAPI 3.1 document of our own API (`/_emulator`, README.md beside this file), served at
 * GET /_emulator/openapi.json. test/contract/openapi.test.ts checks that it names every route the app registers.
 */

import { checkIssueSchema, checksReportSchema } from './checks-schema.js';

type Schema = Record<string, unknown>;

const ref = (name: string): Schema => ({ $ref: `#/components/schemas/${name}` });
const nullable = (type: string, extra: Schema = {}): Schema => ({ type: [type, 'null'], ...extra });
const isoTime: Schema = { type: 'string', format: 'date-time', examples: ['2025-03-01T10:00:00.000Z'] };
const json = (schema: Schema, description: string) => ({ description, content: { 'application/json': { schema } } });
const jsonBody = (schema: Schema, required = true) => ({ required, content: { 'application/json': { schema } } });
const noContent = { description: 'Done; no body.' };

const errors = {
  401: { $ref: '#/components/responses/Unauthorized' },
} as const;
const notFound = { 404: { $ref: '#/components/responses/NotFound' } } as const;
const invalid = { 422: { $ref: '#/components/responses/ValidationFailed' } } as const;

const uuidParam = {
  name: 'uuid',
  in: 'path',
  required: true,
  description: "The captured message's uuid.",
  schema: { type: 'string', format: 'uuid' },
};
/** The read routes also find a message by its log item's uuid, the one the send API answers. */
const readUuidParam = {
  ...uuidParam,
  description: "The captured message's uuid, or its log item's (the uuid POST /api/transactional-mails/send answers).",
};
const queryParam = {
  name: 'query',
  in: 'query',
  required: false,
  description:
    'A search (README "Search"): free words, "a phrase", to:, from:, cc:, bcc:, subject:, template: (or mail:), campaign:, list:, has:attachment, has:problems, is:read, is:unread, via:smtp, via:api, ' +
    'before:<date>, after:<date>; a leading - negates a term; terms are ANDed.',
  schema: { type: 'string' },
  examples: { recipient: { value: 'to:jane@example.com subject:"Reset your password"' } },
};

const mailAddress: Schema = {
  type: 'object',
  required: ['name', 'email'],
  properties: { name: { type: 'string', description: 'Empty when the address has none.' }, email: { type: 'string' } },
};

const summaryProperties: Record<string, Schema> = {
  uuid: { type: 'string', format: 'uuid' },
  message_id: { type: 'string', description: 'The Message-ID header, without angle brackets.' },
  created_at: isoTime,
  from: { oneOf: [ref('MailAddress'), { type: 'null' }], description: 'Null only for a message without a From.' },
  to: { type: 'array', items: ref('MailAddress') },
  cc: { type: 'array', items: ref('MailAddress') },
  bcc: { type: 'array', items: ref('MailAddress'), description: 'From the envelope.' },
  subject: { type: 'string' },
  snippet: { type: 'string', description: 'The first 200 characters of the text.' },
  size: { type: 'integer', description: 'Bytes of the raw message.' },
  attachments: { type: 'integer', description: 'How many attachments.' },
  template: nullable('string', { description: 'The template (mail_name) it was rendered from.' }),
  origin: {
    enum: ['campaign', 'confirmation', null],
    description:
      "What sent it: a campaign (a campaign mail or a test send of one), a double opt-in list's confirmation mail, or null for a transactional send.",
  },
  log_item_uuid: nullable('string', { description: 'Null when the send was not stored.' }),
  send_uuid: nullable('string', { description: 'Null when the send was not stored.' }),
  read: { type: 'boolean', description: 'Opened in the inbox, or marked read (PATCH /_emulator/messages/{uuid}).' },
  via: {
    enum: ['api', 'smtp'],
    description:
      'How it was received: built for an API call (a send, a resend, a campaign...) or over SMTP (search: via:smtp).',
  },
  problems: nullable('integer', {
    description:
      'How many problems its checks found (GET /_emulator/messages/{uuid}/checks, summary.problems; search: has:problems). Null until the background check reaches it, a moment after capture; a search for has:problems waits for the checks.',
  }),
};
const summaryRequired = Object.keys(summaryProperties);

const messageSummary: Schema = { type: 'object', required: summaryRequired, properties: summaryProperties };

const attachment: Schema = {
  type: 'object',
  required: ['index', 'filename', 'content_type', 'content_id', 'size', 'url'],
  properties: {
    index: { type: 'integer', minimum: 0 },
    filename: { type: 'string' },
    content_type: { type: 'string' },
    content_id: nullable('string'),
    size: { type: 'integer' },
    url: { type: 'string', description: 'Where its bytes are served.' },
  },
};

const messageProperties: Record<string, Schema> = {
  ...summaryProperties,
  reply_to: { type: 'array', items: ref('MailAddress') },
  envelope: {
    type: 'object',
    required: ['from', 'to'],
    description:
      'MAIL FROM and every RCPT TO: as the SMTP client gave them for a mail received over SMTP, else as a send would give them (Bcc included).',
    properties: { from: { type: 'string' }, to: { type: 'array', items: { type: 'string' } } },
  },
  headers: {
    type: 'array',
    description: 'Every header, in order.',
    items: {
      type: 'object',
      required: ['name', 'value'],
      properties: { name: { type: 'string' }, value: { type: 'string' } },
    },
  },
  text: nullable('string'),
  html: nullable('string'),
  attachments: { type: 'array', items: ref('Attachment') },
  replacements: nullable('object', { additionalProperties: true }),
  campaign: {
    oneOf: [
      {
        type: 'object',
        required: ['uuid', 'name'],
        properties: { uuid: { type: 'string' }, name: nullable('string') },
      },
      { type: 'null' },
    ],
    description:
      'The campaign a campaign mail (or a test of it) came from; the name is null once the campaign is deleted.',
  },
  email_list: {
    oneOf: [
      {
        type: 'object',
        required: ['uuid', 'name'],
        properties: { uuid: { type: 'string' }, name: nullable('string') },
      },
      { type: 'null' },
    ],
    description: 'The email list of a campaign or double opt-in mail.',
  },
  subscriber_uuid: nullable('string', { description: 'The subscriber a campaign or double opt-in mail went to.' }),
  links: {
    type: 'array',
    items: { type: 'string' },
    description: "The HTML's hrefs and the text's URLs, in order, without duplicates.",
  },
  link_details: {
    type: 'array',
    description: 'The links again, in the same order, each with what the reader clicks.',
    items: {
      type: 'object',
      required: ['url', 'text'],
      properties: {
        url: { type: 'string' },
        text: nullable('string', {
          description:
            "The visible text of the first <a> with this href that has any (entities decoded, whitespace collapsed, at most 200 characters and an ellipsis), else its image's alt; " +
            'null for a URL written in the text part or an href outside an <a>.',
        }),
      },
    },
  },
  codes: {
    type: 'array',
    items: { type: 'string' },
    description:
      'One-time codes standing alone in the text: 4 to 8 digits, or 6 to 8 upper-case letters and digits with at least one digit.',
  },
};
const message: Schema = { type: 'object', required: Object.keys(messageProperties), properties: messageProperties };

const faultMethods = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

const faultRuleInput: Schema = {
  type: 'object',
  additionalProperties: false,
  description:
    'An HTTP rule gives at least one effect: status (with body and headers), preset, headers, delay_ms or drop. An SMTP rule ' +
    'gives smtp and reply (and may match sender, recipient, times, probability), and none of the HTTP fields.',
  properties: {
    method: {
      type: 'string',
      description: `One of ${faultMethods.join(', ')}, in any case. Default: any.`,
      examples: ['POST'],
    },
    route: {
      type: 'string',
      description: 'A path pattern; * matches one segment. Default: any.',
      examples: ['/api/transactional-mails/send'],
    },
    recipient: { type: 'string', description: "Matches a send's to/cc/bcc, case-insensitive." },
    status: { type: 'integer', minimum: 100, maximum: 599 },
    body: { description: 'A string, or JSON.' },
    headers: {
      type: 'object',
      description:
        'Header names are HTTP tokens; values are printable ASCII, spaces and tabs (no line breaks or control characters).',
      propertyNames: { pattern: "^[!#$%&'*+\\-.^_`|~0-9A-Za-z]+$" },
      additionalProperties: { oneOf: [{ type: 'string', pattern: '^[\\t\\x20-\\x7e]*$' }, { type: 'number' }] },
    },
    delay_ms: { type: 'integer', minimum: 0, maximum: 600000 },
    drop: { type: 'boolean', description: 'Close the connection without an answer.' },
    times: { type: 'integer', minimum: 1, description: 'Default: unlimited.' },
    probability: { type: 'number', minimum: 0, maximum: 1 },
    preset: { type: 'string', enum: ['rate-limited', 'server-error'] },
    smtp: {
      type: 'string',
      enum: ['MAIL', 'RCPT', 'DATA'],
      description:
        'Makes it an SMTP rule answering this command (DATA: after the final dot, nothing stored); lower case is taken too.',
    },
    sender: {
      type: 'string',
      description: 'SMTP rules: matches MAIL FROM, case-insensitive; * matches any characters.',
    },
    reply: {
      type: 'object',
      additionalProperties: false,
      required: ['code'],
      description:
        'SMTP rules: the reply the client gets. RCPT refuses only that recipient; MAIL and DATA store nothing.',
      properties: {
        code: { type: 'integer', minimum: 400, maximum: 599 },
        message: {
          type: 'string',
          maxLength: 500,
          pattern: '^[\\x20-\\x7e]*$',
          description: 'Default: a standard text for the class (4xx, 5xx).',
        },
      },
      examples: [{ code: 550, message: '5.1.1 No such user' }],
    },
  },
};

const faultRule: Schema = {
  type: 'object',
  required: [
    'id',
    'method',
    'route',
    'recipient',
    'status',
    'body',
    'headers',
    'delay_ms',
    'drop',
    'times',
    'probability',
    'preset',
    'smtp',
    'sender',
    'reply',
    'remaining',
    'fired',
  ],
  properties: {
    id: { type: 'integer' },
    method: { enum: [...faultMethods, null] },
    route: nullable('string'),
    recipient: nullable('string'),
    status: nullable('integer'),
    body: { description: 'A string, JSON, or null.' },
    headers: nullable('object', { additionalProperties: { type: 'string' } }),
    delay_ms: nullable('integer'),
    drop: { type: 'boolean' },
    times: nullable('integer'),
    probability: nullable('number'),
    preset: { enum: ['rate-limited', 'server-error', null] },
    smtp: { enum: ['MAIL', 'RCPT', 'DATA', null] },
    sender: nullable('string'),
    reply: {
      oneOf: [
        {
          type: 'object',
          required: ['code', 'message'],
          properties: { code: { type: 'integer' }, message: { type: 'string' } },
        },
        { type: 'null' },
      ],
    },
    remaining: nullable('integer', { description: 'Null when unlimited.' }),
    fired: { type: 'integer' },
  },
};

const nullableTime = nullable('string');
const sendProperties: Record<string, Schema> = {
  uuid: { type: 'string', format: 'uuid' },
  transport_message_id: nullable('string'),
  campaign_uuid: nullable('string'),
  automation_mail_uuid: nullable('string'),
  transactional_mail_log_item_uuid: nullable('string'),
  subscriber_uuid: nullable('string'),
  sent_at: nullableTime,
  failed_at: nullableTime,
  failure_reason: nullable('string'),
  open_count: { type: 'integer' },
  click_count: { type: 'integer' },
  first_opened_at: nullableTime,
  last_opened_at: nullableTime,
  first_clicked_at: nullableTime,
  last_clicked_at: nullableTime,
  created_at: nullableTime,
  updated_at: nullableTime,
};
const send: Schema = {
  type: 'object',
  description: 'As GET /api/sends/{uuid} shows it (Mailcoach timestamps, six fractional digits).',
  required: Object.keys(sendProperties),
  properties: sendProperties,
};

const suppression: Schema = {
  type: 'object',
  required: ['uuid', 'email', 'reason', 'created_at', 'updated_at'],
  properties: {
    uuid: { type: 'string', format: 'uuid' },
    email: { type: 'string' },
    reason: { type: 'string', enum: ['hard_bounce', 'spam_complaint', 'manual'] },
    created_at: { type: 'string' },
    updated_at: { type: 'string' },
  },
};

const suppressionOrigins = ['fixture', 'seed', 'api', 'emulator', 'bounce', 'complaint'];

/** Spelled out whole (no allOf), so that test/contract/openapi-answers.test.ts can check answers strictly. */
const suppressionWithOrigin: Schema = {
  ...suppression,
  description: 'A suppression with why the emulator holds it.',
  required: [...(suppression.required as string[]), 'origin'],
  properties: {
    ...(suppression.properties as Record<string, Schema>),
    origin: nullable('string', {
      enum: [...suppressionOrigins, null],
      description:
        'fixture, seed, api, emulator (POST /_emulator/suppressions), bounce or complaint (a simulation); null for rows from before the emulator kept track.',
    }),
  },
};

const sendWithState: Schema = {
  type: 'object',
  description: 'A send as GET /api/sends shows it, with what the emulator knows beyond it.',
  required: [
    ...Object.keys(sendProperties),
    'state',
    'feedback',
    'message_uuid',
    'email',
    'subject',
    'campaign_name',
    'template_name',
  ],
  properties: {
    ...sendProperties,
    state: {
      enum: ['failed', 'suppressed', 'complained', 'bounced', 'soft_bounced', 'clicked', 'opened', 'sent', 'pending'],
      description:
        'The furthest it got: a failure; suppressed (a campaign send to a suppressed address: a Send without a mail); a complaint, a bounce, a soft bounce, a click, an open, sent.',
    },
    feedback: {
      type: 'array',
      description:
        'Bounces and complaints simulated on it (suppressed: a campaign send to a suppressed address), in order.',
      items: {
        type: 'object',
        required: ['type', 'created_at'],
        properties: {
          type: { enum: ['bounce', 'soft_bounce', 'complaint', 'suppressed'] },
          created_at: { type: 'string' },
        },
      },
    },
    message_uuid: nullable('string', {
      description:
        "Its captured message: a transactional send's, or a campaign mail; null when there is none (any more).",
    }),
    email: nullable('string', {
      description:
        "The recipient: the subscriber's address, or the first To address of the log item; null when unknown.",
    }),
    subject: nullable('string', {
      description: "The captured mail's subject, else the log item's, else the campaign's (its subject or name).",
    }),
    campaign_name: nullable('string', { description: "The campaign's name, while the campaign exists." }),
    template_name: nullable('string', {
      description: "The transactional template the mail was rendered from, else the log item's mail_name.",
    }),
  },
};

const logItemWithLinks: Schema = {
  type: 'object',
  description:
    'A transactional mail log item as GET /api/transactional-mails shows it, with its captured message and its send.',
  required: ['uuid', 'subject', 'from', 'to', 'cc', 'bcc', 'body', 'html', 'created_at', 'message_uuid', 'send_uuid'],
  properties: {
    uuid: { type: 'string', format: 'uuid' },
    subject: { type: 'string' },
    from: { type: 'array', items: ref('MailAddress') },
    to: { type: 'array', items: ref('MailAddress') },
    cc: { type: 'array', items: ref('MailAddress') },
    bcc: { type: 'array', items: ref('MailAddress') },
    body: nullable('string', { description: 'The HTML as rendered (Mailcoach keeps it under both names).' }),
    html: nullable('string'),
    created_at: { type: 'string' },
    message_uuid: nullable('string', { description: 'The captured message; null when it was deleted.' }),
    send_uuid: nullable('string', { description: 'Its Send; null when none was stored.' }),
  },
};

const subscriber: Schema = {
  type: 'object',
  description: 'As GET /api/subscribers/{uuid} shows it.',
  required: [
    'uuid',
    'email_list_uuid',
    'email',
    'first_name',
    'last_name',
    'extra_attributes',
    'tags',
    'subscribed_at',
    'unsubscribed_at',
    'created_at',
    'updated_at',
  ],
  properties: {
    uuid: { type: 'string', format: 'uuid' },
    email_list_uuid: { type: 'string', format: 'uuid' },
    email: { type: 'string', description: 'Lower-cased.' },
    first_name: nullable('string'),
    last_name: nullable('string'),
    extra_attributes: { type: 'object', additionalProperties: true, description: '{} when none.' },
    tags: { type: 'array', items: { type: 'string' }, description: 'Tag names.' },
    subscribed_at: nullableTime,
    unsubscribed_at: nullableTime,
    created_at: { type: 'string' },
    updated_at: { type: 'string' },
  },
};

// The web UI's audience views (/_emulator/email-lists, /_emulator/subscribers).
const statusNames = ['subscribed', 'unconfirmed', 'unsubscribed'];
const emailListOverviewProperties: Record<string, Schema> = {
  uuid: { type: 'string', format: 'uuid' },
  name: { type: 'string' },
  active_subscribers_count: { type: 'integer', description: 'Subscribed, not unsubscribed.' },
  subscribers_counts: {
    type: 'object',
    required: statusNames,
    properties: Object.fromEntries(statusNames.map((name) => [name, { type: 'integer' }])),
    description: 'The subscribers by status.',
  },
  default_from_email: nullable('string'),
  default_from_name: nullable('string'),
  requires_confirmation: { type: 'boolean', description: 'Double opt-in.' },
  created_at: { type: 'string' },
};
const emailListOverview: Schema = {
  type: 'object',
  required: Object.keys(emailListOverviewProperties),
  properties: emailListOverviewProperties,
};
const counted = (extra: Record<string, Schema>, description: string): Schema => ({
  type: 'array',
  description,
  items: {
    type: 'object',
    required: ['uuid', 'name', ...Object.keys(extra), 'subscriber_count'],
    properties: {
      uuid: { type: 'string', format: 'uuid' },
      name: { type: 'string' },
      ...extra,
      subscriber_count: { type: 'integer' },
    },
  },
});
const subscriberImportSummaryProperties: Record<string, Schema> = {
  uuid: { type: 'string', format: 'uuid' },
  status: { enum: ['draft', 'pending', 'importing', 'completed', 'failed'] },
  imported_subscribers_count: { type: 'integer' },
  error_count: { type: 'integer', description: 'Rows whose address was not valid.' },
  created_at: { type: 'string' },
  updated_at: { type: 'string' },
};
const emailListDetailProperties: Record<string, Schema> = {
  ...emailListOverviewProperties,
  tags: counted(
    { type: { enum: ['default', 'mailcoach'] } },
    'By name; subscriber_count: the subscribers with the tag, any status.',
  ),
  segments: counted(
    {},
    'By name; subscriber_count: the subscribed subscribers meeting its conditions (what a campaign to it reaches).',
  ),
  imports: {
    type: 'array',
    description: 'Newest first, at most 100.',
    items: {
      type: 'object',
      required: Object.keys(subscriberImportSummaryProperties),
      properties: subscriberImportSummaryProperties,
    },
  },
};
const subscriberWithStatusProperties: Record<string, Schema> = {
  ...(subscriber.properties as Record<string, Schema>),
  status: { enum: statusNames },
};
const subscriberWithStatus: Schema = {
  type: 'object',
  description: 'As GET /api/subscribers/{uuid} shows it, with its status.',
  required: [...(subscriber.required as string[]), 'status'],
  properties: subscriberWithStatusProperties,
};
const subscriberDetail: Schema = {
  type: 'object',
  required: [...(subscriberWithStatus.required as string[]), 'tag_types', 'email_list'],
  properties: {
    ...subscriberWithStatusProperties,
    tag_types: {
      type: 'object',
      additionalProperties: { enum: ['default', 'mailcoach'] },
      description: "Each tag's type, by name.",
    },
    email_list: {
      type: 'object',
      required: ['uuid', 'name', 'requires_confirmation'],
      properties: {
        uuid: { type: 'string', format: 'uuid' },
        name: { type: 'string' },
        requires_confirmation: { type: 'boolean' },
      },
    },
  },
};

const automation: Schema = {
  type: 'object',
  required: ['uuid', 'name', 'email_list_uuid', 'status', 'webhook_trigger', 'repeat_enabled', 'triggers'],
  properties: {
    uuid: { type: 'string', format: 'uuid' },
    name: { type: 'string' },
    email_list_uuid: nullable('string'),
    status: { enum: ['started', 'paused'] },
    webhook_trigger: { type: 'boolean' },
    repeat_enabled: { type: 'boolean' },
    triggers: {
      type: 'array',
      description: 'Every POST /api/automations/{uuid}/trigger, per subscriber, in order.',
      items: {
        type: 'object',
        required: ['subscriber_uuid', 'entered', 'reason', 'created_at'],
        properties: {
          subscriber_uuid: { type: 'string' },
          subscriber_email: nullable('string', { description: 'The address; null once the subscriber is deleted.' }),
          entered: { type: 'boolean', description: 'Whether the subscriber would have entered the automation.' },
          reason: nullable('string', { description: 'Why not, when not.' }),
          created_at: isoTime,
        },
      },
    },
  },
};

const recipientChoice: Schema = {
  type: 'object',
  required: ['uuid', 'email', 'first_name', 'last_name'],
  properties: {
    uuid: { type: 'string' },
    email: { type: 'string' },
    first_name: nullable('string'),
    last_name: nullable('string'),
  },
};

const campaignRecordProperties: Record<string, Schema> = {
  uuid: { type: 'string' },
  name: { type: 'string' },
  subject: nullable('string'),
  status: { type: 'string', enum: ['draft', 'sending', 'sent', 'paused', 'cancelled'] },
  email_list: { type: ['object', 'null'], properties: { uuid: { type: 'string' }, name: { type: 'string' } } },
  segment_description: { type: 'string' },
  scheduled_at: nullable('string'),
  sent_at: nullable('string'),
  created_at: { type: 'string' },
  sent_to_number_of_subscribers: { type: 'integer' },
  sends_count: { type: 'integer' },
  open_count: { type: 'integer' },
  unique_open_count: { type: 'integer' },
  click_count: { type: 'integer' },
  unique_click_count: { type: 'integer' },
  unsubscribe_count: { type: 'integer' },
  bounce_count: { type: 'integer' },
};

const campaignRecordSchema: Schema = {
  type: 'object',
  required: Object.keys(campaignRecordProperties),
  properties: campaignRecordProperties,
};

const campaignDetailProperties: Record<string, Schema> = {
  ...campaignRecordProperties,
  from_email: nullable('string'),
  audience_count: { type: 'integer', description: 'How many subscribers a send now reaches.' },
  links: {
    type: 'array',
    items: {
      type: 'object',
      required: ['url', 'unique_click_count', 'click_count'],
      properties: {
        url: { type: 'string' },
        unique_click_count: { type: 'integer' },
        click_count: { type: 'integer' },
      },
    },
  },
  subscribers: {
    type: 'array',
    items: recipientChoice,
    description: "The list's first 50 subscribers, to preview as.",
  },
};

const campaignDetailSchema: Schema = {
  type: 'object',
  required: Object.keys(campaignDetailProperties),
  properties: campaignDetailProperties,
};

const campaignTemplateRecordSchema = {
  type: 'object',
  required: ['uuid', 'name', 'fields'],
  properties: {
    uuid: { type: 'string' },
    name: { type: 'string' },
    fields: {
      type: 'array',
      items: {
        type: 'object',
        required: ['name', 'type'],
        properties: { name: { type: 'string' }, type: { type: 'string' } },
      },
    },
  },
} satisfies Schema;

const campaignPreviewSchema: Schema = {
  type: 'object',
  required: ['subscriber', 'subject', 'html', 'text'],
  properties: {
    subscriber: { oneOf: [recipientChoice, { type: 'null' }] },
    subject: { type: 'string' },
    html: nullable('string'),
    text: nullable('string'),
  },
};

const pageLinks: Schema = {
  type: 'object',
  required: ['first', 'last', 'prev', 'next'],
  properties: {
    first: { type: 'string' },
    last: { type: 'string' },
    prev: nullable('string'),
    next: nullable('string'),
  },
};

const pageMetaProperties: Record<string, Schema> = {
  current_page: { type: 'integer' },
  from: nullable('integer'),
  last_page: { type: 'integer' },
  path: { type: 'string' },
  per_page: { type: 'integer' },
  to: nullable('integer'),
  total: { type: 'integer' },
};

const clockState: Schema = {
  type: 'object',
  required: ['now', 'frozen'],
  properties: { now: isoTime, frozen: { type: 'boolean' } },
};

const clockChange: Schema = {
  type: 'object',
  additionalProperties: false,
  description:
    'Give freeze, advance_ms, resume or reset (freeze and resume not together; applied in the order reset, freeze, ' +
    'resume, advance_ms). The clock stays within ' +
    '1970-01-01T00:00:00.000Z..9999-12-31T23:59:59.999Z: a change that would take it out is a 422 and changes nothing.',
  properties: {
    freeze: {
      oneOf: [{ const: true }, isoTime],
      description:
        'true: stop now; an ISO 8601 date-time (UTC unless it has an offset; not a date alone): stop at that instant.',
    },
    advance_ms: { type: 'integer', minimum: 0, maximum: 3155760000000, description: 'At most 100 years.' },
    resume: { const: true },
    reset: {
      const: true,
      description:
        "Back to the clock the emulator started with (the system time, or --clock's): not frozen, nothing advanced.",
    },
  },
};

const fixture: Schema = {
  type: 'object',
  description:
    "A fixture file's JSON (fixtures/README.md); templates give `body` inline (no body_file through the API), campaign templates `html` (no html_file).",
  properties: {
    $comment: { type: 'string' },
    templates: { type: 'array', items: { type: 'object' } },
    suppressions: { type: 'array', items: { type: 'object' } },
    transactional_mails: { type: 'array', items: { type: 'object' } },
    sends: { type: 'array', items: { type: 'object' } },
    email_lists: {
      type: 'array',
      items: { type: 'object' },
      description: 'Email lists, each with its `subscribers`, `tags` and `segments`.',
    },
    campaign_templates: { type: 'array', items: { type: 'object' } },
  },
};

const seedCounts: Schema = {
  type: 'object',
  required: [
    'templates',
    'suppressions',
    'transactional_mails',
    'sends',
    'email_lists',
    'subscribers',
    'campaign_templates',
    'automations',
    'campaigns',
    'webhooks',
  ],
  properties: {
    templates: { type: 'integer' },
    suppressions: { type: 'integer' },
    transactional_mails: { type: 'integer' },
    sends: { type: 'integer' },
    email_lists: { type: 'integer' },
    subscribers: { type: 'integer', description: "The subscribers of the document's email lists, together." },
    campaign_templates: { type: 'integer' },
    automations: { type: 'integer' },
    campaigns: { type: 'integer' },
    webhooks: { type: 'integer', description: 'Webhook configurations.' },
  },
};

const bounceTarget: Schema = {
  type: 'object',
  description: 'The address, or a send whose recipient it is.',
  properties: { email: { type: 'string', format: 'email' }, send_uuid: { type: 'string', format: 'uuid' } },
  anyOf: [{ required: ['email'] }, { required: ['send_uuid'] }],
};

const suppressionAnswer = json(
  {
    type: 'object',
    required: ['suppression', 'created'],
    properties: {
      suppression: { oneOf: [ref('Suppression'), { type: 'null' }] },
      created: { type: 'boolean', description: 'Whether this report added the suppression (false: it existed).' },
    },
  },
  'The suppression the event added (or the one that already existed); null for a soft bounce.',
);

const sendAnswer = json(
  { type: 'object', required: ['data'], properties: { data: ref('Send') } },
  'The send with its counts and first/last timestamps updated.',
);

const engagement = (what: string) => ({
  tags: ['simulate'],
  summary: `Registers ${what} of a send`,
  requestBody: jsonBody({
    type: 'object',
    required: ['send_uuid'],
    properties: {
      send_uuid: { type: 'string', format: 'uuid' },
      url: {
        type: 'string',
        description: "A click only: the link of a campaign's mail clicked (default: the campaign's first link).",
      },
    },
  }),
  responses: { 200: sendAnswer, ...errors, ...notFound, ...invalid },
});

const bounceOperation = (summary: string) => ({
  tags: ['simulate'],
  summary,
  requestBody: jsonBody(ref('BounceTarget')),
  responses: { 200: suppressionAnswer, ...errors, ...notFound, ...invalid },
});

const templateTypes = ['html', 'markdown', 'mjml', 'blade'];
const emailList = nullable('array', { items: { type: 'string', format: 'email' } });
const templateParam = {
  name: 'template',
  in: 'path',
  required: true,
  schema: { type: 'string' },
  description: "The template's name, or its uuid (as a send's mail_name names it).",
};

const studioTemplate: Schema = {
  type: 'object',
  required: [
    'uuid',
    'name',
    'label',
    'type',
    'subject',
    'body',
    'from',
    'to',
    'cc',
    'bcc',
    'store_mail',
    'origin',
    'fixture_file',
    'created_at',
    'updated_at',
    'mails_sent',
    'last_used_at',
  ],
  properties: {
    uuid: { type: 'string', format: 'uuid' },
    name: { type: 'string' },
    label: nullable('string'),
    type: { enum: templateTypes },
    subject: { type: 'string' },
    body: { type: 'string' },
    from: nullable('string'),
    to: emailList,
    cc: emailList,
    bcc: emailList,
    store_mail: { type: 'boolean' },
    origin: {
      enum: ['fixture', 'edited', 'created'],
      description:
        'fixture: as the fixtures have it; edited: a fixture template changed here (reset puts the fixture back); created: not in the fixtures (reset removes it).',
    },
    fixture_file: nullable('string', {
      description: 'The fixture file holding its body (body_file), when it has one.',
    }),
    created_at: isoTime,
    updated_at: isoTime,
    mails_sent: { type: 'integer', description: 'Captured mails rendered from it (by name).' },
    last_used_at: { oneOf: [isoTime, { type: 'null' }], description: 'When the last of them was captured.' },
  },
};

const templateInputProperties: Record<string, Schema> = {
  name: { type: 'string', minLength: 1, maxLength: 255, description: 'Unique in the workspace.' },
  label: nullable('string', { maxLength: 255 }),
  type: { enum: templateTypes },
  subject: { type: 'string' },
  body: { type: 'string' },
  from: nullable('string', { maxLength: 255 }),
  to: emailList,
  cc: emailList,
  bcc: emailList,
  store_mail: { type: 'boolean' },
};

const renderDiagnostic: Schema = {
  type: 'object',
  required: ['field', 'line', 'column', 'message', 'source'],
  properties: {
    field: { enum: ['body', 'subject'] },
    line: nullable('integer', { description: "From 1, in the field's text." }),
    column: nullable('integer'),
    message: { type: 'string' },
    source: {
      enum: ['mjml', 'structure', 'twig'],
      description:
        "mjml: MJML's parser or validator; structure: an MJML tag left open or closed twice; twig: Twig's compiler.",
    },
  },
};

const templateRender: Schema = {
  type: 'object',
  required: [
    'subject',
    'html',
    'text',
    'placeholders',
    'unused_replacements',
    'unreplaced_placeholders',
    'errors',
    'warnings',
  ],
  properties: {
    subject: { type: 'string' },
    html: nullable('string', { description: 'Null when a send would fail (MJML that cannot be parsed at all).' }),
    text: nullable('string'),
    placeholders: {
      type: 'array',
      items: { type: 'string' },
      description: '::key:: placeholders and Twig variables used, in order.',
    },
    unused_replacements: { type: 'array', items: { type: 'string' } },
    unreplaced_placeholders: { type: 'array', items: { type: 'string' } },
    errors: { type: 'array', items: ref('RenderDiagnostic'), description: "What the template's author must fix." },
    warnings: {
      type: 'array',
      items: ref('RenderDiagnostic'),
      description: "MJML's validation messages (the mail still renders).",
    },
  },
};

const fixtureProblem: Schema = {
  type: 'object',
  required: ['file', 'line', 'column', 'message'],
  properties: {
    file: { type: 'string' },
    line: nullable('integer'),
    column: nullable('integer'),
    message: { type: 'string' },
  },
};

/**
 * A Mailcoach list under /_emulator: the API's paginated page of `items` (with `meta.links` on the sends list
 * only, as the API), and the API's 400 for a bad sort or filter.
 */
const LIST_PARAM = {
  name: 'uuid',
  in: 'path',
  required: true,
  description: "The list's uuid.",
  schema: { type: 'string', format: 'uuid' },
};
const SUBSCRIBER_PARAM = {
  name: 'uuid',
  in: 'path',
  required: true,
  description: "The subscriber's uuid.",
  schema: { type: 'string', format: 'uuid' },
};
const SUBSCRIBER_ANSWER = json(
  { type: 'object', required: ['data'], properties: { data: ref('SubscriberDetail') } },
  'The subscriber as it now is.',
);
const TAGS_BODY: Schema = {
  type: 'object',
  required: ['tags'],
  properties: { tags: { type: 'array', items: { type: 'string' } } },
};

const apiPage = (items: Schema, apiPath: string, withMetaLinks = false) => ({
  200: json(
    {
      type: 'object',
      required: ['data', 'links', 'meta'],
      properties: {
        data: { type: 'array', items },
        links: ref('PageLinks'),
        meta: {
          type: 'object',
          required: Object.keys(pageMetaProperties).concat(withMetaLinks ? ['links'] : []),
          properties: {
            ...pageMetaProperties,
            ...(withMetaLinks
              ? {
                  links: {
                    type: 'array',
                    items: {
                      type: 'object',
                      required: ['url', 'label', 'active'],
                      properties: { url: nullable('string'), label: { type: 'string' }, active: { type: 'boolean' } },
                    },
                  },
                }
              : {}),
          },
        },
      },
    },
    'The page.',
  ),
  ...errors,
  400: json(ref('Error'), `A sort or filter the API does not allow, answered as GET ${apiPath} answers it.`),
});

// ---- Webhooks (mailcoach-webhooks.md; decisions.md "Webhooks") -------------------------------------------------

/** server/mailcoach-events.ts WEBHOOK_EVENTS. */
const webhookEvents = [
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
];
const webhookEvent: Schema = { enum: webhookEvents };
const webhookCallStatuses = ['pending', 'succeeded', 'failed'];

const webhookConfiguration: Schema = {
  type: 'object',
  properties: {
    uuid: { type: 'string', format: 'uuid' },
    name: { type: 'string' },
    url: { type: 'string' },
    secret: { type: 'string', description: "The Signature's HMAC-SHA256 key, in clear." },
    enabled: { type: 'boolean' },
    use_for_all_lists: { type: 'boolean' },
    email_lists: {
      type: 'array',
      items: { type: 'string', format: 'uuid' },
      description: 'List uuids; read only when use_for_all_lists is false.',
    },
    use_for_all_events: { type: 'boolean', description: 'Stored and shown; as in Mailcoach only `events` filters.' },
    events: { type: 'array', items: webhookEvent, description: 'Empty: every event.' },
    origin: {
      enum: ['fixture', 'cli', 'api'],
      description: 'The fixtures, the CLI (--webhook), or this API (and the web UI).',
    },
    created_at: isoTime,
    updated_at: isoTime,
  },
};

const webhookConfigurationInput: Schema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    name: { type: 'string', minLength: 1, maxLength: 255 },
    url: { type: 'string', description: 'An http:// or https:// URL (a local app is fine).' },
    secret: {
      type: 'string',
      minLength: 1,
      maxLength: 255,
      description: 'Default on create: 16 random letters and digits.',
    },
    enabled: { type: 'boolean', description: 'Default on create: true.' },
    use_for_all_lists: { type: 'boolean', description: 'Default on create: true.' },
    email_lists: {
      type: 'array',
      items: { type: 'string' },
      description: 'Required when use_for_all_lists is false; each a list of the workspace.',
    },
    use_for_all_events: { type: 'boolean', description: 'Default on create: true.' },
    events: { type: 'array', items: webhookEvent },
  },
};

const webhookRequestHeaders: Schema = {
  type: 'object',
  description: "What Mailcoach's Guzzle sends besides Host and Content-Length.",
  properties: {
    'Content-Type': { const: 'application/json' },
    Signature: { type: 'string', description: 'Lower-case hex HMAC-SHA256 of the exact body with the secret.' },
    'User-Agent': { const: 'GuzzleHttp/7' },
  },
};

const webhookAttempt: Schema = {
  type: 'object',
  properties: {
    uuid: { type: 'string', format: 'uuid' },
    attempt: { type: ['integer', 'null'], minimum: 1, maximum: 5, description: 'Null for a manual resend.' },
    manual: { type: 'boolean' },
    url: { type: 'string' },
    status_code: {
      type: ['integer', 'null'],
      description: 'Null when no response came (connection error, timeout, too many redirects).',
    },
    succeeded: { type: 'boolean', description: 'A 2xx.' },
    response: { type: 'string', description: "The answer body's first 64 KiB, as text; empty without one." },
    error: nullable('string', { description: 'Why no response came, or why this one did not count.' }),
    duration_ms: { type: 'integer' },
    request: {
      oneOf: [
        { type: 'null' },
        { type: 'object', properties: { headers: ref('WebhookRequestHeaders'), body: { type: 'string' } } },
      ],
      description:
        "What a resend sent (the payload re-encoded as v8 does, signed with the current secret); null: the call's request.",
    },
    created_at: isoTime,
  },
};

const webhookCall: Schema = {
  type: 'object',
  properties: {
    uuid: { type: 'string', format: 'uuid', description: "v8's webhook_call_uuid, shared by its retries and resends." },
    event: webhookEvent,
    status: {
      enum: webhookCallStatuses,
      description: 'pending: not tried yet, or a retry is due; failed: every try failed.',
    },
    attempts: { type: 'integer', minimum: 0, description: 'Automatic tries so far (resends not counted).' },
    next_attempt_at: {
      oneOf: [isoTime, { type: 'null' }],
      description: "On the emulator's clock; null once succeeded or failed.",
    },
    configuration: {
      oneOf: [
        { type: 'object', properties: { uuid: { type: 'string', format: 'uuid' }, name: { type: 'string' } } },
        { type: 'null' },
      ],
    },
    email_list_uuid: nullable('string'),
    subscriber_uuid: nullable('string'),
    email: nullable('string'),
    send_uuid: nullable('string'),
    campaign_uuid: nullable('string'),
    request: {
      type: 'object',
      properties: {
        method: { const: 'POST' },
        url: { type: 'string' },
        headers: ref('WebhookRequestHeaders'),
        body: { type: 'string', description: 'The exact bytes sent.' },
      },
    },
    attempts_log: { type: 'array', items: ref('WebhookAttempt'), description: 'Oldest first.' },
    created_at: isoTime,
    updated_at: isoTime,
  },
};

const webhookParam = {
  name: 'webhook',
  in: 'path',
  required: true,
  description: "The configuration's uuid.",
  schema: { type: 'string', format: 'uuid' },
};
const callParam = {
  name: 'call',
  in: 'path',
  required: true,
  description: "The call's uuid.",
  schema: { type: 'string', format: 'uuid' },
};
const sinkParam = {
  name: 'name',
  in: 'path',
  required: true,
  description: '1 to 64 letters, digits, dots, dashes or underscores; anything else is a 404.',
  schema: { type: 'string', pattern: '^[A-Za-z0-9._-]{1,64}$' },
};

const webhookSinkRequest: Schema = {
  type: 'object',
  properties: {
    received_at: isoTime,
    method: { type: 'string' },
    url: { type: 'string' },
    headers: { type: 'object', additionalProperties: { type: 'string' }, description: 'Lower-cased names.' },
    body: { type: 'string' },
  },
};

const bodyOperation = (part: 'html' | 'text', mediaType: string) => ({
  tags: ['messages'],
  summary: `The ${part} body`,
  parameters: [readUuidParam],
  responses: {
    200: { description: `The ${part} part.`, content: { [mediaType]: { schema: { type: 'string' } } } },
    ...errors,
    404: { $ref: '#/components/responses/NotFound', description: `No such message, or it has no ${part} part.` },
  },
});

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
  paths: {
    '/_emulator/messages': {
      get: {
        tags: ['messages'],
        summary: 'Lists captured messages, newest first',
        parameters: [
          queryParam,
          { name: 'page', in: 'query', required: false, schema: { type: 'integer', minimum: 1, default: 1 } },
          {
            name: 'per_page',
            in: 'query',
            required: false,
            schema: { type: 'integer', minimum: 1, maximum: 500, default: 50 },
          },
        ],
        responses: { 200: json(ref('MessagePage'), 'One page of summaries.'), ...errors, ...invalid },
      },
      delete: {
        tags: ['messages'],
        summary: 'Deletes every message matching the query (every message of the workspace without one)',
        parameters: [queryParam],
        responses: {
          200: json(
            { type: 'object', required: ['deleted'], properties: { deleted: { type: 'integer' } } },
            'How many were deleted.',
          ),
          ...errors,
          ...invalid,
        },
      },
    },
    '/_emulator/messages/{uuid}': {
      get: {
        tags: ['messages'],
        summary: "One message in full (found by its own uuid or its log item's)",
        parameters: [readUuidParam],
        responses: { 200: json(ref('Message'), 'The message.'), ...errors, ...notFound },
      },
      patch: {
        tags: ['messages'],
        summary: 'Marks one message read or unread',
        parameters: [uuidParam],
        requestBody: jsonBody({
          type: 'object',
          required: ['read'],
          additionalProperties: false,
          properties: { read: { type: 'boolean' } },
        }),
        responses: {
          200: json(ref('MessageSummary'), 'The summary, with its new read state.'),
          ...errors,
          ...notFound,
          ...invalid,
        },
      },
      delete: {
        tags: ['messages'],
        summary: 'Deletes one message',
        parameters: [uuidParam],
        responses: { 204: noContent, ...errors, ...notFound },
      },
    },
    '/_emulator/messages/{uuid}/raw': {
      get: {
        tags: ['messages'],
        summary: 'The .eml, byte for byte',
        parameters: [readUuidParam],
        responses: {
          200: {
            description: 'The raw RFC 5322 message.',
            content: { 'message/rfc822': { schema: { type: 'string' } } },
          },
          ...errors,
          ...notFound,
        },
      },
    },
    '/_emulator/messages/{uuid}/checks': {
      get: {
        tags: ['messages'],
        summary:
          'The checks report: client compatibility, links, unreplaced placeholders, headers (computed once, cached)',
        parameters: [readUuidParam],
        responses: { 200: json(ref('ChecksReport'), 'The report.'), ...errors, ...notFound },
      },
    },
    '/_emulator/checks': {
      post: {
        tags: ['messages'],
        summary: "The checks report of a mail not captured (the studio's render): no header checks",
        requestBody: jsonBody({
          type: 'object',
          required: ['subject', 'html', 'text'],
          additionalProperties: false,
          properties: { subject: { type: 'string' }, html: nullable('string'), text: nullable('string') },
        }),
        responses: { 200: json(ref('ChecksReport'), 'The report.'), ...errors, ...invalid },
      },
    },
    '/_emulator/messages/{uuid}/html': { get: bodyOperation('html', 'text/html') },
    '/_emulator/messages/{uuid}/text': { get: bodyOperation('text', 'text/plain') },
    '/_emulator/messages/{uuid}/attachments/{index}': {
      get: {
        tags: ['messages'],
        summary: "One attachment's bytes, with its Content-Type and filename",
        parameters: [
          readUuidParam,
          { name: 'index', in: 'path', required: true, schema: { type: 'integer', minimum: 0 } },
        ],
        responses: {
          200: {
            description: 'The attachment.',
            content: { '*/*': { schema: { type: 'string', contentMediaType: 'application/octet-stream' } } },
          },
          ...errors,
          ...notFound,
        },
      },
    },
    '/_emulator/wait-for': {
      get: {
        tags: ['messages'],
        summary: 'Waits until `count` messages match, without polling',
        parameters: [
          queryParam,
          {
            name: 'count',
            in: 'query',
            required: false,
            schema: { type: 'integer', minimum: 1, maximum: 500, default: 1 },
          },
          {
            name: 'timeout_ms',
            in: 'query',
            required: false,
            schema: { type: 'integer', minimum: 0, maximum: 120000, default: 5000 },
          },
          {
            name: 'after',
            in: 'query',
            required: false,
            description: 'An ISO time or a message uuid: only messages captured after it.',
            schema: { type: 'string' },
          },
        ],
        responses: {
          200: json(
            {
              type: 'object',
              required: ['data'],
              properties: { data: { type: 'array', items: ref('MessageSummary') } },
            },
            'As soon as `count` messages match: the matches, newest first.',
          ),
          408: json(ref('WaitTimeout'), 'The timeout passed first; `data` holds what did match.'),
          ...errors,
          ...invalid,
        },
      },
    },
    '/_emulator/events': {
      get: {
        tags: ['messages'],
        summary: 'Server-sent events of the workspace',
        description:
          'Events: `message.captured` {"uuid", "summary"}, `message.updated` {"uuid", "summary"} (its read state or its problem count changed), ' +
          '`messages.deleted` {"uuids": [...] or null}, ' +
          '`workspace.reset` {}, `audience.changed` {"uuids": [...] or null} (subscribers, lists, tags, segments or imports). EventSource cannot set headers: pass the token as ?token=.',
        responses: {
          200: { description: 'An event stream.', content: { 'text/event-stream': { schema: { type: 'string' } } } },
          ...errors,
        },
      },
    },
    '/_emulator/settings': {
      get: {
        tags: ['controls'],
        summary: "The emulator's settings a client needs: isolation and the accepted tokens",
        responses: {
          200: json(
            {
              type: 'object',
              required: [
                'isolate',
                'any_token',
                'tokens',
                'token_required',
                'allow_spam_complaint_deletion',
                'mailers',
                'rate_limit',
                'max_body_bytes',
                'render_workers',
                'fixtures',
                'watch',
                'webhooks',
                'webhook_retries',
                'smtp',
              ],
              properties: {
                isolate: { type: 'boolean', description: 'One workspace per token (--isolate).' },
                any_token: { type: 'boolean', description: 'Any non-empty token is accepted (--any-token).' },
                tokens: {
                  type: 'array',
                  items: { type: 'string' },
                  description: 'The accepted tokens; empty when a token is required.',
                },
                token_required: {
                  type: 'boolean',
                  description:
                    'Whether the UI and /_emulator need a token (bound beyond loopback, or --ui-token required).',
                },
                allow_spam_complaint_deletion: { type: 'boolean', description: '--allow-spam-complaint-deletion.' },
                mailers: { type: 'array', items: { type: 'string' }, description: '--mailers.' },
                rate_limit: nullable('integer', {
                  description: 'Requests per minute per token (--rate-limit); null: none.',
                }),
                max_body_bytes: { type: 'integer', description: '--max-body-mb, in bytes.' },
                render_workers: { type: 'integer', description: '--render-workers.' },
                fixtures: nullable('string', { description: 'The fixtures directory; null with --no-fixtures.' }),
                watch: { type: 'boolean', description: 'Whether --watch follows the fixtures.' },
                webhooks: {
                  type: 'array',
                  items: { type: 'string' },
                  description: 'The --webhook URLs (each a configuration for every list and event).',
                },
                webhook_retries: {
                  type: 'string',
                  enum: ['mailcoach', 'fast', 'off'],
                  description: '--webhook-retries.',
                },
                smtp: {
                  type: 'object',
                  required: ['port', 'smtps_port', 'starttls', 'auth_required'],
                  description:
                    'The SMTP intake (README "SMTP"): where apps send mail that does not go through the API.',
                  properties: {
                    port: nullable('integer', { description: 'The SMTP port (--smtp-port); null: off.' }),
                    smtps_port: nullable('integer', {
                      description: 'The implicit-TLS port (--smtps-port); null: off.',
                    }),
                    starttls: {
                      type: 'boolean',
                      description: 'STARTTLS is offered on the SMTP port (--smtp-starttls).',
                    },
                    auth_required: {
                      type: 'boolean',
                      description: 'AUTH with an accepted API token as the password is required.',
                    },
                  },
                },
              },
            },
            'The settings.',
          ),
          ...errors,
        },
      },
    },
    '/_emulator/reset': {
      post: {
        tags: ['controls'],
        summary: "Deletes the workspace's data and seeds its fixtures again",
        responses: { 204: noContent, ...errors },
      },
    },
    '/_emulator/seed': {
      post: {
        tags: ['controls'],
        summary: 'Seeds fixture data into the workspace',
        requestBody: jsonBody(ref('Fixture')),
        responses: { 200: json(ref('SeedCounts'), 'How many of each were in the document.'), ...errors, ...invalid },
      },
    },
    '/_emulator/clock': {
      get: {
        tags: ['controls'],
        summary: "The emulator's time",
        responses: { 200: json(ref('ClockState'), 'Now, and whether the clock is frozen.'), ...errors },
      },
      post: {
        tags: ['controls'],
        summary: 'Freezes, advances, resumes or resets the clock',
        requestBody: jsonBody(ref('ClockChange')),
        responses: { 200: json(ref('ClockState'), 'The clock after the change.'), ...errors, ...invalid },
      },
    },
    '/_emulator/faults': {
      get: {
        tags: ['faults'],
        summary: "The workspace's fault rules",
        responses: {
          200: json(
            { type: 'object', required: ['data'], properties: { data: { type: 'array', items: ref('FaultRule') } } },
            'The rules.',
          ),
          ...errors,
        },
      },
      post: {
        tags: ['faults'],
        summary:
          'Adds a fault rule for Mailcoach requests (/api/...) or SMTP commands (MAIL, RCPT, DATA) of the workspace',
        requestBody: jsonBody(ref('FaultRuleInput')),
        responses: { 201: json(ref('FaultRule'), 'The rule, with its id and remaining count.'), ...errors, ...invalid },
      },
      delete: {
        tags: ['faults'],
        summary: 'Removes every fault rule of the workspace',
        responses: { 204: noContent, ...errors },
      },
    },
    '/_emulator/faults/{id}': {
      delete: {
        tags: ['faults'],
        summary: 'Removes one fault rule',
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }],
        responses: { 204: noContent, ...errors, ...notFound },
      },
    },
    '/_emulator/simulate/open': { post: engagement('an open') },
    '/_emulator/simulate/click': { post: engagement('a click') },
    '/_emulator/simulate/unsubscribe': {
      post: {
        tags: ['simulate'],
        summary: "Unsubscribes a campaign send's subscriber as its mail's link does, counted for the campaign",
        requestBody: jsonBody({
          type: 'object',
          required: ['send_uuid'],
          properties: { send_uuid: { type: 'string', format: 'uuid' } },
        }),
        responses: {
          200: json(
            { type: 'object', required: ['data'], properties: { data: ref('Subscriber') } },
            'The subscriber, unsubscribed.',
          ),
          ...errors,
          ...notFound,
          ...invalid,
        },
      },
    },
    '/_emulator/simulate/bounce': { post: bounceOperation('A hard bounce: adds a hard_bounce suppression') },
    '/_emulator/simulate/soft-bounce': { post: bounceOperation('A soft bounce: adds no suppression') },
    '/_emulator/simulate/complaint': { post: bounceOperation('A spam complaint: adds a spam_complaint suppression') },
    '/_emulator/templates': {
      get: {
        tags: ['templates'],
        summary: "The workspace's transactional mail templates, by name, with how many mails each rendered",
        responses: {
          200: json(
            {
              type: 'object',
              required: ['data'],
              properties: { data: { type: 'array', items: ref('StudioTemplate') } },
            },
            'The templates.',
          ),
          ...errors,
        },
      },
      post: {
        tags: ['templates'],
        summary: 'Creates a template (the Mailcoach API has no write endpoint for them); a reset removes it',
        requestBody: jsonBody({
          type: 'object',
          required: ['name', 'type'],
          additionalProperties: false,
          properties: templateInputProperties,
        }),
        responses: { 201: json(ref('StudioTemplate'), 'The template.'), ...errors, ...invalid },
      },
    },
    '/_emulator/templates/{template}': {
      get: {
        tags: ['templates'],
        summary: 'One template',
        parameters: [templateParam],
        responses: { 200: json(ref('StudioTemplate'), 'The template.'), ...errors, ...notFound },
      },
      patch: {
        tags: ['templates'],
        summary: 'Changes the fields given; a reset puts a fixture template back',
        parameters: [templateParam],
        requestBody: jsonBody({ type: 'object', additionalProperties: false, properties: templateInputProperties }),
        responses: { 200: json(ref('StudioTemplate'), 'The template as changed.'), ...errors, ...notFound, ...invalid },
      },
      delete: {
        tags: ['templates'],
        summary: 'Deletes a template; a reset puts a fixture template back',
        parameters: [templateParam],
        responses: { 204: noContent, ...errors, ...notFound },
      },
    },
    '/_emulator/templates/{template}/render': {
      post: {
        tags: ['templates'],
        summary: 'Renders the template as a send with these replacements would capture it',
        description:
          'subject, html and text are byte for byte what POST /api/transactional-mails/send with this mail_name and these ' +
          'replacements captures (same renderers). The rule for errors: bad input (not an object, a wrong type) is a 422; ' +
          'a template that has problems still answers 200, with them in `errors` (and html null when a send would fail), ' +
          'so that an editor can show them beside the last good render.',
        parameters: [templateParam],
        requestBody: jsonBody(
          {
            type: 'object',
            additionalProperties: false,
            properties: {
              replacements: { type: 'object', description: 'As a send gives them.' },
              template: {
                type: 'object',
                additionalProperties: false,
                description: 'Unsaved source fields rendered instead of the stored ones.',
                properties: { type: { enum: templateTypes }, subject: { type: 'string' }, body: { type: 'string' } },
              },
            },
          },
          false,
        ),
        responses: {
          200: json(ref('TemplateRender'), 'The render and its diagnostics.'),
          ...errors,
          ...notFound,
          ...invalid,
        },
      },
    },
    '/_emulator/suppressions': {
      post: {
        tags: ['controls'],
        summary: 'Adds a manual suppression (origin emulator), as POST /api/suppressions does, without an API token',
        requestBody: jsonBody({
          type: 'object',
          required: ['email'],
          properties: { email: { type: 'string', format: 'email' } },
        }),
        responses: {
          201: json(ref('SuppressionWithOrigin'), 'Added.'),
          200: json(ref('SuppressionWithOrigin'), 'Already suppressed: the existing row.'),
          ...errors,
          ...invalid,
        },
      },
      get: {
        tags: ['controls'],
        summary: "GET /api/suppressions's answer (same filters, sort and pages), each row with its origin",
        parameters: [
          { name: 'filter[search]', in: 'query', required: false, schema: { type: 'string' } },
          {
            name: 'filter[reason]',
            in: 'query',
            required: false,
            schema: { enum: ['hard_bounce', 'spam_complaint', 'manual'] },
          },
          { name: 'sort', in: 'query', required: false, schema: { enum: ['created_at', '-created_at'] } },
          { name: 'page', in: 'query', required: false, schema: { type: 'integer', minimum: 1 } },
        ],
        responses: apiPage(ref('SuppressionWithOrigin'), '/api/suppressions'),
      },
    },
    '/_emulator/suppressions/{suppression}': {
      delete: {
        tags: ['controls'],
        summary: "Deletes a suppression (uuid or email) under the API's spam-complaint rule",
        parameters: [{ name: 'suppression', in: 'path', required: true, schema: { type: 'string' } }],
        responses: {
          204: noContent,
          403: json(ref('Error'), 'A spam_complaint suppression (without --allow-spam-complaint-deletion).'),
          ...errors,
          ...notFound,
        },
      },
    },
    '/_emulator/automations': {
      get: {
        tags: ['controls'],
        summary: "The workspace's automations and the triggers POST /api/automations/{uuid}/trigger recorded",
        responses: {
          200: json(
            { type: 'object', required: ['data'], properties: { data: { type: 'array', items: ref('Automation') } } },
            'The automations.',
          ),
          ...errors,
        },
      },
    },
    '/_emulator/log-items': {
      get: {
        tags: ['controls'],
        summary: "GET /api/transactional-mails's answer, each item with its captured message_uuid and send_uuid",
        parameters: [
          { name: 'filter[search]', in: 'query', required: false, schema: { type: 'string' } },
          { name: 'filter[transport_message_id]', in: 'query', required: false, schema: { type: 'string' } },
          { name: 'sort', in: 'query', required: false, schema: { type: 'string' } },
          { name: 'page', in: 'query', required: false, schema: { type: 'integer', minimum: 1 } },
        ],
        responses: apiPage(ref('LogItemWithLinks'), '/api/transactional-mails'),
      },
    },
    '/_emulator/log-items/{uuid}': {
      get: {
        tags: ['controls'],
        summary: 'One log item, with its captured message_uuid and send_uuid',
        parameters: [{ name: 'uuid', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } }],
        responses: {
          200: json(
            { type: 'object', required: ['data'], properties: { data: ref('LogItemWithLinks') } },
            'The log item.',
          ),
          ...errors,
          ...notFound,
        },
      },
    },
    '/_emulator/log-items/{uuid}/resend': {
      post: {
        tags: ['controls'],
        summary: "Captures a fresh copy of a log item's mail, as POST /api/transactional-mails/{uuid}/resend does",
        parameters: [{ name: 'uuid', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } }],
        responses: {
          201: json(
            { type: 'object', required: ['message_uuid'], properties: { message_uuid: { type: 'string' } } },
            'The copy.',
          ),
          200: json(
            { type: 'object', required: ['message_uuid'], properties: { message_uuid: { type: 'null' } } },
            'A fake log item: not resent.',
          ),
          ...errors,
          ...notFound,
        },
      },
    },
    '/_emulator/sends': {
      get: {
        tags: ['controls'],
        summary:
          "GET /api/sends's answer (same filters, sort and pages, and filter[email]), each send with its state, simulated feedback, recipient, subject and names",
        parameters: [
          ...['campaign_uuid', 'automation_mail_uuid', 'transactional_mail_log_item_uuid', 'subscriber_uuid'].map(
            (name) => ({
              name: `filter[${name}]`,
              in: 'query',
              required: false,
              schema: { type: 'string' } as Schema,
            }),
          ),
          {
            name: 'filter[email]',
            in: 'query',
            required: false,
            schema: { type: 'string' },
            description:
              "The emulator's own (GET /api/sends has none): sends to this address, exactly and in any case (a subscriber's, or a log item's first To); a comma separates alternatives.",
          },
          { name: 'sort', in: 'query', required: false, schema: { enum: ['sent_at', '-sent_at'] } },
          { name: 'page', in: 'query', required: false, schema: { type: 'integer', minimum: 1 } },
        ],
        responses: apiPage(ref('SendWithState'), '/api/sends', true),
      },
    },
    '/_emulator/email-lists': {
      get: {
        tags: ['controls'],
        summary:
          "The workspace's email lists by name (what a webhook configuration can be limited to), each with its subscribers by status, default sender and double opt-in",
        responses: {
          200: json(
            {
              type: 'object',
              required: ['data'],
              properties: { data: { type: 'array', items: ref('EmailListOverview') } },
            },
            'The lists.',
          ),
          ...errors,
        },
      },
    },
    '/_emulator/email-lists/{uuid}': {
      get: {
        tags: ['controls'],
        summary:
          'One list: its subscribers by status, its tags and segments (with how many subscribers each selects) and its subscriber imports',
        parameters: [LIST_PARAM],
        responses: {
          200: json({ type: 'object', required: ['data'], properties: { data: ref('EmailListDetail') } }, 'The list.'),
          ...errors,
          ...notFound,
        },
      },
    },
    '/_emulator/email-lists/{uuid}/subscribers': {
      get: {
        tags: ['controls'],
        summary:
          "GET /api/email-lists/{uuid}/subscribers's answer (same filters, sorts and pages), each subscriber with its status",
        parameters: [
          LIST_PARAM,
          {
            name: 'filter[email]',
            in: 'query',
            required: false,
            schema: { type: 'string' },
            description: 'The exact address, any case.',
          },
          {
            name: 'filter[search]',
            in: 'query',
            required: false,
            schema: { type: 'string' },
            description: 'Part of the address.',
          },
          {
            name: 'filter[status]',
            in: 'query',
            required: false,
            schema: { type: 'string' },
            description: 'subscribed, unconfirmed or unsubscribed (any other value: no filter, as the API).',
          },
          {
            name: 'filter[tags]',
            in: 'query',
            required: false,
            schema: { type: 'string' },
            description: 'Tag names or uuids, comma-separated.',
          },
          {
            name: 'filter[tagType]',
            in: 'query',
            required: false,
            schema: { type: 'string' },
            description: '`all`: every tag named; else any.',
          },
          { name: 'sort', in: 'query', required: false, schema: { type: 'string' } },
          { name: 'page', in: 'query', required: false, schema: { type: 'integer', minimum: 1 } },
        ],
        responses: { ...apiPage(ref('SubscriberWithStatus'), '/api/email-lists/{uuid}/subscribers'), ...notFound },
      },
    },
    '/_emulator/subscribers/{uuid}': {
      get: {
        tags: ['controls'],
        summary: "One subscriber: the API's resource with its status, its tags' types and its list",
        parameters: [SUBSCRIBER_PARAM],
        responses: { 200: SUBSCRIBER_ANSWER, ...errors, ...notFound },
      },
      delete: {
        tags: ['controls'],
        summary: 'Deletes the subscriber (its Sends go with it), as DELETE /api/subscribers/{uuid}',
        parameters: [SUBSCRIBER_PARAM],
        responses: { 204: noContent, ...errors, ...notFound },
      },
    },
    '/_emulator/subscribers/{uuid}/tags': {
      post: {
        tags: ['controls'],
        summary: 'Adds tags as POST /api/subscribers/{uuid}/tags does (the same events and webhooks)',
        parameters: [SUBSCRIBER_PARAM],
        requestBody: jsonBody(TAGS_BODY),
        responses: { 200: SUBSCRIBER_ANSWER, ...errors, ...notFound, ...invalid },
      },
      delete: {
        tags: ['controls'],
        summary: 'Removes tags as DELETE /api/subscribers/{uuid}/tags does',
        parameters: [SUBSCRIBER_PARAM],
        requestBody: jsonBody(TAGS_BODY),
        responses: { 200: SUBSCRIBER_ANSWER, ...errors, ...notFound, ...invalid },
      },
    },
    ...Object.fromEntries(
      (['confirm', 'unsubscribe', 'resubscribe', 'resend-confirmation'] as const).map((action) => [
        `/_emulator/subscribers/{uuid}/${action}`,
        {
          post: {
            tags: ['controls'],
            summary: `As POST /api/subscribers/{uuid}/${action} (the same events, webhooks and mails); answers the subscriber`,
            parameters: [SUBSCRIBER_PARAM],
            responses: {
              200: SUBSCRIBER_ANSWER,
              ...errors,
              ...notFound,
              422: json(ref('Error'), "The status does not allow it (the API's text)."),
            },
          },
        },
      ]),
    ),
    // The web UI's Campaigns pages (records/campaigns.ts).
    '/_emulator/campaigns': {
      get: {
        tags: ['controls'],
        summary: "The workspace's campaigns, newest first, each with its list, schedule and counts",
        responses: {
          200: json(
            {
              type: 'object',
              required: ['data'],
              properties: { data: { type: 'array', items: ref('CampaignRecord') } },
            },
            'The campaigns.',
          ),
          ...errors,
        },
      },
    },
    '/_emulator/campaigns/{uuid}': {
      get: {
        tags: ['controls'],
        summary:
          'One campaign: its counts, how many subscribers a send now reaches, its clicked links, subscribers to preview as',
        parameters: [{ name: 'uuid', in: 'path', required: true, schema: { type: 'string' } }],
        responses: {
          200: json(campaignDetailSchema, 'The campaign.'),
          ...errors,
          ...notFound,
        },
      },
    },
    '/_emulator/campaigns/{uuid}/preview': {
      get: {
        tags: ['controls'],
        summary:
          "The campaign rendered as a subscriber of its list gets it (the send's own render); by default its first subscriber",
        parameters: [
          { name: 'uuid', in: 'path', required: true, schema: { type: 'string' } },
          {
            name: 'subscriber',
            in: 'query',
            required: false,
            schema: { type: 'string' },
            description: "A subscriber uuid of the campaign's list (422: another list's).",
          },
        ],
        responses: {
          200: json(campaignPreviewSchema, 'The render.'),
          ...errors,
          ...notFound,
          ...invalid,
        },
      },
    },
    '/_emulator/campaigns/{uuid}/send-test': {
      post: {
        tags: ['controls'],
        summary: 'POST /api/campaigns/{uuid}/send-test, without a token: one test mail per address',
        parameters: [{ name: 'uuid', in: 'path', required: true, schema: { type: 'string' } }],
        requestBody: jsonBody({
          type: 'object',
          required: ['email'],
          properties: { email: { type: 'string', description: '1 to 10 comma-separated addresses.' } },
        }),
        responses: { 204: noContent, ...errors, ...notFound, ...invalid },
      },
    },
    '/_emulator/campaigns/{uuid}/send': {
      post: {
        tags: ['controls'],
        summary: 'POST /api/campaigns/{uuid}/send, without a token: delivered right after the answer',
        parameters: [{ name: 'uuid', in: 'path', required: true, schema: { type: 'string' } }],
        responses: {
          204: noContent,
          400: { description: 'The campaign cannot be sent (no list, sender, subject or content).' },
          ...errors,
          ...notFound,
          ...invalid,
        },
      },
    },
    '/_emulator/campaign-templates': {
      get: {
        tags: ['controls'],
        summary: "The workspace's campaign templates by name, each with its fields ([[[name]]], [[[name:type]]])",
        responses: {
          200: json(
            {
              type: 'object',
              required: ['data'],
              properties: { data: { type: 'array', items: campaignTemplateRecordSchema } },
            },
            'The templates.',
          ),
          ...errors,
        },
      },
    },
    '/_emulator/campaign-templates/{uuid}/preview': {
      get: {
        tags: ['controls'],
        summary: 'A campaign template rendered as a campaign with these field values would be',
        parameters: [
          { name: 'uuid', in: 'path', required: true, schema: { type: 'string' } },
          {
            name: 'fields',
            in: 'query',
            required: false,
            schema: { type: 'string' },
            description: 'A JSON object of field values; absent: the template as stored.',
          },
        ],
        responses: {
          200: json(
            {
              type: 'object',
              required: ['uuid', 'name', 'fields', 'html', 'text'],
              properties: {
                ...campaignTemplateRecordSchema.properties,
                html: nullable('string'),
                text: nullable('string'),
              },
            },
            'The render.',
          ),
          ...errors,
          ...notFound,
          ...invalid,
        },
      },
    },
    '/_emulator/webhooks': {
      get: {
        tags: ['webhooks'],
        summary: "The workspace's webhook configurations (Mailcoach configures them in its UI only), oldest first",
        responses: {
          200: json(
            {
              type: 'object',
              required: ['data'],
              properties: { data: { type: 'array', items: ref('WebhookConfiguration') } },
            },
            'The configurations.',
          ),
          ...errors,
        },
      },
      post: {
        tags: ['webhooks'],
        summary:
          "Creates a configuration: name and url required, the rest Mailcoach's defaults (enabled, all lists, all events, a random 16-character secret)",
        requestBody: jsonBody({ ...webhookConfigurationInput, required: ['name', 'url'] }),
        responses: { 201: json(ref('WebhookConfiguration'), 'The configuration.'), ...errors, ...invalid },
      },
    },
    '/_emulator/webhooks/{webhook}': {
      get: {
        tags: ['webhooks'],
        summary: 'One configuration',
        parameters: [webhookParam],
        responses: { 200: json(ref('WebhookConfiguration'), 'The configuration.'), ...errors, ...notFound },
      },
      put: {
        tags: ['webhooks'],
        summary: 'Changes the fields given (as PATCH)',
        parameters: [webhookParam],
        requestBody: jsonBody(webhookConfigurationInput),
        responses: {
          200: json(ref('WebhookConfiguration'), 'The configuration as changed.'),
          ...errors,
          ...notFound,
          ...invalid,
        },
      },
      patch: {
        tags: ['webhooks'],
        summary: 'Changes the fields given',
        parameters: [webhookParam],
        requestBody: jsonBody(webhookConfigurationInput),
        responses: {
          200: json(ref('WebhookConfiguration'), 'The configuration as changed.'),
          ...errors,
          ...notFound,
          ...invalid,
        },
      },
      delete: {
        tags: ['webhooks'],
        summary: 'Deletes a configuration and its calls',
        parameters: [webhookParam],
        responses: { 204: noContent, ...errors, ...notFound },
      },
    },
    '/_emulator/webhook-calls': {
      get: {
        tags: ['webhooks'],
        summary:
          'Every webhook call (one per event and configuration), newest first, with its request as sent and its attempts',
        parameters: [
          { name: 'event', in: 'query', required: false, schema: webhookEvent },
          {
            name: 'email',
            in: 'query',
            required: false,
            description: "The subscriber's address, exactly, in any case.",
            schema: { type: 'string' },
          },
          { name: 'subscriber_uuid', in: 'query', required: false, schema: { type: 'string' } },
          { name: 'send_uuid', in: 'query', required: false, schema: { type: 'string' } },
          { name: 'campaign_uuid', in: 'query', required: false, schema: { type: 'string' } },
          {
            name: 'configuration',
            in: 'query',
            required: false,
            description: "A configuration's uuid.",
            schema: { type: 'string' },
          },
          { name: 'status', in: 'query', required: false, schema: { enum: webhookCallStatuses } },
          {
            name: 'page',
            in: 'query',
            required: false,
            schema: { type: 'integer', minimum: 1, maximum: 1000000, default: 1 },
          },
          {
            name: 'per_page',
            in: 'query',
            required: false,
            schema: { type: 'integer', minimum: 1, maximum: 500, default: 50 },
          },
        ],
        responses: {
          200: json(
            {
              type: 'object',
              required: ['data', 'meta'],
              properties: {
                data: { type: 'array', items: ref('WebhookCall') },
                meta: {
                  type: 'object',
                  required: ['page', 'per_page', 'total'],
                  properties: { page: { type: 'integer' }, per_page: { type: 'integer' }, total: { type: 'integer' } },
                },
              },
            },
            'A page of calls.',
          ),
          ...errors,
          ...invalid,
        },
      },
    },
    '/_emulator/webhook-calls/{call}': {
      get: {
        tags: ['webhooks'],
        summary: 'One call',
        parameters: [callParam],
        responses: { 200: json(ref('WebhookCall'), 'The call.'), ...errors, ...notFound },
      },
    },
    '/_emulator/webhook-calls/{call}/resend': {
      post: {
        tags: ['webhooks'],
        summary:
          "Mailcoach's resend: now, once, to the configuration's current URL with its current secret; the attempt is logged as manual",
        parameters: [callParam],
        responses: {
          200: json(ref('WebhookCall'), 'The call, with the manual attempt (whatever its outcome).'),
          409: json(ref('Error'), 'The call or its configuration went meanwhile (a reset, a delete).'),
          ...errors,
          ...notFound,
        },
      },
    },
    '/_emulator/webhook-sink/{name}': {
      post: {
        tags: ['webhooks'],
        summary:
          'A receiver to point configurations at: records the request (the last 100 per name) and answers 200; not Mailcoach behaviour',
        parameters: [sinkParam],
        requestBody: { required: false, content: { '*/*': { schema: {} } } },
        responses: {
          200: json({ type: 'object', required: ['received'], properties: { received: { const: true } } }, 'Recorded.'),
          ...errors,
          ...notFound,
        },
      },
      get: {
        tags: ['webhooks'],
        summary: 'What the sink received, newest first',
        parameters: [sinkParam],
        responses: {
          200: json(
            {
              type: 'object',
              required: ['data'],
              properties: { data: { type: 'array', items: ref('WebhookSinkRequest') } },
            },
            'The requests.',
          ),
          ...errors,
          ...notFound,
        },
      },
      delete: {
        tags: ['webhooks'],
        summary: 'Forgets what the sink received',
        parameters: [sinkParam],
        responses: { 204: noContent, ...errors, ...notFound },
      },
    },
    '/_emulator/fixtures': {
      get: {
        tags: ['controls'],
        summary: "Where the fixtures come from, whether --watch follows them, and the last reload's problems",
        responses: {
          200: json(
            {
              type: 'object',
              required: ['directory', 'watching', 'problems', 'reloaded_at'],
              properties: {
                directory: nullable('string'),
                watching: { type: 'boolean' },
                problems: {
                  type: 'array',
                  items: ref('FixtureProblem'),
                  description: 'Empty when the last reload loaded; the last good version stays in use otherwise.',
                },
                reloaded_at: { oneOf: [isoTime, { type: 'null' }] },
              },
            },
            'The fixtures status.',
          ),
          ...errors,
        },
      },
    },
    '/_emulator/docs': {
      get: {
        tags: ['meta'],
        summary: 'These docs, interactive (Swagger UI, served by the emulator: no CDN)',
        description:
          'Static, like the web UI: no token needed. "Try it out" sends the token of the UI\'s tab, or the one given with "Authorize".',
        security: [],
        responses: { 200: { description: 'The page.', content: { 'text/html': { schema: { type: 'string' } } } } },
      },
    },
    '/_emulator/docs/{file}': {
      get: {
        tags: ['meta'],
        summary: "One of the docs page's scripts and stylesheets",
        security: [],
        parameters: [
          {
            name: 'file',
            in: 'path',
            required: true,
            schema: { enum: ['swagger-ui-bundle.js', 'swagger-ui.css', 'docs.js', 'docs.css'] },
          },
        ],
        responses: {
          200: {
            description: 'The file.',
            content: { 'text/javascript': { schema: { type: 'string' } }, 'text/css': { schema: { type: 'string' } } },
          },
          ...notFound,
        },
      },
    },
    '/_emulator/openapi.json': {
      get: {
        tags: ['meta'],
        summary: 'This document',
        responses: {
          200: json(
            {
              type: 'object',
              required: ['openapi', 'info', 'paths', 'components'],
              additionalProperties: true,
              properties: {
                openapi: { type: 'string' },
                info: { type: 'object', additionalProperties: true },
                paths: { type: 'object', additionalProperties: true },
                components: { type: 'object', additionalProperties: true },
              },
            },
            'The OpenAPI 3.1 document.',
          ),
          ...errors,
        },
      },
    },
  },
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
    schemas: {
      MailAddress: mailAddress,
      MessageSummary: messageSummary,
      Message: message,
      Attachment: attachment,
      ChecksReport: checksReportSchema,
      CheckIssue: checkIssueSchema,
      MessagePage: {
        type: 'object',
        required: ['data', 'meta'],
        properties: {
          data: { type: 'array', items: ref('MessageSummary') },
          meta: {
            type: 'object',
            required: ['page', 'per_page', 'total'],
            properties: { page: { type: 'integer' }, per_page: { type: 'integer' }, total: { type: 'integer' } },
          },
        },
      },
      WaitTimeout: {
        type: 'object',
        required: ['message', 'data'],
        properties: { message: { type: 'string' }, data: { type: 'array', items: ref('MessageSummary') } },
      },
      FaultRuleInput: faultRuleInput,
      FaultRule: faultRule,
      ClockState: clockState,
      ClockChange: clockChange,
      Fixture: fixture,
      SeedCounts: seedCounts,
      Send: send,
      Suppression: suppression,
      SuppressionWithOrigin: suppressionWithOrigin,
      SendWithState: sendWithState,
      LogItemWithLinks: logItemWithLinks,
      Subscriber: subscriber,
      EmailListOverview: emailListOverview,
      EmailListDetail: {
        type: 'object',
        required: Object.keys(emailListDetailProperties),
        properties: emailListDetailProperties,
      },
      SubscriberWithStatus: subscriberWithStatus,
      SubscriberDetail: subscriberDetail,
      Automation: automation,
      CampaignRecord: campaignRecordSchema,
      PageLinks: pageLinks,
      BounceTarget: bounceTarget,
      StudioTemplate: studioTemplate,
      TemplateRender: templateRender,
      RenderDiagnostic: renderDiagnostic,
      FixtureProblem: fixtureProblem,
      WebhookConfiguration: webhookConfiguration,
      WebhookConfigurationInput: webhookConfigurationInput,
      WebhookRequestHeaders: webhookRequestHeaders,
      WebhookAttempt: webhookAttempt,
      WebhookCall: webhookCall,
      WebhookSinkRequest: webhookSinkRequest,
      Error: { type: 'object', required: ['message'], properties: { message: { type: 'string' } } },
      ValidationError: {
        type: 'object',
        required: ['message', 'errors'],
        properties: {
          message: { type: 'string', examples: ['The given data was invalid.'] },
          errors: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } },
        },
      },
    },
    responses: {
      Unauthorized: json(ref('Error'), 'The token is not one the emulator accepts.'),
      NotFound: json(ref('Error'), 'No such item in this workspace.'),
      ValidationFailed: json(ref('ValidationError'), 'The input is invalid; `errors` names each field.'),
    },
  },
} as const;
