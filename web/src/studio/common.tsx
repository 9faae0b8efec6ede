/** Pieces both studio pages use: the template types, the fixtures' problems, the origin badge. */
import { useQuery } from '@tanstack/react-query';
import type { StudioTemplate, TemplateType } from '../../../server/testing/client.js';
import { queries, useClient } from '../api.js';
import './studio.css';

export const TEMPLATE_TYPES: Array<[TemplateType, string]> = [
  ['mjml', 'MJML'],
  ['html', 'HTML'],
  ['markdown', 'Markdown'],
  ['blade', 'Blade (plain text)'],
];

const ORIGIN_LABEL: Record<StudioTemplate['origin'], string> = {
  fixture: 'fixture',
  edited: 'edited fixture',
  created: 'created here',
};

export function OriginBadge({ origin }: { origin: StudioTemplate['origin'] }) {
  return <span className={`badge origin-${origin}`}>{ORIGIN_LABEL[origin]}</span>;
}

/** The fixture files --watch could not load: the last good version of each stays in use. */
export function FixtureProblems() {
  const client = useClient();
  const status = useQuery(queries.fixtures(client));
  const problems = status.data?.problems ?? [];
  if (problems.length === 0) return null;
  return (
    <section className="problems" role="alert" aria-labelledby="fixture-problems-title">
      <h2 id="fixture-problems-title">Fixture files that did not load</h2>
      <ul>
        {problems.map((problem, i) => (
          <li key={i}>
            <code>
              {problem.file}
              {problem.line === null ? '' : `:${problem.line}`}
              {problem.line === null || problem.column === null ? '' : `:${problem.column}`}
            </code>{' '}
            {problem.message}
          </li>
        ))}
      </ul>
      <p className="muted">The last good version of each template stays in use until the file loads again.</p>
    </section>
  );
}
