/**
 * What a reader would see wrong whatever their client: placeholders left as they were written, a body Gmail
 * clips, images without alt text, no text part, and the headers a mail needs (README "Mail checks").
 */
import parseAddresses from 'email-addresses';
import type { Document, Element } from 'domhandler';
import { lineLocator } from './lines.js';
import type { CheckIssue, Severity, Where } from './report.js';

/** Gmail clips a message whose HTML is over about 102 KB ("[Message clipped]"), hiding the rest and its footer. */
const GMAIL_CLIP_BYTES = 102 * 1024;

/**
 * Mailcoach's `::key::` replacements, Twig's `{{ key }}` and Mailcoach's `[[[...]]]` editor placeholders
 * (../shared/spec/mailcoach-transactional.md: replacements; campaign placeholders), as a send leaves them when
 * nothing replaced them.
 */
const PLACEHOLDERS = [/::[A-Za-z_][\w.-]*::/g, /\{\{\s*[^{}\s][^{}]*?\s*\}\}/g, /\[\[\[[^\]\n]{1,200}\]\]\]/g];
/**
 * In a text part the converter (league/html-to-markdown's TextConverter) escapes `_`, `*`, `[` and `]` outside a
 * <div>: `::order_number::` reads `::order\_number::` there, and `[[[x]]]` `\[\[\[x\]\]\]`. Both forms count.
 */
const TEXT_PLACEHOLDERS = [
  /::(?:[A-Za-z_]|\\_)(?:[\w.-]|\\_)*::/g,
  PLACEHOLDERS[1] as RegExp,
  /(?:\\?\[){3}(?:[^\]\n\\]|\\[^\n]){1,200}?(?:\\?\]){3}/g,
];

export interface ContentInput {
  subject: string;
  html: string | null;
  text: string | null;
  /** Null for a studio render, which has no headers yet (the send adds them). */
  headers: { name: string; value: string }[] | null;
  /** A campaign mail (or a test of one): it must carry List-Unsubscribe and the one-click header (RFC 8058). */
  campaign: boolean;
  /** The Content-IDs of the mail's parts, which its `cid:` images name; null when unknown (a studio render). */
  contentIds: string[] | null;
}

export function checkPlaceholders(where: Where, value: string | null): CheckIssue[] {
  if (value === null) return [];
  const lineOf = where === 'subject' ? null : lineLocator(value);
  const issues: CheckIssue[] = [];
  for (const pattern of where === 'text' ? TEXT_PLACEHOLDERS : PLACEHOLDERS) {
    for (const match of value.matchAll(pattern)) {
      // Named as the template writes it, without the text part's escapes.
      const placeholder = where === 'text' ? match[0].replace(/\\([_*[\]])/g, '$1') : match[0];
      issues.push(
        issue(
          'placeholder',
          'problem',
          `${placeholder} was not replaced`,
          where,
          lineOf === null ? null : lineOf(match.index),
        ),
      );
      if (issues.length >= 50) return issues;
    }
  }
  return issues.sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
}

const PLACE_NAMES: Record<Where, string> = {
  subject: 'the subject',
  html: 'the HTML',
  text: 'the text part',
  headers: 'the headers',
};

/**
 * Each placeholder left once, where it is first (the subject, then the HTML, then the text), naming the other
 * places it is left in: one missing replacement is one thing to fix, though the text part made from the HTML
 * repeats it (a heading's placeholder was reported in both, issue 41 finding 5).
 */
function foldPlaceholders(found: CheckIssue[]): CheckIssue[] {
  const byName = new Map<string, CheckIssue[]>();
  for (const one of found) {
    const name = one.message.slice(0, one.message.length - ' was not replaced'.length);
    byName.set(name, [...(byName.get(name) ?? []), one]);
  }
  return [...byName].map(([name, uses]) => {
    const first = uses[0] as CheckIssue;
    const places = new Map<Where, number[]>();
    for (const use of uses) {
      const lines = places.get(use.where) ?? [];
      if (use.line !== null && !lines.includes(use.line)) lines.push(use.line);
      places.set(use.where, lines);
    }
    const lines = (numbers: number[]) => `${numbers.length === 1 ? 'line' : 'lines'} ${numbers.join(', ')}`;
    const also: string[] = [];
    for (const [where, numbers] of places) {
      if (where !== first.where)
        also.push(numbers.length === 0 ? PLACE_NAMES[where] : `${PLACE_NAMES[where]} (${lines(numbers)})`);
      else if (numbers.length > 1) also.push(lines(numbers.filter((line) => line !== first.line)));
    }
    return { ...first, message: `${name} was not replaced${also.length === 0 ? '' : `; also in ${also.join(', ')}`}` };
  });
}

/** The Content-IDs of a stored message's parts (its attachments_json, mail/capture/message-row.ts). */
export function contentIdsOf(attachmentsJson: string): string[] {
  const parts = JSON.parse(attachmentsJson) as Array<{ content_id: string | null }>;
  return parts.flatMap((part) => (part.content_id === null ? [] : [part.content_id]));
}

