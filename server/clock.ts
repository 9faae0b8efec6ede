/** Owns the notion of "now": the only module allowed to read the system time. */

export type Clock = () => Date;

export const systemClock: Clock = () => new Date();

/** Always answers the same instant. */
export function fixedClock(iso: string): Clock {
  const at = parseInstant(iso);
  return () => new Date(at);
}

/**
 * Starts at `iso` and moves forward `stepMs` on every call, so that rows written one after another get distinct,
 * ordered timestamps in deterministic tests.
 */
export function steppingClock(iso: string, stepMs = 1000): Clock {
  let next = parseInstant(iso);
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

function parseInstant(iso: string): number {
  const at = Date.parse(iso);
  if (Number.isNaN(at)) throw new Error(`invalid timestamp "${iso}"`);
  return at;
}

function splitOnce(value: string, separator: string): [string, string?] {
  const index = value.indexOf(separator);
  return index === -1 ? [value] : [value.slice(0, index), value.slice(index + 1)];
}

/**
 * A clock tests can steer through the emulator's API: frozen at an instant, moved forward, or back to running.
 * While running it reads the underlying clock shifted by whatever was advanced.
 */
export interface ControllableClock {
  now: Clock;
  freeze(at?: Date): void;
  advance(ms: number): void;
  /** Runs again from the current reading. */
  resume(): void;
  state(): { frozen: boolean; now: Date };
}

export function controllableClock(base: Clock): ControllableClock {
  let frozenAt: number | null = null;
  let offset = 0;
  const read = () => (frozenAt !== null ? frozenAt : base().getTime() + offset);
  return {
    now: () => new Date(read()),
    freeze: (at) => {
      frozenAt = at?.getTime() ?? read();
    },
    advance: (ms) => {
      if (frozenAt !== null) frozenAt += ms;
      else offset += ms;
    },
    resume: () => {
      if (frozenAt === null) return;
      offset = frozenAt - base().getTime();
      frozenAt = null;
    },
    state: () => ({ frozen: frozenAt !== null, now: new Date(read()) }),
  };
}
