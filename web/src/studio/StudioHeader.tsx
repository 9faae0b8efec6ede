/** The studio's head: where the template comes from (and what a reset does to it), and the save, revert and delete actions. */
import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import type { StudioTemplate } from '../../../server/testing/client.js';
import { queries, useClient } from '../api.js';
import { otherErrors } from '../forms.js';
import type { TemplateActions } from './actions.js';
import { OriginBadge } from './common.js';

interface StudioHeaderProps {
  template: StudioTemplate;
  dirty: boolean;
  actions: TemplateActions;
  onDelete: () => void;
}

export function StudioHeader({ template, dirty, actions, onDelete }: StudioHeaderProps) {
  const { save, notice } = actions;
  const rest = otherErrors(actions.errors, ['type', 'subject', 'body']);
  return (
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
        <button type="button" onClick={actions.revert} disabled={!dirty}>
          Revert
        </button>
        <button type="button" className="danger" onClick={onDelete}>
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
  );
}

function OriginNote({ template }: { template: StudioTemplate }) {
  const client = useClient();
  const fixtures = useQuery(queries.fixtures(client));
  const watching = fixtures.data?.watching ?? false;
  if (template.origin === 'created')
    return <p className="origin-note">Created here: a reset of the workspace removes it.</p>;
  if (template.origin === 'edited') {
    return (
      <p className="origin-note">
        A fixture template edited here: a reset of the workspace restores the fixture’s version.
      </p>
    );
  }
  if (template.fixture_file === null)
    return <p className="origin-note">From the fixtures: a reset of the workspace restores this version.</p>;
  return (
    <p className="origin-note">
      From the fixtures: edit <code>{template.fixture_file}</code> on disk{' '}
      {watching
        ? 'and this preview follows it (--watch is on).'
        : 'with the emulator started with --watch, and this preview follows it.'}
    </p>
  );
}
