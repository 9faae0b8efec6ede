/**
 * GET /_emulator/events: server-sent events about the request's workspace only (`?token=` names it where an
 * EventSource cannot set headers): `message.captured` {uuid, summary}, `message.updated` {uuid, summary} (its read
 * state or its problem count changed), `messages.deleted` {uuids or null},
 * `workspace.reset` {}, `templates.changed`, `suppressions.changed`, `sends.changed`, `log.changed` {uuids or null},
 * `faults.changed` {}, `webhooks.changed` {}, `webhook-calls.changed` {uuids or null}, `audience.changed` {uuids of
 * subscribers, or null: lists, tags, segments, imports; also for each Mailcoach event about a subscriber}, and (every workspace) `fixtures.reloaded` {problems} and `clock.changed` {now, frozen}.
 * A comment line opens the stream and another keeps it alive every 15 s.
 */
import { Hono } from 'hono';
import { streamSSE, type SSEStreamingApi } from 'hono/streaming';
import type { AppDeps } from '../deps.js';
import type { EmulatorEvents } from '../events.js';
import type { AppEnv } from '../http/env.js';
import { messageSummary } from './message-resource.js';
import type { EmulatorEventData, EmulatorEventType } from './schemas/events.js';
import type { SameType } from './schemas/same-type.js';

const HEARTBEAT_MS = 15_000;

/** The events about one workspace that go out as they are, without their workspace id. */
const WORKSPACE_EVENTS = [
  'messages.deleted',
  'workspace.reset',
  'templates.changed',
  'suppressions.changed',
  'sends.changed',
  'log.changed',
  'faults.changed',
  'webhooks.changed',
  'webhook-calls.changed',
  'audience.changed',
  'automations.changed',
  'campaigns.changed',
] as const satisfies ReadonlyArray<keyof EmulatorEvents & EmulatorEventType>;

type Forwarded = (typeof WORKSPACE_EVENTS)[number];
// What the bus carries for each of them, less the workspace id, is the wire event's data (schemas/events.ts).
true satisfies SameType<
  { [Name in Forwarded]: Omit<EmulatorEvents[Name], 'workspaceId'> },
  { [Name in Forwarded]: EmulatorEventData<Name> }
>;

export function streamRoutes(deps: AppDeps) {
  return new Hono<AppEnv>().get('/', (c) => {
    const workspaceId = c.get('workspaceId');
    const signal = c.req.raw.signal;
    return streamSSE(c, async (stream) => {
      const write = queueWrites(stream);
      const send = <Name extends EmulatorEventType>(name: Name, data: EmulatorEventData<Name>) => write(name, data);
      /** A message event of this workspace, sent with the message's summary as it now is. */
      const withSummary =
        (name: 'message.captured' | 'message.updated') => (event: { workspaceId: number; uuid: string }) => {
          if (event.workspaceId !== workspaceId) return;
          const summary = deps.store.messages.summaryOf(workspaceId, event.uuid);
          if (summary !== undefined) send(name, { uuid: event.uuid, summary: messageSummary(summary) });
        };
      /** An event of this workspace, sent with its payload but the workspace id. */
      const forward = (name: Forwarded) =>
        deps.events.on(name, (event: { workspaceId: number }) => {
          if (event.workspaceId !== workspaceId) return;
          const { workspaceId: _own, ...data } = event;
          // Checked above: this payload, less its workspace id, is the event's data.
          write(name, data);
        });
      const unsubscribe = [
        deps.events.on('message.captured', withSummary('message.captured')),
        deps.events.on('message.updated', withSummary('message.updated')),
        // Mailpit's tag API changes what a summary shows (its tags): the inbox hears it as an update.
        deps.events.on('message.tagged', withSummary('message.updated')),
        deps.events.on('message-tags.pruned', ({ workspaceId: of, uuids }) => {
          for (const uuid of uuids) withSummary('message.updated')({ workspaceId: of, uuid });
        }),
        ...WORKSPACE_EVENTS.map((name) => forward(name)),
        // A subscriber's Mailcoach event (subscribed, confirmed, a tag...) is a change of the audience the UI shows.
        deps.events.on('mailcoach.event', ({ workspaceId: of, event }) => {
          if (of === workspaceId && 'subscriber' in event && event.subscriber !== undefined)
            send('audience.changed', { uuids: [event.subscriber.uuid] });
        }),
        deps.events.on('fixtures.reloaded', (event) => send('fixtures.reloaded', { problems: event.problems })),
        deps.events.on('clock.changed', (event) => send('clock.changed', event)),
      ];
      const heartbeat = setInterval(() => write(null, null), HEARTBEAT_MS);
      // Subscribed before the first byte goes out, so a client that has read this line misses no event.
      await stream.write(': connected\n\n');
      await new Promise<void>((resolve) => {
        if (signal.aborted || stream.aborted) return resolve();
        signal.addEventListener('abort', () => resolve(), { once: true });
        stream.onAbort(resolve);
      });
      clearInterval(heartbeat);
      for (const off of unsubscribe) off();
    });
  });
}

/**
 * Writes one event (or, with a null name, a heartbeat comment) after the previous write has finished, so that
 * events keep their order; a failed write means the client is gone, which the abort handling deals with.
 */
function queueWrites(stream: SSEStreamingApi) {
  let last: Promise<unknown> = Promise.resolve();
  return (event: string | null, data: unknown) => {
    const write = (): Promise<unknown> =>
      event === null ? stream.write(': heartbeat\n\n') : stream.writeSSE({ event, data: JSON.stringify(data) });
    last = last.then(write).catch(() => undefined);
  };
}
