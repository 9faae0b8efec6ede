/**
 * `/suppressions`: the workspace's suppressions as `GET /api/suppressions` pages them (search, reason, sort; 15 a
 * page, fast at 100,000 rows), with why each exists (`origin`), a form to add one and a delete per row. Adding and
 * deleting go through `/_emulator/suppressions`, which applies the API's rules (firstOrCreate, and the spam-complaint
 * refusal in the API's words) and needs no API token: under --isolate a tab with no token chosen works on the
 * default workspace. Loaded only when opened (App.tsx).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'wouter';
import type { Suppression, SuppressionOrigin } from '../../../server/testing/client.js';
import { keys, useClient } from '../api.js';
import { ConfirmDialog } from '../components/ConfirmDialog.js';
import { errorText, FieldError, fieldErrors, Form, Options, otherErrors, type FieldErrors } from '../forms.js';
import { Timestamp, useSettings } from '../records/common.js';
import { FilterForm, RecordsTitle } from '../records/records-head.js';
import { RecordsListing } from '../records/records-listing.js';
import { useRecordsQuery, useTyped } from '../records/records-query.js';

type Reason = Suppression['reason'];

const REASONS: Array<[Reason, string]> = [
  ['hard_bounce', 'Hard bounce'],
  ['spam_complaint', 'Spam complaint'],
  ['manual', 'Manual'],
];

const SORTS: Array<[string, string]> = [
  ['', 'API default'],
  ['-created_at', 'Newest first'],
  ['created_at', 'Oldest first'],
];

const ORIGINS: Record<SuppressionOrigin, string> = {
  fixture: 'fixture',
  seed: 'seeded',
  api: 'added through the API',
  emulator: 'added here (or by the test client)',
  bounce: 'simulated bounce',
  complaint: 'simulated complaint',
};

export default function SuppressionsPage() {
  const records = useRecordsQuery({
    title: 'Suppressions',
    params: ['search', 'reason', 'sort'],
    key: keys.suppressions,
    list: (client, filters, page) =>
      client.suppressions({
        search: filters.search || undefined,
        reason: (filters.reason || undefined) as Reason | undefined,
        sort: (filters.sort || undefined) as 'created_at' | '-created_at' | undefined,
        page,
      }),
  });
  const { live, values: filters, update } = records;
  const [typed, setTyped] = useTyped(filters.search);
  const [deleted, setDeleted] = useState('');
  const spamComplaintsDeletable = useSettings().data?.allow_spam_complaint_deletion ?? false;

  return (
    <main className="records-page">
      <RecordsTitle title="Suppressions" live={live}>
        Addresses the send endpoint refuses with a 406, as <code>GET /api/suppressions</code> lists them. Changes made
        through the API, a simulated bounce or complaint, a seed or another tab show up here as they happen.
      </RecordsTitle>
      <SpamComplaintRule />
      <div className="records-grid">
        <AddSuppression />
      </div>
      {deleted !== '' && (
        <p className="notice" role="status">
          {deleted}
        </p>
      )}
      <FilterForm
        label="Filter suppressions"
        onSubmit={() => update({ search: typed.trim() })}
        sort={{ value: filters.sort, options: SORTS, onChange: (sort) => update({ sort }) }}
        submit="Search"
      >
        <label className="grow">
          Search (part of the email)
          <input
            type="search"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            placeholder="e.g. example.com"
          />
        </label>
        <label>
          Reason
          <select value={filters.reason} onChange={(event) => update({ reason: event.target.value })}>
            <option value="">Any reason</option>
            <Options options={REASONS} />
          </select>
        </label>
      </FilterForm>
      <RecordsListing
        records={records}
        noun="suppressions"
        label="Suppressions"
        empty={<>No suppression matches.</>}
        columns={['Email', 'Reason', 'Why it exists', ['Created', 'col-optional'], null]}
        row={(row) => (
          <SuppressionRow
            key={row.uuid}
            row={row}
            deletable={row.reason !== 'spam_complaint' || spamComplaintsDeletable}
            onDeleted={() => setDeleted(`Deleted the suppression of ${row.email}: mail to it is captured again.`)}
          />
        )}
      />
    </main>
  );
}

/** Whether DELETE may remove spam_complaint rows here (`--allow-spam-complaint-deletion`). */
function SpamComplaintRule() {
  const settings = useSettings().data;
  if (settings === undefined) return null;
  return (
    <p className="notice-box" data-testid="spam-complaint-rule">
      {settings.allow_spam_complaint_deletion ? (
        <>
          <strong>Spam-complaint suppressions can be deleted</strong> here (<code>--allow-spam-complaint-deletion</code>
          , as self-hosted Mailcoach).
        </>
      ) : (
        <>
          <strong>Spam-complaint suppressions cannot be deleted</strong>: the API answers 403, as Mailcoach's base
          document has it. Start the emulator with <code>--allow-spam-complaint-deletion</code> to allow it.
        </>
      )}
    </p>
  );
}

