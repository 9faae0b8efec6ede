/**
 * `/templates/<name>`: the template studio. The source (subject, type, body in CodeMirror) on one side, the render
 * on the other, re-rendered by the server ~300 ms after typing stops with the unsaved source, exactly as a send with
 * these replacements would capture it. A render with errors never replaces the last good one on screen: its errors
 * are listed with their lines and marked in the editor. The replacements, width, tab and dark mode are in the URL
 * (studio/url-state.ts), so a link reproduces the preview. Loaded only when opened; the editor in a chunk of its own.
 */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { EmulatorApiError, type RenderRequest, type StudioTemplate } from '../../../server/testing/client.js';
import { queries, useClient } from '../api.js';
import { ConfirmDialog } from '../components/ConfirmDialog.js';
import { useTitle } from '../forms.js';
import { useTemplateActions } from '../studio/actions.js';
import { FixtureProblems } from '../studio/common.js';
import { CopyAs } from '../studio/CopyAs.js';
import { useDraft, type Source } from '../studio/draft.js';
import { useLeaveGuard } from '../studio/leave-guard.js';
import { PreviewPane } from '../studio/Preview.js';
import { useRender } from '../studio/render.js';
import { ReplacementsEditor } from '../studio/ReplacementsEditor.js';
import { SendTest } from '../studio/SendTest.js';
import { SentWith } from '../studio/SentWith.js';
import { SourceFields } from '../studio/SourceFields.js';
import { StudioHeader } from '../studio/StudioHeader.js';
import { readState, studioHref, type StudioState } from '../studio/url-state.js';

export default function StudioPage({ name }: { name: string }) {
  useTitle(`${name} · Templates`);
  const client = useClient();
  const template = useQuery(queries.template(client, name));
  const missing = template.error instanceof EmulatorApiError && template.error.status === 404;

  if (missing || (template.isError && template.data === undefined)) {
    return (
      <main className="studio">
        <h1>Template “{name}”</h1>
        <p className="error">
          {missing
            ? `There is no template named “${name}” in this workspace (any more).`
            : (template.error as Error).message}
        </p>
        <p>
          <Link href="/templates">Back to the templates</Link>
        </p>
      </main>
    );
  }
  if (template.data === undefined) return <p className="muted empty">Loading “{name}”…</p>;
  return <Studio template={template.data} />;
}

function Studio({ template }: { template: StudioTemplate }) {
  const [, navigate] = useLocation();
  const state = readState(useSearch());
  const update = (patch: Partial<StudioState>) =>
    navigate(studioHref(template.name, { ...state, ...patch }), { replace: true });
  const draft = useDraft(template);
  const request: RenderRequest = {
    replacements: state.replacements,
    ...(draft.dirty ? { template: draft.edits } : {}),
  };
  const render = useRender(template.name, request);
  const actions = useTemplateActions(template, draft);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const guard = useLeaveGuard(draft.dirty);
  const [from, setFrom] = useState(template.from ?? 'studio@example.com');
  const [to, setTo] = useState('test@example.com');

  return (
    <main
      className="studio"
      onKeyDown={(event) => {
        if ((event.ctrlKey || event.metaKey) && event.key === 's') {
          event.preventDefault();
          if (draft.dirty && !actions.save.isPending) actions.save.mutate();
        }
      }}
    >
      <StudioHeader template={template} dirty={draft.dirty} actions={actions} onDelete={() => setConfirmDelete(true)} />
      <FixtureProblems />

      <div className="studio-grid">
        <div className="studio-left">
          <ReplacementsEditor
            template={template.name}
            placeholders={render.current?.placeholders ?? render.good?.placeholders ?? []}
            replacements={state.replacements}
            urlError={state.replacementsError}
            onChange={(replacements) => update({ replacements })}
          />
          <SourceFields
            source={draft.source}
            onEdit={draft.edit}
            errors={actions.errors}
            current={render.current}
            stale={render.stale}
          />
        </div>
        <PreviewPane
          name={template.name}
          render={render}
          state={state}
          update={update}
          actions={
            <>
              <SendTest
                template={template}
                dirty={draft.dirty}
                replacements={state.replacements}
                from={from}
                to={to}
                onFrom={setFrom}
                onTo={setTo}
              />
              <CopyAs name={template.name} from={from} to={to} replacements={state.replacements} />
            </>
          }
        />
      </div>

      <div className="studio-extras">
        <SentWith name={template.name} />
      </div>

      {guard.leaving !== null && (
        <ConfirmDialog
          title="Leave without saving?"
          confirm="Leave and discard"
          onConfirm={guard.leave}
          onCancel={guard.stay}
        >
          <p>
            Your unsaved changes to the {editedFields(draft.edits)} of “{template.name}” are lost if you leave: they are
            only on this page. Cancel to stay and save them (Ctrl+S).
          </p>
        </ConfirmDialog>
      )}
      {confirmDelete && (
        <ConfirmDialog
          title="Delete the template?"
          confirm="Delete"
          onConfirm={() => {
            setConfirmDelete(false);
            actions.remove.mutate();
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

/** The edited fields, as a sentence names them: "subject", "subject and body", "type, subject and body". */
function editedFields(edits: Partial<Source>): string {
  const names = (['type', 'subject', 'body'] as const).filter((field) => field in edits);
  return names.length <= 1 ? (names[0] ?? 'source') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}
