/** A render's problems: its errors and MJML's warnings, with their fields and lines. */
import type { ReactNode } from 'react';
import type { RenderDiagnostic, TemplateRender } from '../../../server/testing/client.js';

/** The render's errors (the preview keeps its last good render meanwhile) and MJML's warnings, with their lines. */
export function RenderProblems({
  id,
  render,
  stale,
}: {
  id: string;
  render: TemplateRender | undefined;
  stale: boolean;
}) {
  const errors = render?.errors ?? [];
  const warnings = render?.warnings ?? [];
  return (
    <div id={id} className="render-problems" aria-live="polite">
      {errors.length > 0 && (
        <Diagnostics className="problems" id={`${id}-errors`} list={errors}>
          {errors.length} error{errors.length === 1 ? '' : 's'}
          {stale ? ' (the preview shows the last good render)' : ''}
        </Diagnostics>
      )}
      {warnings.length > 0 && (
        <Diagnostics className="warnings" id={`${id}-warnings`} list={warnings}>
          {warnings.length} MJML warning{warnings.length === 1 ? '' : 's'}
        </Diagnostics>
      )}
    </div>
  );
}

/** One kind of problem: a heading (`children`) and a line each. */
function Diagnostics({
  className,
  id,
  list,
  children,
}: {
  className: string;
  id: string;
  list: RenderDiagnostic[];
  children: ReactNode;
}) {
  return (
    <section className={className} aria-labelledby={id}>
      <h3 id={id}>{children}</h3>
      <ul>
        {list.map((d, i) => (
          <li key={i}>
            <DiagnosticLine d={d} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function DiagnosticLine({ d }: { d: RenderDiagnostic }) {
  return (
    <>
      <strong>
        {d.field === 'body' ? 'Body' : 'Subject'}
        {d.line === null ? '' : `, line ${d.line}`}
        {d.line === null || d.column === null ? '' : `, column ${d.column}`}
      </strong>
      : {d.message} <span className="muted">({d.source})</span>
    </>
  );
}

/** A problem in one line, beside its field: "line 3, column 7: message". */
export function describeDiagnostic(d: RenderDiagnostic): string {
  const where = d.line === null ? '' : `line ${d.line}${d.column === null ? '' : `, column ${d.column}`}: `;
  return `${where}${d.message}`;
}
