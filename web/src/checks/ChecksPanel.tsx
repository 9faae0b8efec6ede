/**
 * A mail's checks report (README "Mail checks"; GET /_emulator/messages/{uuid}/checks): problems first, then the
 * client-dependent warnings, each with where it is and its line, and the clients' scores. The count on the
 * message view's tab comes from the same query, so opening the tab costs no second request.
 */
import { useQuery } from '@tanstack/react-query';
import type { ChecksReport, CheckIssue } from '../../../server/testing/client.js';
import { useClient } from '../api.js';

/** Under `messages`, so that a reset or a delete (which refetch `messages`) refetches it too. */
const checksKey = (token: string | null, uuid: string) => ['messages', token, 'checks', uuid] as const;

function useChecks(uuid: string) {
  const client = useClient();
  return useQuery({ queryKey: checksKey(client.token, uuid), queryFn: () => client.checks(uuid) });
}

/** The tab's count: problems and warnings, once known. */
export function ChecksCount({ uuid }: { uuid: string }) {
  const checks = useChecks(uuid);
  if (checks.data === undefined) return null;
  const { problems, warnings } = checks.data.summary;
  return <>{` (${problems + warnings})`}</>;
}

export function ChecksPanel({ uuid }: { uuid: string }) {
  const checks = useChecks(uuid);
  if (checks.isError) return <p role="alert">The checks could not be loaded: {String(checks.error)}</p>;
  if (checks.data === undefined) return <p className="muted">Checking…</p>;
  return <ChecksReportView report={checks.data} />;
}

/** The report itself, for a captured mail or a studio render. */
function ChecksReportView({ report }: { report: ChecksReport }) {
  const problems = report.issues.filter((issue) => issue.severity === 'problem');
  const warnings = report.issues.filter((issue) => issue.severity === 'warning');
  const families = familyScores(report);
  return (
    <div className="links">
      <p>
        {problems.length === 0 ? 'No problems' : `${problems.length} ${problems.length === 1 ? 'problem' : 'problems'}`}
        , {warnings.length} {warnings.length === 1 ? 'warning' : 'warnings'}.
      </p>
      <IssueList title="Problems" issues={problems} />
      <IssueList title="Warnings" issues={warnings} />
      <OnlineLinks report={report} />
      {families.length > 0 && (
        <>
          <h3>Client support</h3>
          <table className="headers" aria-label="Client support">
            <tbody>
              {families.map(([family, score]) => (
                <tr key={family}>
                  <th scope="row">{family}</th>
                  <td>{score}%</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="muted">
            From caniemail data of {report.compatibility.source.data_updated} ({report.compatibility.source.package});
            the lowest score of each family's clients.
          </p>
        </>
      )}
    </div>
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

function IssueList({ title, issues }: { title: string; issues: CheckIssue[] }) {
  if (issues.length === 0) return null;
  return (
    <>
      <h3>{title}</h3>
      <ul aria-label={title}>
        {issues.map((issue, index) => (
          <li key={index}>
            {issue.message}
            <span className="muted">
              {' '}
              — {issue.where}
              {issue.line === null ? '' : `, line ${issue.line}`}
            </span>
          </li>
        ))}
      </ul>
    </>
  );
}

/** Each family's worst client score, worst family first. */
function familyScores(report: ChecksReport): Array<[string, number]> {
  const worst = new Map<string, number>();
  for (const client of report.compatibility.clients)
    worst.set(client.family, Math.min(worst.get(client.family) ?? 100, client.score));
  return [...worst].sort((a, b) => a[1] - b[1]);
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
      <h3 id="render-checks-title">Checks</h3>
      {checks.data === undefined ? <p className="muted">Checking…</p> : <ChecksReportView report={checks.data} />}
    </section>
  );
}
