/**
 * The web UI's view of the workspace's email lists, without an API token, as the other records views:
 * - GET /_emulator/email-lists: each list by name (uuid, name, active subscribers: what a webhook configuration is
 *   limited to), with its subscribers counted by status, its default sender and whether it asks for double opt-in;
 * - GET /_emulator/email-lists/{uuid}: one list so, with its tags and segments (how many subscribers each selects)
 *   and its subscriber imports (counts and errors);
 * - GET /_emulator/email-lists/{uuid}/subscribers: GET /api/email-lists/{uuid}/subscribers's page (its filters,
 *   sorts and indexed query, mailcoach/subscribers.ts), each subscriber with its status.
 */
import { Hono, type Context } from 'hono';
import type { AppDeps } from '../../deps.js';
import type { EmailListRow, SegmentCondition } from '../../db/rows.js';
import { ApiError } from '../../errors.js';
import type { AppEnv } from '../../http/env.js';
import { respondWithIndex } from '../../http/listing.js';
import { laravelTimestamp } from '../../http/timestamps.js';
import { subscriberPresenter } from '../../mailcoach/resources/audience.js';
import { listSubscriberIndex } from '../../mailcoach/subscriber-actions.js';
import { subscriberStatus } from '../../audience/status.js';
import type { EmailListDetail, EmailListOverview, SubscriberWithStatus } from '../schemas/audience.js';

/** More than any workspace a person picks from holds; the UI lists them all. */
const LIMIT = 10_000;
/** A list's imports, newest first: more than a person reads through. */
const IMPORTS_LIMIT = 100;

export function emailListRecordRoutes(deps: AppDeps) {
  const overview = (row: EmailListRow): EmailListOverview => {
    const counts = deps.store.subscribers.statusCounts(row.id);
    return {
      uuid: row.uuid,
      name: row.name,
      // The resource's count is the subscribed ones (emailListResource): read from the counts, not counted again.
      active_subscribers_count: counts.subscribed,
      subscribers_counts: counts,
      default_from_email: row.default_from_email,
      default_from_name: row.default_from_name,
      requires_confirmation: row.requires_confirmation === 1,
      created_at: laravelTimestamp(row.created_at),
    };
  };
  const present = subscriberPresenter(deps);

  return new Hono<AppEnv>()
    .get('/', (c) => {
      const { rows } = deps.store.emailLists.list(
        c.get('workspaceId'),
        {},
        [
          { column: 'name', descending: false },
          { column: 'id', descending: false },
        ],
        { offset: 0, limit: LIMIT },
      );
      return c.json({ data: rows.map(overview) });
    })
    .get('/:uuid', (c) => {
      const list = findList(deps, c);
      const segments = deps.store.segments.list(
        list.workspace_id,
        list.id,
        undefined,
        [
          { column: 'name', descending: false },
          { column: 'id', descending: false },
        ],
        { offset: 0, limit: LIMIT },
      );
      const imports = deps.store.subscriberImports.list(
        list.workspace_id,
        { listUuids: [list.uuid] },
        [
          { column: 'created_at', descending: true },
          { column: 'id', descending: true },
        ],
        { offset: 0, limit: IMPORTS_LIMIT },
      );
      return c.json({
        data: {
          ...overview(list),
          tags: deps.store.tags
            .ofListCounted(list.id)
            .map((tag) => ({ uuid: tag.uuid, name: tag.name, type: tag.type, subscriber_count: tag.subscriber_count })),
          // A segment selects what a campaign to it reaches: the list's subscribed subscribers meeting its conditions.
          segments: segments.rows.map((segment) => ({
            uuid: segment.uuid,
            name: segment.name,
            subscriber_count: deps.store.subscribers.audienceCount(
              list.id,
              JSON.parse(segment.stored_conditions) as SegmentCondition[],
            ),
          })),
          imports: imports.rows.map((row) => ({
            uuid: row.uuid,
            status: row.status,
            imported_subscribers_count: row.imported_subscribers_count,
            error_count: row.error_count,
            created_at: laravelTimestamp(row.created_at),
            updated_at: laravelTimestamp(row.updated_at),
          })),
        } satisfies EmailListDetail,
      });
    })
    .get('/:uuid/subscribers', (c) => {
      const list = findList(deps, c);
      return respondWithIndex(c, {
        ...listSubscriberIndex(deps, list),
        present: (row): SubscriberWithStatus => ({
          ...present(row, undefined, list.uuid),
          status: subscriberStatus(row),
        }),
      });
    });
}

function findList(deps: AppDeps, c: Context<AppEnv>): EmailListRow {
  const uuid = c.req.param('uuid') as string;
  const list = deps.store.emailLists.findByUuid(c.get('workspaceId'), uuid);
  if (list === undefined) throw new ApiError(404, `No email list with uuid ${uuid} in this workspace.`);
  return list;
}
