/**
 * /api/templates: campaign templates (not transactional ones: a send's mail_name never finds these). Index, show,
 * store, update (PUT and PATCH, a full replace), destroy. Mirrors TemplatesController, TemplatesQuery,
 * TemplateRequest and Create/UpdateTemplateAction (v8; docs/spec/mailcoach-audience-campaigns.md#6-campaign-templates-apitemplates).
 */
import { Hono } from 'hono';
import type { AppDeps } from '../deps.js';
import type { AppEnv } from '../http/env.js';
import { laravelJson, noContent } from '../http/respond.js';
import { toEpochSeconds } from '../instant.js';
import { urlDecode } from '../http/url-decode.js';
import { nullable, required } from '../validation/laravel-rules.js';
import { validate, type RuleSet } from '../validation/validate.js';
import { campaignTemplateResource } from './resources/audience.js';
import { respondWithIndex } from '../http/listing.js';
import { DEFAULT_CAMPAIGN_TEMPLATE_HTML } from '../campaigns/default-template.js';
import { findCampaignTemplate } from './bindings.js';

const TEMPLATE_RULES: RuleSet = [
  ['name', [required]],
  ['structured_html', [nullable]],
];

export function campaignTemplateRoutes(deps: AppDeps) {
  const templates = deps.store.campaignTemplates;
  const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);

  return new Hono<AppEnv>()
    .get('/', (c) =>
      respondWithIndex(c, {
        // Only filter[search]: filter[name] is v8's 400 (decisions.md).
        query: { allowedSorts: ['name', 'updated_at'], allowedFilters: ['search'], defaultSort: ['name'] },
        sortColumns: { name: 'name', updated_at: 'updated_at', id: 'id' },
        filters: ({ filters }) => filters.search?.map(urlDecode),
        list: templates.list,
        present: campaignTemplateResource,
      }),
    )
    .post('/', (c) => {
      const input = c.get('input');
      validate(input, TEMPLATE_RULES);
      const at = toEpochSeconds(deps.clock());
      const row = templates.insert({
        workspace_id: c.get('workspaceId'),
        uuid: deps.ids(),
        name: String(input.name),
        html: text(input.html) ?? DEFAULT_CAMPAIGN_TEMPLATE_HTML,
        structured_html: text(input.structured_html),
        created_at: at,
        updated_at: at,
      });
      return laravelJson({ data: campaignTemplateResource(row) }, 201);
    })
    .get('/:template', (c) => laravelJson({ data: campaignTemplateResource(findCampaignTemplate(deps, c)) }))
    .on(['PUT', 'PATCH'], '/:template', (c) => {
      const template = findCampaignTemplate(deps, c);
      const input = c.get('input');
      validate(input, TEMPLATE_RULES);
      // A full replace: an omitted html empties the template (UpdateTemplateAction).
      const row = templates.update(template.id, {
        name: String(input.name),
        html: text(input.html) ?? '',
        structured_html: text(input.structured_html),
        updated_at: toEpochSeconds(deps.clock()),
      });
      return laravelJson({ data: campaignTemplateResource(row) });
    })
    .delete('/:template', (c) => {
      templates.delete(findCampaignTemplate(deps, c).id);
      return noContent();
    });
}
