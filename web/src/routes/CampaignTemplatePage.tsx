/**
 * `/campaign-templates/<uuid>`: a campaign template previewed as a transactional one is in the studio: one input per
 * field (`[[[name]]]`, `[[[name:type]]]`; an editor field takes markdown), the render of a campaign with those
 * values (the server's campaignContent), in the studio's preview. A page of its own rather than the studio: the
 * studio edits and saves transactional templates (source, replacements, Twig), none of which a campaign template
 * has, while this needs only fields and the preview. The values, tab, width and dark mode live in the URL. The
 * preview follows the fields as the studio's follows its source: rendered again once typing pauses (issue 41
 * finding 9; it waited for a Render click), the values replacing the URL's rather than adding a history entry per
 * pause.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useSearchParams } from 'wouter';
import { keys, useClient } from '../api.js';
import { UnderCampaigns } from '../campaigns/CampaignsPageShell.js';
import { PREVIEW_PARAMS, previewState, previewUpdate } from '../campaigns/preview-state.js';
import { useTitle } from '../forms.js';
import { useUrlParams } from '../records/common.js';
import { Preview } from '../studio/Preview.js';
import '../records/records.css';
import '../studio/studio.css';

// The subscriber parameter is the campaign page's; unused here.
const PARAMS = ['fields', ...PREVIEW_PARAMS] as const;

/** Typing pauses this long before the fields are rendered: the studio's pause (studio/render.ts). */
const RENDER_DEBOUNCE_MS = 300;

/** The `fields` parameter for the values typed: none while every field is empty (the template as stored). */
function fieldsParam(typed: Record<string, string>): string {
  return Object.values(typed).some((value) => value !== '') ? JSON.stringify(typed) : '';
}

function parseFields(raw: string): Record<string, string> {
  try {
    const value = JSON.parse(raw) as unknown;
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, string>)
      : {};
  } catch {
    return {};
  }
}

export default function CampaignTemplatePage({ uuid }: { uuid: string }) {
  const client = useClient();
  const { values, update } = useUrlParams(PARAMS);
  const fields = values.fields === '' ? undefined : parseFields(values.fields);
  const preview = useQuery({
    queryKey: [...keys.campaignTemplates(client.token), uuid, values.fields],
    queryFn: () => client.campaignTemplatePreview(uuid, fields),
    placeholderData: keepPreviousData,
  });
  const [typed, setTyped] = useState<Record<string, string>>(fields ?? {});
  const fieldId = useId();
  const [, setSearch] = useSearchParams();
  const wanted = fieldsParam(typed);
  useEffect(() => {
    if (wanted === values.fields) return;
    const timer = setTimeout(
      () =>
        setSearch(
          (previous) => {
            const next = new URLSearchParams(previous);
            if (wanted === '') next.delete('fields');
            else next.set('fields', wanted);
            return next;
          },
          { replace: true },
        ),
      RENDER_DEBOUNCE_MS,
    );
    return () => clearTimeout(timer);
  }, [wanted, values.fields, setSearch]);
  useTitle(preview.data?.name ?? 'Campaign template');
  const state = previewState(values);

  return (
    <UnderCampaigns
      failure={preview.isError ? { what: 'The template could not be rendered', error: preview.error } : null}
    >
      {preview.data !== undefined && (
        <>
          <h1>{preview.data.name}</h1>
          <p className="lead muted">
            A campaign template, rendered as a campaign created with it and these <code>fields</code> would be. Without
            values, the template as stored.
          </p>
          <div className="records-grid">
            <form className="box stack" aria-label="Field values" onSubmit={(event) => event.preventDefault()}>
              {preview.data.fields.length === 0 && <p className="muted">This template has no fields.</p>}
              {preview.data.fields.map((field, i) => (
                <label key={field.name} htmlFor={`${fieldId}-${i}`}>
                  {field.name} ({field.type === 'editor' ? 'markdown' : field.type})
                  {field.type === 'editor' ? (
                    <textarea
                      id={`${fieldId}-${i}`}
                      rows={4}
                      value={typed[field.name] ?? ''}
                      onChange={(event) => setTyped({ ...typed, [field.name]: event.target.value })}
                    />
                  ) : (
                    <input
                      id={`${fieldId}-${i}`}
                      type="text"
                      value={typed[field.name] ?? ''}
                      onChange={(event) => setTyped({ ...typed, [field.name]: event.target.value })}
                    />
                  )}
                </label>
              ))}
              {preview.data.fields.length > 0 && (
                <p className="muted" aria-live="polite">
                  {preview.isFetching ? 'Rendering…' : 'The preview follows the values as you type.'}
                </p>
              )}
            </form>
            <section className="box" aria-label="Preview">
              <Preview
                render={{ subject: '(a campaign’s subject)', html: preview.data.html, text: preview.data.text }}
                title={`Preview of ${preview.data.name}`}
                state={state}
                update={previewUpdate(update)}
              />
            </section>
          </div>
        </>
      )}
    </UnderCampaigns>
  );
}
