/**
 * The controls page's clock (one for the whole emulator): its reading, kept moving while it runs, and how far it is
 * from this computer's time (a clock resumed after an advance stays ahead); freeze, advance, resume,
 * and back to system time (`reset`).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { ClockState } from '../../../server/testing/client.js';
import { keys, queries, useClient } from '../api.js';
import { errorText, fieldErrors, Form, type FieldErrors } from '../forms.js';
import { describeOffset, OFFSET_SHOWN_FROM_MS } from '../clock-offset.js';
import { Timestamp, utc } from '../records/common.js';

const UNITS = [
  ['minutes', 60_000],
  ['hours', 3_600_000],
  ['days', 86_400_000],
] as const;

export function Clock() {
  const client = useClient();
  const queryClient = useQueryClient();
  // Read once; then `clock.changed` (live.tsx) writes every change into this cache entry, made here or anywhere else.
  const clock = useQuery(queries.clock(client));
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
    // Frozen, the reading stays but its offset from this computer's time grows.
    if (state === undefined) return;
    const timer = setInterval(() => setTick((n) => n + 1), 1000);
    return () => clearInterval(timer);
  }, [state]);
  const shown =
    state === undefined
      ? undefined
      : state.frozen
        ? state.now
        : new Date(Date.parse(state.now) + Math.max(0, Date.now() - clock.dataUpdatedAt)).toISOString();
  // Against this computer's clock, the one the emulator runs on when it is local: a running clock's offset is fixed
  // (its reading minus when it was received), a frozen one's grows.
  const offsetMs = state === undefined ? 0 : Date.parse(state.now) - (state.frozen ? Date.now() : clock.dataUpdatedAt);
  const atSystemTime = state !== undefined && !state.frozen && Math.abs(offsetMs) < OFFSET_SHOWN_FROM_MS;
  const advanceMs = Math.round(Number(amount) * (UNITS.find(([name]) => name === unit)?.[1] ?? 60_000));
  return (
    <section className="box" aria-labelledby="clock-title">
      <h2 id="clock-title">Clock</h2>
      <p className="help">
        One clock for the whole emulator (every workspace): every row and capture written while it is frozen gets its
        time. A change made elsewhere (a test, another tab) shows here as it happens.
      </p>
      {clock.isError && <p className="alert-box">{errorText(clock.error)}</p>}
      {state !== undefined && (
        <p data-testid="clock-now">
          <strong>{state.frozen ? 'Frozen' : 'Running'}</strong> at <Timestamp iso={shown ?? state.now} />
        </p>
      )}
      {state !== undefined && (
        <p className="row-form" data-testid="clock-offset">
          <span>
            {Math.abs(offsetMs) < OFFSET_SHOWN_FROM_MS
              ? 'At system time.'
              : `${describeOffset(offsetMs)} ${offsetMs > 0 ? 'ahead of' : 'behind'} system time.`}
          </span>
          <button
            type="button"
            onClick={() => change.mutate(() => client.clock.reset())}
            disabled={change.isPending || atSystemTime}
          >
            Back to system time
          </button>
        </p>
      )}
      <Form
        className="row-form"
        onSubmit={() => change.mutate(() => client.clock.freeze(at.trim() === '' ? undefined : at.trim()))}
      >
        <label className="grow">
          Freeze at (ISO 8601; UTC unless it has an offset; empty: now)
          <input
            value={at}
            onChange={(event) => setAt(event.target.value)}
            placeholder={
              state === undefined
                ? '2025-03-01T10:00:00Z'
                : utc(new Date(state.now)).replace(' UTC', 'Z').replace(' ', 'T')
            }
            spellCheck={false}
            aria-invalid={errors.freeze !== undefined}
          />
        </label>
        <button type="submit" disabled={change.isPending}>
          Freeze
        </button>
      </Form>
      <Form className="row-form" onSubmit={() => change.mutate(() => client.clock.advance(advanceMs))}>
        <label>
          Advance by
          <input
            type="number"
            min={0}
            step="any"
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
            style={{ width: '8em' }}
            required
          />
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
        <button
          type="button"
          onClick={() => change.mutate(() => client.clock.resume())}
          disabled={change.isPending || state?.frozen === false}
        >
          Resume
        </button>
      </Form>
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
