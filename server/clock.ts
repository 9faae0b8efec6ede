/** Owns the notion of "now": the only module allowed to read the system time. */
import { parseInstant } from './instant.js';

export type Clock = () => Date;

export const systemClock: Clock = () => new Date();

/** Always answers the same instant. */
export function fixedClock(iso: string): Clock {
  const at = instantOf(iso);
  return () => new Date(at);
}

/**
 * Starts at `iso` and moves forward `stepMs` on every call, so that rows written one after another get distinct,
 * ordered timestamps in deterministic tests.
 */
export function steppingClock(iso: string, stepMs = 1000): Clock {
  let next = instantOf(iso);
  return () => {
    const now = new Date(next);
    next += stepMs;
    return now;
  };
}

/** Parses a clock specification: `system`, `fixed:<iso>` or `stepping:<iso>[,<stepMs>]`. */
export function parseClockSpec(spec: string): Clock {
  if (spec === 'system') return systemClock;
  const [kind, rest = ''] = splitOnce(spec, ':');
  if (kind === 'fixed') return fixedClock(rest);
  if (kind === 'stepping') {
    const [iso, step] = rest.split(',');
    const stepMs = step === undefined ? 1000 : Number(step);
    if (!Number.isInteger(stepMs) || stepMs < 0) throw new Error(`invalid clock step "${step}"`);
    return steppingClock(iso ?? '', stepMs);
  }
  throw new Error(`unknown clock "${spec}" (expected system, fixed:<iso> or stepping:<iso>[,<ms>])`);
}

/** Whether the spec's clock never moves by itself (`fixed:`): the emulator's clock then reports itself frozen. */
export function isFixedClockSpec(spec: string): boolean {
  return splitOnce(spec, ':')[0] === 'fixed';
}

function instantOf(iso: string): number {
  const at = parseInstant(iso);
  if (at === null) throw new Error(`invalid timestamp "${iso}" (expected an ISO 8601 date or date-time)`);
  return at;
}

function splitOnce(value: string, separator: string): [string, string?] {
  const index = value.indexOf(separator);
  return index === -1 ? [value] : [value.slice(0, index), value.slice(index + 1)];
}

/**
 * The instants the emulator's clock may show: the years 1970 to 9999. Before, epoch seconds (the Mailcoach
 * rows' timestamps) are negative; after, ISO 8601 needs a sign and six-digit years, and a little further (year
 * 275760) a Date cannot hold the time at all.
 */
export const CLOCK_RANGE = { min: Date.UTC(1970, 0, 1), max: Date.UTC(9999, 11, 31, 23, 59, 59, 999) } as const;

/** A change that would take the clock out of CLOCK_RANGE; `side` says which way. Nothing was changed. */
export class ClockRangeError extends RangeError {
  constructor(readonly side: 'before' | 'after') {
    const [min, max] = [CLOCK_RANGE.min, CLOCK_RANGE.max].map((ms) => new Date(ms).toISOString());
    super(`The clock must stay between ${min} and ${max}.`);
  }
}

/** What POST /_emulator/clock asks for, applied in this order: reset, freeze (now, or at an instant), resume, advance. */
interface ClockChange {
  /** Back to the underlying clock (the system time, or --clock's): not frozen, nothing advanced. */
  reset?: boolean;
  freeze?: true | Date;
  resume?: boolean;
  advanceMs?: number;
}

/**
 * A clock tests can steer through the emulator's API: frozen at an instant, moved forward, or back to running.
 * While running it reads the underlying clock shifted by whatever was advanced. It stays within CLOCK_RANGE: a
 * change that would leave it throws ClockRangeError and changes nothing.
 */
export interface ControllableClock {
  now: Clock;
  /**
   * Several changes at once, all or nothing (the freeze instant and the result must both be in range). Answers
   * the clock's state after it, as announced (one reading: a stepping clock moves at each).
   */
  change(change: ClockChange): ClockState;
  freeze(at?: Date): void;
  advance(ms: number): void;
  /** Runs again from the current reading. */
  resume(): void;
  /** Back to the underlying clock: not frozen, nothing advanced. */
  reset(): void;
  state(): ClockState;
}

export interface ClockState {
  frozen: boolean;
  now: Date;
}

function checkRange(ms: number): void {
  // NaN (an invalid Date) is out of range on both counts: it counts as "after".
  if (!(ms <= CLOCK_RANGE.max)) throw new ClockRangeError('after');
  if (ms < CLOCK_RANGE.min) throw new ClockRangeError('before');
}

/**
 * `baseIsFixed`: the underlying clock always reads the same instant (`--clock fixed:`), so the clock is frozen even
 * when nothing froze it, and says so (the UI shows it standing, webhook retries wait for an advance).
 * `announce`: called after every change asked for (one that changed nothing too: whoever asked learns the
 * time), with the state it answers, so that every path that steers the clock tells the pages (`clock.changed`).
 */
export function controllableClock(
  base: Clock,
  baseIsFixed = false,
  announce: (state: ClockState) => void = () => {},
): ControllableClock {
  let frozenAt: number | null = null;
  let offset = 0;
  const read = () => (frozenAt !== null ? frozenAt : base().getTime() + offset);
  const state = (): ClockState => ({ frozen: baseIsFixed || frozenAt !== null, now: new Date(read()) });
  const apply = ({ reset, freeze, resume, advanceMs = 0 }: ClockChange): void => {
    // The underlying clock is read once at most (a stepping clock moves at every reading).
    let baseNow: number | undefined;
    const readBase = () => (baseNow ??= base().getTime());
    let nextFrozen = reset ? null : frozenAt;
    let nextOffset = reset ? 0 : offset;
    if (freeze !== undefined) {
      nextFrozen = freeze === true ? (nextFrozen ?? readBase() + nextOffset) : freeze.getTime();
      checkRange(nextFrozen);
    }
    if (resume && nextFrozen !== null) {
      nextOffset = nextFrozen - readBase();
      nextFrozen = null;
    }
    if (nextFrozen !== null) nextFrozen += advanceMs;
    else nextOffset += advanceMs;
    if (nextFrozen === frozenAt && nextOffset === offset) return;
    checkRange(nextFrozen ?? readBase() + nextOffset);
    frozenAt = nextFrozen;
    offset = nextOffset;
  };
  const change = (asked: ClockChange): ClockState => {
    apply(asked);
    const after = state();
    announce(after);
    return after;
  };
  return {
    now: () => new Date(read()),
    change,
    freeze: (at) => void change({ freeze: at ?? true }),
    advance: (advanceMs) => void change({ advanceMs }),
    resume: () => void change({ resume: true }),
    reset: () => void change({ reset: true }),
    state,
  };
}
