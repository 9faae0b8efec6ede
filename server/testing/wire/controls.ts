/** The emulator's controls: settings, the clock, the event stream, fault rules, fixtures and seeding. */

import type * as z from 'zod/mini';
import type { FixtureProblem } from '../../emulator/schemas/controls.js';
import type { fixtureFile } from '../../fixtures/schema.js';
import type { MessageSummary } from './messages.js';

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

/**
 * A fixture file's JSON (fixtures/README.md), as POST /_emulator/seed takes it: the input of the schema the emulator
 * checks fixture files with (server/fixtures/schema.ts).
 */
export type FixtureFile = z.input<ReturnType<typeof fixtureFile>>;

/** One entry of a fixture file's `email_lists`: the list's fields, its `subscribers`, `tags` and `segments`. */
export type EmailListFixture = NonNullable<FixtureFile['email_lists']>[number];

/** What `GET /_emulator/events` sends (README "Events"), as subscribe() hands it over. */
export type EmulatorEvent =
  | { type: 'message.captured'; uuid: string; summary: MessageSummary }
  | { type: 'message.updated'; uuid: string; summary: MessageSummary }
  | { type: 'messages.deleted'; uuids: string[] | null }
  | { type: 'workspace.reset' }
  /** Templates were created, changed or deleted (the studio, a seed, a watched fixture file); `uuids` null: any. */
  | { type: 'templates.changed'; uuids: string[] | null }
  /** `--watch` read the fixtures again: `problems` is empty when they loaded (and the changed templates applied). */
  | { type: 'fixtures.reloaded'; problems: FixtureProblem[] }
  /** Suppressions were added or deleted (the API, a simulated bounce or complaint, a seed); `uuids` null: any. */
  | { type: 'suppressions.changed'; uuids: string[] | null }
  /** Sends were created (a stored send), changed (a simulated open or click) or deleted; `uuids` null: any. */
  | { type: 'sends.changed'; uuids: string[] | null }
  /** A campaign was created, changed, scheduled or deleted through /api. */
  | { type: 'campaigns.changed' }
  /** An automation was triggered (its triggers recorded). */
  | { type: 'automations.changed' }
  /** Transactional mail log items were created (a stored send, a seed); `uuids` null: any. */
  | { type: 'log.changed'; uuids: string[] | null }
  /** Fault rules were added, removed, or fired (their counts changed). */
  | { type: 'faults.changed' }
  /** Webhook configurations were created, changed or deleted. */
  | { type: 'webhooks.changed' }
  /** Webhook calls were queued, tried or resent; `uuids` null: any (a reset, a deleted configuration). */
  | { type: 'webhook-calls.changed'; uuids: string[] | null }
  /** Lists, subscribers, tags, segments or imports changed (a Mailcoach event about a subscriber too); uuids: the subscribers, null: any. */
  | { type: 'audience.changed'; uuids: string[] | null }
  /** The clock was frozen, advanced or resumed. */
  | { type: 'clock.changed'; now: string; frozen: boolean };
