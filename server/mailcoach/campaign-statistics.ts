/**
 * A campaign's statistics lists (docs/spec/mailcoach-audience-campaigns.md#510-statistics-endpoints-get-paginated-reference-17): GET /api/campaigns/{campaign}/opens,
 * /clicks, /unsubscribes and /bounces, paginated, with v8's filters, sorts and resources (OpenResource keeps
 * v8's bug: `subscriber_email_list_uuid` cast to an integer). The rows come from the simulations on the
 * campaign's sends (decisions.md "Statistics").
 */
import { Hono } from 'hono';
import type { AppDeps } from '../deps.js';
import type { SubscriberRow } from '../db/rows.js';
import type { AppEnv } from '../http/env.js';
import { laravelTimestamp } from '../http/timestamps.js';
import { urlDecode } from '../http/url-decode.js';
import { phpIntOf } from '../validation/php-int.js';
import { findCampaign } from './bindings.js';
import { respondWithIndex } from '../http/listing.js';
import { subscriberPresenter } from './resources/audience.js';

export function campaignStatisticsRoutes(deps: AppDeps) {
  const statistics = deps.store.campaignStatistics;
  const presentSubscriber = subscriberPresenter(deps);
  const search = (filters: Record<string, string[]>) => filters.search?.map(urlDecode).join(',');

  return new Hono<AppEnv>()
    .get('/:campaign/opens', (c) => {
      const campaign = findCampaign(deps, c);
      return respondWithIndex(c, {
        query: {
          allowedSorts: ['email', 'open_count', 'first_opened_at', 'last_opened_at'],
          allowedFilters: ['search'],
          defaultSort: ['-first_opened_at'],
        },
        sortColumns: {
          email: 'email',
          open_count: 'open_count',
          first_opened_at: 'first_opened_at',
          last_opened_at: 'last_opened_at',
          id: 'id',
        },
        filters: ({ filters }) => search(filters),
        list: (_workspaceId, text, sort, window) => statistics.opens(campaign, text, sort, window),
        present: (row) => ({
          subscriber_uuid: row.subscriber_uuid,
          // OpenResource casts the list uuid to int (a v8 bug the SDK coerces back): kept (decisions.md).
          subscriber_email_list_uuid: phpIntOf(row.list_uuid),
          subscriber_email: row.email,
          open_count: row.open_count,
          first_opened_at: laravelTimestamp(row.first_opened_at),
          last_opened_at: laravelTimestamp(row.last_opened_at),
        }),
      });
    })
    .get('/:campaign/clicks', (c) => {
      const campaign = findCampaign(deps, c);
      return respondWithIndex(c, {
        query: {
          allowedSorts: ['unique_click_count', 'click_count'],
          allowedFilters: ['search'],
          defaultSort: ['-unique_click_count'],
        },
        sortColumns: { unique_click_count: 'unique_click_count', click_count: 'click_count', id: 'id' },
        filters: ({ filters }) => search(filters),
        list: (_workspaceId, text, sort, window) => statistics.links(campaign, text, sort, window),
        present: (row) => ({
          uuid: row.uuid,
          url: row.url,
          unique_click_count: row.unique_click_count,
          click_count: row.click_count,
          clicks: statistics.clicksOf(row.id).map((click) => ({
            uuid: click.uuid,
            send_uuid: click.send_uuid,
            link_uuid: click.link_uuid,
            subscriber_uuid: click.subscriber_uuid,
            created_at: laravelTimestamp(click.created_at),
            updated_at: laravelTimestamp(click.created_at),
          })),
        }),
      });
    })
    .get('/:campaign/unsubscribes', (c) => {
      const campaign = findCampaign(deps, c);
      return respondWithIndex(c, {
        query: { allowedSorts: ['created_at', 'id'], allowedFilters: ['search'], defaultSort: ['-created_at', '-id'] },
        sortColumns: { created_at: 'created_at', id: 'id' },
        filters: ({ filters }) => search(filters),
        list: (_workspaceId, text, sort, window) => statistics.unsubscribes(campaign, text, sort, window),
        present: (row) => {
          const subscriber = deps.store.subscribers.findById(row.subscriber_id) as SubscriberRow;
          return {
            campaign_uuid: campaign.uuid,
            subscriber_uuid: subscriber.uuid,
            subscriber_email: subscriber.email,
            subscriber: presentSubscriber(subscriber),
          };
        },
      });
    })
    .get('/:campaign/bounces', (c) => {
      const campaign = findCampaign(deps, c);
      return respondWithIndex(c, {
        query: {
          allowedSorts: ['email', 'bounce_count', 'created_at'],
          allowedFilters: ['search', 'type'],
          defaultSort: ['-created_at'],
        },
        sortColumns: { email: 'email', bounce_count: 'bounce_count', created_at: 'created_at', id: 'id' },
        filters: ({ filters }) => ({ text: search(filters), type: filters.type?.[0] }),
        list: (_workspaceId, { text, type }, sort, window) => statistics.feedback(campaign, text, type, sort, window),
        present: (row) => ({
          subscriber_uuid: row.subscriber_uuid,
          subscriber_email_list_uuid: row.list_uuid,
          subscriber_email: row.email,
          bounce_count: row.bounce_count,
          type: row.type,
          created_at: laravelTimestamp(row.created_at),
        }),
      });
    });
}
