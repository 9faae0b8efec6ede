/**
 * The inbox's query language, like Mailpit's: free words, "phrases", to: from: cc: bcc: reply-to: subject: mail:
 * message-id: has:attachment has:problems is:read is:unread via:smtp via:api before: after: larger: smaller: tag:, a
 * leading `-` to negate, all ANDed; a pasted URL is a phrase. Parses the text into the structured filter
 * the store searches with (db/messages-search.ts); a malformed query is a 422 naming the problem.
 */
import {
  hasSearchableText,
  type MessageCondition,
  type MessageFilter,
  type MessageTerm,
} from '../db/messages-search.js';
import { ValidationError } from '../errors.js';
import { parseInstant } from '../instant.js';

/** More terms than a person types; it bounds the size of the FTS5 expression a request can make. */
const MAX_TERMS = 50;
/** Words in one term (a phrase, or a word such as an address that the index splits into several). */
const MAX_TERM_WORDS = 32;

/** `template:` names the template filter as the summary's `template` field does; `mail:` (from mail_name) stays. */
const PREFIXES = [
  'to',
  'from',
  'cc',
  'bcc',
  'reply-to',
  'subject',
  'message-id',
  'template',
  'mail',
  'has',
  'is',
  'via',
  'before',
  'after',
  'larger',
  'smaller',
  'campaign',
  'list',
  'tag',
] as const;
type Prefix = (typeof PREFIXES)[number];

/** A 422 about the query parameter (or `field`). */
function invalid(message: string, field = 'query'): ValidationError {
  return new ValidationError({ [field]: [message] });
}

/** Parses a query; null or blank matches every message. Throws a ValidationError (422) for a malformed one. */
export function parseSearchQuery(query: string | null): MessageFilter {
  const terms: MessageTerm[] = [];
  if (query === null) return { terms };
  const scanner = { text: query, at: 0 };
  for (;;) {
    skipSpaces(scanner);
    if (scanner.at >= query.length) break;
    if (terms.length === MAX_TERMS) throw invalid(`The query has more than ${MAX_TERMS} terms.`);
    terms.push(readTerm(scanner));
  }
  return { terms };
}

interface Scanner {
  text: string;
  at: number;
}

function skipSpaces(scanner: Scanner): void {
  while (scanner.at < scanner.text.length && /\s/.test(scanner.text[scanner.at]!)) scanner.at++;
}

function readTerm(scanner: Scanner): MessageTerm {
  const { text } = scanner;
  const start = scanner.at;
  let negated = false;
  if (text[scanner.at] === '-') {
    negated = true;
    scanner.at++;
    if (scanner.at >= text.length || /\s/.test(text[scanner.at]!))
      throw invalid('A "-" must be followed by the term it excludes.');
    // "--foo" could mean a double negation or excluding "-foo" (the index drops the "-"): neither is read silently.
    if (text[scanner.at] === '-') {
      throw invalid(
        `The term ${untilSpace(scanner, start)} starts with two "-": one "-" excludes a term; ` +
          'put a term that starts with "-" in double quotes.',
      );
    }
  }
  if (text[scanner.at] === '"') {
    const value = readQuoted(scanner, start);
    return { negated, condition: { kind: 'text', value: searchable(value, `"${value}"`), phrase: true } };
  }
  const prefix = /^([A-Za-z][A-Za-z0-9_-]*):/.exec(text.slice(scanner.at));
  if (prefix !== null && isUrl(text.slice(scanner.at))) {
    // A pasted link (https://shop.test/orders/17) is what its words are, in order: a phrase, as if quoted.
    const url = readBare(scanner, start);
    return { negated, condition: { kind: 'text', value: searchable(url, url), phrase: true } };
  }
  if (prefix === null) {
    const word = readBare(scanner, start);
    return { negated, condition: { kind: 'text', value: searchable(word, word), phrase: false } };
  }
  const name = prefix[1]!.toLowerCase();
  if (!(PREFIXES as readonly string[]).includes(name)) {
    throw invalid(
      `Unknown filter "${prefix[1]}:". The filters are ${PREFIXES.map((p) => `${p}:`).join(', ')}; ` +
        'put a term in double quotes to search for it as text.',
    );
  }
  scanner.at += prefix[0].length;
  const value = text[scanner.at] === '"' ? readQuoted(scanner, start) : readBare(scanner, start);
  if (value.trim() === '') throw invalid(`The filter "${name}:" needs a value.`);
  if (name === 'via') return viaTerm(value.trim(), negated);
  return { negated, condition: filterCondition(name as Exclude<Prefix, 'via'>, value.trim()) };
}

/**
 * A URL rather than a filter: a scheme and `//` (https://, http://, ftp://...), or a mailto:, tel: or sms: link,
 * none of them a filter name.
 */
function isUrl(term: string): boolean {
  return /^[A-Za-z][A-Za-z0-9+.-]*:\/\/\S/.test(term) || /^(mailto|tel|sms):\S/i.test(term);
}

/**
 * `via:smtp` (received over SMTP) or `via:api` (everything else: every mail not received over SMTP was built by
 * the emulator for an API call), one facet of the index either way.
 */
function viaTerm(value: string, negated: boolean): MessageTerm {
  const via = value.toLowerCase();
  if (via !== 'smtp' && via !== 'api') throw invalid(`"via:${value}" is not a filter: via: takes "smtp" or "api".`);
  return { negated: via === 'smtp' ? negated : !negated, condition: { kind: 'via-smtp' } };
}

