/**
 * `/templates/<name>`: the template studio. The source (subject, type, body in CodeMirror) on one side, the render
 * on the other, re-rendered by the server ~300 ms after typing stops with the unsaved source, exactly as a send with
 * these replacements would capture it. A render with errors never replaces the last good one on screen: its errors
 * are listed with their lines and marked in the editor. The replacements, width, tab and dark mode are in the URL
 * (studio/url-state.ts), so a link reproduces the preview. Loaded only when opened; the editor in a chunk of its own.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useId, useMemo, useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import {
  buildQuery,
  EmulatorApiError,
  MailcoachApiError,
  type EmulatorSettings,
  type RenderDiagnostic,
  type RenderRequest,
  type StudioTemplate,
  type TemplateRender,
  type TemplateType,
} from '../../../server/testing/client.js';
import { clientFor, keys, useClient, useSettings } from '../api.js';
import { ConfirmDialog } from '../components/ConfirmDialog.js';
import { CopyButton } from '../components/CopyButton.js';
import { MailFrame, WIDTHS, type FrameWidth } from '../components/MailFrame.js';
import { useLiveUpdates } from '../live.js';
import { FieldError, fieldErrors, otherErrors, useTitle, type FieldErrors } from '../forms.js';
import { FixtureProblems, formatTime, OriginBadge, TEMPLATE_TYPES } from '../studio/common.js';
import type { EditorMark } from '../studio/SourceEditor.js';
import { sendSnippets } from '../studio/snippets.js';
import { parseReplacements, PREVIEW_TABS, readState, studioHref, type Replacements, type StudioState } from '../studio/url-state.js';

const SourceEditor = lazy(() => import('../studio/SourceEditor.js'));

/** Typing pauses this long before the source is rendered. */
const RENDER_DEBOUNCE_MS = 300;

export default function StudioPage({ name }: { name: string }) {
  useTitle(`${name} · Templates`);
  useLiveUpdates();
  const client = useClient();
  const template = useQuery({ queryKey: keys.template(client.token, name), queryFn: () => client.templates.get(name), retry: false });
  const missing = template.error instanceof EmulatorApiError && template.error.status === 404;

  if (missing || (template.isError && template.data === undefined)) {
    return (
      <main className="studio">
        <h1>Template “{name}”</h1>
        <p className="error">{missing ? `There is no template named “${name}” in this workspace (any more).` : (template.error as Error).message}</p>
        <p>
          <Link href="/templates">Back to the templates</Link>
        </p>
      </main>
    );
  }
  if (template.data === undefined) return <p className="muted empty">Loading “{name}”…</p>;
  return <Studio template={template.data} />;
}

interface Source {
  type: TemplateType;
  subject: string;
  body: string;
}

