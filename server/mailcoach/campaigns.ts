/**
 * /api/campaigns (docs/spec/mailcoach-audience-campaigns.md#5-campaigns): index, show, store, update (PUT and PATCH), destroy,
 * send-test, send. Mirrors CampaignsController, CampaignsQuery, CampaignRequest, UpdateCampaignAction,
 * SendTestEmailController and SendCampaignController (v8), with v8's quirks (decisions.md): every update is a full
 * replace that puts the campaign back to `draft` and unschedules it unless `schedule_at` is sent; the subject
 * defaults to the name; `template_uuid` is not validated.
 */
import { Hono, type Context } from 'hono';
import { campaignContent } from '../campaigns/content.js';
import { sendTestChecked, startSending } from '../campaigns/actions.js';
import { createCampaign, deleteCampaign, updateCampaign } from '../campaigns/edit.js';
import type { AppDeps } from '../deps.js';
import { CAMPAIGN_SORT_COLUMNS, type CampaignFilters } from '../db/campaigns-store.js';
import type { CampaignRow, EmailListRow } from '../db/rows.js';
import type { AppEnv } from '../http/env.js';
import type { Input } from '../validation/input.js';
import { laravelJson, noContent } from '../http/respond.js';
import { toEpochSeconds } from '../instant.js';
import { urlDecode } from '../http/url-decode.js';
import { boolean, custom, nullable, oneOf, required } from '../validation/laravel-rules.js';
import { validate, type RuleSet } from '../validation/validate.js';
import { emailListResource } from './resources/audience.js';
import { EVERY_SUBSCRIBER_SEGMENT, TAG_SEGMENT } from '../campaigns/segment-classes.js';
import { campaignResource } from './resources/campaign.js';
import { respondWithIndex } from '../http/listing.js';
import { findCampaign } from './bindings.js';

const SCHEDULE_FORMAT = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;

function campaignRules(deps: AppDeps, workspaceId: number): RuleSet {
  const exists = (find: (uuid: string) => unknown) =>
    custom('exists', (value, { attribute }) =>
      typeof value === 'string' && find(value) !== undefined
        ? null
        : `The selected ${attribute.replaceAll('_', ' ')} is invalid.`,
    );
  return [
    ['name', [required]],
    ['subject', [nullable]],
    ['type', [nullable, oneOf(['draft'])]],
    ['email_list_uuid', [required, exists((uuid) => deps.store.emailLists.findByUuid(workspaceId, uuid))]],
    ['segment_uuid', [nullable, exists((uuid) => deps.store.segments.findByUuid(workspaceId, uuid))]],
    ['html', [nullable]],
    ['fields', [nullable]],
    ['mailable_class', [nullable]],
    ['utm_tags', [nullable, boolean]],
    ['add_subscriber_tags', [nullable, boolean]],
    ['add_subscriber_link_tags', [nullable, boolean]],
    ['disable_webview', [nullable, boolean]],
    [
      'schedule_at',
      [
        custom('date_format', (value, { attribute }) =>
          parseScheduleAt(value) === null
            ? `The ${attribute.replaceAll('_', ' ')} field must match the format Y-m-d H:i:s.`
            : null,
        ),
      ],
    ],
  ];
}

export function campaignRoutes(deps: AppDeps) {
  const campaigns = deps.store.campaigns;
  const present = (row: CampaignRow) => {
    const list = row.email_list_id === null ? undefined : deps.store.emailLists.findById(row.email_list_id);
    const template = row.template_id === null ? undefined : deps.store.campaignTemplates.findById(row.template_id);
    return campaignResource(row, {
      list: list === undefined ? null : emailListResource(list, deps.store.emailLists.activeSubscribersCount(list.id)),
      templateUuid: template?.uuid ?? null,
      counts: campaigns.counts(row),
    });
  };
  const write = async (c: Context<AppEnv>, previous: CampaignRow | null) => {
    const workspaceId = c.get('workspaceId');
    const input = c.get('input');
    validate(input, campaignRules(deps, workspaceId));
    return campaignFields(deps, workspaceId, input, previous?.structured_html ?? null);
  };

  return new Hono<AppEnv>()
    .get('/', (c) =>
      respondWithIndex(c, {
        query: {
          allowedSorts: [
            'name',
            'email_list_id',
            'unique_open_count',
            'unique_click_count',
            'unsubscribe_rate',
            'sent_to_number_of_subscribers',
            'sent',
          ],
          allowedFilters: ['search', 'status', 'email_list_id', 'emailList.uuid', 'contentItem.template.uuid'],
          defaultSort: ['-sent'],
        },
        sortColumns: CAMPAIGN_SORT_COLUMNS,
        filters: ({ filters }) => campaignFilters(filters),
        // filter[status]=draft also orders by created_at ascending ahead of the requested sort (CampaignStatusFilter).
        list: (workspaceId, filters, sort, window) =>
          campaigns.list(
            workspaceId,
            filters,
            filters.status === 'draft' ? [{ column: 'created_at', descending: false }, ...sort] : sort,
            window,
          ),
        present,
      }),
    )
    .post('/', async (c) => {
      const fields = await write(c, null);
      const at = toEpochSeconds(deps.clock());
      const row = createCampaign(deps, { ...newCampaign(c.get('workspaceId'), deps.ids(), at), ...fields });
      return laravelJson({ data: present(row) }, 201);
    })
    .get('/:campaign', (c) => laravelJson({ data: present(findCampaign(deps, c)) }))
    .on(['PUT', 'PATCH'], '/:campaign', async (c) => {
      const campaign = findCampaign(deps, c);
      const row = updateCampaign(deps, campaign, await write(c, campaign));
      return laravelJson({ data: present(row) });
    })
    .delete('/:campaign', (c) => {
      deleteCampaign(deps, findCampaign(deps, c));
      return noContent();
    })
    .post('/:campaign/send-test', async (c) => {
      await sendTestChecked(deps, findCampaign(deps, c), c.get('input'), origin(c));
      return noContent();
    })
    .post('/:campaign/send', (c) => {
      startSending(deps, findCampaign(deps, c), origin(c));
      return noContent();
    });
}