interface SuppressionRowProps {
  row: Suppression & { origin: SuppressionOrigin | null };
  /** False for a spam complaint the emulator will not delete (the API's 403): no button that is then refused. */
  deletable: boolean;
  onDeleted: () => void;
}

function SuppressionRow({ row, deletable, onDeleted }: SuppressionRowProps) {
  const client = useClient();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const remove = useMutation({
    mutationFn: () => client.deleteSuppression(row.uuid),
    onSuccess: () => {
      onDeleted();
      return queryClient.invalidateQueries({ queryKey: keys.suppressions(client.token) });
    },
  });
  return (
    <tr>
      <th scope="row">{row.email}</th>
      <td>
        <span className={`badge reason-${row.reason}`}>{row.reason}</span>
      </td>
      <td>{row.origin === null ? <span className="muted">unknown</span> : ORIGINS[row.origin]}</td>
      <td className="col-optional nowrap">
        <Timestamp iso={row.created_at} />
      </td>
      <td className="actions">
        {deletable ? (
          <button
            type="button"
            className="danger"
            onClick={() => setConfirming(true)}
            disabled={remove.isPending}
            aria-label={`Delete ${row.email}`}
          >
            Delete
          </button>
        ) : (
          <span className="muted">Kept (spam complaint)</span>
        )}
        {confirming && (
          <ConfirmDialog
            title={`Delete the suppression of ${row.email}?`}
            confirm="Delete"
            onCancel={() => setConfirming(false)}
            onConfirm={() => {
              setConfirming(false);
              remove.mutate();
            }}
          >
            <p>Sends to this address are accepted and captured again; the API no longer answers them with a 406.</p>
          </ConfirmDialog>
        )}
        {remove.isError && (
          <p className="field-error" role="alert">
            {errorText(remove.error)}
          </p>
        )}
      </td>
    </tr>
  );
}

type Added = { email: string; reason: Reason; created: boolean };

/**
 * A manual suppression is added as POST /api/suppressions adds one (Mailcoach ignores a `reason`: always `manual`);
 * the other reasons come from what creates them in Mailcoach, a bounce or a complaint, simulated.
 */
function AddSuppression() {
  const client = useClient();
  const queryClient = useQueryClient();
  const [email, setEmail] = useState('');
  const [reason, setReason] = useState<Reason>('manual');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [added, setAdded] = useState<Added | null>(null);
  const add = useMutation({
    mutationFn: async (): Promise<Added> => {
      const address = email.trim();
      // An address already suppressed keeps its row: each answer says whether the row is new.
      const { suppression: row, created } =
        reason === 'manual'
          ? await client.addSuppression(address)
          : reason === 'hard_bounce'
            ? await client.simulate.bounce(address)
            : await client.simulate.complaint(address);
      if (row === null) throw new Error('The simulation added no suppression.');
      return { email: row.email, reason: row.reason, created };
    },
    onMutate: () => {
      setErrors({});
      setAdded(null);
    },
    onSuccess: (result) => {
      setAdded(result);
      setEmail('');
      void queryClient.invalidateQueries({ queryKey: keys.suppressions(client.token) });
    },
    onError: (error) => setErrors(fieldErrors(error)),
  });
  const other = otherErrors(errors, ['email']);
  return (
    <section className="box" aria-labelledby="add-suppression-title">
      <h2 id="add-suppression-title">Add a suppression</h2>
      <Form onSubmit={() => add.mutate()}>
        <div className="row-form">
          <label className="grow">
            Email
            <input
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              placeholder="someone@example.com"
              aria-invalid={errors.email !== undefined}
              aria-describedby="add-suppression-how"
              required
            />
          </label>
          <label>
            Reason
            <select value={reason} onChange={(event) => setReason(event.target.value as Reason)}>
              <Options options={REASONS} />
            </select>
          </label>
          <button type="submit" disabled={add.isPending}>
            Add
          </button>
        </div>
        <FieldError id="add-suppression-email-error" messages={errors.email} />
        {other.length > 0 && (
          <p className="field-error" role="alert">
            {other.join(' ')}
          </p>
        )}
        <p className="help" id="add-suppression-how">
          {reason === 'manual' && (
            <>
              Added as <code>POST /api/suppressions</code> adds it, with no API token needed: the API always records the
              reason <code>manual</code>.
            </>
          )}
          {reason === 'hard_bounce' && (
            <>
              The API cannot choose a reason: this simulates a hard bounce for the address (
              <code>POST /_emulator/simulate/bounce</code>), which suppresses it as Mailcoach does.
            </>
          )}
          {reason === 'spam_complaint' && (
            <>
              The API cannot choose a reason: this simulates a spam complaint for the address (
              <code>POST /_emulator/simulate/complaint</code>).
            </>
          )}{' '}
          An address already suppressed keeps its row and reason.
        </p>
      </Form>
      <div role="status">
        {added !== null && (
          <p className="ok-box">
            {added.created ? 'Suppressed' : 'Already suppressed'}: <strong>{added.email}</strong> ({added.reason}).{' '}
            <Link href={`/suppressions?search=${encodeURIComponent(added.email)}`}>Show it</Link>
          </p>
        )}
      </div>
    </section>
  );
}
