/** Test controls: settings, reset and seed, faults, the clock, provider simulations, fixtures, the OpenAPI document. */
import type {
  ClockState,
  EmulatorSettings,
  FaultRule,
  FaultRuleInput,
  FixtureFile,
  FixturesStatus,
  SeedCounts,
} from '../wire/controls.js';
import type { Send, SimulatedFeedback } from '../wire/records.js';
import type { Transport } from './transport.js';

export function controlsApi(t: Transport) {
  const clockCall = (body: Record<string, unknown>): Promise<ClockState> => t.json('POST', '/clock', { json: body });

  const simulateSuppression = (path: string, target: string | { send_uuid: string }): Promise<SimulatedFeedback> =>
    t.json('POST', path, { json: typeof target === 'string' ? { email: target } : target });

  return {
    /** The emulator's settings (isolation, accepted tokens). */
    settings: (): Promise<EmulatorSettings> => t.json('GET', '/settings'),
    /** Deletes the workspace's data (mail, sends, log, suppressions, templates) and seeds its fixtures again. */
    reset: (): Promise<void> => t.done('POST', '/reset'),
    /** Seeds a fixture file's JSON into the workspace. */
    seed: (fixture: FixtureFile): Promise<SeedCounts> => t.json('POST', '/seed', { json: fixture }),
    /** Where the fixtures come from, whether `--watch` follows them, and the last reload's problems. */
    fixtures: (): Promise<FixturesStatus> => t.json('GET', '/fixtures'),
    /** The emulator's OpenAPI document. */
    openapi: (): Promise<Record<string, unknown>> => t.json('GET', '/openapi.json'),

    faults: {
      add: (rule: FaultRuleInput): Promise<FaultRule> => t.json('POST', '/faults', { json: rule }),
      list: async (): Promise<FaultRule[]> => (await t.json<{ data: FaultRule[] }>('GET', '/faults')).data,
      remove: (id: number): Promise<void> => t.done('DELETE', `/faults/${id}`),
      clear: (): Promise<void> => t.done('DELETE', '/faults'),
    },

    simulate: {
      open: async (sendUuid: string): Promise<Send> =>
        (await t.json<{ data: Send }>('POST', '/simulate/open', { json: { send_uuid: sendUuid } })).data,
      click: async (sendUuid: string): Promise<Send> =>
        (await t.json<{ data: Send }>('POST', '/simulate/click', { json: { send_uuid: sendUuid } })).data,
      /** A hard bounce: the address gets a `hard_bounce` suppression (`created` false: it had one already). */
      bounce: (target: string | { send_uuid: string }) => simulateSuppression('/simulate/bounce', target),
      softBounce: (target: string | { send_uuid: string }) => simulateSuppression('/simulate/soft-bounce', target),
      /** A spam complaint: the address gets a `spam_complaint` suppression. */
      complaint: (target: string | { send_uuid: string }) => simulateSuppression('/simulate/complaint', target),
    },

    clock: {
      get: (): Promise<ClockState> => t.json('GET', '/clock'),
      now: async (): Promise<Date> => new Date((await t.json<ClockState>('GET', '/clock')).now),
      /** Stops the clock, now or at the given instant (a Date, or an ISO 8601 date-time string). */
      freeze: (at?: Date | string): Promise<ClockState> =>
        clockCall({ freeze: at === undefined ? true : at instanceof Date ? at.toISOString() : at }),
      advance: (ms: number): Promise<ClockState> => clockCall({ advance_ms: ms }),
      resume: (): Promise<ClockState> => clockCall({ resume: true }),
      /** Back to the clock the emulator started with (the system time, or --clock's): not frozen, nothing advanced. */
      reset: (): Promise<ClockState> => clockCall({ reset: true }),
    },
  };
}
