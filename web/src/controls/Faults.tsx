/** The controls page's fault rules: the workspace's rules, each deletable, and the form that adds one (AddFault.tsx). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FaultRule } from '../../../server/testing/client.js';
import { keys, queries, useClient } from '../api.js';
import { errorText } from '../forms.js';
import { ColumnHeads } from '../records/records-listing.js';
import { AddFault } from './AddFault.js';
import { describeEffect, describeMatch } from './faults.js';

export function Faults() {
  const client = useClient();
  const queryClient = useQueryClient();
  const rules = useQuery(queries.faults(client));
  const refresh = () => queryClient.invalidateQueries({ queryKey: keys.faults(client.token) });
  const remove = useMutation({ mutationFn: (id: number) => client.faults.remove(id), onSettled: refresh });
  const clear = useMutation({ mutationFn: () => client.faults.clear(), onSettled: refresh });
  return (
    <section className="box" aria-labelledby="faults-title">
      <h2 id="faults-title">Fault rules</h2>
      <p className="help">
        Rules apply to this workspace's Mailcoach requests (<code>/api/…</code>, after authentication) and, for SMTP
        rules, to its SMTP commands, in order; the first that answers decides. They live in memory.
      </p>
      <AddFault onAdded={() => void refresh()} />
      {rules.isError && <p className="alert-box">{errorText(rules.error)}</p>}
      {(remove.isError || clear.isError) && <p className="alert-box">{errorText(remove.error ?? clear.error)}</p>}
      {rules.data !== undefined && rules.data.length === 0 && (
        <p className="muted">No fault rule: every request is answered as Mailcoach would.</p>
      )}
      {rules.data !== undefined && rules.data.length > 0 && (
        <>
          <div className="records-table-wrap">
            <table className="records-table" aria-label="Fault rules">
              <thead>
                <tr>
                  <ColumnHeads columns={['#', 'Matches', 'Does', ['Fired', 'num'], ['Left', 'num'], null]} />
                </tr>
              </thead>
              <tbody>
                {rules.data.map((rule: FaultRule) => (
                  <tr key={rule.id}>
                    <th scope="row">{rule.id}</th>
                    <td>
                      <code>{describeMatch(rule)}</code>
                    </td>
                    <td>{describeEffect(rule)}</td>
                    <td className="num">{rule.fired}</td>
                    <td className="num">{rule.remaining ?? '∞'}</td>
                    <td className="actions">
                      <button
                        type="button"
                        className="danger"
                        onClick={() => remove.mutate(rule.id)}
                        aria-label={`Delete fault rule ${rule.id}`}
                      >
                        Delete
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p>
            <button type="button" className="danger" onClick={() => clear.mutate()}>
              Delete every rule
            </button>
          </p>
        </>
      )}
    </section>
  );
}
