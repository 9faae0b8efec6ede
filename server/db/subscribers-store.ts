/** SQL for subscribers and which tags they have (mailcoach_subscribers and its tag pivot; docs/spec/mailcoach-audience-campaigns.md#2-subscribers). */
import { rowAccess } from './row-access.js';
import type { SegmentCondition, SubscriberRow, TagRow } from './rows.js';
import { fuzzyCondition, Where } from './sql.js';
import {
  keptTotal,
  listPage,
  type ListResult,
  type TotalQuery,
  type PageWindow,
  type SortTerm,
  type Statements,
} from './statements.js';

export type SubscriberStatus = 'unconfirmed' | 'subscribed' | 'unsubscribed';

export interface SubscriberFilters {
  /** filter[email]: the exact address, case-insensitively. */
  email?: string;
  /** filter[search]: part of the email. */
  search?: string[];
  status?: SubscriberStatus;
  /** filter[tags]: the found tags' ids; `all` (filter[tagType]=all) asks for every one of them, else any. */
  tags?: { ids: number[]; all: boolean };
}

/** The status as v8 derives it (docs/spec/mailcoach-audience-campaigns.md#21-model-and-status-mailcoach_subscribers-domainaudiencemodelssubscriberphp): unsubscribed_at, then subscribed_at. */
export const STATUS_CONDITIONS: Record<SubscriberStatus, string> = {
  unsubscribed: 'unsubscribed_at IS NOT NULL',
  subscribed: 'unsubscribed_at IS NULL AND subscribed_at IS NOT NULL',
  unconfirmed: 'unsubscribed_at IS NULL AND subscribed_at IS NULL',
};

const COLUMNS = [
  'workspace_id',
  'email_list_id',
  'uuid',
  'email',
  'first_name',
  'last_name',
  'extra_attributes',
  'subscribed_at',
  'unsubscribed_at',
  'created_at',
  'updated_at',
] as const;

export type SubscriberChange = Partial<
  Pick<
    SubscriberRow,
    'email' | 'first_name' | 'last_name' | 'extra_attributes' | 'subscribed_at' | 'unsubscribed_at' | 'updated_at'
  >
>;

export function createSubscriberStore(statements: Statements) {
  const db = statements.db;
  const table = rowAccess<SubscriberRow>(statements, 'subscribers', COLUMNS);
  const byUuidAnywhere = db.prepare('SELECT * FROM subscribers WHERE uuid = ? ORDER BY id LIMIT 1');
  const byEmail = db.prepare(
    'SELECT * FROM subscribers WHERE email_list_id = ? AND email = ? COLLATE NOCASE ORDER BY id LIMIT 1',
  );
  const tagsOf = db.prepare(
    'SELECT t.* FROM subscriber_tags st JOIN tags t ON t.id = st.tag_id WHERE st.subscriber_id = ? ORDER BY t.name, t.id',
  );
  const attach = db.prepare('INSERT OR IGNORE INTO subscriber_tags (subscriber_id, tag_id) VALUES (?, ?)');
  const detach = db.prepare('DELETE FROM subscriber_tags WHERE subscriber_id = ? AND tag_id = ?');
  const statusCounts = db.prepare(
    `SELECT ${(['subscribed', 'unconfirmed', 'unsubscribed'] as const).map((status) => `(SELECT COUNT(*) FROM subscribers WHERE email_list_id = ? AND ${STATUS_CONDITIONS[status]}) AS ${status}`).join(', ')}`,
  );

  return {
    ...table.rows,
    /** Writes the given columns only. */
    update: (id: number, change: SubscriberChange): SubscriberRow => table.change(id, change),
    /** For the public links in mails (confirm, unsubscribe), which name no workspace: uuids are unique anyway. */
    findByUuidAnywhere: (uuid: string) => byUuidAnywhere.get(uuid) as SubscriberRow | undefined,
    findByEmail: (listId: number, email: string) => byEmail.get(listId, email) as SubscriberRow | undefined,

    /**
     * The ids of a campaign's audience: the list's subscribed subscribers that meet every segment condition
     * (SubscriberTagsQueryCondition: `in` one of the tags, `all` of them, `not-in` none, `none` not all), by id.
     */
    audienceIds(listId: number, conditions: SegmentCondition[]): number[] {
      const { where, params } = audienceWhere(listId, conditions, 'list');
      return statements
        .get(`SELECT id FROM subscribers WHERE ${where} ORDER BY id`)
        .pluck()
        .all(...params) as number[];
    },

    /** How many subscribers that audience holds (a segment's reach, for the web UI), counted without loading them. */
    audienceCount(listId: number, conditions: SegmentCondition[]): number {
      const { where, params } = audienceWhere(listId, conditions, 'list');
      return statements
        .get(`SELECT COUNT(*) FROM subscribers WHERE ${where}`)
        .pluck()
        .get(...params) as number;
    },

    /** The list's subscribers by status, each counted in its status's partial index (migration 17). */
    statusCounts: (listId: number): Record<SubscriberStatus, number> =>
      statusCounts.get(listId, listId, listId) as Record<SubscriberStatus, number>,

    /** Whether one subscriber is in that audience (an automation's, for its trigger). */
    inAudience(subscriberId: number, listId: number, conditions: SegmentCondition[]): boolean {
      const { where, params } = audienceWhere(listId, conditions, 'one');
      return (
        statements
          .get(`SELECT 1 FROM subscribers WHERE id = ? AND ${where}`)
          .pluck()
          .get(subscriberId, ...params) !== undefined
      );
    },

    /** The subscriber's tags, by name (v8's relation is ordered by name). */
    tagsOf: (subscriberId: number) => tagsOf.all(subscriberId) as TagRow[],
    attachTag: (subscriberId: number, tagId: number): void => void attach.run(subscriberId, tagId),
    detachTag: (subscriberId: number, tagId: number): void => void detach.run(subscriberId, tagId),

    list(
      workspaceId: number,
      listId: number,
      filters: SubscriberFilters,
      sort: SortTerm[],
      window: PageWindow,
    ): ListResult<SubscriberRow> {
      // The list is the workspace's (found by its uuid in it): no workspace condition, which would lead SQLite to the
      // (workspace_id, uuid) index and a sort of the whole list instead of the list's own indexes.
      const where = new Where().and('email_list_id = ?', listId);
      if (filters.email !== undefined) where.and('email = ? COLLATE NOCASE', filters.email);
      if (filters.search !== undefined) where.and(fuzzyCondition(['email'], filters.search));
      if (filters.status !== undefined) where.and(STATUS_CONDITIONS[filters.status]);
      if (filters.tags !== undefined && filters.tags.ids.length > 0) {
        const ids = filters.tags.ids;
        // Driven from the tag's side (subscriber_tags_tag): the subscribers with those tags, not every subscriber
        // asked whether it has them. The ids as integers, as the column holds them (inCondition() takes text).
        const tagged =
          'SELECT st.subscriber_id FROM subscriber_tags st WHERE st.tag_id IN (SELECT value FROM json_each(?))';
        if (filters.tags.all)
          where.and(`id IN (${tagged} GROUP BY st.subscriber_id HAVING COUNT(*) = ?)`, JSON.stringify(ids), ids.length);
        else where.and(`id IN (${tagged})`, JSON.stringify(ids));
      }
      // Unfiltered, the total is the trigger-kept count (migration 17). Filtered by tags alone, it is counted in the
      // tag pivot's index: a list's tags are its own, so their subscribers are the list's (a tenth of the time of
      // counting the list's rows that have them).
      let total: TotalQuery | undefined =
        where.conditions.length === 1 ? keptTotal(workspaceId, [`subscribers:${listId}`]) : undefined;
      if (where.conditions.length === 2 && filters.tags !== undefined && filters.tags.ids.length > 0) {
        const tagged = 'SELECT subscriber_id FROM subscriber_tags WHERE tag_id IN (SELECT value FROM json_each(?))';
        total = filters.tags.all
          ? {
              sql: `SELECT COUNT(*) AS total FROM (${tagged} GROUP BY subscriber_id HAVING COUNT(*) = ?)`,
              params: [JSON.stringify(filters.tags.ids), filters.tags.ids.length],
            }
          : {
              sql: `SELECT COUNT(DISTINCT subscriber_id) AS total FROM subscriber_tags WHERE tag_id IN (SELECT value FROM json_each(?))`,
              params: [JSON.stringify(filters.tags.ids)],
            };
      }
      return listPage(statements, { table: 'subscribers', ...where, orderBy: sort, window, total });
    },
  };
}