function Studio({ template }: { template: StudioTemplate }) {
  const client = useClient();
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const state = readState(useSearch());
  const update = (patch: Partial<StudioState>) => navigate(studioHref(template.name, { ...state, ...patch }), { replace: true });

  // The unsaved fields. A field not edited follows the stored one, which the server may change meanwhile (a save,
  // a fixture file reloaded by --watch): editing the subject does not pin the body.
  const [draft, setDraft] = useState<Partial<Source>>({});
  const stored: Source = { type: template.type, subject: template.subject, body: template.body };
  const source: Source = { ...stored, ...draft };
  const edits: Partial<Source> = {};
  for (const field of ['type', 'subject', 'body'] as const) if (source[field] !== stored[field]) Object.assign(edits, { [field]: source[field] });
  const dirty = Object.keys(edits).length > 0;
  const edit = (patch: Partial<Source>) => setDraft((current) => ({ ...current, ...patch }));

  const request: RenderRequest = { replacements: state.replacements, ...(dirty ? { template: edits } : {}) };
  const settled = useDebounced(request, RENDER_DEBOUNCE_MS);
  const render = useQuery({
    queryKey: keys.render(client.token, template.name, settled),
    queryFn: () => client.templates.render(template.name, settled),
    placeholderData: keepPreviousData,
    retry: false,
  });
  const current = render.data;
  const [good, setGood] = useState<TemplateRender | null>(null);
  useEffect(() => {
    if (current !== undefined && isGood(current)) setGood(current);
  }, [current]);
  const shown = current !== undefined && isGood(current) ? current : (good ?? current);
  const stale = current !== undefined && !isGood(current) && good !== null;

  const [errors, setErrors] = useState<FieldErrors>({});
  const [notice, setNotice] = useState('');
  const [confirmDelete, setConfirmDelete] = useState(false);
  const save = useMutation({
    mutationFn: () => client.templates.update(template.name, edits),
    onMutate: () => {
      setErrors({});
      setNotice('');
    },
    onSuccess: (saved) => {
      queryClient.setQueryData(keys.template(client.token, template.name), saved);
      void queryClient.invalidateQueries({ queryKey: keys.templateList(client.token) });
      setDraft({});
      setNotice('Saved.');
    },
    onError: (error) => setErrors(fieldErrors(error)),
  });
  const remove = useMutation({
    mutationFn: () => client.templates.remove(template.name),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: keys.template(client.token, template.name) });
      void queryClient.invalidateQueries({ queryKey: keys.templateList(client.token) });
      navigate('/templates');
    },
    onError: (error) => setErrors(fieldErrors(error)),
  });
  const revert = () => {
    setDraft({});
    setErrors({});
    setNotice('Reverted to the saved version.');
  };

  const [from, setFrom] = useState(template.from ?? 'studio@example.com');
  const [to, setTo] = useState('test@example.com');

  const problems = current === undefined ? [] : [...current.errors.map((d) => ({ ...d, severity: 'error' as const })), ...current.warnings.map((d) => ({ ...d, severity: 'warning' as const }))];
  const marks = useMemo<EditorMark[]>(
    () => problems.filter((p) => p.field === 'body').map((p) => ({ line: p.line, column: p.column, message: p.message, severity: p.severity })),
    // Recomputed with each render answer only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [current],
  );
  const subjectProblems = problems.filter((p) => p.field === 'subject');
  const rest = otherErrors(errors, ['type', 'subject', 'body']);

  return (
    <main
      className="studio"
      onKeyDown={(event) => {
        if ((event.ctrlKey || event.metaKey) && event.key === 's') {
          event.preventDefault();
          if (dirty && !save.isPending) save.mutate();
        }
      }}
    >
      <header className="studio-head">
        <p className="crumbs">
          <Link href="/templates">Templates</Link> <span aria-hidden="true">/</span>
        </p>
        <h1>
          {template.name} <OriginBadge origin={template.origin} />
        </h1>
        {template.label !== null && <p className="muted">{template.label}</p>}
        <OriginNote template={template} />
        <div className="studio-actions" role="toolbar" aria-label="Template actions">
          <button type="button" onClick={() => save.mutate()} disabled={!dirty || save.isPending} title="Ctrl+S">
            Save
          </button>
          <button type="button" onClick={revert} disabled={!dirty}>
            Revert
          </button>
          <button type="button" className="danger" onClick={() => setConfirmDelete(true)}>
            Delete
          </button>
          <span className="muted" role="status">
            {save.isPending ? 'Saving…' : dirty ? 'Unsaved changes' : notice}
          </span>
        </div>
        {rest.length > 0 && (
          <p className="field-error" role="alert">
            {rest.join(' ')}
          </p>
        )}
      </header>
      <FixtureProblems />

      <div className="studio-grid">
        <div className="studio-left">
          <ReplacementsEditor
            placeholders={current?.placeholders ?? good?.placeholders ?? []}
            replacements={state.replacements}
            urlError={state.replacementsError}
            onChange={(replacements) => update({ replacements })}
          />

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
              <FieldError id="studio-subject-error" messages={[...(errors.subject ?? []), ...subjectProblems.map(describeDiagnostic)]} />
            </div>
            <div className="field">
              <label htmlFor="studio-type">Type</label>
              <select id="studio-type" value={source.type} onChange={(event) => edit({ type: event.target.value as TemplateType })} aria-describedby="studio-type-error">
                {TEMPLATE_TYPES.map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </select>
              <FieldError id="studio-type-error" messages={errors.type} />
            </div>
            <div className="field">
              <span className="field-label" id="studio-body-label">
                Body {source.body.trimStart().startsWith('<mjml') && source.type !== 'mjml' && <span className="muted">(starts with &lt;mjml: rendered as MJML)</span>}
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
        </div>

        <section className="studio-preview" aria-labelledby="preview-title">
          <h2 id="preview-title">
            Preview <span className="muted rendering">{render.isFetching ? 'Rendering…' : ''}</span>
          </h2>
          {render.isError && (
            <p className="field-error" role="alert">
              The render failed: {otherErrors(fieldErrors(render.error), []).join(' ')}
            </p>
          )}
          {stale && (
            <p className="stale" role="status">
              The source has errors: the preview shows the last render without errors.
            </p>
          )}
          {shown === undefined ? (
            <p className="muted">Rendering…</p>
          ) : (
            <Preview render={shown} title={`Preview of ${template.name}`} state={state} update={update} />
          )}
          {current !== undefined && <ReplacementReport render={current} />}
        </section>
      </div>

      <div className="studio-extras">
        <SendTest template={template} dirty={dirty} replacements={state.replacements} from={from} to={to} onFrom={setFrom} onTo={setTo} />
        <CopyAs name={template.name} from={from} to={to} replacements={state.replacements} />
        <SentWith name={template.name} />
      </div>

      {confirmDelete && (
        <ConfirmDialog
          title="Delete the template?"
          confirm="Delete"
          onConfirm={() => {
            setConfirmDelete(false);
            remove.mutate();
          }}
          onCancel={() => setConfirmDelete(false)}
        >
          <p>
            Delete “{template.name}” from this workspace? Sends naming it then fail.
            {template.origin !== 'created' && ' A reset brings it back from the fixtures.'}
          </p>
        </ConfirmDialog>
      )}
    </main>
  );
}

