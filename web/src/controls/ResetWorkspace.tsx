/** The controls page's reset: the workspace's records deleted and its fixtures seeded again, once confirmed. */
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
      <p className="help">Deletes every captured message, suppression, template change, send and log item of this workspace, seeds its fixtures again and puts its fault rules back. The clock is not touched.</p>
      <button type="button" className="danger" onClick={() => setConfirming(true)}>
        Reset the workspace…
      </button>
      <div role="status">{state?.kind === 'done' && <p className="ok-box">The workspace was reset: its fixtures are seeded again.</p>}</div>
      {state?.kind === 'failed' && (
        <p className="alert-box" role="alert">
          The reset failed: {state.message}
        </p>
      )}
      {confirming && (
        <ConfirmDialog title="Reset the workspace?" confirm="Reset" onConfirm={() => void reset()} onCancel={() => setConfirming(false)}>
          <p>Every captured message, suppression, send and log item of this workspace is deleted, and its fixtures are seeded again.</p>
        </ConfirmDialog>
      )}
    </section>
  );
}
