/**
 * Inbox search in SQL: a structured filter (search/query.ts parses the query text into one) becomes one FTS5
 * MATCH expression over messages_search (migration 3) plus bounds on the capture time. Ordering is capture order,
 * newest first, which is rowid order in both messages and the index, so a page is read straight off the index's
 * doclists, newest first, and stops after the page: no sort, no join (measured with `BENCH_ONLY=inbox npm run
 * bench`). The store turns time bounds into rowid bounds where it can (messages-store.ts).
 */

/** The address lists a filter can name; each has its own column in messages_search. */
type AddressField = 'from' | 'to' | 'cc' | 'bcc';

export type MessageCondition =
  /** A free word (matches a word prefix) or a quoted phrase (whole words), in subject, text, from and to. */
  | { kind: 'text'; value: string; phrase: boolean }
  /** Words of the subject, the last one as a prefix. */
  | { kind: 'subject'; value: string }
  /** An address, a domain, a local part or a name word of the list, as a prefix. */
  | { kind: 'address'; field: AddressField; value: string }
  /** The template's name, exactly (ASCII case-insensitive). */
  | { kind: 'template'; name: string }
  /**
   * The campaign or email list a mail came from, named by uuid or name (case-insensitive); `uuids` is what the
   * store found for `ref` in the workspace (resolveOrigins() in messages-store.ts), before the search is compiled.
   */
  | { kind: 'origin'; field: 'campaign' | 'list'; ref: string; uuids?: string[] }
  | { kind: 'has-attachment' }
  /** Received over SMTP (via:smtp; via:api is its negation): the facet migration 24 indexes. */
  | { kind: 'via-smtp' }
  /** Opened in the inbox (or marked read), or not: a column of messages, not a word of the index. */
  | { kind: 'read'; read: boolean }
  /** The checks found a problem in it (README "Mail checks"): a row of message_checks (migration 25). */
  | { kind: 'problems' }
  /** It has the Mailpit tag of that name, in any case (migrations 26 and 29: tags change after capture, so no facet). */
  | { kind: 'tag'; name: string }
  /** Captured strictly before / after the instant (epoch milliseconds). */
  | { kind: 'before'; at: number }
  | { kind: 'after'; at: number }
  /** Its Message-ID, exactly (without angle brackets): a column of messages. */
  | { kind: 'message-id'; value: string }
  /** A Reply-To address or name containing the text (case-insensitive): a column of messages. */
  | { kind: 'reply-to'; value: string }
  /** Its raw size strictly above / below that many bytes (larger: / smaller:). */
  | { kind: 'size'; op: '>' | '<'; bytes: number };

export interface MessageTerm {
  condition: MessageCondition;
  negated: boolean;
}

export interface MessageFilter {
  /** ANDed. */
  terms: MessageTerm[];
  /** Only messages captured after the one with this row id (wait-for's `after=<uuid>`). */
  capturedAfterId?: number;
}

/** Whether the filter has a has:problems term (negated or not): the problem checks must have caught up for it. */
export function usesProblems(filter: MessageFilter): boolean {
  return filter.terms.some(({ condition }) => condition.kind === 'problems');
}

/** Whether the filter has a full-text term: one the search index answers, rather than the capture order alone. */
export function usesFullText(filter: MessageFilter): boolean {
  return filter.terms.some(({ condition }) => !OUTSIDE_INDEX.has(condition.kind));
}

/** The conditions compiled to SQL over the messages row `m` (rows in CompiledSearch). */
const ROW_KINDS = ['message-id', 'reply-to', 'size'] as const;
type RowCondition = Extract<MessageCondition, { kind: (typeof ROW_KINDS)[number] }>;

/** The conditions the store applies to the messages table rather than through the search index. */
const OUTSIDE_INDEX = new Set<MessageCondition['kind']>(['before', 'after', 'read', 'problems', 'tag', ...ROW_KINDS]);

/** The words columns: what a free word or a phrase is looked for in. */
const TEXT_COLUMNS = '{subject body sender recipients}';
const ADDRESS_COLUMNS: Record<AddressField, string> = {
  from: 'from_addresses',
  to: 'to_addresses',
  cc: 'cc_addresses',
  bcc: 'bcc_addresses',
};

/** A bound on created_at_ms: `created_at_ms <op> at`. */
export interface TimeBound {
  op: '<' | '<=' | '>' | '>=';
  at: number;
}

export interface CompiledSearch {
  /** The MATCH expression, or null when the filter has no full-text term (only dates, or nothing). */
  match: string | null;
  /** before:/after: terms, negations turned around (-before:t is >= t). */
  times: TimeBound[];
  /** The read state asked for (is:read, is:unread, negations turned around); null for either; 'none' for both. */
  read: boolean | null | 'none';
  /** has:problems (true), -has:problems (false), null for either, 'none' for both. */
  problems: boolean | null | 'none';
  /** tag: terms: the tag's name, and whether the message must not have it. */
  tags: { name: string; negated: boolean }[];
  /** message-id:, reply-to:, larger: and smaller: terms: SQL over the messages row `m`, negations included. */
  rows: { sql: string; params: unknown[] }[];
}

/**
 * Compiles the filter for one workspace. `wholeTable`: the workspace holds every message, so that the workspace
 * facet can be left out of an expression that already has a positive term (it would only cost a merge with a
 * doclist as long as the table).
 */
