/**
 * The facts Mailpit keeps of each message for its list and its search, computed once when the message is captured
 * (capture/message-row.ts) or, for messages stored before migration 27, by the Mailpit surface's backfill
 * (search/mailpit-facts-backfill.ts): the snippet
 * (docs/spec/mailpit-api.md#254-snippet-mp-internaltoolssnippetsgo-internalhtml2texthtml2textgo), the number of
 * attachments and inlines (docs/spec/mailpit-api.md#253-parts-partid-inline-vs-attachments-enmime-partgo-readpartsparseparts-envelopego-parsemultipartbody-mp-getmessage-attachmentsummary)
 * and the search text free-text terms are matched against
 * (docs/spec/mailpit-api.md#24-search-syntax-mp-internalstoragesearchgo-searchquerybuilder-internaltoolsargsparsergo-mpweb-search-filtersmd).
 * Pure: no clock, no store.
 */
import { Parser } from 'htmlparser2';
import type { MailAddress } from './addresses.js';

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

const SNIPPET_BYTES = 200;

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

/** HTML first (as text, without links), else the text; whitespace collapsed; over 200 bytes cut there + `...`. */
export function mailpitSnippet(html: string | null, text: string | null): string {
  const fromHtml = html !== null && html.trim() !== '';
  const plain = fromHtml ? stripHtml(html, false) : collapse(text ?? '');
  const bytes = Buffer.from(plain, 'utf8');
  if (bytes.length <= SNIPPET_BYTES) return plain;
  let end = SNIPPET_BYTES;
  // Never inside a UTF-8 sequence: back up over continuation bytes.
  while (end > 0 && (bytes[end]! & 0xc0) === 0x80) end--;
  return `${bytes.subarray(0, end).toString('utf8')}...`;
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

/** Elements whose text is not the message's (html2text skips them). */
const SKIPPED = new Set(['script', 'title', 'head', 'link', 'meta', 'style', 'noscript']);
/** Elements after which html2text adds a space, so that the words of two blocks do not run together. */
const BLOCKS = new Set([
  'p',
  'div',
  'br',
  'img',
  'li',
  'tr',
  'td',
  'th',
  'table',
  'ul',
  'ol',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'blockquote',
  'section',
  'article',
  'header',
  'footer',
  'hr',
  'pre',
]);

/** Mailpit's html2text.Strip: the text of the HTML, with each link's URL after it when `withLinks`. */
export function stripHtml(html: string, withLinks: boolean): string {
  const out: string[] = [];
  let skipping = 0;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (SKIPPED.has(name)) skipping++;
        if (name === 'br' || name === 'img') out.push(' ');
        if (withLinks && name === 'a' && attributes.href !== undefined && /^https?:\/\//i.test(attributes.href)) {
          out.push(` ${attributes.href} `);
        }
      },
      ontext(text) {
        if (skipping === 0) out.push(text);
      },
      onclosetag(name) {
        if (SKIPPED.has(name)) skipping = Math.max(0, skipping - 1);
        if (BLOCKS.has(name)) out.push(' ');
      },
    },
    { decodeEntities: true, lowerCaseTags: true },
  );
  parser.write(html);
  parser.end();
  // Non-printable characters become spaces (html2text), then whitespace collapses.
  return collapse(out.join('').replace(/[\u0000-\u001f\u007f\u00a0]/g, ' '));
}
