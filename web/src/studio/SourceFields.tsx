/** The studio's source: subject, type and body (CodeMirror, in a chunk of its own), each with its errors, and the render's problems. */
import { lazy, Suspense, useMemo } from 'react';
import type { TemplateRender, TemplateType } from '../../../server/testing/client.js';
import { FieldError, Options, type FieldErrors } from '../forms.js';
import { TEMPLATE_TYPES } from './common.js';
import type { Source } from './draft.js';
import { describeDiagnostic, RenderProblems } from './RenderProblems.js';
import type { EditorMark } from './SourceEditor.js';

const SourceEditor = lazy(() => import('./SourceEditor.js'));

interface SourceFieldsProps {
  source: Source;
  onEdit: (patch: Partial<Source>) => void;
  /** The last save's field errors. */
  errors: FieldErrors;
  /** The latest render answer, whose problems are marked beside their fields. */
  current: TemplateRender | undefined;
  stale: boolean;
}

/** The render answer's errors and warnings, each with its severity. */
function problemsOf(current: TemplateRender | undefined) {
  if (current === undefined) return [];
  return [
    ...current.errors.map((d) => ({ ...d, severity: 'error' as const })),
    ...current.warnings.map((d) => ({ ...d, severity: 'warning' as const })),
  ];
}

export function SourceFields({ source, onEdit: edit, errors, current, stale }: SourceFieldsProps) {
  const problems = problemsOf(current);
  // Recomputed with each render answer only: a new list would redraw the editor's marks on every keystroke.
  const marks = useMemo<EditorMark[]>(
    () =>
      problemsOf(current)
        .filter((p) => p.field === 'body')
        .map((p) => ({ line: p.line, column: p.column, message: p.message, severity: p.severity })),
    [current],
  );
  const subjectProblems = problems.filter((p) => p.field === 'subject');
  return (
    <section className="studio-source" aria-labelledby="source-title">
      <h2 id="source-title">Source</h2>
      <div className="field">
        <label htmlFor="studio-subject">Subject</label>
        <input
          id="studio-subject"
          value={source.subject}
          onChange={(event) => edit({ subject: event.target.value })}
          aria-invalid={errors.subject !== undefined || subjectProblems.some((p) => p.severity === 'error')}
          aria-describedby="studio-subject-error"
        />
        <FieldError
          id="studio-subject-error"
          messages={[...(errors.subject ?? []), ...subjectProblems.map(describeDiagnostic)]}
        />
      </div>
      <div className="field">
        <label htmlFor="studio-type">Type</label>
        <select
          id="studio-type"
          value={source.type}
          onChange={(event) => edit({ type: event.target.value as TemplateType })}
          aria-describedby="studio-type-error"
        >
          <Options options={TEMPLATE_TYPES} />
        </select>
        <FieldError id="studio-type-error" messages={errors.type} />
      </div>
      <div className="field">
        <span className="field-label" id="studio-body-label">
          Body{' '}
          {source.body.trimStart().startsWith('<mjml') && source.type !== 'mjml' && (
            <span className="muted">(starts with &lt;mjml: rendered as MJML)</span>
          )}
        </span>
        <Suspense fallback={<p className="muted">Loading the editor…</p>}>
          <SourceEditor
            value={source.body}
            language={source.type === 'markdown' ? 'markdown' : 'html'}
            marks={marks}
            label="Body source"
            describedBy="render-problems"
            onChange={(body) => edit({ body })}
          />
        </Suspense>
        <FieldError id="studio-body-error" messages={errors.body} />
      </div>
      <RenderProblems id="render-problems" render={current} stale={stale} />
    </section>
  );
}
