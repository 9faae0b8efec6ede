/**
 * The facts Mailpit keeps of each message for its list and its search, computed once when the message is captured
 * (capture/message-row.ts) or, for messages stored before migration 27, by the Mailpit surface's backfill
 * (search/mailpit-facts-backfill.ts): the snippet
 * (docs/spec/mailpit-api.md#254-snippet-mp-internaltoolssnippetsgo-internalhtml2texthtml2textgo), the number of
 * attachments and inlines (docs/spec/mailpit-api.md#253-parts-partid-inline-vs-attachments-enmime-partgo-readpartsparseparts-envelopego-parsemultipartbody-mp-getmessage-attachmentsummary)
 * and the search text free-text terms are matched against
 * (docs/spec/mailpit-api.md#24-search-syntax-mp-internalstoragesearchgo-searchquerybuilder-internaltoolsargsparsergo-mpweb-search-filtersmd).
 * Pure: no clock, no store. The snippet and the HTML as text are the message view's (mail/mailpit-view/), one
 * implementation for the list, the message and the search.
 */
import type { MailAddress } from './addresses.js';
import { stripHtml } from './mailpit-view/html-strip.js';
import { mailpitSnippet } from './mailpit-view/snippet.js';

export interface MailpitFacts {
  snippet: string;
  attachments: number;
  inlines: number;
  searchText: string;
}

/** What the facts are computed from: the stored fields of a captured message. */
export interface MailpitFactsSource {
  from: MailAddress[];
  to: MailAddress[];
  cc: MailAddress[];
  bcc: MailAddress[];
  replyTo: MailAddress[];
  subject: string;
  returnPath: string;
  html: string | null;
  text: string | null;
  attachments: { filename: string; contentId: string | null }[];
}

export function mailpitFacts(source: MailpitFactsSource): MailpitFacts {
  // The stored attachments carry no Content-Disposition: one with a Content-ID is referenced from the HTML
  // (an inline), the others are attachments, which is how every builder we capture from writes them.
  const inlines = source.attachments.filter((a) => a.contentId !== null).length;
  return {
    snippet: mailpitSnippet(source.html, source.text),
    attachments: source.attachments.length - inlines,
    inlines,
    searchText: mailpitSearchText(source),
  };
}

/**
 * Mailpit's createSearchText: the header values of From, Subject, To, Cc, Bcc, Reply-To and Return-Path, the HTML
 * as text with its link URLs (the text body only when there is no HTML), the attachments' file names; cleaned.
 */
function mailpitSearchText(source: MailpitFactsSource): string {
  const parts = [
    addressHeader(source.from),
    source.subject,
    addressHeader(source.to),
    addressHeader(source.cc),
    addressHeader(source.bcc),
    addressHeader(source.replyTo),
    source.returnPath,
    source.html !== null && source.html.trim() !== '' ? stripHtml(source.html, true) : (source.text ?? ''),
    ...source.attachments.map((a) => a.filename),
  ];
  return mailpitClean(parts.join(' '));
}

/** Mailpit's search `clean()`: lower-case, separators to spaces, whitespace collapsed, trimmed. */
export function mailpitClean(value: string): string {
  return collapse(value.toLowerCase().replace(/[\uFEFF\n\t><",;()]/g, ' '));
}

function addressHeader(addresses: MailAddress[]): string {
  return addresses.map((a) => (a.name === '' ? a.email : `${a.name} <${a.email}>`)).join(', ');
}

function collapse(value: string): string {
  return value.replace(/\s+/g, ' ').trim();
}