function filterCondition(prefix: Exclude<Prefix, 'via'>, value: string): MessageCondition {
  const shown = `${prefix}:${value}`;
  switch (prefix) {
    case 'to':
    case 'from':
    case 'cc':
    case 'bcc':
      return { kind: 'address', field: prefix, value: searchable(value, shown) };
    case 'reply-to':
      return { kind: 'reply-to', value };
    case 'subject':
      return { kind: 'subject', value: searchable(value, shown) };
    case 'message-id':
      // As the header writes it (<id@host>) or as stored (id@host).
      return { kind: 'message-id', value: value.replace(/^<(.*)>$/, '$1') };
    case 'larger':
    case 'smaller': {
      const bytes = parseSize(value);
      if (bytes === null)
        throw invalid(`"${shown}" needs a size in bytes, or with kb or mb (1024-based), such as 20kb or 1.5mb.`);
      return { kind: 'size', op: prefix === 'larger' ? '>' : '<', bytes };
    }
    case 'template':
    case 'mail':
      return { kind: 'template', name: value };
    case 'campaign':
    case 'list':
      return { kind: 'origin', field: prefix, ref: value };
    case 'tag':
      return { kind: 'tag', name: value };
    case 'has': {
      const what = value.toLowerCase();
      if (what === 'problems' || what === 'problem') return { kind: 'problems' };
      if (!['attachment', 'attachments'].includes(what)) {
        throw invalid(`"${shown}" is not a filter: has: takes "attachment" or "problems".`);
      }
      return { kind: 'has-attachment' };
    }
    case 'is': {
      const state = value.toLowerCase();
      if (state !== 'read' && state !== 'unread')
        throw invalid(`"${shown}" is not a filter: is: takes "read" or "unread".`);
      return { kind: 'read', read: state === 'read' };
    }
    case 'before':
    case 'after': {
      const at = parseInstant(value);
      if (at === null) {
        throw invalid(
          `"${shown}" needs an ISO 8601 date or date-time, such as 2025-03-01 or 2025-03-01T10:00:00Z (UTC unless it says otherwise).`,
        );
      }
      return { kind: prefix, at };
    }
  }
}

/** `\d+(\.\d+)?` and an optional b, k, kb, m or mb, in any case (1024-based, as Mailpit's); null when not one. */
function parseSize(value: string): number | null {
  const match = /^(\d+(?:\.\d+)?)(b|k|kb|m|mb)?$/i.exec(value);
  if (match === null) return null;
  const unit = match[2]?.toLowerCase() ?? 'b';
  return Math.floor(Number(match[1]) * (unit === 'b' ? 1 : unit.startsWith('m') ? 1024 * 1024 : 1024));
}

/**
 * A double-quoted string starting at the scanner; no escapes (a phrase cannot contain a double quote). The term
 * (which began at `termStart`) ends with the closing quote.
 */
function readQuoted(scanner: Scanner, termStart: number): string {
  const close = scanner.text.indexOf('"', scanner.at + 1);
  if (close === -1) throw invalid(UNCLOSED_QUOTE);
  const value = scanner.text.slice(scanner.at + 1, close);
  scanner.at = close + 1;
  if (scanner.at < scanner.text.length && !/\s/.test(scanner.text[scanner.at]!)) throw quoteInside(scanner, termStart);
  return value;
}

/**
 * A word up to the next space. A double quote only opens a term (or a filter's value): one inside a word is an
 * unclosed quote when no other follows, and an error of its own otherwise (`a"b c"` is no phrase, and the index
 * would read the quote as a space).
 */
function readBare(scanner: Scanner, termStart: number): string {
  const start = scanner.at;
  while (scanner.at < scanner.text.length && !/\s/.test(scanner.text[scanner.at]!)) {
    if (scanner.text[scanner.at] === '"') {
      if (scanner.text.indexOf('"', scanner.at + 1) === -1) throw invalid(UNCLOSED_QUOTE);
      throw quoteInside(scanner, termStart);
    }
    scanner.at++;
  }
  return scanner.text.slice(start, scanner.at);
}

const UNCLOSED_QUOTE = 'The query has a double quote that is never closed.';

function quoteInside(scanner: Scanner, termStart: number): ValidationError {
  return invalid(
    `The term ${untilSpace(scanner, termStart)} has a double quote inside it: ` +
      'a double quote can only start a term (put the whole term in double quotes).',
  );
}

/** The query's text from `start` to the first space after the scanner (or the end): the term as typed. */
function untilSpace(scanner: Scanner, start: number): string {
  const space = scanner.text.slice(scanner.at).search(/\s/);
  return scanner.text.slice(start, space === -1 ? undefined : scanner.at + space);
}

/**
 * A term must hold something the index has tokens for (a letter or a digit), and at most MAX_TERM_WORDS of them:
 * each word of a phrase reads the positions of that word in every message that has them all, so a term of
 * 4,000 words ("a.a.a..." in a URL) kept the search worker busy for over 20 s over mail made of "a".
 */
function searchable(value: string, shown: string): string {
  if (!hasSearchableText(value)) throw invalid(`The term ${shown} has no letter or digit to search for.`);
  if ((value.match(WORD)?.length ?? 0) > MAX_TERM_WORDS)
    throw invalid(`The term ${shown} has more than ${MAX_TERM_WORDS} words.`);
  return value;
}

/** What the index's tokenizer (unicode61) makes a token of: a run of letters and digits. */
const WORD = /[\p{L}\p{N}]+/gu;
