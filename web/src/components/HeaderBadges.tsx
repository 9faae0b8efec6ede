/**
 * The header's badges: what makes the emulator behave unlike a real Mailcoach right now, shown on every page and
 * linking to Controls, where it is changed: a frozen or shifted clock (mail stamped in the past or the future,
 * webhook retries that never come due) and active fault rules (requests failing on purpose).
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { queries, useClient } from '../api.js';
import { describeOffset } from '../clock-offset.js';

/** A running clock nearer than this to this computer's is not worth a badge (the Controls page shows seconds). */
const SHIFT_SHOWN_FROM_MS = 60_000;

/**
 * "Clock frozen" or "Clock 2 h ahead". Read once per tab (the Controls page shares the reading): every change after
 * that arrives as `clock.changed` (live.tsx), which writes it into the cache without reading the clock again.
 */
export function ClockBadge() {
  const clock = useQuery(queries.clock(useClient()));
  const state = clock.data;
  if (state === undefined) return null;
  // A running clock's offset is fixed: its reading minus when it was received.
  const offsetMs = Date.parse(state.now) - clock.dataUpdatedAt;
  if (!state.frozen && Math.abs(offsetMs) < SHIFT_SHOWN_FROM_MS) return null;
  const words = state.frozen
    ? 'Clock frozen'
    : `Clock ${describeOffset(offsetMs)} ${offsetMs > 0 ? 'ahead' : 'behind'}`;
  return (
    <Link
      href="/controls"
      className="clock-badge"
      title={`The emulator's clock ${state.frozen ? `is frozen at ${state.now}` : 'runs apart from this computer’s'}: mail and records get its time, and webhook retries come due by it. See it on Controls`}
    >
      {words}
    </Link>
  );
}

/**
 * "2 fault rules active", linking to Controls, while the workspace has rules that can still fire (a spent rule, with
 * `times` used up, no longer counts): without it a send failing on purpose looks like a bug anywhere but Controls.
 * Live: the tab's one event subscription (live.tsx) refetches the rules on `faults.changed` (added, deleted, fired)
 * and on a reset.
 */
export function FaultBadge() {
  const client = useClient();
  const rules = useQuery(queries.faults(client));
  const active = (rules.data ?? []).filter((rule) => rule.remaining !== 0).length;
  if (active === 0) return null;
  return (
    <Link
      href="/controls"
      className="fault-badge"
      title="Requests to /api matching them fail or slow down on purpose: see them on Controls"
    >
      <svg
        viewBox="0 0 24 24"
        width="12"
        height="12"
        aria-hidden="true"
        focusable="false"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.5"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d="M12 3 2 21h20L12 3Z" />
        <path d="M12 10v5M12 18v.5" />
      </svg>
      {active} <span className="fault-badge-words">fault rule{active === 1 ? '' : 's'} active</span>
    </Link>
  );
}
