/**
 * `/controls`: the emulator's test controls without curl: reset the workspace (confirmed), seed it from a fixture
 * file or pasted JSON (a 422's problems shown per field; nothing is written then), fault rules (presets or raw
 * JSON; they fire on /api requests of this workspace), the clock (shared by every workspace), and the effective
 * settings, read-only. Loaded only when opened (App.tsx).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { ClockState, FaultRule, FaultRuleInput, FixtureFile, SeedCounts } from '../../../server/testing/client.js';
import { keys, useClient } from '../api.js';
import { ConfirmDialog } from '../components/ConfirmDialog.js';
import { useLiveUpdates } from '../live.js';
import { errorText, fieldErrors, useTitle, type FieldErrors } from '../forms.js';
import { Timestamp, useSettings, utc } from '../records/common.js';
import { describeEffect, describeMatch, PRESETS, presetRule, SEND_ROUTE, type PresetId } from '../records/faults.js';

export default function ControlsPage() {
  useTitle('Controls');
  useLiveUpdates();
  return (
    <main className="records-page">
      <h1>Controls</h1>
      <p className="lead muted">Drive the emulator's test features: reset and seed the workspace, make the API fail on purpose, stop or move the clock.</p>
      <div className="records-grid">
        <ResetWorkspace />
        <Clock />
      </div>
      <Faults />
      <Seed />
      <Settings />
    </main>
  );
}

function ResetWorkspace() {
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

const EXAMPLE_SEED = `{
  "suppressions": [
    { "email": "blocked@example.com", "reason": "hard_bounce" }
  ],
  "templates": [
    { "name": "hello", "type": "html", "subject": "Hello ::name::", "body": "<p>Hi ::name::</p>" }
  ]
}`;

type SeedState = { kind: 'done'; counts: SeedCounts } | { kind: 'invalid'; errors: FieldErrors; document: unknown } | null;

function Seed() {
  const client = useClient();
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [fileName, setFileName] = useState<string | null>(null);
  const [state, setState] = useState<SeedState>(null);
  const seed = useMutation({
    mutationFn: async (): Promise<NonNullable<SeedState>> => {
      let document: unknown;
      try {
        document = JSON.parse(text);
      } catch (error) {
        return { kind: 'invalid', errors: { document: [`Not JSON: ${(error as Error).message}`] }, document: null };
      }
      try {
        return { kind: 'done', counts: await client.seed(document as FixtureFile) };
      } catch (error) {
        return { kind: 'invalid', errors: fieldErrors(error), document };
      }
    },
    onMutate: () => setState(null),
    onSuccess: (result) => {
      setState(result);
      if (result.kind === 'done') void queryClient.invalidateQueries();
    },
  });
  return (
    <section className="box" aria-labelledby="seed-title">
      <h2 id="seed-title">Seed</h2>
      <p className="help">
        A fixture file's JSON (<code>fixtures/README.md</code>: templates, suppressions, transactional_mails, sends), applied as the fixtures are: rows that exist are kept,
        so seeding twice adds nothing. A document with a problem changes nothing. <code>body_file</code> cannot be used here: give <code>body</code>.
      </p>
      <form
        className="stack"
        onSubmit={(event) => {
          event.preventDefault();
          seed.mutate();
        }}
      >
        <label>
          Fixture file
          <input
            type="file"
            accept=".json,application/json"
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (file === undefined) return;
              setFileName(file.name);
              void file.text().then(setText);
            }}
          />
        </label>
        <label htmlFor="seed-json">or the JSON{fileName === null ? '' : ` (from ${fileName})`}</label>
        <textarea id="seed-json" className="records-json" rows={8} value={text} onChange={(event) => setText(event.target.value)} placeholder={EXAMPLE_SEED} spellCheck={false} />
        <div>
          <button type="submit" disabled={seed.isPending || text.trim() === ''}>
            Seed the workspace
          </button>
        </div>
      </form>
      <div role="status">
        {state?.kind === 'done' && (
          <p className="ok-box">
            Seeded: {state.counts.templates} template(s), {state.counts.suppressions} suppression(s), {state.counts.transactional_mails} log item(s), {state.counts.sends} send(s).
          </p>
        )}
      </div>
      {state?.kind === 'invalid' && (
        <div className="alert-box" role="alert" aria-labelledby="seed-errors-title">
          <strong id="seed-errors-title">The document was not seeded; nothing changed.</strong>
          <ul className="error-list" aria-label="Seed errors">
            {Object.entries(state.errors).map(([field, messages]) => (
              <li key={field}>
                {field !== '_' && (
                  <>
                    <code>{field}</code>
                    <ValueAt document={state.document} path={field} />:{' '}
                  </>
                )}
                {messages.join(' ')}
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}

/** The value a field error names (`templates.0.type`), when the document has one there. */
function ValueAt({ document, path }: { document: unknown; path: string }) {
  let value: unknown = document;
  for (const part of path.split('.')) {
    if (value === null || typeof value !== 'object') return null;
    value = (value as Record<string, unknown>)[part];
  }
  if (value === undefined || (typeof value === 'object' && value !== null)) return null;
  return <span className="muted"> (is {JSON.stringify(value)})</span>;
}

