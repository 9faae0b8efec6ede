/**
 * The inbox over the captured messages: search and list (newest first, in capture order), the linked records,
 * deletes, and the full-text index kept behind the captures.
 */
import type { AttachmentRow, IndexStep, LinkedMessageRow, MessageSummaryRow, SearchPage } from './message-rows.js';
import { DROP_MAILPIT_SEARCH_INDEX } from './mailpit-search.js';
import { compileSearch, type MessageFilter, type TimeBound } from './messages-search.js';
import { keptTotal, type PageWindow, type Statements } from './statements.js';
import { writeTransaction } from './write-transaction.js';

/** The most text migration 6 indexes of one message: 10,000 + 1,000,000 + 6 x 100,000 characters. */
const MAX_INDEXED_CHARS = 1_610_000;

/** Beyond this share of the indexed messages, a delete rebuilds the index instead of removing rows one by one. */
const BULK_DELETE_SHARE = 1 / 3;
const BULK_DELETE_MIN = 1_000;

/**
 * The ids of one step over the messages matching `where`, oldest first: at most `?` (the first parameter after
 * those of `where`) of them, while the sum of `cost` stays within the next parameter; always at least the first.
 * The window runs over the LIMITed rows only, so a step costs the same however many messages match.
 */
export function stepSql(where: string, cost: string): string {
  return `SELECT id FROM (
      SELECT id, row_number() OVER (ORDER BY id) AS n, sum(${cost}) OVER (ORDER BY id) AS running
      FROM (SELECT id, size FROM messages WHERE ${where} ORDER BY id LIMIT ?)
    ) WHERE n = 1 OR running <= ?`;
}

const LINK_COLUMNS = `
  (SELECT li.uuid FROM log_items li WHERE li.message_id = m.id ORDER BY li.id LIMIT 1) AS log_item_uuid,
  coalesce(
    (SELECT s.uuid FROM log_items li
       JOIN sends s ON s.workspace_id = li.workspace_id AND s.transactional_mail_log_item_uuid = li.uuid
       WHERE li.message_id = m.id ORDER BY li.id, s.id LIMIT 1),
    -- A campaign mail's Send, which has no log item: its transport message id is the mail's Message-ID.
    CASE WHEN m.campaign_uuid IS NOT NULL THEN
      (SELECT s.uuid FROM sends s WHERE s.workspace_id = m.workspace_id AND s.transport_message_id = m.message_id ORDER BY s.id LIMIT 1)
    END
  ) AS send_uuid`;

const PROBLEMS_COLUMN = '(SELECT c.problems FROM message_checks c WHERE c.message_id = m.id) AS problems';

/**
 * The message's tags, sorted by name (COLLATE NOCASE). An untagged message (most) costs one probe of message_tags'
 * primary key: the aggregate alone cost a page of 500 summaries over 100,000 messages +45%.
 */
const TAGS_COLUMN = `CASE WHEN EXISTS (SELECT 1 FROM message_tags t WHERE t.message_id = m.id)
  THEN (SELECT json_group_array(name) FROM (SELECT n.name FROM message_tags t
    JOIN message_tag_names n ON n.id = t.tag_id WHERE t.message_id = m.id ORDER BY n.name))
  ELSE '[]' END AS tags_json`;

/** The ids of the messages with the workspace's tag of a name (any case): a tag: term. */
const TAGGED_IDS = `SELECT t.message_id FROM message_tag_names n JOIN message_tags t ON t.tag_id = n.id
  WHERE n.workspace_id = ? AND n.name = ?`;

const SUMMARY_COLUMNS = `m.id, m.workspace_id, m.uuid, m.message_id, m.from_json, m.to_json, m.cc_json, m.bcc_json,
  m.subject, m.size, m.attachments_json, m.template_name, m.created_at_ms, m.read, m.campaign_uuid, m.email_list_uuid, m.via, substr(m.text_body, 1, 1000) AS text_head,
  CASE WHEN m.text_body IS NULL THEN substr(m.html_body, 1, 20000) END AS html_head, ${PROBLEMS_COLUMN}, ${TAGS_COLUMN}, ${LINK_COLUMNS}`;

/** The columns of messages_search (migration 3), which the view messages_search_source gives too. */
const SEARCH_COLUMNS =
  'subject, body, sender, recipients, from_addresses, to_addresses, cc_addresses, bcc_addresses, facets';

