/**
 * A mail's checks report (README "Mail checks"), computed from what was captured or rendered: its HTML
 * parsed once (with positions, for the lines), then compatibility, links and content. Pure: the caller passes
 * the records the emulator's own links are resolved against, and caches the answer (checks/cache.ts).
 */
import { checkCompatibility, COMPATIBILITY_SOURCE, type CompatibilityResult } from './compatibility.js';
import type { ContentInput } from './content.js';
import type { LinkContext } from './links.js';
import { contentAndLinkIssues, isProblem, parseHtml } from './problems.js';
import type { ChecksReport } from './report.js';

export type { ChecksReport } from './report.js';
export type { EmulatorRecords, LinkContext } from './links.js';
export { countProblems } from './problems.js';

export type CheckInput = ContentInput;
export type { CompatibilityResult } from './compatibility.js';

/**
 * caniemail's warnings for what the content check already reports as a problem (content.ts: clients strip a
 * form), which would say the same thing twice, less strongly; the feature still counts in the clients' scores.
 */
const REPORTED_AS_PROBLEMS = new Set(['feature:<form> element']);

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
  const parsed = parseHtml(input.html);
  const { document, lineOf } = parsed;
  const compatibility =
    document === null || lineOf === null
      ? { clients: [], features: [], issues: [] }
      : memo(() => checkCompatibility(document, lineOf));
  const found = contentAndLinkIssues(input, parsed, context);
  const issues = [...found.issues, ...compatibility.issues.filter((issue) => !REPORTED_AS_PROBLEMS.has(issue.code))];
  const problems = issues.filter(isProblem).length;
  return {
    summary: { problems, warnings: issues.length - problems },
    issues,
    compatibility: {
      source: { ...COMPATIBILITY_SOURCE },
      clients: compatibility.clients,
      features: compatibility.features,
    },
    links: found.links,
  };
}