function Faults() {
  const client = useClient();
  const queryClient = useQueryClient();
  const rules = useQuery({ queryKey: keys.faults(client.token), queryFn: () => client.faults.list(), retry: false });
  const refresh = () => queryClient.invalidateQueries({ queryKey: keys.faults(client.token) });
  const remove = useMutation({ mutationFn: (id: number) => client.faults.remove(id), onSettled: refresh });
  const clear = useMutation({ mutationFn: () => client.faults.clear(), onSettled: refresh });
  return (
    <section className="box" aria-labelledby="faults-title">
      <h2 id="faults-title">Fault rules</h2>
      <p className="help">
        Rules apply to this workspace's Mailcoach requests (<code>/api/…</code>, after authentication), in order; the first that answers decides. They live in memory.
      </p>
      <AddFault onAdded={() => void refresh()} />
      {rules.isError && <p className="alert-box">{errorText(rules.error)}</p>}
      {(remove.isError || clear.isError) && <p className="alert-box">{errorText(remove.error ?? clear.error)}</p>}
      {rules.data !== undefined && rules.data.length === 0 && <p className="muted">No fault rule: every request is answered as Mailcoach would.</p>}
      {rules.data !== undefined && rules.data.length > 0 && (
        <>
          <div className="records-table-wrap">
            <table className="records-table" aria-label="Fault rules">
              <thead>
                <tr>
                  <th scope="col">#</th>
                  <th scope="col">Matches</th>
                  <th scope="col">Does</th>
                  <th scope="col" className="num">
                    Fired
                  </th>
                  <th scope="col" className="num">
                    Left
                  </th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
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
                      <button type="button" className="danger" onClick={() => remove.mutate(rule.id)} aria-label={`Delete fault rule ${rule.id}`}>
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

function AddFault({ onAdded }: { onAdded: () => void }) {
  const client = useClient();
  const [preset, setPreset] = useState<PresetId>('server-error');
  const [route, setRoute] = useState(SEND_ROUTE);
  const [recipient, setRecipient] = useState('');
  const [times, setTimes] = useState('');
  const [json, setJson] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const rule = (): FaultRuleInput => {
    if (preset === 'json') return JSON.parse(json) as FaultRuleInput;
    const base = presetRule(preset, route, recipient);
    return times.trim() === '' ? base : { ...base, times: Number(times) };
  };
  const add = useMutation({
    mutationFn: async () => {
      let input: FaultRuleInput;
      try {
        input = rule();
      } catch (error) {
        throw new Error(`Not JSON: ${(error as Error).message}`);
      }
      return client.faults.add(input);
    },
    onMutate: () => setErrors({}),
    onSuccess: () => onAdded(),
    onError: (error) => setErrors(fieldErrors(error)),
  });
  const help = PRESETS.find((p) => p.id === preset)?.help ?? '';
  let preview = '';
  if (preset !== 'json') {
    try {
      preview = JSON.stringify(rule(), null, 2);
    } catch {
      preview = '';
    }
  }
  return (
    <form
      className="stack"
      aria-labelledby="add-fault-title"
      onSubmit={(event) => {
        event.preventDefault();
        add.mutate();
      }}
    >
      <h3 id="add-fault-title" className="visually-hidden">
        Add a fault rule
      </h3>
      <div className="row-form">
        <label>
          Preset
          <select
            value={preset}
            onChange={(event) => {
              const next = event.target.value as PresetId;
              if (next === 'json' && json.trim() === '') setJson(preview);
              setPreset(next);
            }}
          >
            {PRESETS.map((p) => (
              <option key={p.id} value={p.id}>
                {p.label}
              </option>
            ))}
          </select>
        </label>
        {preset !== 'json' && preset !== 'recipient-422' && (
          <label className="grow">
            Route
            <input value={route} onChange={(event) => setRoute(event.target.value)} placeholder="any route" spellCheck={false} />
          </label>
        )}
        {preset === 'recipient-422' && (
          <label className="grow">
            Recipient
            <input type="email" value={recipient} onChange={(event) => setRecipient(event.target.value)} placeholder="jane@example.com" required aria-invalid={errors.recipient !== undefined} />
          </label>
        )}
        {preset !== 'json' && (
          <label>
            Times (empty: always)
            <input type="number" min={1} step={1} value={times} onChange={(event) => setTimes(event.target.value)} style={{ width: '9em' }} />
          </label>
        )}
        <button type="submit" disabled={add.isPending}>
          Add rule
        </button>
      </div>
      <p className="help">{help}</p>
      {preset === 'json' ? (
        <>
          <label htmlFor="fault-json">Rule (JSON)</label>
          <textarea id="fault-json" className="records-json" rows={6} value={json} onChange={(event) => setJson(event.target.value)} spellCheck={false} placeholder='{"route": "/api/transactional-mails/send", "status": 503}' />
        </>
      ) : (
        <details>
          <summary>The rule as JSON</summary>
          <pre className="records-code">{preview}</pre>
        </details>
      )}
      {Object.keys(errors).length > 0 && (
        <ul className="error-list field-error" role="alert" aria-label="Fault rule errors">
          {Object.entries(errors).map(([field, messages]) => (
            <li key={field}>
              {field === '_' ? '' : <code>{field}</code>}
              {field === '_' ? '' : ': '}
              {messages.join(' ')}
            </li>
          ))}
        </ul>
      )}
    </form>
  );
}

const UNITS = [
  ['minutes', 60_000],
  ['hours', 3_600_000],
  ['days', 86_400_000],
] as const;

function Clock() {
  const client = useClient();
  const queryClient = useQueryClient();
  // Read once; then `clock.changed` (live.ts) writes every change into this cache entry, made here or anywhere else.
  const clock = useQuery({ queryKey: keys.clock, queryFn: () => client.clock.get(), retry: false });
  const [at, setAt] = useState('');
  const [amount, setAmount] = useState('60');
  const [unit, setUnit] = useState<(typeof UNITS)[number][0]>('minutes');
  const [errors, setErrors] = useState<FieldErrors>({});
  const change = useMutation({
    mutationFn: (run: () => Promise<ClockState>) => run(),
    onMutate: () => setErrors({}),
    onSuccess: (state) => queryClient.setQueryData(keys.clock, state),
    onError: (error) => setErrors(fieldErrors(error)),
  });
  const state = clock.data;
  // A running clock is shown moving: its last reading (or clock.changed) plus the time since. It is not read again:
  // that would move a `stepping:` clock, and any change arrives as an event.
  const [, setTick] = useState(0);
  useEffect(() => {
    if (state === undefined || state.frozen) return;
    const timer = setInterval(() => setTick((n) => n + 1), 1000);
    return () => clearInterval(timer);
  }, [state]);
  const shown = state === undefined ? undefined : state.frozen ? state.now : new Date(Date.parse(state.now) + Math.max(0, Date.now() - clock.dataUpdatedAt)).toISOString();
  const advanceMs = Math.round(Number(amount) * (UNITS.find(([name]) => name === unit)?.[1] ?? 60_000));
  return (
    <section className="box" aria-labelledby="clock-title">
      <h2 id="clock-title">Clock</h2>
      <p className="help">
        One clock for the whole emulator (every workspace): every row and capture written while it is frozen gets its time. A change made elsewhere (a test, another
        tab) shows here as it happens.
      </p>
      {clock.isError && <p className="alert-box">{errorText(clock.error)}</p>}
      {state !== undefined && (
        <p data-testid="clock-now">
          <strong>{state.frozen ? 'Frozen' : 'Running'}</strong> at <Timestamp iso={shown ?? state.now} />
        </p>
      )}
      <form
        className="row-form"
        onSubmit={(event) => {
          event.preventDefault();
          change.mutate(() => client.clock.freeze(at.trim() === '' ? undefined : at.trim()));
        }}
      >
        <label className="grow">
          Freeze at (ISO 8601; UTC unless it has an offset; empty: now)
          <input value={at} onChange={(event) => setAt(event.target.value)} placeholder={state === undefined ? '2025-03-01T10:00:00Z' : utc(new Date(state.now)).replace(' UTC', 'Z').replace(' ', 'T')} spellCheck={false} aria-invalid={errors.freeze !== undefined} />
        </label>
        <button type="submit" disabled={change.isPending}>
          Freeze
        </button>
      </form>
      <form
        className="row-form"
        onSubmit={(event) => {
          event.preventDefault();
          change.mutate(() => client.clock.advance(advanceMs));
        }}
      >
        <label>
          Advance by
          <input type="number" min={0} step="any" value={amount} onChange={(event) => setAmount(event.target.value)} style={{ width: '8em' }} required />
        </label>
        <label>
          Unit
          <select value={unit} onChange={(event) => setUnit(event.target.value as typeof unit)}>
            {UNITS.map(([name]) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" disabled={change.isPending || !Number.isFinite(advanceMs)}>
          Advance
        </button>
        <button type="button" onClick={() => change.mutate(() => client.clock.resume())} disabled={change.isPending || state?.frozen === false}>
          Resume
        </button>
      </form>
      {Object.keys(errors).length > 0 && (
        <p className="field-error" role="alert">
          {Object.entries(errors)
            .map(([field, messages]) => (field === '_' ? messages.join(' ') : `${field}: ${messages.join(' ')}`))
            .join(' ')}
        </p>
      )}
    </section>
  );
}

function Settings() {
  const settings = useSettings();
  const s = settings.data;
  return (
    <section className="box" aria-labelledby="settings-title">
      <h2 id="settings-title">Settings</h2>
      <p className="help">The effective settings of this emulator (its command-line options and environment), read-only.</p>
      {settings.isError && <p className="alert-box">{errorText(settings.error)}</p>}
      {s !== undefined && (
        <dl className="kv" aria-label="Settings">
          <dt>API tokens</dt>
          <dd>{s.any_token ? 'any non-empty token' : s.tokens.length === 0 ? <span className="muted">not shown (a token is required here)</span> : s.tokens.map((t) => <code key={t}>{t} </code>)}</dd>
          <dt>Token for the UI</dt>
          <dd>{s.token_required ? 'required' : 'not needed (loopback)'}</dd>
          <dt>Isolation</dt>
          <dd>{s.isolate ? 'one workspace per token (--isolate)' : 'off: every token shares one workspace'}</dd>
          <dt>Mailers</dt>
          <dd>{s.mailers.join(', ')}</dd>
          <dt>Rate limit</dt>
          <dd>{s.rate_limit === null ? 'off' : `${s.rate_limit} requests per minute per token`}</dd>
          <dt>Largest body</dt>
          <dd>{(s.max_body_bytes / 1024 / 1024).toLocaleString()} MB</dd>
          <dt>Render workers</dt>
          <dd>{s.render_workers}</dd>
          <dt>Fixtures</dt>
          <dd>{s.fixtures === null ? 'none (--no-fixtures)' : <code>{s.fixtures}</code>}</dd>
          <dt>Watch</dt>
          <dd>{s.watch ? 'on: fixture files are reloaded when they change' : 'off'}</dd>
          <dt>Spam-complaint deletion</dt>
          <dd>{s.allow_spam_complaint_deletion ? 'allowed (--allow-spam-complaint-deletion)' : 'refused with a 403'}</dd>
        </dl>
      )}
    </section>
  );
}
