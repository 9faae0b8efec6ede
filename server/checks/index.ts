/**
 * A mail's checks report (issue 28; README "Mail checks"), computed from what was captured or rendered: its HTML
 * parsed once (with positions, for the lines), then compatibility, links and content. Pure: the caller passes
 * the records the emulator's own links are resolved against, and caches the answer (checks/cache.ts).
 */
import { parseDocument } from 'htmlparser2';
import { checkCompatibility, COMPATIBILITY_SOURCE, type CompatibilityResult } from './compatibility.js';
import { checkContent, type ContentInput } from './content.js';
import { lineLocator } from './lines.js';
import { checkLinks, type LinkContext } from './links.js';
import type { ChecksReport } from './report.js';

export type { ChecksReport, CheckIssue } from './report.js';
export type { EmulatorRecords, LinkContext } from './links.js';

export type CheckInput = ContentInput;
export type { CompatibilityResult } from './compatibility.js';

/**
 * `memo`: where the caller keeps the compatibility result, nearly all of the cost and a function of the HTML
 * alone; links and content are checked each time (a millisecond), so that an emulator link to a subscriber
 * deleted since is reported broken.
 */
export function checkMail(
  input: CheckInput,
  context: LinkContext,
  memo: (compute: () => CompatibilityResult) => CompatibilityResult = (compute) => compute(),
): ChecksReport {
  const html = input.html;
  const document = html === null ? null : parseDocument(html, { withStartIndices: true });
  const lineOf = html === null ? null : lineLocator(html);
  const compatibility = document === null || lineOf === null ? { clients: [], features: [], issues: [] } : memo(() => checkCompatibility(document, lineOf));
  const links = document === null || lineOf === null ? { links: [], issues: [] } : checkLinks(document, lineOf, context);
  const issues = [...checkContent(input, document, lineOf), ...links.issues, ...compatibility.issues];
  const problems = issues.filter((issue) => issue.severity === 'problem').length;
  return {
    summary: { problems, warnings: issues.length - problems },
    issues,
    compatibility: { source: { ...COMPATIBILITY_SOURCE }, clients: compatibility.clients, features: compatibility.features },
    links: links.links,
  };
}
