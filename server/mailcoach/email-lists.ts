/**
 * /api/email-lists: index, show, store, update (PUT and PATCH), destroy. Mirrors EmailListsController,
 * EmailListQuery and UpdateEmailListSettingsRequest (v8; docs/spec/mailcoach-audience-campaigns.md#1-email-lists). Store and update
 * share the rules, and an update is a **full replace**: every omitted field goes back to its default.
 */
import { Hono } from 'hono';
import { deleteEmailList } from '../audience/delete.js';
import { createEmailList, updateEmailList } from '../audience/email-lists.js';
import type { AppDeps } from '../deps.js';
import type { EmailListFields } from '../db/email-lists-store.js';
import { ACTIVE_SUBSCRIBERS_SQL } from '../db/email-lists-store.js';
import type { EmailListRow } from '../db/rows.js';
import type { AppEnv } from '../http/env.js';
import type { Input } from '../validation/input.js';
import { laravelJson, noContent } from '../http/respond.js';
import { toEpochSeconds } from '../instant.js';
import { urlDecode } from '../http/url-decode.js';
import {
  array,
  boolean,
  delimited,
  email,
  nullable,
  oneOf,
  required,
  requiredIfTruthyBoolean,
  string,
} from '../validation/laravel-rules.js';
import { validate, type RuleSet } from '../validation/validate.js';
import { emailListResource } from './resources/audience.js';
import { respondWithIndex } from '../http/listing.js';
import { findEmailList } from './bindings.js';

const CONFIRMATION_MAILS = ['send_default_confirmation_mail', 'send_custom_confirmation_mail'];
const FLAGS = [
  'campaigns_feed_enabled',
  'report_campaign_sent',
  'report_campaign_summary',
  'report_email_list_summary',
  'allow_form_subscriptions',
  'requires_confirmation',
] as const;

/** UpdateEmailListSettingsRequest, in key order; the mailers are the emulator's (--mailers). */
function listRules(mailers: readonly string[]): RuleSet {
  return [
    ['name', [required]],
    ['default_from_email', [required, email({ strict: true })]],
    ['default_reply_to_email', [delimited(email())]],
    ['extra_attributes', [nullable, array]],
    ['campaigns_feed_enabled', [boolean]],
    ['report_campaign_sent', [boolean]],
    ['report_campaign_summary', [boolean]],
    ['report_email_list_summary', [boolean]],
    [
      'report_recipients',
      [
        delimited(email()),
        requiredIfTruthyBoolean('report_email_list_summary'),
        requiredIfTruthyBoolean('report_campaign_sent'),
        requiredIfTruthyBoolean('report_campaign_summary'),
      ],
    ],
    ['campaign_mailer', [oneOf(mailers)]],
    ['automation_mailer', [oneOf(mailers)]],
    ['transactional_mailer', [oneOf(mailers)]],
    ['allow_form_subscriptions', [boolean]],
    ['requires_confirmation', [boolean]],
    ['allowed_form_subscription_tags', [array]],
    ['honeypot_field', [nullable, string]],
    ['confirmation_mail', [oneOf(CONFIRMATION_MAILS)]],
  ];
}

