/**
 * Mailpit's search language (docs/spec/mailpit-api.md#24-search-syntax-mp-internalstoragesearchgo-searchquerybuilder-internaltoolsargsparsergo-mpweb-search-filtersmd),
 * beside our own (query.ts), which it does not touch: every term is a substring match (SQLite LIKE, `_` and `%`
 * are wildcards as in Mailpit), terms are ANDed, `-` or `!` negates one, and nothing is a syntax error: an unknown
 * filter, an odd size or an unreadable date is free text or ignored. Compiled to a WHERE clause over the
 * messages row `m` (db/mailpit-messages.ts runs it); free text matches the stored search text
 * (mail/mailpit-facts.ts).
 *
 * The same query is also compiled for the messages in Mailpit's trigram index (migration 31): a substring of 3 or
 * more characters is a phrase of that index, which finds its messages without reading them; what the index cannot
 * answer exactly (a shorter term, a LIKE wildcard, a letter outside ASCII, which LIKE compares case-sensitively)
 * keeps its LIKE, over the index's candidates when there are any.
 */
import type { MailpitIndexedWhere, MailpitWhere } from '../db/mailpit-messages.js';
import { mailpitClean } from '../mail/mailpit-facts.js';

/** A WHERE clause over `messages m` and its parameters; an empty query matches every message. */
export type MailpitCondition = MailpitWhere & {
  indexed: MailpitIndexedWhere;
  /** It has a substring term, which Mailpit's trigram index answers. */
  substrings: boolean;
};

const ADDRESS_COLUMNS: Record<string, string> = {
  'to:': 'to_json',
  'from:': 'from_json',
  'cc:': 'cc_json',
  'bcc:': 'bcc_json',
  'reply-to:': 'reply_to_json',
};

/** The trigram index's column of each searched messages column (migration 31). */
const INDEX_COLUMNS: Record<string, string> = {
  mailpit_search_text: 'text',
  subject: 'subject',
  message_id: 'message_id',
  from_json: 'from_addresses',
  to_json: 'to_addresses',
  cc_json: 'cc_addresses',
  bcc_json: 'bcc_addresses',
  reply_to_json: 'reply_to_addresses',
};

const TAGGED = 'EXISTS (SELECT 1 FROM message_tags t WHERE t.message_id = m.id)';

/** A term: a substring of one of these columns (any of them), or any other condition. */
type Term = { substring: string; columns: string[] } | MailpitWhere;

/** The condition a Mailpit query stands for; `timeZone` (an IANA name) reads `before:` and `after:` dates. */
export function compileMailpitQuery(query: string, timeZone?: string): MailpitCondition {
  const like = new ConditionList();
  const rest = new ConditionList();
  const matched: string[] = [];
  const excluded: string[] = [];
  for (const token of mailpitTokens(query)) {
    const negated = token.length > 1 && (token.startsWith('-') || token.startsWith('!'));
    const term = termOf(negated ? token.slice(1) : token, timeZone);
    if (term === null) continue;
    if (!('substring' in term)) {
      like.add(term, negated);
      rest.add(term, negated);
      continue;
    }
    const likeTerm = substringLike(term);
    like.add(likeTerm, negated);
    const phrases = indexPhrases(term);
    if (phrases === null) {
      rest.add(likeTerm, negated);
    } else if (negated) {
      // Only an exact phrase excludes through the index; otherwise its LIKE decides.
      if (phrases.exact) excluded.push(phrases.match);
      else rest.add(likeTerm, true);
    } else {
      matched.push(phrases.match);
      if (!phrases.exact) rest.add(likeTerm, false);
    }
  }
  let match: string | null = null;
  if (matched.length > 0) {
    match = matched.join(' AND ');
    if (excluded.length > 0) match = `(${match}) NOT (${excluded.join(' OR ')})`;
  } else if (excluded.length > 0) {
    rest.add(
      {
        sql: 'm.id IN (SELECT rowid FROM mailpit_search WHERE mailpit_search MATCH ?)',
        params: [excluded.join(' OR ')],
      },
      true,
    );
  }
  const substrings = matched.length + excluded.length > 0;
  return { ...like.where(), indexed: { match, rest: rest.where() }, substrings };
}

class ConditionList {
  private readonly clauses: string[] = [];
  private readonly params: unknown[] = [];

  add(condition: MailpitWhere, negated: boolean) {
    this.clauses.push(negated ? `NOT (${condition.sql})` : condition.sql);
    this.params.push(...condition.params);
  }

  where(): MailpitWhere {
    return { sql: this.clauses.length === 0 ? '1' : this.clauses.join(' AND '), params: this.params };
  }
}

function substringLike(term: { substring: string; columns: string[] }): MailpitWhere {
  const { columns, substring } = term;
  return {
    sql: columns.length === 1 ? `m.${columns[0]} LIKE ?` : `(${columns.map((c) => `m.${c} LIKE ?`).join(' OR ')})`,
    params: columns.map(() => `%${substring}%`),
  };
}

/**
 * The index phrases that find a substring term's messages, exact or as candidates, or null when it has no run of
 * 3 characters free of LIKE's wildcards (the trigram index finds nothing shorter).
 */
function indexPhrases(term: { substring: string; columns: string[] }): { match: string; exact: boolean } | null {
  const runs = term.substring.split(/[%_]/).filter((run) => [...run].length >= 3);
  if (runs.length === 0) return null;
  const columns = term.columns.map((column) => INDEX_COLUMNS[column]);
  const filter = columns.length === 1 ? columns[0] : `{${columns.join(' ')}}`;
  return {
    match: runs.map((run) => `${filter} : "${run.replaceAll('"', '""')}"`).join(' AND '),
    exact: runs.length === 1 && runs[0] === term.substring && /^[\x00-\x7f]*$/.test(term.substring),
  };
}

