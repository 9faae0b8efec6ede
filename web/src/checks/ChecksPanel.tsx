/**
 * A mail's checks report (README "Mail checks"; GET /_emulator/messages/{uuid}/checks): problems first, each on
 * its own line; then the warnings folded, so that a normal HTML mail reads as a few lines (issue 41 finding 4):
 * repeated warnings of one kind as one line, the client-support warnings one line per kind of feature, and a
 * score per client family, each with its details on demand. The count on the message view's tab comes from the
 * same query, so opening the tab costs no second request.
 */
import { useQuery } from '@tanstack/react-query';
import type { CheckIssue, ChecksReport } from '../../../server/testing/client.js';
import { useClient } from '../api.js';
import { ClientSupport } from './ClientSupport.js';
import './checks.css';

/** Under `messages`, so that a reset or a delete (which refetch `messages`) refetches it too. */
const checksKey = (token: string | null, uuid: string) => ['messages', token, 'checks', uuid] as const;

function useChecks(uuid: string) {
  const client = useClient();
  return useQuery({ queryKey: checksKey(client.token, uuid), queryFn: () => client.checks(uuid) });
}

/**
 * The tab's count: problems only, none shown without one. Warnings depend on the reader's client and nearly every
 * HTML mail has some: counting them said "Checks (1)" on `<p>x</p>`.
 */
export function ChecksCount({ uuid }: { uuid: string }) {
  const checks = useChecks(uuid);
  const problems = checks.data?.summary.problems ?? 0;
  if (problems === 0) return null;
  return <>{` (${problems})`}</>;
}

export function ChecksPanel({ uuid }: { uuid: string }) {
  const checks = useChecks(uuid);
  if (checks.isError) return <p role="alert">The checks could not be loaded: {String(checks.error)}</p>;
  if (checks.data === undefined) return <p className="muted">Checking…</p>;
  return <ChecksReportView report={checks.data} />;
}

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

/** The report itself, for a captured mail or a studio render. */
function ChecksReportView({ report }: { report: ChecksReport }) {
  const problems = report.issues.filter((issue) => issue.severity === 'problem');
  const warnings = report.issues.filter((issue) => issue.severity === 'warning' && issue.check !== 'compatibility');
  const support = report.issues.filter((issue) => issue.check === 'compatibility');
  const parts = [
    problems.length === 0 ? 'No problems' : plural(problems.length, 'problem'),
    plural(warnings.length, 'warning'),
  ];
  if (support.length > 0) parts.push(`${plural(support.length, 'feature')} some clients lack`);
  return (
    <div className="links checks-report">
      <p>{parts.join(', ')}.</p>
      {problems.length > 0 && (
        <>
          <h3>Problems</h3>
          <ul aria-label="Problems">
            {problems.map((issue, index) => (
              <li key={index}>
                {issue.message} <Where issue={issue} />
              </li>
            ))}
          </ul>
        </>
      )}
      <FoldedWarnings warnings={warnings} />
      <OnlineLinks report={report} />
      <ClientSupport report={report} />
    </div>
  );
}

function Where({ issue }: { issue: CheckIssue }) {
  return (
    <span className="muted">
      — {issue.where}
      {issue.line === null ? '' : `, line ${issue.line}`}
    </span>
  );
}

/** What a group of warnings of one code is called on its folded line. */
const GROUP_NAMES: Record<string, [string, string]> = {
  'image-without-alt': ['image without alt text', 'images without alt text'],
  'link-insecure': ['http: link where https: is expected', 'http: links where https: is expected'],
  'link-unreachable': ['link without an answer', 'links without an answer'],
};

/** Each code once: alone as it is, repeated as one line that opens on its instances. */
function FoldedWarnings({ warnings }: { warnings: CheckIssue[] }) {
  if (warnings.length === 0) return null;
  const byCode = new Map<string, CheckIssue[]>();
  for (const issue of warnings) byCode.set(issue.code, [...(byCode.get(issue.code) ?? []), issue]);
  return (
    <>
      <h3>Warnings</h3>
      <ul aria-label="Warnings">
        {[...byCode].map(([code, issues]) => {
          const first = issues[0] as CheckIssue;
          if (issues.length === 1)
            return (
              <li key={code}>
                {first.message} <Where issue={first} />
              </li>
            );
          const [, many] = GROUP_NAMES[code] ?? [code, `× ${code}`];
          const lines = issues.flatMap((issue) => (issue.line === null ? [] : [issue.line]));
          return (
            <li key={code}>
              <details>
                <summary>
                  {issues.length} {many}
                  {lines.length > 0 && <span className="muted"> — lines {lines.join(', ')}</span>}
                </summary>
                <ul>
                  {issues.map((issue, index) => (
                    <li key={index}>
                      {issue.message} <Where issue={issue} />
                    </li>
                  ))}
                </ul>
              </details>
            </li>
          );
        })}
      </ul>
    </>
  );
}

/**
 * With `--check-links online`, what the links' requests found, counted: the broken and unanswered ones are listed
 * above as problems and warnings; this says how many were asked at all, and why the others were not.
 */
function OnlineLinks({ report }: { report: ChecksReport }) {
  const results = report.links.flatMap((link) => (link.online === null ? [] : [link.online]));
  if (results.length === 0) return null;
  const answered = results.filter((result) => result.status !== null && result.status < 400).length;
  const broken = results.filter((result) => result.status !== null && result.status >= 400).length;
  const unanswered = results.filter((result) => result.error !== null).length;
  const skipped = results.filter((result) => result.skipped !== null).length;
  const parts = [`${answered} answered`, `${broken} broken`, `${unanswered} without an answer`];
  if (skipped > 0) parts.push(`${skipped} not requested (a private address; --check-links online-all requests those)`);
  return <p>Links requested online: {parts.join(', ')}.</p>;
}

/** The studio's current render checked (POST /_emulator/checks): refetched whenever the render changes. */
export function RenderChecks({ render }: { render: { subject: string; html: string | null; text: string | null } }) {
  const client = useClient();
  const mail = { subject: render.subject, html: render.html, text: render.text };
  const checks = useQuery({
    queryKey: ['templates', client.token, 'checks', mail] as const,
    queryFn: () => client.checkRender(mail),
  });
  return (
    <section aria-labelledby="render-checks-title">
      <h2 id="render-checks-title">Checks</h2>
      {checks.data === undefined ? <p className="muted">Checking…</p> : <ChecksReportView report={checks.data} />}
    </section>
  );
}
