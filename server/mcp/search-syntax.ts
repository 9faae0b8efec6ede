/**
 * The inbox search syntax (server/emulator/README.md "Search"), told to agents in the descriptions of the tools
 * that take a query: they cannot open the README.
 */
export const SEARCH_SYNTAX = [
  'Search syntax (terms are ANDed; a leading - negates any term; empty matches every message):',
  '- free words match subject, text, from and to, case- and accent-insensitively, as word prefixes (invoic finds "Invoice");',
  '- "a phrase": those whole words, consecutively; a URL is searched as a phrase of its words;',
  '- to:, from:, cc:, bcc: an address, its domain, its local part or a word of its name: to:bob@example.com, to:example.com, to:"Bob Smith";',
  '- reply-to: part of a Reply-To address or name; message-id:<id> the Message-ID, exactly;',
  '- subject:word or subject:"several words"; template:<template name> (or mail:); campaign:<name or uuid>; list:<email list name or uuid>; tag:<tag>;',
  '- has:attachment, has:problems (its checks found a problem), is:read, is:unread, via:smtp, via:api;',
  '- before:<date>, after:<date>: an ISO 8601 date or date-time (UTC unless it has an offset); larger:<size>, smaller:<size>: the raw size in bytes, or with kb or mb (larger:20kb).',
  'A malformed query is an error naming the problem.',
].join('\n');
