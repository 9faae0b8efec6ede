/**
 * How many problems a mail has (README "Mail checks"): the checks whose findings are wrong for every reader
 * (placeholders, broken links, missing headers), without the client-support check, which finds only warnings
 * and holds nearly all of the cost and of the code (caniemail's data). What has:problems and the inbox's marker
 * count (search/problem-checker.ts), on the search worker, which therefore never loads that data.
 */
import { parseDocument } from 'htmlparser2';
import type { Document } from 'domhandler';
import { checkContent, type ContentInput } from './content.js';
import { lineLocator } from './lines.js';
import { checkLinks, type LinkContext } from './links.js';
import type { CheckIssue } from './report.js';

/** The HTML parsed once, with the offsets the findings' lines come from; nulls for a mail without HTML. */
export interface ParsedHtml {
  document: Document | null;
  lineOf: ((offset: number) => number) | null;
}

export function parseHtml(html: string | null): ParsedHtml {
  if (html === null) return { document: null, lineOf: null };
  return { document: parseDocument(html, { withStartIndices: true }), lineOf: lineLocator(html) };
}

/** The content and link findings, in the order the report lists them. */
export function contentAndLinkIssues(input: ContentInput, parsed: ParsedHtml, context: LinkContext) {
  const { document, lineOf } = parsed;
  const links =
    document === null || lineOf === null ? { links: [], issues: [] } : checkLinks(document, lineOf, context);
  return { links: links.links, issues: [...checkContent(input, document, lineOf), ...links.issues] };
}

export function isProblem(issue: CheckIssue): boolean {
  return issue.severity === 'problem';
}

/** The report's summary.problems for the same mail and records (the client-support findings are all warnings). */
export function countProblems(input: ContentInput, context: LinkContext): number {
  return contentAndLinkIssues(input, parseHtml(input.html), context).issues.filter(isProblem).length;
}
