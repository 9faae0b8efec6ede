/**
 * Search filters for the inbox (`query`, README "Search"): a filter object turned into the query string that
 * `/_emulator/messages` and wait-for take, each value quoted as the syntax needs.
 */

/** What to look for, turned into a search query (README "Search") by buildQuery. Every field must match. */
export interface MessageFilter {
  /** A recipient in To (address or name, word prefix). */
  to?: string;
  from?: string;
  cc?: string;
  bcc?: string;
  subject?: string;
  /** The template name (`template:`, or `mail:`). */
  template?: string;
  /** A phrase anywhere in the subject, text or addresses. */
  contains?: string;
  hasAttachment?: boolean;
  /** Whether its checks found a problem (README "Mail checks": `has:problems`); waits for the background checks. */
  hasProblems?: boolean;
  /** A raw search query, ANDed with the fields above, e.g. `-from:noreply@example.com`. */
  query?: string;
}

/** A value that can stand bare after a filter: no whitespace, no double quote, and no leading `-` or `"`. */
const BARE_VALUE = /^[^\s"-][^\s"]*$/u;

/**
 * Quotes one search value when it needs it: a value with whitespace, a double quote or a leading `-` becomes
 * `"..."`. The search syntax has no escapes inside quotes, and a double quote is never part of a searched word
 * (the index splits on punctuation), so each `"` becomes a space, which matches the same messages. Throws on an
 * empty value, which would otherwise match everything.
 */
export function quoteValue(value: string): string {
  if (value === '') throw new TypeError('a search value must not be empty');
  if (BARE_VALUE.test(value)) return value;
  return quotePhrase(value);
}

function quotePhrase(value: string): string {
  return `"${value.replace(/"/g, ' ')}"`;
}

/** Builds the `query` string for a filter: `to:alice@example.com subject:"Reset your password"`. */
export function buildQuery(filter: MessageFilter = {}): string {
  const terms: string[] = [];
  const field = (name: string, value: string | undefined) => {
    if (value !== undefined) terms.push(`${name}:${quoteValue(checked(name, value))}`);
  };
  field('to', filter.to);
  field('from', filter.from);
  field('cc', filter.cc);
  field('bcc', filter.bcc);
  field('subject', filter.subject);
  field('template', filter.template);
  if (filter.contains !== undefined) {
    terms.push(quotePhrase(checked('contains', filter.contains)));
  }
  if (filter.hasAttachment === true) terms.push('has:attachment');
  if (filter.hasAttachment === false) terms.push('-has:attachment');
  if (filter.hasProblems === true) terms.push('has:problems');
  if (filter.hasProblems === false) terms.push('-has:problems');
  if (filter.query !== undefined && filter.query.trim() !== '') terms.push(filter.query.trim());
  return terms.join(' ');
}

function checked(name: string, value: string): string {
  if (typeof value !== 'string') throw new TypeError(`${name} must be a string`);
  if (value.trim() === '') throw new TypeError(`${name} must not be empty`);
  return value;
}