export function createInboxSearch(statements: Statements) {
  const db = statements.db;
  const hasUnindexed = db
    .prepare('SELECT EXISTS (SELECT 1 FROM messages WHERE id > (SELECT indexed_through FROM messages_search_state))')
    .pluck();
  const indexAboveMark = db.prepare(
    `INSERT INTO messages_search (rowid, ${SEARCH_COLUMNS}) SELECT id, ${SEARCH_COLUMNS} FROM messages_search_source
     WHERE id > (SELECT indexed_through FROM messages_search_state)`,
  );
  const raiseMark = db.prepare(
    'UPDATE messages_search_state SET indexed_through = (SELECT COALESCE(MAX(id), 0) FROM messages)',
  );
  const dropIndex = db.prepare("INSERT INTO messages_search (messages_search) VALUES ('delete-all')");
  const clearMark = db.prepare('UPDATE messages_search_state SET indexed_through = 0');
  const deleteIds = db
    .prepare('DELETE FROM messages WHERE id IN (SELECT value FROM json_each(?)) RETURNING uuid')
    .pluck();
  const workspaceIds = db.prepare('SELECT id FROM messages WHERE workspace_id = ? ORDER BY id').pluck();
  const idsByUuids = db
    .prepare('SELECT id FROM messages WHERE workspace_id = ? AND uuid IN (SELECT value FROM json_each(?))')
    .pluck();
  const messageCount = db.prepare("SELECT COALESCE(SUM(total), 0) FROM list_totals WHERE list = 'messages'").pluck();
  const idByUuid = db.prepare('SELECT id FROM messages WHERE workspace_id = ? AND uuid = ?').pluck();
  const setRead = db.prepare('UPDATE messages SET read = ? WHERE workspace_id = ? AND uuid = ?');
  const templateUsage = db.prepare(
    `SELECT u.sent, (SELECT created_at_ms FROM messages WHERE id = u.last_id) AS last_ms
     FROM (SELECT count(*) AS sent, max(id) AS last_id FROM messages WHERE workspace_id = ? AND template_name = ?) u`,
  );
  const linkedByUuid = db.prepare(
    `SELECT m.*, ${PROBLEMS_COLUMN}, ${TAGS_COLUMN}, ${LINK_COLUMNS} FROM messages m WHERE m.workspace_id = ? AND m.uuid = ?`,
  );
  const summariesByIds = db.prepare(
    `SELECT ${SUMMARY_COLUMNS} FROM messages m WHERE m.id IN (SELECT value FROM json_each(?)) ORDER BY m.id DESC`,
  );
  const attachmentAt = db.prepare(
    'SELECT filename, content_type, content_id, content FROM message_attachments WHERE message_id = ? AND position = ?',
  );
  const deleteByUuid = db.prepare('DELETE FROM messages WHERE workspace_id = ? AND uuid = ?');
  const newestIds = db
    .prepare('SELECT id FROM messages WHERE workspace_id = ? ORDER BY id DESC LIMIT ? OFFSET ?')
    .pluck();
  const timeRegressed = db.prepare('SELECT 1 FROM messages_time_regressions WHERE workspace_id = ?').pluck();
  const forgetTimeRegression = db.prepare('DELETE FROM messages_time_regressions WHERE workspace_id = ?');
  // The next step of deleting a workspace's messages up to an id, counted by raw size: a delete copies each body
  // into its log item (migration 5).
  const deleteStepIds = db.prepare(stepSql('workspace_id = ? AND id <= ?', 'size')).pluck();
  /** With capture times in id order: the first id captured after a time bound, or the last one before it. */
  const edgeId = (condition: string, order: string) =>
    db
      .prepare(
        `SELECT id FROM messages INDEXED BY messages_created_at WHERE workspace_id = ? AND created_at_ms ${condition} ?
       ORDER BY created_at_ms ${order}, id ${order} LIMIT 1`,
      )
      .pluck();
  const edgeIds: Record<TimeBound['op'], ReturnType<typeof edgeId>> = {
    '>': edgeId('>', 'ASC'),
    '>=': edgeId('>=', 'ASC'),
    '<': edgeId('<', 'DESC'),
    '<=': edgeId('<=', 'DESC'),
  };

  const totals = (workspaceId: number) => {
    const query = keptTotal(workspaceId, ['messages']);
    return statements.get(query.sql).get(...query.params) as { total: number; everywhere: number };
  };

  // The last message of the next indexing step, each message counted as its raw size, at most what migrations 6
  // and 7 index of one.
  const stepEndId = db
    .prepare(
      `${stepSql('id > (SELECT indexed_through FROM messages_search_state)', `min(size, ${MAX_INDEXED_CHARS})`)} ORDER BY id DESC LIMIT 1`,
    )
    .pluck();
  const indexUpTo = db.prepare(
    `INSERT INTO messages_search (rowid, ${SEARCH_COLUMNS}) SELECT id, ${SEARCH_COLUMNS} FROM messages_search_source
     WHERE id > (SELECT indexed_through FROM messages_search_state) AND id <= ?`,
  );
  const setMark = db.prepare('UPDATE messages_search_state SET indexed_through = ?');

  /**
   * Indexes the messages above the mark, in one transaction: all of them, or one step of the oldest (so that a
   * step stays short whatever the messages hold). Returns how many it indexed.
   */
  function indexPending(step?: IndexStep): number {
    if (!db.open || hasUnindexed.get() === 0) return 0;
    return writeTransaction(db, () => {
      const last = step === undefined ? undefined : (stepEndId.get(step.messages, step.chars) as number | undefined);
      if (last === undefined) {
        const indexed = indexAboveMark.run().changes;
        raiseMark.run();
        return indexed;
      }
      const indexed = indexUpTo.run(last).changes;
      setMark.run(last);
      return indexed;
    });
  }

  const campaignsNamed = db
    .prepare(
      'SELECT uuid FROM campaigns WHERE workspace_id = ? AND (uuid = ? COLLATE NOCASE OR name = ? COLLATE NOCASE)',
    )
    .pluck();
  const listsNamed = db
    .prepare(
      'SELECT uuid FROM email_lists WHERE workspace_id = ? AND (uuid = ? COLLATE NOCASE OR name = ? COLLATE NOCASE)',
    )
    .pluck();

  /** `campaign:` and `list:` terms with the uuids their name or uuid stands for in the workspace. */
  function resolveOrigins(filter: MessageFilter, workspaceId: number): MessageFilter {
    if (!filter.terms.some((term) => term.condition.kind === 'origin')) return filter;
    const terms = filter.terms.map((term) => {
      const { condition } = term;
      if (condition.kind !== 'origin') return term;
      const named = condition.field === 'campaign' ? campaignsNamed : listsNamed;
      return {
        ...term,
        condition: { ...condition, uuids: named.all(workspaceId, condition.ref, condition.ref) as string[] },
      };
    });
    return { ...filter, terms };
  }

  /**
   * The ids of the matching messages, newest first, and how many match in all. The search index drives whenever
   * the filter has a full-text term: its rowids are the message ids, and it yields them in descending order
   * without a sort. Time bounds become rowid bounds unless the workspace's clock ever went backwards.
   */
  function matchingIds(
    workspaceId: number,
    filter: MessageFilter,
    window: PageWindow,
  ): { ids: number[]; total: number } {
    const kept = totals(workspaceId);
    const { match, times, read, problems, tags, rows } = compileSearch(
      resolveOrigins(filter, workspaceId),
      workspaceId,
      kept.total === kept.everywhere,
    );
    const range = idRange(workspaceId, times, filter.capturedAfterId);
    if (range === null || read === 'none' || problems === 'none') return { ids: [], total: 0 };
    const { lo, hi } = range;
    // message-id:, reply-to:, larger:, smaller: read the row, as the time conditions of a clock gone back do.
    const conditions = [...range.conditions, ...rows.map((row) => row.sql)];
    const params = [...range.params, ...rows.flatMap((row) => row.params)];
    if (
      match === null &&
      conditions.length === 0 &&
      lo === null &&
      hi === null &&
      read === null &&
      problems === null &&
      tags.length === 0
    ) {
      const ids = newestIds.all(workspaceId, window.limit, window.offset) as number[];
      return { ids, total: kept.total };
    }
    let from: string;
    let id: string;
    const where: string[] = [];
    const values: unknown[] = [];
    if (match !== null) {
      // The table's columns (times, read state) only when a condition reads them.
      from =
        conditions.length === 0 && read === null
          ? 'messages_search s'
          : 'messages_search s JOIN messages m ON m.id = s.rowid';
      id = 's.rowid';
      where.push('s.messages_search MATCH ?');
      values.push(match);
    } else {
      // Times without rowid bounds: the capture-time index holds the ids too, so the range needs no table rows;
      // so does the read-state index for is:read / is:unread alone.
      from =
        conditions.length > 0
          ? 'messages m INDEXED BY messages_created_at'
          : read === true
            ? 'messages m INDEXED BY messages_read'
            : read === false
              ? 'messages m INDEXED BY messages_unread'
              : 'messages m';
      id = 'm.id';
      where.push('m.workspace_id = ?');
      values.push(workspaceId);
    }
    if (read !== null) {
      // A literal, not a parameter: the partial indexes serve only a WHERE that states their condition.
      where.push(read ? 'm.read = 1' : 'm.read = 0');
    }
    if (problems !== null) {
      // The ids with problems, off the partial index (migration 25): few, whatever the inbox holds.
      where.push(`${id} ${problems ? 'IN' : 'NOT IN'} (SELECT message_id FROM message_checks WHERE problems > 0)`);
    }
    for (const tag of tags) {
      // The tagged ids off message_tags' (tag_id, message_id) index: as many as have the tag. Beside a MATCH they
      // only filter what the index yields (the unary +): driving from them ran the MATCH once per tagged id (3 s
      // for 1,000 of 100,000 messages).
      where.push(`${match === null ? '' : '+'}${id} ${tag.negated ? 'NOT IN' : 'IN'} (${TAGGED_IDS})`);
      values.push(workspaceId, tag.name);
    }
    for (const [bound, op] of [
      [lo, '>='],
      [hi, '<='],
    ] as const) {
      if (bound === null) continue;
      where.push(`${id} ${op} ?`);
      values.push(bound);
    }
    where.push(...conditions);
    values.push(...params);
    const body = `FROM ${from} WHERE ${where.join(' AND ')}`;
    const total = statements
      .get(`SELECT COUNT(*) ${body}`)
      .pluck()
      .get(...values) as number;
    const ids =
      window.offset >= total
        ? []
        : (statements
            .get(`SELECT ${id} ${body} ORDER BY ${id} DESC LIMIT ? OFFSET ?`)
            .pluck()
            .all(...values, window.limit, window.offset) as number[]);
    return { ids, total };
  }

  /**
   * The rowid bounds (inclusive, null for none) the time bounds and `capturedAfterId` amount to, or null when no
   * message can match. Where the workspace's capture times ever went backwards, the time bounds stay conditions on
   * created_at_ms instead.
   */
  function idRange(workspaceId: number, times: TimeBound[], capturedAfterId: number | undefined) {
    let lo = capturedAfterId === undefined ? null : capturedAfterId + 1;
    let hi: number | null = null;
    const conditions: string[] = [];
    const params: number[] = [];
    const monotonic = times.length === 0 || timeRegressed.get(workspaceId) === undefined;
    for (const bound of times) {
      if (!monotonic) {
        conditions.push(`m.created_at_ms ${bound.op} ?`);
        params.push(bound.at);
        continue;
      }
      const edge = edgeIds[bound.op].get(workspaceId, bound.at) as number | undefined;
      if (edge === undefined) return null;
      if (bound.op.startsWith('>')) lo = Math.max(lo ?? edge, edge);
      else hi = Math.min(hi ?? edge, edge);
    }
    if (lo !== null && hi !== null && lo > hi) return null;
    return { lo, hi, conditions, params };
  }

  /** Deletes the messages; `everything`: they are the first of a delete that leaves no message at all. */
  function deleteMessages(ids: number[], everything = false): string[] {
    if (ids.length === 0) return [];
    return writeTransaction(db, () => {
      const count = messageCount.get() as number;
      if (
        (ids.length >= BULK_DELETE_MIN && ids.length > count * BULK_DELETE_SHARE) ||
        ids.length === count ||
        everything
      ) {
        // Cheaper than removing each message from the index (about 100 us each, up to 40 ms for a message with
        // megabytes of text: emptying an inbox of 300 such took 1.2 s): empty the index and lower the mark to 0,
        // so that the delete trigger has nothing to remove and the rest is indexed again later. Always so when
        // every message goes (the inbox cleared between tests): there is no rest.
        dropIndex.run();
        clearMark.run();
        db.exec(DROP_MAILPIT_SEARCH_INDEX);
      }
      return deleteIds.all(JSON.stringify(ids)) as string[];
    });
  }

  function searchIndexed(workspaceId: number, filter: MessageFilter, window: PageWindow): SearchPage {
    return statements.read(() => {
      const { ids, total } = matchingIds(workspaceId, filter, window);
      const rows = ids.length === 0 ? [] : (summariesByIds.all(JSON.stringify(ids)) as MessageSummaryRow[]);
      return { rows, total };
    });
  }

  const mark = db.prepare('SELECT indexed_through FROM messages_search_state').pluck();
  const highest = db.prepare('SELECT COALESCE(MAX(id), 0) FROM messages').pluck();

  return {
    indexPending,

    /** The highest message id known to be in the search index. */
    indexedThrough: () => mark.get() as number,

    /** The highest id of a captured message (0 for none). */
    highestId: () => highest.get() as number,

    /**
     * One page of the messages matching the filter, newest first (capture order), and the total. Indexes whatever
     * has not been indexed yet first, so that a search sees every captured message.
     */
    search(workspaceId: number, filter: MessageFilter, window: PageWindow): SearchPage {
      indexPending();
      return searchIndexed(workspaceId, filter, window);
    },

    /** search() without indexing first: it sees the messages indexed so far (and writes nothing). */
    searchIndexed,

    findLinked: (workspaceId: number, uuid: string) =>
      linkedByUuid.get(workspaceId, uuid) as LinkedMessageRow | undefined,

    idOf: (workspaceId: number, uuid: string) => idByUuid.get(workspaceId, uuid) as number | undefined,

    /** The summary of one message, by uuid. */
    summaryOf(workspaceId: number, uuid: string): MessageSummaryRow | undefined {
      const id = idByUuid.get(workspaceId, uuid) as number | undefined;
      return id === undefined ? undefined : (summariesByIds.get(JSON.stringify([id])) as MessageSummaryRow);
    },

    attachmentAt: (messageId: number, position: number) =>
      attachmentAt.get(messageId, position) as AttachmentRow | undefined,

    /** Marks one message read or unread. Returns whether it exists. */
    /** How many captured mails a template (by name) rendered, and when the last one was captured (ms) or null. */
    templateUsage: (workspaceId: number, templateName: string) =>
      templateUsage.get(workspaceId, templateName) as { sent: number; last_ms: number | null },
    setRead: (workspaceId: number, uuid: string, read: boolean): boolean =>
      setRead.run(read ? 1 : 0, workspaceId, uuid).changes > 0,

    /** Deletes one message (its raw bytes and attachments go with it). Returns whether it existed. */
    deleteByUuid: (workspaceId: number, uuid: string): boolean => deleteByUuid.run(workspaceId, uuid).changes > 0,

    /**
     * Deletes the listed messages of the workspace (unknown uuids are ignored; Mailpit's deletes by ID and by
     * search); returns the uuids deleted. Many at once empty the search indexes rather than edit them.
     */
    deleteUuids: (workspaceId: number, uuids: string[]): string[] =>
      deleteMessages(idsByUuids.all(workspaceId, JSON.stringify(uuids)) as number[]),

    /** Deletes every message matching the filter; returns their uuids. */
    deleteMatching(workspaceId: number, filter: MessageFilter): string[] {
      indexPending();
      return deleteMessages(matchingIds(workspaceId, filter, { offset: 0, limit: -1 }).ids);
    },

    /** Deletes every message of the workspace; returns how many there were. Its capture times start afresh. */
    deleteAll(workspaceId: number): number {
      const deleted = deleteMessages(workspaceIds.all(workspaceId) as number[]).length;
      forgetTimeRegression.run(workspaceId);
      return deleted;
    },

    /**
     * One step of deleting the workspace's messages with ids up to `through` (the highest when the delete
     * began, so that captures meanwhile neither go nor keep it running): the oldest, at most `step.messages` of
     * them and about `step.chars` bytes. Returns how many went; 0 once none is left, when the workspace's capture
     * times start afresh. When nothing else will remain, the first step empties the search index at once.
     */
    deleteAllStep(workspaceId: number, through: number, step: IndexStep): number {
      const ids = deleteStepIds.all(workspaceId, through, step.messages, step.chars) as number[];
      if (ids.length === 0) {
        forgetTimeRegression.run(workspaceId);
        return 0;
      }
      const everything = totals(workspaceId);
      return deleteMessages(ids, everything.total === everything.everywhere && (highest.get() as number) <= through)
        .length;
    },
  };
}
