/** Pieces both studio pages use: field errors of a 422, the fixtures' problems, the origin badge, the title. */
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { EmulatorApiError, type StudioTemplate, type TemplateType } from '../../../server/testing/client.js';
import { keys, useClient } from '../api.js';
import './studio.css';

export const TEMPLATE_TYPES: Array<[TemplateType, string]> = [
  ['mjml', 'MJML'],
  ['html', 'HTML'],
  ['markdown', 'Markdown'],
  ['blade', 'Blade (plain text)'],
];

export type FieldErrors = Record<string, string[]>;

/** A 422's `errors` by field, or `{_: [message]}` for any other failure. */
export function fieldErrors(error: unknown): FieldErrors {
  if (error instanceof EmulatorApiError) {
    const body = error.body as { message?: string; errors?: FieldErrors } | null;
    if (error.status === 422 && body?.errors !== undefined) return body.errors;
    return { _: [body?.message ?? error.message] };
  }
  return { _: [error instanceof Error ? error.message : String(error)] };
}

/** The messages of the fields not shown beside a control of their own. */
export function otherErrors(errors: FieldErrors, shown: string[]): string[] {
  return Object.entries(errors)
    .filter(([field]) => !shown.includes(field))
    .flatMap(([field, messages]) => messages.map((message) => (field === '_' ? message : `${field}: ${message}`)));
}

export function FieldError({ id, messages }: { id: string; messages: string[] | undefined }) {
  if (messages === undefined || messages.length === 0) return null;
  return (
    <p className="field-error" id={id}>
      {messages.join(' ')}
    </p>
  );
}

export const ORIGIN_LABEL: Record<StudioTemplate['origin'], string> = {
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
  const status = useQuery({ queryKey: keys.fixtures(client.token), queryFn: () => client.fixtures(), retry: false });
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

export function useTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} · mailcoach-emulator`;
    return () => {
      document.title = 'Inbox · mailcoach-emulator';
    };
  }, [title]);
}

export function formatTime(iso: string | null): string {
  if (iso === null) return 'never';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString();
}