export function checkContent(
  input: ContentInput,
  document: Document | null,
  lineOf: ((offset: number) => number) | null,
): CheckIssue[] {
  const issues = foldPlaceholders([
    ...checkPlaceholders('subject', input.subject),
    ...checkPlaceholders('html', input.html),
    ...checkPlaceholders('text', input.text),
  ]);
  if (input.html !== null) {
    const bytes = Buffer.byteLength(input.html, 'utf8');
    if (bytes > GMAIL_CLIP_BYTES) {
      issues.push(
        issue(
          'gmail-clipping',
          'warning',
          `the HTML is ${Math.round(bytes / 1024)} KB: Gmail clips a message over 102 KB`,
          'html',
          null,
        ),
      );
    }
  }
  if (document !== null && lineOf !== null) {
    const contentIds =
      input.contentIds === null ? null : new Set(input.contentIds.map((id) => id.replace(/^<|>$/g, '').toLowerCase()));
    issues.push(...elementIssues(document, lineOf, contentIds));
  }
  if (input.text === null)
    issues.push(
      issue('no-text-part', 'warning', 'no text part: some clients and spam filters expect one', 'text', null),
    );
  if (input.headers !== null) issues.push(...checkHeaders(input.headers, input.campaign));
  return issues;
}

/**
 * What mail clients remove or break whatever the reader's client: `<script>` (no client runs it; Gmail and Outlook
 * drop it and spam filters score it) and `<form>` (Gmail, Outlook and most webmails strip or disable it), and an
 * image whose `cid:` names no part of the mail (every client shows it broken); an image without alt text is advice.
 */
function elementIssues(
  document: Document,
  lineOf: (offset: number) => number,
  contentIds: Set<string> | null,
): CheckIssue[] {
  const issues: CheckIssue[] = [];
  const visit = (node: Document | Element) => {
    for (const child of node.children) {
      if (child.type !== 'tag' && child.type !== 'script') continue;
      const element = child as Element;
      const line = lineOf(element.startIndex ?? 0);
      if (element.name === 'script') {
        issues.push(issue('script', 'problem', 'a <script>: mail clients never run it and strip it', 'html', line));
      } else if (element.name === 'form') {
        issues.push(
          issue('form', 'problem', 'a <form>: most mail clients strip or disable it; link to a page', 'html', line),
        );
      } else if (element.name === 'img') {
        const src = (element.attribs.src ?? '').trim();
        const cid = /^cid:(.*)$/is.exec(src);
        if (cid !== null && contentIds !== null && !contentIds.has(contentIdOf(cid[1] as string))) {
          issues.push(
            issue(
              'image-cid-missing',
              'problem',
              `<img src="${src}">: the mail has no part with that Content-ID`,
              'html',
              line,
            ),
          );
        }
        if (element.attribs.alt === undefined)
          issues.push(issue('image-without-alt', 'warning', `<img src="${src}"> has no alt text`, 'html', line));
      }
      visit(element);
    }
  };
  visit(document);
  return issues;
}

/** A `cid:` URL's Content-ID as a part declares it, without angle brackets (RFC 2392: percent-encoded in the URL). */
function contentIdOf(url: string): string {
  let decoded = url;
  try {
    decoded = decodeURIComponent(url);
  } catch {}
  return decoded.replace(/^<|>$/g, '').toLowerCase();
}

function checkHeaders(headers: { name: string; value: string }[], campaign: boolean): CheckIssue[] {
  const issues: CheckIssue[] = [];
  const header = (name: string) => headers.find((h) => h.name.toLowerCase() === name.toLowerCase())?.value;
  if (header('Date') === undefined) issues.push(issue('missing-date', 'problem', 'no Date header', 'headers', null));
  if (header('Message-ID') === undefined)
    issues.push(issue('missing-message-id', 'problem', 'no Message-ID header', 'headers', null));
  const from = header('From');
  if (from === undefined) issues.push(issue('invalid-from', 'problem', 'no From header', 'headers', null));
  else if (!validFrom(from))
    issues.push(issue('invalid-from', 'problem', `From: ${from} is not a valid address`, 'headers', null));
  if (campaign) {
    if (header('List-Unsubscribe') === undefined) {
      issues.push(
        issue(
          'missing-list-unsubscribe',
          'problem',
          'a campaign mail without a List-Unsubscribe header',
          'headers',
          null,
        ),
      );
    }
    if (!/^\s*List-Unsubscribe=One-Click\s*$/i.test(header('List-Unsubscribe-Post') ?? '')) {
      issues.push(
        issue(
          'missing-list-unsubscribe-post',
          'problem',
          'a campaign mail without List-Unsubscribe-Post: List-Unsubscribe=One-Click (RFC 8058)',
          'headers',
          null,
        ),
      );
    }
  }
  return issues;
}

/** One or more mailboxes (RFC 5322 §3.6.2), each with a local part and a domain. */
function validFrom(value: string): boolean {
  const list = parseAddresses.parseAddressList({ input: value, rfc6532: true });
  return (
    list !== null &&
    list.length > 0 &&
    list.every((entry) => entry.type === 'mailbox' && entry.local !== '' && entry.domain !== '')
  );
}

function issue(code: string, severity: Severity, message: string, where: Where, line: number | null): CheckIssue {
  return { check: 'content', code, severity, message, where, line };
}