export function emailListRoutes(deps: AppDeps) {
  const lists = deps.store.emailLists;
  const rules = listRules(deps.options.mailers);
  const present = (row: EmailListRow) => emailListResource(row, lists.activeSubscribersCount(row.id));

  return new Hono<AppEnv>()
    .get('/', (c) =>
      respondWithIndex(c, {
        query: {
          allowedSorts: ['name', 'created_at', 'active_subscribers_count'],
          allowedFilters: ['name', 'search'],
          defaultSort: ['name'],
        },
        // Sorting by the subscribed count, not v8's inner join that drops lists without subscribers (docs/spec/mailcoach-audience-campaigns.md#13-get-apiemail-lists-v8-httpapiqueriesemaillistqueryphp).
        sortColumns: {
          name: 'name',
          created_at: 'created_at',
          active_subscribers_count: ACTIVE_SUBSCRIBERS_SQL,
          id: 'id',
        },
        filters: ({ filters }) => ({
          // filter[name] is exact, and its delimiter is ",,": one comma does not split it.
          names: filters.name === undefined ? undefined : filters.name.join(',').split(',,'),
          search: filters.search?.map(urlDecode),
        }),
        list: lists.list,
        present,
      }),
    )
    .post('/', (c) => {
      const input = c.get('input');
      validate(input, rules);
      const at = toEpochSeconds(deps.clock());
      const row = createEmailList(deps, {
        workspace_id: c.get('workspaceId'),
        uuid: deps.ids(),
        ...listFields(deps, input, '{}', at),
        created_at: at,
      });
      return laravelJson({ data: present(row) }, 201);
    })
    .get('/:emailList', (c) => laravelJson({ data: present(findEmailList(deps, c)) }))
    .on(['PUT', 'PATCH'], '/:emailList', (c) => {
      const list = findEmailList(deps, c);
      const input = c.get('input');
      validate(input, rules);
      const row = updateEmailList(
        deps,
        list,
        listFields(deps, input, list.extra_attributes, toEpochSeconds(deps.clock())),
      );
      return laravelJson({ data: present(row) });
    })
    .delete('/:emailList', (c) => {
      deleteEmailList(deps, findEmailList(deps, c));
      return noContent();
    });
}

/** UpdateEmailListAction: every field from the input or its default (docs/spec/mailcoach-audience-campaigns.md#15-post-apiemail-lists-and-putpatch-apiemail-listsuuid). */
function listFields(deps: AppDeps, input: Input, storedExtra: string, at: number): EmailListFields {
  const text = (key: string) => (typeof input[key] === 'string' && input[key] !== '' ? (input[key] as string) : null);
  const flag = (key: (typeof FLAGS)[number]) =>
    [true, 1, '1'].includes(input[key] as never) ? (1 as const) : (0 as const);
  const fromEmail = text('default_from_email') as string;
  const extra = {
    ...(JSON.parse(storedExtra) as object),
    ...(isMap(input.extra_attributes) ? input.extra_attributes : {}),
  };
  return {
    name: String(input.name),
    default_from_email: fromEmail,
    default_from_name: text('default_from_name'),
    default_reply_to_email: text('default_reply_to_email') ?? fromEmail,
    default_reply_to_name: text('default_reply_to_name') ?? text('default_from_name'),
    campaigns_feed_enabled: flag('campaigns_feed_enabled'),
    allow_form_subscriptions: flag('allow_form_subscriptions'),
    // Validated, never saved (docs/spec/mailcoach-audience-campaigns.md#15-post-apiemail-lists-and-putpatch-apiemail-listsuuid).
    honeypot_field: null,
    redirect_after_subscribed: text('redirect_after_subscribed'),
    redirect_after_already_subscribed: text('redirect_after_already_subscribed'),
    redirect_after_subscription_pending: text('redirect_after_subscription_pending'),
    redirect_after_unsubscribed: text('redirect_after_unsubscribed'),
    requires_confirmation: flag('requires_confirmation'),
    confirmation_mailable_class: null,
    campaign_mailer: text('campaign_mailer') ?? deps.options.mailers[0] ?? null,
    automation_mailer: text('automation_mailer') ?? deps.options.mailers[0] ?? null,
    transactional_mailer: text('transactional_mailer') ?? deps.options.mailers[0] ?? null,
    report_recipients: text('report_recipients'),
    report_campaign_sent: flag('report_campaign_sent'),
    report_campaign_summary: flag('report_campaign_summary'),
    report_email_list_summary: flag('report_email_list_summary'),
    email_list_summary_sent_at: null,
    extra_attributes: JSON.stringify(extra),
    updated_at: at,
  };
}

function isMap(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