export function compileSearch(filter: MessageFilter, workspaceId: number, wholeTable: boolean): CompiledSearch {
  const positive: string[] = [];
  const negative: string[] = [];
  const times: TimeBound[] = [];
  let read: CompiledSearch['read'] = null;
  let problems: CompiledSearch['problems'] = null;
  const tags: CompiledSearch['tags'] = [];
  const rows: CompiledSearch['rows'] = [];
  for (const { condition, negated } of filter.terms) {
    if (condition.kind === 'before') times.push({ op: negated ? '>=' : '<', at: condition.at });
    else if (condition.kind === 'after') times.push({ op: negated ? '<=' : '>', at: condition.at });
    else if (condition.kind === 'read') {
      const wanted = condition.read !== negated;
      read = read === null || read === wanted ? wanted : 'none';
    } else if (condition.kind === 'problems') {
      problems = problems === null || problems === !negated ? !negated : 'none';
    } else if (condition.kind === 'tag') tags.push({ name: condition.name, negated });
    else if (isRowCondition(condition)) {
      const row = rowSql(condition);
      rows.push(negated ? { sql: `NOT (${row.sql})`, params: row.params } : row);
    } else (negated ? negative : positive).push(ftsExpression(condition));
  }
  if (positive.length === 0 && negative.length === 0) return { match: null, times, read, problems, tags, rows };
  // FTS5's NOT is binary, so a filter of negations alone needs a positive side: the workspace's own facet.
  if (positive.length === 0 || !wholeTable) positive.push(`facets : ${quote(`w${workspaceId}`)}`);
  const base = positive.length === 1 ? positive[0]! : `(${positive.join(' AND ')})`;
  const match = negative.length === 0 ? base : `${base} NOT (${negative.join(' OR ')})`;
  return { match, times, read, problems, tags, rows };
}

function isRowCondition(condition: MessageCondition): condition is RowCondition {
  return (ROW_KINDS as readonly string[]).includes(condition.kind);
}

function rowSql(condition: RowCondition): { sql: string; params: unknown[] } {
  switch (condition.kind) {
    case 'message-id':
      return { sql: 'm.message_id = ?', params: [condition.value] };
    case 'reply-to': {
      const like = `%${condition.value.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`;
      return {
        sql: `EXISTS (SELECT 1 FROM json_each(m.reply_to_json) r
              WHERE lower(r.value ->> '$.email') LIKE ? ESCAPE '\\' OR lower(r.value ->> '$.name') LIKE ? ESCAPE '\\')`,
        params: [like, like],
      };
    }
    case 'size':
      return { sql: `m.size ${condition.op} ?`, params: [condition.bytes] };
  }
}

function ftsExpression(
  condition: Exclude<MessageCondition, { kind: 'before' | 'after' | 'read' | 'problems' | 'tag' } | RowCondition>,
): string {
  switch (condition.kind) {
    case 'text':
      return `${TEXT_COLUMNS} : ${quote(asWords(condition.value))}${condition.phrase ? '' : '*'}`;
    case 'subject':
      return `subject : ${quote(asWords(condition.value))}*`;
    case 'address':
      return `${ADDRESS_COLUMNS[condition.field]} : ${quote(condition.value.toLowerCase().replace(/^@+/, ''))}*`;
    case 'template':
      return `facets : ${quote(templateFacet(condition.name))}`;
    case 'has-attachment':
      return 'facets : hasattachment';
    case 'via-smtp':
      return 'facets : vsmtp';
    case 'origin': {
      const letter = condition.field === 'campaign' ? 'c' : 'l';
      const facets = (condition.uuids ?? []).map((uuid) => `facets : ${quote(originFacet(letter, uuid))}`);
      // Nothing of that name or uuid: a facet no message has, so that the term matches nothing (and its negation all).
      if (facets.length === 0) return `facets : ${quote(`${letter}none`)}`;
      return facets.length === 1 ? (facets[0] as string) : `(${facets.join(' OR ')})`;
    }
  }
}

/** The facet migration 18 indexes for a campaign (`c`) or list (`l`) uuid: the hex of its lower-cased text. */
function originFacet(letter: 'c' | 'l', uuid: string): string {
  return `${letter}${Buffer.from(uuid.toLowerCase(), 'utf8').toString('hex')}`;
}

/** As the word columns are indexed: the separators an address keeps become spaces (migration 3, words()). */
function asWords(value: string): string {
  return value.replace(/[.@\-_+]/g, ' ');
}

/** The facet the index holds for a template: 't' and the hex of its name lower-cased as SQLite's lower() does. */
function templateFacet(name: string): string {
  const lowered = name.replace(/[A-Z]/g, (letter) => letter.toLowerCase());
  return `t${Buffer.from(lowered, 'utf8').toString('hex')}`;
}

/** An FTS5 string: double quotes, with inner double quotes doubled. */
function quote(text: string): string {
  return `"${text.replaceAll('"', '""')}"`;
}

/** Whether a value has anything FTS5's unicode61 tokenizer keeps as a token: a letter or a digit. */
export function hasSearchableText(value: string): boolean {
  return /[\p{L}\p{N}]/u.test(value);
}