export type SubscriberStore = ReturnType<typeof createSubscriberStore>;

/**
 * The audience's conditions. For one subscriber (`one`): its own tags counted, a lookup in the pivot's primary key.
 * For a whole list (`list`): the same test asked of the tags' side, the pivot's tag index read once for the
 * statement rather than once per subscriber (at 100,000 subscribers, some 10 ms instead of some 120 ms). The two
 * agree: the pivot holds a (subscriber, tag) pair once, so "has k of the tags" is a count either way; with no tags,
 * `all` holds for everyone and `none` for no one, as the counts say (0 = 0, 0 < 0).
 */
function audienceWhere(
  listId: number,
  conditions: SegmentCondition[],
  scope: 'one' | 'list',
): { where: string; params: unknown[] } {
  const where = ['email_list_id = ?', STATUS_CONDITIONS.subscribed];
  const params: unknown[] = [listId];
  for (const condition of conditions) {
    const tagIds = JSON.stringify(condition.tagIds);
    if (scope === 'one') {
      const having =
        '(SELECT COUNT(*) FROM subscriber_tags st WHERE st.subscriber_id = subscribers.id AND st.tag_id IN (SELECT value FROM json_each(?)))';
      const tests: Record<SegmentCondition['operator'], string> = {
        in: `${having} > 0`,
        all: `${having} = ?`,
        'not-in': `${having} = 0`,
        none: `${having} < ?`,
      };
      where.push(tests[condition.operator]);
      params.push(tagIds);
      if (condition.operator === 'all' || condition.operator === 'none') params.push(condition.tagIds.length);
      continue;
    }
    const tagged =
      'SELECT st.subscriber_id FROM subscriber_tags st WHERE st.tag_id IN (SELECT value FROM json_each(?))';
    const withAll = `${tagged} GROUP BY st.subscriber_id HAVING COUNT(*) = ?`;
    if (condition.operator === 'in' || condition.operator === 'not-in') {
      where.push(`id ${condition.operator === 'in' ? 'IN' : 'NOT IN'} (${tagged})`);
      params.push(tagIds);
    } else if (condition.tagIds.length === 0) {
      if (condition.operator === 'none') where.push('0');
    } else {
      where.push(`id ${condition.operator === 'all' ? 'IN' : 'NOT IN'} (${withAll})`);
      params.push(tagIds, condition.tagIds.length);
    }
  }
  return { where: where.join(' AND '), params };
}
