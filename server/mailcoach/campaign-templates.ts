/**
 * /api/templates: campaign templates (not transactional ones: a send's mail_name never finds these). Index, show,
 * store, update (PUT and PATCH, a full replace), destroy. Mirrors TemplatesController, TemplatesQuery,
 * TemplateRequest and Create/UpdateTemplateAction (v8; mailcoach-audience-campaigns.md §6).
 */
import { Hono, type Context } from 'hono';
import type { AppDeps } from '../deps.js';
import type { CampaignTemplateRow } from '../db/rows.js';
import { modelNotFound } from '../errors.js';
import type { AppEnv } from '../http/env.js';
import { laravelJson, noContent } from '../http/respond.js';
import { toEpochSeconds } from '../instant.js';
import { urlDecode } from '../http/url-decode.js';
import { nullable, required } from '../validation/rules.js';
import { validate, type RuleSet } from '../validation/validate.js';
import { AUDIENCE_MODEL_CLASSES, campaignTemplateResource } from './audience-resources.js';
import { respondWithIndex } from './listing.js';

const TEMPLATE_RULES: RuleSet = [
  ['name', [required]],
  ['structured_html', [nullable]],
];

/**
 * CreateTemplateAction's html when none is given: a page with one editor field, `[[[content]]]`, and the footer
 * links Mailcoach fills in when sending.
 */
export const DEFAULT_CAMPAIGN_TEMPLATE_HTML = `<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">
<html xmlns="http://www.w3.org/1999/xhtml">
<head>
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <meta http-equiv="Content-Type" content="text/html; charset=UTF-8" />
</head>
<body>
    <div style="max-width: 570px; margin: 0 auto; padding: 20px 0;">[[[content]]]</div>
    <div style="max-width: 570px; margin: 0 auto; padding: 20px 0; text-align: center; font-size: 12px;">
        <a href="::webviewUrl::">Online version</a> • <a href="::unsubscribeUrl::">Unsubscribe</a>
    </div>
</body>
</html>`;

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
        workspace_id: c.get('workspaceId'), uuid: deps.ids(), name: String(input.name),
        html: text(input.html) ?? DEFAULT_CAMPAIGN_TEMPLATE_HTML, structured_html: text(input.structured_html), created_at: at, updated_at: at,
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
        name: String(input.name), html: text(input.html) ?? '', structured_html: text(input.structured_html), updated_at: toEpochSeconds(deps.clock()),
      });
      return laravelJson({ data: campaignTemplateResource(row) });
    })
    .delete('/:template', (c) => {
      templates.delete(findCampaignTemplate(deps, c).id);
      return noContent();
    });
}

export function findCampaignTemplate(deps: AppDeps, c: Context<AppEnv>): CampaignTemplateRow {
  const row = deps.store.campaignTemplates.findByUuid(c.get('workspaceId'), c.req.param('template') as string);
  if (row === undefined) throw modelNotFound(AUDIENCE_MODEL_CLASSES.template);
  return row;
}
