/**
 * The controls page's reset: the workspace's records deleted and its fixtures seeded again, once confirmed. The one
 * place that resets (the inbox deletes mail only): it says everything that goes, as POST /_emulator/reset clears it
 * (every table with a workspace_id: server/db/workspace-store.ts), templates and the audience included.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useClient } from '../api.js';
import { ConfirmDialog } from '../components/ConfirmDialog.js';
import { errorText } from '../forms.js';

export function ResetWorkspace() {
  const client = useClient();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [state, setState] = useState<{ kind: 'done' } | { kind: 'failed'; message: string } | null>(null);
  const reset = async () => {
    setConfirming(false);
    try {
      await client.reset();
      setState({ kind: 'done' });
      await queryClient.invalidateQueries();
    } catch (error) {
      setState({ kind: 'failed', message: errorText(error) });
    }
  };
  return (
    <section className="box" aria-labelledby="reset-title">
      <h2 id="reset-title">Reset</h2>
      <p className="help">
        Starts this workspace over from its fixtures: everything in it is deleted (mail, records, template edits, the
        audience, campaigns), the fixtures seeded again and the fault rules put back. The clock is not touched.
      </p>
      <button type="button" className="danger" onClick={() => setConfirming(true)}>
        Reset the workspace…
      </button>
      <div role="status">
        {state?.kind === 'done' && <p className="ok-box">The workspace was reset: its fixtures are seeded again.</p>}
      </div>
      {state?.kind === 'failed' && (
        <p className="alert-box" role="alert">
          The reset failed: {state.message}
        </p>
      )}
      {confirming && (
        <ConfirmDialog
          title="Reset the workspace?"
          confirm="Reset"
          onConfirm={() => void reset()}
          onCancel={() => setConfirming(false)}
        >
          <p>Everything of this workspace is deleted, then its fixtures are seeded again:</p>
          <ul>
            <li>every captured message, with its attachments;</li>
            <li>
              suppressions, sends (with their simulated opens, clicks, bounces and complaints) and transactional log
              items;
            </li>
            <li>
              templates: edited fixture templates go back to the fixtures' version, templates created here are removed;
            </li>
            <li>email lists, subscribers, tags, segments and subscriber imports;</li>
            <li>
              campaigns (with their clicks and unsubscribes), campaign templates and automations (with their triggers);
            </li>
            <li>
              webhooks: configurations made here are removed, those of the fixtures and --webhook come back, and every
              webhook call goes, retries still due included.
            </li>
          </ul>
          <p>
            Fault rules go back to those of --faults (none without it). The clock is not touched: it is shared by every
            workspace.
          </p>
        </ConfirmDialog>
      )}
    </section>
  );
}
