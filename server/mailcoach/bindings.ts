/**
 * Route-model binding: the row a route parameter names by uuid in the request's workspace, or the binding's 404
 * with the model's class (docs/spec/mailcoach-reference.md#15-error-bodies-exact-formats: explicit bindings and these implicit ones both answer "No query results
 * for model [Class]."). Suppressions bind differently (by uuid or email, the value in the message): see
 * suppressions.ts.
 */
import type { Context } from 'hono';
import type { AppDeps } from '../deps.js';
import { modelNotFound } from '../errors.js';
import type { AppEnv } from '../http/env.js';
import { AUDIENCE_MODEL_CLASSES } from './resources/audience.js';
import { CAMPAIGN_MODEL_CLASS } from './resources/campaign.js';
import { MODEL_CLASSES } from './resources/transactional.js';

const IMPORT_MODEL_CLASS = 'Spatie\\Mailcoach\\Domain\\Audience\\Models\\SubscriberImport';

type FindByUuid<Row> = (workspaceId: number, uuid: string) => Row | undefined;

function bound<Row>(c: Context<AppEnv>, param: string, modelClass: string, find: FindByUuid<Row>): Row {
  const row = find(c.get('workspaceId'), c.req.param(param) as string);
  if (row === undefined) throw modelNotFound(modelClass);
  return row;
}

export const findEmailList = (deps: AppDeps, c: Context<AppEnv>) =>
  bound(c, 'emailList', AUDIENCE_MODEL_CLASSES.emailList, deps.store.emailLists.findByUuid);
export const findTag = (deps: AppDeps, c: Context<AppEnv>) =>
  bound(c, 'tag', AUDIENCE_MODEL_CLASSES.tag, deps.store.tags.findByUuid);
export const findSegment = (deps: AppDeps, c: Context<AppEnv>) =>
  bound(c, 'segment', AUDIENCE_MODEL_CLASSES.segment, deps.store.segments.findByUuid);
export const findCampaignTemplate = (deps: AppDeps, c: Context<AppEnv>) =>
  bound(c, 'template', AUDIENCE_MODEL_CLASSES.template, deps.store.campaignTemplates.findByUuid);
export const findCampaign = (deps: AppDeps, c: Context<AppEnv>) =>
  bound(c, 'campaign', CAMPAIGN_MODEL_CLASS, deps.store.campaigns.findByUuid);
export const findSubscriberImport = (deps: AppDeps, c: Context<AppEnv>) =>
  bound(c, 'subscriberImport', IMPORT_MODEL_CLASS, deps.store.subscriberImports.findByUuid);
/** Explicit binding Route::model('send'): by uuid only, and a 404 without the value. */
export const findSend = (deps: AppDeps, c: Context<AppEnv>) =>
  bound(c, 'send', MODEL_CLASSES.send, deps.store.sends.findByUuid);
/** Explicit binding by uuid: `GET /api/transactional-mails/send` lands here too, and is this 404. */
export const findLogItem = (deps: AppDeps, c: Context<AppEnv>) =>
  bound(c, 'transactionalMail', MODEL_CLASSES.logItem, deps.store.logItems.findByUuid);
