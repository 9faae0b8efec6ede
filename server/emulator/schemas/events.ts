/**
 * What GET /_emulator/events sends (README "Events"): one server-sent event per change, named by `type`, its data
 * the rest of the object. The typed client's subscribe() hands each over with its `type`.
 */
import { z } from 'zod';
import { FixtureProblem } from './controls.js';
import { MessageSummary } from './messages.js';

/** The uuids of what changed; null: any may have (a reset, a seed, a reload). */
const uuids = z.array(z.string()).nullable();

const changed = <Type extends string>(type: Type, description: string) =>
  z.object({ type: z.literal(type), uuids }).describe(description);
const happened = <Type extends string>(type: Type, description: string) =>
  z.object({ type: z.literal(type) }).describe(description);

export const EmulatorEvent = z
  .discriminatedUnion('type', [
    z
      .object({ type: z.literal('message.captured'), uuid: z.string(), summary: MessageSummary })
      .describe('A mail was captured (any intake).'),
    z
      .object({ type: z.literal('message.updated'), uuid: z.string(), summary: MessageSummary })
      .describe('Its read state or its problem count changed.'),
    changed('messages.deleted', 'Messages were deleted; null: the whole inbox.'),
    happened('workspace.reset', 'The workspace was reset to its fixtures.'),
    changed('templates.changed', 'Templates were created, changed or deleted (the studio, a seed, a watched fixture).'),
    z
      .object({ type: z.literal('fixtures.reloaded'), problems: z.array(FixtureProblem) })
      .describe('--watch read the fixtures again: problems is empty when they loaded (every workspace).'),
    changed('suppressions.changed', 'Suppressions were added or deleted (the API, a simulation, a seed).'),
    changed('sends.changed', 'Sends were created, changed (a simulated open or click) or deleted.'),
    happened('campaigns.changed', 'A campaign was created, changed, scheduled, prepared, test-sent or deleted.'),
    happened('automations.changed', 'An automation was triggered (its triggers recorded).'),
    changed('log.changed', 'Transactional mail log items were created (a stored send, a seed).'),
    happened('faults.changed', 'Fault rules were added, removed, or fired (their counts changed).'),
    happened('webhooks.changed', 'Webhook configurations were created, changed or deleted.'),
    changed('webhook-calls.changed', 'Webhook calls were queued, tried or resent.'),
    changed(
      'audience.changed',
      'Lists, subscribers, tags, segments or imports changed (a Mailcoach event about a subscriber too); uuids: the subscribers, null: any.',
    ),
    z
      .object({
        type: z.literal('clock.changed'),
        now: z.string().meta({ format: 'date-time', examples: ['2025-03-01T10:00:00.000Z'] }),
        frozen: z.boolean(),
      })
      .describe('The clock was frozen, advanced, resumed or reset (one clock for every workspace).'),
  ])
  .describe("An event of GET /_emulator/events: `type` is the event's name, the rest its data.")
  .meta({ id: 'EmulatorEvent' });

export type EmulatorEvent = z.output<typeof EmulatorEvent>;
export type EmulatorEventType = EmulatorEvent['type'];
/** An event's data as the stream writes it: the object without its `type`, which names the event. */
export type EmulatorEventData<Type extends EmulatorEventType> = Omit<Extract<EmulatorEvent, { type: Type }>, 'type'>;