/** Split on spaces outside double quotes; every quote is then removed (argsparser.go); empty tokens dropped. */
export function mailpitTokens(query: string): string[] {
  const tokens: string[] = [];
  let current = '';
  let quoted = false;
  for (const char of query) {
    if (char === '"') quoted = !quoted;
    if (char === ' ' && !quoted) {
      tokens.push(current);
      current = '';
    } else {
      current += char;
    }
  }
  tokens.push(current);
  return tokens.map((token) => token.replaceAll('"', '')).filter((token) => token.trim() !== '');
}

function termOf(term: string, timeZone: string | undefined): Term | null {
  const lower = term.toLowerCase();
  const prefix = /^[a-z-]+:/.exec(lower)?.[0] ?? '';
  const value = term.slice(prefix.length);
  const cleaned = mailpitClean(value);
  const substring = (text: string, ...columns: string[]) => (text === '' ? null : { substring: text, columns });

  const addressColumn = ADDRESS_COLUMNS[prefix];
  if (addressColumn !== undefined) return substring(cleaned, addressColumn);
  switch (prefix) {
    case 'addressed:':
      return substring(cleaned, ...Object.values(ADDRESS_COLUMNS));
    case 'subject:':
      return substring(value, 'subject');
    case 'message-id:':
      return substring(cleaned, 'message_id');
    case 'tag:':
      return cleaned === ''
        ? null
        : {
            sql: `EXISTS (SELECT 1 FROM message_tags t JOIN message_tag_names n ON n.id = t.tag_id
                  WHERE t.message_id = m.id AND n.name = ?)`,
            params: [cleaned],
          };
    case 'is:':
      if (cleaned === 'read') return { sql: 'm.read = 1', params: [] };
      if (cleaned === 'unread') return { sql: 'm.read = 0', params: [] };
      if (cleaned === 'tagged') return { sql: TAGGED, params: [] };
      break;
    case 'has:':
      if (cleaned === 'attachment' || cleaned === 'attachments')
        return { sql: 'm.mailpit_attachments > 0', params: [] };
      if (cleaned === 'inline' || cleaned === 'inlines') return { sql: 'm.mailpit_inlines > 0', params: [] };
      break;
    case 'after:':
    case 'before:': {
      const ms = parseMailpitDate(value.trim(), timeZone);
      // An unreadable date is ignored (Mailpit logs it), not searched for.
      if (ms === null) return null;
      return { sql: `m.created_at_ms ${prefix === 'after:' ? '>=' : '<='} ?`, params: [ms] };
    }
    case 'larger:':
    case 'smaller:': {
      const bytes = parseMailpitSize(cleaned);
      if (bytes === null) break;
      return { sql: `m.size ${prefix === 'larger:' ? '>' : '<'} ?`, params: [bytes] };
    }
  }
  // Anything else is free text, the prefix included (`foo:bar`, `is:starred`, `larger:abc`).
  return substring(mailpitClean(term), 'mailpit_search_text');
}

/** `\d+(\.\d+)?` with an optional k, kb, m or mb (1024-based); null when it is not one. */
export function parseMailpitSize(value: string): number | null {
  const match = /^(\d+(?:\.\d+)?)(k|kb|m|mb)?$/.exec(value);
  if (match === null) return null;
  const unit = match[2]?.startsWith('m') ? 1024 * 1024 : match[2] === undefined ? 1 : 1024;
  return Math.floor(Number(match[1]) * unit);
}

/**
 * The instant of a date as Mailpit's dateparse reads the usual forms: `2024/04/01`, `2024-04-01`, with a time
 * (`2024-04-01 10:00:00`, `2024-04-01T10:00`), RFC 3339 with a zone, and US `04/01/2024` (month first). A date
 * without a zone is in `timeZone` when it names one, else in the server's zone. Null when unreadable.
 */
export function parseMailpitDate(value: string, timeZone?: string): number | null {
  if (/^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d+)?)?(Z|[+-]\d\d:?\d\d)$/i.test(value)) {
    const ms = Date.parse(value);
    return Number.isNaN(ms) ? null : ms;
  }
  let parts: number[] | null = null;
  const iso = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:[ T](\d{1,2}):(\d\d)(?::(\d\d))?)?$/.exec(value);
  if (iso !== null) parts = iso.slice(1).map((p) => Number(p ?? 0));
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(value);
  if (us !== null) parts = [Number(us[3]), Number(us[1]), Number(us[2]), 0, 0, 0];
  if (parts === null) return null;
  const [year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0] = parts;
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 59) return null;
  const wall = Date.UTC(year, month - 1, day, hour, minute, second);
  const zone = knownZone(timeZone);
  if (zone === null) return new Date(year, month - 1, day, hour, minute, second).getTime();
  return wall - zoneOffset(wall - zoneOffset(wall, zone), zone);
}

function knownZone(timeZone: string | undefined): Intl.DateTimeFormat | null {
  if (timeZone === undefined || timeZone === '') return null;
  try {
    return new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
  } catch {
    // An invalid tz is ignored (Mailpit).
    return null;
  }
}

/** How far the zone's wall clock is ahead of UTC at an instant, in milliseconds. */
function zoneOffset(instant: number, zone: Intl.DateTimeFormat): number {
  const field = Object.fromEntries(zone.formatToParts(instant).map((p) => [p.type, Number(p.value)]));
  const wall = Date.UTC(field.year!, field.month! - 1, field.day!, field.hour!, field.minute!, field.second!);
  return wall - Math.floor(instant / 1000) * 1000;
}