/** A render whose HTML can be trusted to be what the author meant: no errors. */
function isGood(render: TemplateRender): boolean {
  return render.errors.length === 0;
}

/** `value`, once it has stayed the same (as JSON) for `ms`; the first value at once. */
function useDebounced<T>(value: T, ms: number): T {
  const key = JSON.stringify(value);
  const [settled, setSettled] = useState({ key, value });
  useEffect(() => {
    if (key === settled.key) return;
    const timer = setTimeout(() => setSettled({ key, value }), ms);
    return () => clearTimeout(timer);
    // `value` is represented by `key`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, ms, settled.key]);
  return settled.value;
}

function describeDiagnostic(d: RenderDiagnostic): string {
  const where = d.line === null ? '' : `line ${d.line}${d.column === null ? '' : `, column ${d.column}`}: `;
  return `${where}${d.message}`;
}

function OriginNote({ template }: { template: StudioTemplate }) {
  const client = useClient();
  const fixtures = useQuery({ queryKey: keys.fixtures(client.token), queryFn: () => client.fixtures(), retry: false });
  const watching = fixtures.data?.watching ?? false;
  if (template.origin === 'created') return <p className="origin-note">Created here: a reset of the workspace removes it.</p>;
  if (template.origin === 'edited') {
    return <p className="origin-note">A fixture template edited here: a reset of the workspace restores the fixture’s version.</p>;
  }
  if (template.fixture_file === null) return <p className="origin-note">From the fixtures: a reset of the workspace restores this version.</p>;
  return (
    <p className="origin-note">
      From the fixtures: edit <code>{template.fixture_file}</code> on disk{' '}
      {watching ? 'and this preview follows it (--watch is on).' : 'with the emulator started with --watch, and this preview follows it.'}
    </p>
  );
}

/** The render's errors (the preview keeps its last good render meanwhile) and MJML's warnings, with their lines. */
function RenderProblems({ id, render, stale }: { id: string; render: TemplateRender | undefined; stale: boolean }) {
  const errors = render?.errors ?? [];
  const warnings = render?.warnings ?? [];
  return (
    <div id={id} className="render-problems" aria-live="polite">
      {errors.length > 0 && (
        <section className="problems" aria-labelledby={`${id}-errors`}>
          <h3 id={`${id}-errors`}>
            {errors.length} error{errors.length === 1 ? '' : 's'}
            {stale ? ' (the preview shows the last good render)' : ''}
          </h3>
          <ul>
            {errors.map((d, i) => (
              <li key={i}>
                <DiagnosticLine d={d} />
              </li>
            ))}
          </ul>
        </section>
      )}
      {warnings.length > 0 && (
        <section className="warnings" aria-labelledby={`${id}-warnings`}>
          <h3 id={`${id}-warnings`}>
            {warnings.length} MJML warning{warnings.length === 1 ? '' : 's'}
          </h3>
          <ul>
            {warnings.map((d, i) => (
              <li key={i}>
                <DiagnosticLine d={d} />
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
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

function Preview({ render, title, state, update }: { render: TemplateRender; title: string; state: StudioState; update: (patch: Partial<StudioState>) => void }) {
  const tabId = (tab: string) => `preview-tab-${tab}`;
  return (
    <>
      <p className="rendered-subject">
        <span className="muted">Subject:</span> <strong data-testid="rendered-subject">{render.subject}</strong>
      </p>
      <div role="tablist" aria-label="Rendered parts" className="tabs">
        {PREVIEW_TABS.map(([tab, label]) => (
          <button key={tab} type="button" role="tab" id={tabId(tab)} aria-selected={state.tab === tab} aria-controls="preview-panel" onClick={() => update({ tab })}>
            {label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id="preview-panel" aria-labelledby={tabId(state.tab)} className="panel">
        {state.tab === 'html' &&
          (render.html === null ? (
            <p className="muted">This render has no HTML.</p>
          ) : (
            <>
              <div className="frame-controls" role="group" aria-label="Preview width and theme">
                {(Object.keys(WIDTHS) as FrameWidth[]).map((w) => (
                  <button key={w} type="button" aria-pressed={state.width === w} onClick={() => update({ width: w })}>
                    {WIDTHS[w].label}
                  </button>
                ))}
                <label>
                  <input type="checkbox" checked={state.dark} onChange={(event) => update({ dark: event.target.checked })} /> Dark mode
                </label>
              </div>
              <MailFrame srcDoc={render.html} title={title} width={state.width} dark={state.dark} />
              {/<img\b[^>]*\ssrc\s*=\s*["']?(https?:)?\/\//i.test(render.html) && (
                <p className="muted">
                  Remote images are not loaded in this preview (the page’s Content-Security-Policy admits its own only); the captured mail of a test send
                  shows them.
                </p>
              )}
            </>
          ))}
        {state.tab === 'text' && (render.text === null ? <p className="muted">This render has no text part.</p> : <pre className="code">{render.text}</pre>)}
        {state.tab === 'source' && (render.html === null ? <p className="muted">This render has no HTML.</p> : <pre className="code">{render.html}</pre>)}
      </div>
    </>
  );
}

function ReplacementReport({ render }: { render: TemplateRender }) {
  if (render.unused_replacements.length === 0 && render.unreplaced_placeholders.length === 0) {
    return <p className="muted report">Every placeholder is replaced, and every replacement is used.</p>;
  }
  return (
    <dl className="report">
      {render.unreplaced_placeholders.length > 0 && (
        <>
          <dt>Placeholders left unreplaced</dt>
          <dd>
            {render.unreplaced_placeholders.map((key) => (
              <code key={key}>{key}</code>
            ))}
          </dd>
        </>
      )}
      {render.unused_replacements.length > 0 && (
        <>
          <dt>Replacements no placeholder uses</dt>
          <dd>
            {render.unused_replacements.map((key) => (
              <code key={key}>{key}</code>
            ))}
          </dd>
        </>
      )}
    </dl>
  );
}

interface ReplacementsProps {
  placeholders: string[];
  replacements: Replacements;
  urlError: string | null;
  onChange: (replacements: Replacements) => void;
}

/** Key/value rows, one per placeholder the template uses and per replacement given; or the whole object as JSON. */
function ReplacementsEditor({ placeholders, replacements, urlError, onChange }: ReplacementsProps) {
  const id = useId();
  const [raw, setRaw] = useState<string | null>(null);
  const [rawError, setRawError] = useState<string | null>(null);
  const [newKey, setNewKey] = useState('');
  const rows = [...new Set([...placeholders, ...Object.keys(replacements)])];

  const setValue = (key: string, value: string) => {
    const next = { ...replacements };
    // An emptied placeholder is left unreplaced (as a send without it would); another key keeps its row.
    if (value === '' && placeholders.includes(key)) delete next[key];
    else next[key] = value;
    onChange(next);
  };
  const removeKey = (key: string) => {
    const next = { ...replacements };
    delete next[key];
    onChange(next);
  };

  return (
    <section className="replacements" aria-labelledby={`${id}-title`}>
      <div className="section-head">
        <h2 id={`${id}-title`}>Replacements</h2>
        <button
          type="button"
          aria-pressed={raw !== null}
          onClick={() => {
            setRawError(null);
            setRaw(raw === null ? JSON.stringify(replacements, null, 2) : null);
          }}
        >
          Edit as JSON
        </button>
      </div>
      {urlError !== null && <p className="field-error">The link’s replacements were not used: {urlError}</p>}
      {raw !== null ? (
        <div className="field">
          <label htmlFor={`${id}-json`}>Replacements as JSON</label>
          <textarea
            id={`${id}-json`}
            className="json"
            rows={Math.min(14, raw.split('\n').length + 1)}
            value={raw}
            spellCheck={false}
            aria-invalid={rawError !== null}
            aria-describedby={`${id}-json-error`}
            onChange={(event) => {
              setRaw(event.target.value);
              const parsed = parseReplacements(event.target.value);
              setRawError(parsed.error);
              if (parsed.value !== null) onChange(parsed.value);
            }}
          />
          <FieldError id={`${id}-json-error`} messages={rawError === null ? undefined : [rawError]} />
        </div>
      ) : (
        <>
          {rows.length === 0 && <p className="muted">This template uses no placeholders.</p>}
          <div className="replacement-rows">
            {rows.map((key, i) => {
              const value = replacements[key];
              const shown = value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);
              return (
                <div className="replacement-row" key={key}>
                  <label htmlFor={`${id}-value-${i}`}>
                    <code>{key}</code>
                  </label>
                  <input
                    id={`${id}-value-${i}`}
                    value={shown}
                    placeholder={placeholders.includes(key) ? `::${key}::` : ''}
                    onChange={(event) => setValue(key, event.target.value)}
                  />
                  {placeholders.includes(key) ? (
                    <span className="row-spacer" />
                  ) : (
                    <button type="button" className="copy" aria-label={`Remove replacement ${key}`} title="Not used by the template" onClick={() => removeKey(key)}>
                      Remove
                    </button>
                  )}
                </div>
              );
            })}
          </div>
          <form
            className="inline-form add-replacement"
            onSubmit={(event) => {
              event.preventDefault();
              const key = newKey.trim();
              if (key === '' || key in replacements) return;
              onChange({ ...replacements, [key]: '' });
              setNewKey('');
            }}
          >
            <input aria-label="Name of a replacement to add" placeholder="another_key" value={newKey} onChange={(event) => setNewKey(event.target.value)} />
            <button type="submit">Add replacement</button>
          </form>
        </>
      )}
    </section>
  );
}

interface SendTestProps {
  template: StudioTemplate;
  dirty: boolean;
  replacements: Replacements;
  from: string;
  to: string;
  onFrom: (from: string) => void;
  onTo: (to: string) => void;
}

type SendState = { kind: 'idle' } | { kind: 'sending' } | { kind: 'sent'; uuid: string; subject: string } | { kind: 'failed'; message: string };

/** A real send through the Mailcoach API (`POST /api/transactional-mails/send`), then a link to the captured mail. */
function SendTest({ template, dirty, replacements, from, to, onFrom, onTo }: SendTestProps) {
  const client = useClient();
  const settings = useSettings();
  const [status, setStatus] = useState<SendState>({ kind: 'idle' });
  const apiToken = client.token ?? apiTokenOf(settings.data);
  // The Mailcoach API always wants a token; without one of its own the tab borrows an accepted one. With --isolate
  // that token's workspace is not the one on screen: the mail is waited for (and found) there.
  const elsewhere = client.token === null && settings.data?.isolate === true;
  const send = async () => {
    setStatus({ kind: 'sending' });
    try {
      const sender = apiToken === client.token ? client : clientFor(apiToken);
      const newest = (await sender.messages('', { perPage: 1 })).data[0]?.uuid;
      await sender.mailcoach.sendTransactional({ mail_name: template.name, from, to, replacements });
      const message = await sender.waitForMessage({ template: template.name, ...(newest === undefined ? {} : { after: newest }) });
      setStatus({ kind: 'sent', uuid: message.uuid, subject: message.subject });
    } catch (error) {
      setStatus({ kind: 'failed', message: sendError(error) });
    }
  };
  return (
    <section className="send-test" aria-labelledby="send-test-title">
      <h2 id="send-test-title">Send a test mail</h2>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void send();
        }}
      >
        <div className="form-row">
          <label htmlFor="send-from">From</label>
          <input id="send-from" type="email" value={from} onChange={(event) => onFrom(event.target.value)} required />
          <label htmlFor="send-to">To</label>
          <input id="send-to" type="email" value={to} onChange={(event) => onTo(event.target.value)} required />
          <button type="submit" disabled={status.kind === 'sending'}>
            Send a test mail
          </button>
        </div>
        <p className="muted">
          Through <code>POST /api/transactional-mails/send</code>, with the replacements above; it is captured in the inbox, never delivered.
          {dirty && ' It sends the saved version: save your changes first to send them.'}
          {elsewhere && ` It lands in the workspace of token ${apiToken}: pick it in the header to see it.`}
        </p>
      </form>
      <div role="status">
        {status.kind === 'sending' && <p className="muted">Sending…</p>}
        {status.kind === 'sent' && (
          <p>
            Sent and captured: <Link href={`/messages/${status.uuid}`}>open “{status.subject}” in the inbox</Link>
          </p>
        )}
      </div>
      {status.kind === 'failed' && (
        <p className="field-error" role="alert">
          {status.message}
        </p>
      )}
    </section>
  );
}

/** A token the Mailcoach API accepts, for a tab that has none (loopback): the first configured one. */
function apiTokenOf(settings: EmulatorSettings | undefined): string {
  return settings?.tokens[0] ?? 'mailcoach-emulator-token';
}

function sendError(error: unknown): string {
  if (error instanceof MailcoachApiError) {
    const body = error.body as { message?: string; errors?: Record<string, string[]> } | null;
    const details = Object.values(body?.errors ?? {}).flat();
    return `The send was refused (${error.status}): ${[body?.message ?? String(error.body), ...details.filter((d) => d !== body?.message)].join(' ')}`;
  }
  return error instanceof Error ? error.message : String(error);
}

/** The send with the current replacements, as curl, PHP SDK and Laravel code. */
function CopyAs({ name, from, to, replacements }: { name: string; from: string; to: string; replacements: Replacements }) {
  const client = useClient();
  const settings = useSettings();
  const token = client.token ?? apiTokenOf(settings.data);
  const snippets = sendSnippets({ api: `${window.location.origin}/api`, token, name, from, to, replacements });
  const [active, setActive] = useState(0);
  const [label, code] = snippets[active]!;
  return (
    <section className="copy-as" aria-labelledby="copy-as-title">
      <h2 id="copy-as-title">Copy as</h2>
      <div role="tablist" aria-label="Snippet language" className="tabs">
        {snippets.map(([snippetLabel], i) => (
          <button key={snippetLabel} type="button" role="tab" id={`copy-as-tab-${i}`} aria-controls="copy-as-panel" aria-selected={i === active} onClick={() => setActive(i)}>
            {snippetLabel}
          </button>
        ))}
      </div>
      <div role="tabpanel" id="copy-as-panel" aria-labelledby={`copy-as-tab-${active}`} className="snippet">
        <pre className="code">{code}</pre>
        <CopyButton text={code} label={`Copy the ${label} snippet`} />
      </div>
    </section>
  );
}

/** The captured mails rendered from this template, newest first, each a link into the inbox. */
function SentWith({ name }: { name: string }) {
  const client = useClient();
  const sent = useQuery({ queryKey: keys.sentWith(client.token, name), queryFn: () => client.messages({ template: name }, { perPage: 10 }) });
  const total = sent.data?.meta.total ?? 0;
  return (
    <section className="sent-with" aria-labelledby="sent-with-title">
      <h2 id="sent-with-title">Mails sent with this template</h2>
      {sent.data === undefined ? (
        <p className="muted">Loading…</p>
      ) : total === 0 ? (
        <p className="muted">None captured yet.</p>
      ) : (
        <>
          <ul className="sent-list">
            {sent.data.data.map((message) => (
              <li key={message.uuid}>
                <Link href={`/messages/${message.uuid}`}>{message.subject || '(no subject)'}</Link>{' '}
                <span className="muted">to {message.to.map((a) => a.email).join(', ') || '(none)'}</span>{' '}
                <time dateTime={message.created_at}>{formatTime(message.created_at)}</time>
              </li>
            ))}
          </ul>
          <p>
            <Link href={`/?q=${encodeURIComponent(buildQuery({ template: name }))}`}>
              All {total.toLocaleString()} in the inbox
            </Link>
          </p>
        </>
      )}
    </section>
  );
}
