/**
 * The Mailcoach API surface under /api, in the order of routes/mailcoach-api.php (v8). Route order matters where
 * a static segment and a wildcard overlap: `templates` is registered before `{transactionalMail}`.
 */
import { Hono } from 'hono';
import type { AppDeps } from '../deps.js';
import type { AppEnv } from '../http/env.js';
import { automationRoutes } from './automations.js';
import { campaignTemplateRoutes } from './campaign-templates.js';
import { campaignRoutes } from './campaigns.js';
import { campaignStatisticsRoutes } from './campaign-statistics.js';
import { emailListRoutes } from './email-lists.js';
import { segmentRoutes } from './segments.js';
import { subscriberImportRoutes } from './subscriber-imports.js';
import { sendRoutes } from './sends.js';
import { listSubscriberRoutes, subscriberRoutes } from './subscribers.js';
import { suppressionRoutes } from './suppressions.js';
import { tagRoutes } from './tags.js';
import { transactionalMailTemplateRoutes } from './transactional-mail-templates.js';
import { transactionalMailRoutes } from './transactional-mails.js';

export function mailcoachApi(deps: AppDeps) {
  return new Hono<AppEnv>({ strict: false })
    .route('/suppressions', suppressionRoutes(deps))
    .route('/sends', sendRoutes(deps))
    .route('/transactional-mails/templates', transactionalMailTemplateRoutes(deps))
    .route('/transactional-mails', transactionalMailRoutes(deps))
    .route('/email-lists', emailListRoutes(deps))
    .route('/email-lists', listSubscriberRoutes(deps))
    .route('/email-lists', tagRoutes(deps))
    .route('/email-lists', segmentRoutes(deps))
    .route('/templates', campaignTemplateRoutes(deps))
    .route('/campaigns', campaignRoutes(deps))
    .route('/campaigns', campaignStatisticsRoutes(deps))
    .route('/subscribers', subscriberRoutes(deps))
    .route('/automations', automationRoutes(deps))
    .route('/subscriber-imports', subscriberImportRoutes(deps));
}
