import { describe, expect, it } from 'vitest';
import {
  ClockRangeError,
  controllableClock,
  fixedClock,
  parseClockSpec,
  steppingClock,
  systemClock,
} from '../../server/clock.js';
import { isUuid, orderedUuidGenerator, parseIdSpec, randomUuid, sequentialUuid } from '../../server/ids.js';

const START = '2025-03-01T10:00:00Z';
const iso = (date: Date) => date.toISOString();

describe('clocks', () => {
  it('a fixed clock always answers the same instant', () => {
    const clock = fixedClock(START);
    expect(iso(clock())).toBe('2025-03-01T10:00:00.000Z');
    expect(iso(clock())).toBe('2025-03-01T10:00:00.000Z');
  });

  it('a fixed clock hands out fresh Date objects, so a caller cannot move it', () => {
    const clock = fixedClock(START);
    clock().setUTCFullYear(1999);
    expect(iso(clock())).toBe('2025-03-01T10:00:00.000Z');
  });

  it('a stepping clock starts at its instant and moves one second per call by default', () => {
    const clock = steppingClock(START);
    expect([clock(), clock(), clock()].map(iso)).toEqual([
      '2025-03-01T10:00:00.000Z',
      '2025-03-01T10:00:01.000Z',
      '2025-03-01T10:00:02.000Z',
    ]);
  });

  it('a stepping clock uses the given step', () => {
    const clock = steppingClock(START, 250);
    clock();
    expect(iso(clock())).toBe('2025-03-01T10:00:00.250Z');
  });

  it('the system clock reads the current time', () => {
    const before = Date.now();
    const now = systemClock().getTime();
    expect(now).toBeGreaterThanOrEqual(before);
    expect(now).toBeLessThanOrEqual(Date.now());
  });

  it('parses "system", "fixed:<iso>" and "stepping:<iso>[,<ms>]"', () => {
    expect(parseClockSpec('system')).toBe(systemClock);
    expect(iso(parseClockSpec(`fixed:${START}`)())).toBe('2025-03-01T10:00:00.000Z');
    const stepping = parseClockSpec(`stepping:${START},500`);
    stepping();
    expect(iso(stepping())).toBe('2025-03-01T10:00:00.500Z');
    const defaultStep = parseClockSpec(`stepping:${START}`);
    defaultStep();
    expect(iso(defaultStep())).toBe('2025-03-01T10:00:01.000Z');
  });

  it('keeps the colons of the timestamp (splits on the first colon only)', () => {
    expect(iso(parseClockSpec('fixed:2025-03-01T10:11:12+02:00')())).toBe('2025-03-01T08:11:12.000Z');
  });

  it('accepts a step of 0', () => {
    const clock = parseClockSpec(`stepping:${START},0`);
    expect(iso(clock())).toBe(iso(clock()));
  });

  it.each([
    ['an unknown kind', 'wall', /unknown clock "wall"/],
    ['a missing timestamp', 'fixed:', /invalid timestamp ""/],
    ['an unparsable timestamp', 'fixed:yesterday', /invalid timestamp "yesterday"/],
    ['an impossible date', 'fixed:2025-02-30T10:00:00Z', /invalid timestamp "2025-02-30T10:00:00Z"/],
    ['a prose date', 'fixed:March 7, 2025', /invalid timestamp "March 7, 2025"/],
    ['a stepping clock with a bad timestamp', 'stepping:nope,10', /invalid timestamp "nope"/],
    ['a non-numeric step', `stepping:${START},fast`, /invalid clock step "fast"/],
    ['a negative step', `stepping:${START},-5`, /invalid clock step "-5"/],
    ['a fractional step', `stepping:${START},1.5`, /invalid clock step "1.5"/],
  ])('rejects %s', (_label, spec, message) => {
    expect(() => parseClockSpec(spec)).toThrow(message);
  });
});

