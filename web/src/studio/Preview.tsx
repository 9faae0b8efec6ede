/**
 * The studio's preview: the render's subject and its HTML (at a width, light or dark), text and source, the last good
 * render kept on screen while the source has errors, and what the replacements did; then the page's actions on the
 * render (send a test, copy as code) above its checks report, which can be long (issue 41 finding 12).
 */
import type { ReactNode } from 'react';
import type { TemplateRender } from '../../../server/testing/client.js';
import { MailFrame, WIDTHS, type FrameWidth } from '../components/MailFrame.js';
import { fieldErrors, otherErrors } from '../forms.js';
import type { StudioRender } from './render.js';
import { ReplacementReport } from './ReplacementReport.js';
import { RenderChecks } from '../checks/ChecksPanel.js';
import { PREVIEW_TABS, type StudioState } from './url-state.js';

interface PreviewPaneProps {
  name: string;
  render: StudioRender;
  state: StudioState;
  update: (patch: Partial<StudioState>) => void;
  /** Shown under the preview, above the checks. */
  actions?: ReactNode;
}

export function PreviewPane({
  name,
  render: { render, current, shown, stale },
  state,
  update,
  actions,
}: PreviewPaneProps) {
  return (
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
        <Preview render={shown} title={`Preview of ${name}`} state={state} update={update} />
      )}
      {current !== undefined && <ReplacementReport render={current} />}
      {actions !== undefined && <div className="studio-actions">{actions}</div>}
      {shown !== undefined && <RenderChecks render={shown} />}
    </section>
  );
}

type PreviewState = Pick<StudioState, 'tab' | 'width' | 'dark'>;

/** The render's parts in tabs; also the campaign page's preview (campaigns/CampaignPreview.tsx). */
export function Preview({
  render,
  title,
  state,
  update,
}: {
  render: Pick<TemplateRender, 'subject' | 'html' | 'text'>;
  title: string;
  state: PreviewState;
  update: (patch: Partial<PreviewState>) => void;
}) {
  const tabId = (tab: string) => `preview-tab-${tab}`;
  return (
    <>
      <p className="rendered-subject">
        <span className="muted">Subject:</span> <strong data-testid="rendered-subject">{render.subject}</strong>
      </p>
      <div role="tablist" aria-label="Rendered parts" className="tabs">
        {PREVIEW_TABS.map(([tab, label]) => (
          <button
            key={tab}
            type="button"
            role="tab"
            id={tabId(tab)}
            aria-selected={state.tab === tab}
            aria-controls="preview-panel"
            onClick={() => update({ tab })}
          >
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
                <label className="check">
                  <input
                    type="checkbox"
                    checked={state.dark}
                    onChange={(event) => update({ dark: event.target.checked })}
                  />{' '}
                  Dark mode
                </label>
              </div>
              <MailFrame srcDoc={render.html} title={title} width={state.width} dark={state.dark} />
              {/<img\b[^>]*\ssrc\s*=\s*["']?(https?:)?\/\//i.test(render.html) && (
                <p className="muted">
                  Remote images are not loaded in this preview (the page’s Content-Security-Policy admits its own only);
                  the captured mail of a test send shows them.
                </p>
              )}
            </>
          ))}
        {state.tab === 'text' &&
          (render.text === null ? (
            <p className="muted">This render has no text part.</p>
          ) : (
            <pre className="code">{render.text}</pre>
          ))}
        {state.tab === 'source' &&
          (render.html === null ? (
            <p className="muted">This render has no HTML.</p>
          ) : (
            <pre className="code">{render.html}</pre>
          ))}
      </div>
    </>
  );
}
