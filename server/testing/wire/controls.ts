/** The emulator's controls: settings, the clock, the event stream, fault rules, fixtures and seeding. */

import type * as z from 'zod/mini';
import type { fixtureFile } from '../../fixtures/schema.js';

// The shapes, from their schemas (types only: the client loads no zod).
export type {
  ClockState,
  EmulatorSettings,
  FaultMethod,
  FaultRule,
  FaultRuleInput,
  FaultSmtpCommand,
  FixtureProblem,
  FixturesStatus,
  SeedCounts,
} from '../../emulator/schemas/controls.js';
/** What `GET /_emulator/events` sends (README "Events"), as subscribe() hands it over. */
export type { EmulatorEvent } from '../../emulator/schemas/events.js';

/**
 * A fixture file's JSON (fixtures/README.md), as POST /_emulator/seed takes it: the input of the schema the emulator
 * checks fixture files with (server/fixtures/schema.ts).
 */
export type FixtureFile = z.input<ReturnType<typeof fixtureFile>>;

/** One entry of a fixture file's `email_lists`: the list's fields, its `subscribers`, `tags` and `segments`. */
export type EmailListFixture = NonNullable<FixtureFile['email_lists']>[number];