describe('the controllable clock', () => {
  const state = (clock: ReturnType<typeof controllableClock>) => {
    const { frozen, now } = clock.state();
    return { frozen, now: iso(now) };
  };
  const rangeError = (change: () => void) => {
    try {
      change();
    } catch (error) {
      expect(error).toBeInstanceOf(ClockRangeError);
      return (error as ClockRangeError).side;
    }
    throw new Error('no ClockRangeError');
  };

  it('freezes, resumes and advances in one change', () => {
    const clock = controllableClock(steppingClock(START, 0));
    clock.change({ freeze: new Date('2030-01-01T00:00:00Z'), advanceMs: 1000 });
    expect(state(clock)).toEqual({ frozen: true, now: '2030-01-01T00:00:01.000Z' });
    clock.change({ resume: true, advanceMs: 1000 });
    expect(state(clock)).toEqual({ frozen: false, now: '2030-01-01T00:00:02.000Z' });
    clock.change({ freeze: true });
    expect(state(clock)).toEqual({ frozen: true, now: '2030-01-01T00:00:02.000Z' });
  });

  it('refuses a change that would leave the years 1970 to 9999, and then changes nothing', () => {
    const clock = controllableClock(steppingClock(START, 0));
    expect(rangeError(() => clock.change({ freeze: new Date('1969-12-31T23:59:59.999Z') }))).toBe('before');
    expect(rangeError(() => clock.change({ freeze: new Date('9999-12-31T23:59:59.999Z'), advanceMs: 1 }))).toBe(
      'after',
    );
    expect(rangeError(() => clock.change({ freeze: new Date('1969-12-31T23:59:59.999Z'), advanceMs: 1 }))).toBe(
      'before',
    );
    expect(rangeError(() => clock.change({ freeze: new Date(Number.NaN) }))).toBe('after');
    expect(rangeError(() => clock.advance(Number.MAX_SAFE_INTEGER))).toBe('after');
    expect(rangeError(() => clock.advance(-Date.parse(START) - 1))).toBe('before');
    expect(state(clock)).toEqual({ frozen: false, now: '2025-03-01T10:00:00.000Z' });
    clock.change({ freeze: new Date('9999-12-31T23:59:59.999Z') });
    clock.change({ freeze: new Date('1970-01-01T00:00:00.000Z') });
    expect(state(clock)).toEqual({ frozen: true, now: '1970-01-01T00:00:00.000Z' });
  });
});

describe('ids', () => {
  it('sequential ids count up from 1 in a v4-shaped UUID', () => {
    const next = sequentialUuid();
    expect([next(), next(), next()]).toEqual([
      '00000000-0000-4000-8000-000000000001',
      '00000000-0000-4000-8000-000000000002',
      '00000000-0000-4000-8000-000000000003',
    ]);
  });

  it('sequential ids write the counter in lowercase hexadecimal', () => {
    const next = sequentialUuid(10);
    expect(next()).toBe('00000000-0000-4000-8000-00000000000a');
    expect(sequentialUuid(255)()).toBe('00000000-0000-4000-8000-0000000000ff');
  });

  it('each sequential generator has its own counter', () => {
    const a = sequentialUuid();
    const b = sequentialUuid();
    a();
    expect(b()).toBe('00000000-0000-4000-8000-000000000001');
  });

  it('random ids are distinct lowercase v4 UUIDs', () => {
    const ids = new Set(Array.from({ length: 50 }, () => randomUuid()));
    expect(ids.size).toBe(50);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it("random ids come in increasing order, the time first, as Laravel's orderedUuid makes them", () => {
    const ids = Array.from({ length: 5_000 }, () => randomUuid());
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('keeps its order when the clock steps back, and counts past a full millisecond into the next', () => {
    let now = 1_750_000_000_000;
    const next = orderedUuidGenerator(() => now);
    const first = next();
    expect(first.slice(0, 13)).toBe(
      `${now.toString(16).padStart(12, '0').slice(0, 8)}-${now.toString(16).padStart(12, '0').slice(8)}`,
    );
    now -= 60_000;
    const ids = [first, ...Array.from({ length: 5_000 }, () => next())];
    expect([...ids].sort()).toEqual(ids);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    // 5,000 ids in one millisecond: the counter (12 bits) ran into the next ones, still in order.
    expect(Number.parseInt(ids.at(-1)!.replace('-', '').slice(0, 12), 16)).toBeGreaterThan(1_750_000_000_000);
  });

  it('parses "random" and "sequential" and rejects anything else', () => {
    expect(parseIdSpec('random')).toBe(randomUuid);
    expect(parseIdSpec('sequential')()).toBe('00000000-0000-4000-8000-000000000001');
    expect(() => parseIdSpec('uuid7')).toThrow(/unknown id generator "uuid7"/);
  });

  it('isUuid accepts any version and any case (Str::isUuid)', () => {
    expect(isUuid('00000000-0000-4000-8000-000000000001')).toBe(true);
    expect(isUuid('A0EEBC99-9C0B-4EF8-BB6D-6BB9BD380A11')).toBe(true);
    expect(isUuid('a0eebc99-9c0b-1ef8-bb6d-6bb9bd380a11')).toBe(true);
    expect(isUuid('00000000-0000-0000-0000-000000000000')).toBe(true);
    expect(isUuid(randomUuid())).toBe(true);
  });

  it.each([
    'jane@example.com',
    '',
    'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a1',
    'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a111',
    'a0eebc999c0b4ef8bb6d6bb9bd380a11',
    '{a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11}',
    'g0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11',
    'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11\n',
    ' a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11',
  ])('isUuid rejects %j', (value) => {
    expect(isUuid(value)).toBe(false);
  });
});
