/**
 * The workspace's webhook configurations (Mailcoach's Settings → Webhooks list, docs/spec/mailcoach-webhooks.md#12-how-configurations-are-made-ui-only): name, URL, enabled, lists,
 * events, where each came from, and its actions: edit (the form), enable or disable (only that flag changes), delete
 * (asked first: its calls go with it), and a link to its calls. Live: a change made elsewhere (the API, a test,
 * another tab) shows up as it happens.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'wouter';
import { WEBHOOK_EVENT_LABELS, type WebhookConfiguration } from '../../../server/testing/client.js';
import { keys, queries, useClient } from '../api.js';
import { ConfirmDialog } from '../components/ConfirmDialog.js';
import { errorText } from '../forms.js';
import { RecordsListing } from '../records/records-listing.js';
import { shortUuid } from '../records/common.js';
import { ConfigurationForm } from './ConfigurationForm.js';

const ORIGINS: Record<WebhookConfiguration['origin'], string> = {
  fixture: 'fixture',
  cli: '--webhook',
  api: 'added here or through the API',
};

const COLUMNS = ['Name', 'URL', 'Enabled', 'Lists', 'Events', null] as const;

export function Configurations() {
  const client = useClient();
  const configurations = useQuery({
    queryKey: keys.webhooks(client.token),
    queryFn: () => client.webhooks(),
    select: (data) => ({ data }),
  });
  const lists = useQuery(queries.emailLists(client));
  // null: no form; 'new': adding; a uuid: editing that one.
  const [editing, setEditing] = useState<string | null>(null);
  const [notice, setNotice] = useState('');
  const listName = (uuid: string) => lists.data?.find((list) => list.uuid === uuid)?.name ?? shortUuid(uuid);
  const current = configurations.data?.data.find((configuration) => configuration.uuid === editing) ?? null;

  return (
    <section className="box" aria-labelledby="webhook-configurations-title">
      <h2 id="webhook-configurations-title">Configurations</h2>
      <RecordsListing
        records={{ query: configurations }}
        noun="configurations"
        label="Webhook configurations"
        empty={
          <>
            No webhook yet: add one (or start the emulator with <code>--webhook &lt;url&gt;</code>, or put{' '}
            <code>webhooks</code> in the fixtures).
          </>
        }
        columns={COLUMNS}
        row={(configuration) => (
          <ConfigurationRow
            key={configuration.uuid}
            configuration={configuration}
            listName={listName}
            onEdit={() => setEditing(configuration.uuid)}
            onNotice={setNotice}
          />
        )}
      />
      <div role="status">{notice !== '' && <p className="ok-box">{notice}</p>}</div>
      {editing === null && (
        <p>
          <button type="button" onClick={() => setEditing('new')}>
            Add a webhook
          </button>
        </p>
      )}
      {(editing === 'new' || current !== null) && (
        <ConfigurationForm
          key={editing}
          existing={current}
          onCancel={() => setEditing(null)}
          onDone={(saved, created) => {
            setEditing(null);
            setNotice(created ? `Added ${saved.name}: it gets the events from now on.` : `Saved ${saved.name}.`);
          }}
        />
      )}
    </section>
  );
}

interface RowProps {
  configuration: WebhookConfiguration;
  listName: (uuid: string) => string;
  onEdit: () => void;
  onNotice: (notice: string) => void;
}

function ConfigurationRow({ configuration, listName, onEdit, onNotice }: RowProps) {
  const client = useClient();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const refetch = () => {
    void queryClient.invalidateQueries({ queryKey: keys.webhooks(client.token) });
    void queryClient.invalidateQueries({ queryKey: keys.webhookCalls(client.token) });
  };
  const toggle = useMutation({
    mutationFn: () => client.updateWebhook(configuration.uuid, { enabled: !configuration.enabled }),
    onSuccess: (saved) => {
      onNotice(`${saved.name} is ${saved.enabled ? 'enabled' : 'disabled'}.`);
      refetch();
    },
  });
  const remove = useMutation({
    mutationFn: () => client.deleteWebhook(configuration.uuid),
    onSuccess: () => {
      onNotice(`Deleted ${configuration.name} and its calls.`);
      refetch();
    },
  });
  const { name } = configuration;
  const failure = toggle.error ?? remove.error;
  return (
    <tr data-webhook={configuration.uuid}>
      <th scope="row">
        {name}
        <div className="muted small">{ORIGINS[configuration.origin]}</div>
      </th>
      <td data-label="URL">
        <code className="address">{configuration.url}</code>
      </td>
      <td data-label="Enabled">
        <span className={`badge ${configuration.enabled ? 'state-opened' : ''}`}>
          {configuration.enabled ? 'enabled' : 'disabled'}
        </span>
      </td>
      <td data-label="Lists">
        {configuration.use_for_all_lists ? 'All lists' : configuration.email_lists.map(listName).join(', ')}
      </td>
      <td data-label="Events">
        {configuration.events.length === 0
          ? 'All events'
          : configuration.events.map((event) => WEBHOOK_EVENT_LABELS[event]).join(', ')}
      </td>
      <td className="actions">
        <div className="simulate">
          <button type="button" onClick={onEdit} aria-label={`Edit ${name}`}>
            Edit
          </button>
          <button
            type="button"
            onClick={() => toggle.mutate()}
            disabled={toggle.isPending}
            aria-label={`${configuration.enabled ? 'Disable' : 'Enable'} ${name}`}
          >
            {configuration.enabled ? 'Disable' : 'Enable'}
          </button>
          <button
            type="button"
            className="danger"
            onClick={() => setConfirming(true)}
            disabled={remove.isPending}
            aria-label={`Delete ${name}`}
          >
            Delete
          </button>
        </div>
        <Link
          href={`/webhooks?configuration=${encodeURIComponent(configuration.uuid)}`}
          aria-label={`Its calls (${name})`}
        >
          Its calls
        </Link>
        {confirming && (
          <ConfirmDialog
            title={`Delete the webhook ${name}?`}
            confirm="Delete"
            onCancel={() => setConfirming(false)}
            onConfirm={() => {
              setConfirming(false);
              remove.mutate();
            }}
          >
            <p>
              Its calls and their attempts are deleted with it, as Mailcoach deletes its logs; calls still due are not
              sent.
            </p>
          </ConfirmDialog>
        )}
        {failure !== null && (
          <p className="field-error" role="alert">
            {errorText(failure)}
          </p>
        )}
      </td>
    </tr>
  );
}
