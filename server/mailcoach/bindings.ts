/**
 * Route-model binding (Laravel's implicit bindings by uuid, scoped to the request's workspace): the row a route's
 * `{emailList}`, `{campaign}` or `{template}` names, or the binding's 404 (reference §1.5).
 */
import type { Context } from 'hono';
import type { CampaignRow, CampaignTemplateRow, EmailListRow } from '../db/rows.js';
import type { AppDeps } from '../deps.js';
import { modelNotFound } from '../errors.js';
import type { AppEnv } from '../http/env.js';
import { AUDIENCE_MODEL_CLASSES } from './resources/audience.js';
import { CAMPAIGN_MODEL_CLASS } from './resources/campaign.js';

/** The list named by the route's `{emailList}` (by uuid), or the binding's 404. */
export function findEmailList(deps: AppDeps, c: Context<AppEnv>): EmailListRow {
  const row = deps.store.emailLists.findByUuid(c.get('workspaceId'), c.req.param('emailList') as string);
  if (row === undefined) throw modelNotFound(AUDIENCE_MODEL_CLASSES.emailList);
  return row;
}

/** The campaign named by the route's `{campaign}` (by uuid), or the binding's 404. */
export function findCampaign(deps: AppDeps, c: Context<AppEnv>): CampaignRow {
  const row = deps.store.campaigns.findByUuid(c.get('workspaceId'), c.req.param('campaign') as string);
  if (row === undefined) throw modelNotFound(CAMPAIGN_MODEL_CLASS);
  return row;
}

/** The campaign template named by the route's `{template}` (by uuid), or the binding's 404. */
export function findCampaignTemplate(deps: AppDeps, c: Context<AppEnv>): CampaignTemplateRow {
  const row = deps.store.campaignTemplates.findByUuid(c.get('workspaceId'), c.req.param('template') as string);
  if (row === undefined) throw modelNotFound(AUDIENCE_MODEL_CLASSES.template);
  return row;
}