function newCampaign(workspaceId: number, uuid: string, at: number): Omit<CampaignRow, 'id'> {
  return {
    workspace_id: workspaceId,
    uuid,
    name: '',
    email_list_id: null,
    status: 'draft',
    segment_class: EVERY_SUBSCRIBER_SEGMENT,
    segment_id: null,
    segment_description: 'all subscribers',
    sent_at: null,
    scheduled_at: null,
    summary_mail_sent_at: null,
    disable_webview: 0,
    from_email: null,
    from_name: null,
    reply_to_email: null,
    reply_to_name: null,
    subject: null,
    template_id: null,
    html: null,
    structured_html: null,
    email_html: null,
    webview_html: null,
    utm_tags: 1,
    add_subscriber_tags: 0,
    add_subscriber_link_tags: 0,
    sent_to_number_of_subscribers: 0,
    statistics_calculated_at: null,
    created_at: at,
    updated_at: at,
  };
}

/** UpdateCampaignAction (docs/spec/mailcoach-audience-campaigns.md#55-post-apicampaigns-201-and-putpatch-apicampaignsuuid-200): the segment, the campaign's own fields, the content, the content item's flags. */
async function campaignFields(deps: AppDeps, workspaceId: number, input: Input, previousStructuredHtml: string | null) {
  const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);
  const flag = (value: unknown, fallback: 0 | 1) =>
    value === undefined || value === null || value === ''
      ? fallback
      : [true, 1, '1'].includes(value as never)
        ? (1 as const)
        : (0 as const);
  const segment =
    text(input.segment_uuid) === null
      ? undefined
      : deps.store.segments.findByUuid(workspaceId, input.segment_uuid as string);
  const list = deps.store.emailLists.findByUuid(workspaceId, input.email_list_uuid as string) as EmailListRow;
  // template_uuid is read raw: an unknown uuid is no template.
  const template =
    text(input.template_uuid) === null
      ? undefined
      : deps.store.campaignTemplates.findByUuid(workspaceId, input.template_uuid as string);
  const fieldsInput =
    input.fields !== null && typeof input.fields === 'object' ? (input.fields as Record<string, unknown>) : null;
  const content = await campaignContent(text(input.html), fieldsInput, template, previousStructuredHtml);
  const name = String(input.name);
  return {
    name,
    segment_id: segment?.id ?? null,
    segment_class: segment === undefined ? EVERY_SUBSCRIBER_SEGMENT : TAG_SEGMENT,
    segment_description: segment?.name ?? 'all subscribers',
    // Always back to draft, even a sent campaign (v8 has no guard here).
    status: 'draft' as const,
    email_list_id: list.id,
    scheduled_at: parseScheduleAt(input.schedule_at),
    disable_webview: flag(input.disable_webview, 0),
    template_id: template?.id ?? null,
    html: content.html,
    structured_html: content.structuredHtml,
    utm_tags: flag(input.utm_tags, 1),
    add_subscriber_tags: flag(input.add_subscriber_tags, 0),
    add_subscriber_link_tags: flag(input.add_subscriber_link_tags, 0),
    subject: text(input.subject) ?? name,
    updated_at: toEpochSeconds(deps.clock()),
  };
}

/** `Y-m-d H:i:s`, read as UTC (CanBeScheduled); null when absent or another shape. */
function parseScheduleAt(value: unknown): number | null {
  if (typeof value !== 'string') return null;
  const match = SCHEDULE_FORMAT.exec(value);
  if (match === null) return null;
  const [, y, mo, d, h, mi, s] = match.map(Number) as [number, number, number, number, number, number, number];
  const ms = Date.UTC(y, mo - 1, d, h, mi, s);
  const date = new Date(ms);
  // PHP's createFromFormat rolls over (2025-02-30 is March 2nd); Laravel's date_format rejects what does not format back.
  if (
    date.getUTCFullYear() !== y ||
    date.getUTCMonth() !== mo - 1 ||
    date.getUTCDate() !== d ||
    h > 23 ||
    mi > 59 ||
    s > 59
  )
    return null;
  return Math.floor(ms / 1000);
}

function campaignFilters(filters: Record<string, string[]>): CampaignFilters {
  const status =
    filters.status?.length === 1 && ['sent', 'scheduled', 'draft'].includes(filters.status[0] as string)
      ? (filters.status[0] as CampaignFilters['status'])
      : undefined;
  return {
    search: filters.search?.map(urlDecode),
    status,
    emailListIds: filters.email_list_id,
    emailListUuids: filters['emailList.uuid'],
    templateUuids: filters['contentItem.template.uuid'],
  };
}

function origin(c: Context<AppEnv>): string {
  return new URL(c.req.url).origin;
}
