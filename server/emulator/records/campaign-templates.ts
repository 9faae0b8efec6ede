/**
 * /_emulator/campaign-templates: the web UI's preview of a campaign template, without a token. The
 * templates with their fields (`[[[name]]]`, `[[[name:type]]]`), and one rendered with field values given as JSON,
 * through the very code a campaign created with that template and those `fields` runs (campaigns/content.ts
 * campaignContent, docs/spec/mailcoach-audience-campaigns.md#55-post-apicampaigns-201-and-putpatch-apicampaignsuuid-200), then wrapped and given a text part as capture does.
 */
import { Hono, type Context } from 'hono';
import { campaignContent } from '../../campaigns/content.js';
import { templateFields } from '../../campaigns/template-placeholders.js';
import type { AppDeps } from '../../deps.js';
import type { CampaignTemplateRow } from '../../db/rows.js';
import { ApiError, ValidationError } from '../../errors.js';
import type { AppEnv } from '../../http/env.js';
import { inlineContent } from '../../mail/render/mail-content.js';
import type { CampaignTemplatePreview, CampaignTemplateRecord } from '../schemas/campaigns.js';

const LIMIT = 1_000;

export function campaignTemplateRecordRoutes(deps: AppDeps) {
  const present = (row: CampaignTemplateRow): CampaignTemplateRecord => ({
    uuid: row.uuid,
    name: row.name,
    fields: templateFields(row.html),
  });
  const find = (c: Context<AppEnv>) => {
    const uuid = c.req.param('uuid') ?? '';
    const row = deps.store.campaignTemplates.findByUuid(c.get('workspaceId'), uuid);
    if (row === undefined) throw new ApiError(404, `No campaign template ${uuid} in this workspace.`);
    return row;
  };
  return new Hono<AppEnv>()
    .get('/', (c) => {
      const { rows } = deps.store.campaignTemplates.list(
        c.get('workspaceId'),
        undefined,
        [
          { column: 'name', descending: false },
          { column: 'id', descending: false },
        ],
        { offset: 0, limit: LIMIT },
      );
      return c.json({ data: rows.map(present) });
    })
    .get('/:uuid/preview', async (c) => {
      const template = find(c);
      const fields = parseFields(c.req.query('fields'));
      const content = await campaignContent(null, fields, template);
      const rendered = inlineContent('', content.html, null);
      return c.json({
        ...present(template),
        html: rendered.html,
        text: rendered.text,
      } satisfies CampaignTemplatePreview);
    });
}

/** `fields`: a JSON object of field values; absent, the template as stored (its placeholders left as they are). */
function parseFields(raw: string | undefined): Record<string, unknown> | null {
  if (raw === undefined || raw === '') return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw new ValidationError({ fields: ['The fields must be a JSON object of field values.'] });
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    throw new ValidationError({ fields: ['The fields must be a JSON object of field values.'] });
  return value as Record<string, unknown>;
}
