/**
 * A tiny typed event bus. Domain code publishes after its transaction commits; the SSE stream and wait-for
 * subscribe. Storage never imports a transport (the mailpit coupling the codebase guide warns about).
 */
import type { FixtureProblem } from './fixtures/load.js';
import type { MailcoachEvent } from './mailcoach-events.js';
import type { SmtpCommand } from './faults/fault-rules.js';

export interface EmulatorEvents {
  /** A mail was captured and committed (any intake): announced by capture's door (mail/capture/index.ts). */
  'message.captured': { workspaceId: number; uuid: string };
  /**
   * A message's read state changed (mail/inbox-writes.ts, mail/mailpit-inbox-writes.ts), or its checks found
   * problems (search/problem-checker.ts). `read`: the state it changed to, when a write of that message (or of the
   * messages a search found) changed it, which Mailpit's websocket announces as `update` (not a mark-all).
   */
  'message.updated': { workspaceId: number; uuid: string; read?: boolean };
  /**
   * A message's Mailpit tags were set (PUT /api/v1/tags: mail/message-tags-writes.ts): `tags` as given, cleaned, in
   * their order (Mailpit's websocket `update {ID, Tags}`). A captured mail's tags come with `message.captured`.
   */
  'message.tagged': { workspaceId: number; uuid: string; tags: string[] };
  /**
   * A Mailpit tag was renamed or deleted (mail/message-tags-writes.ts), which changes the tags of the messages
   * that had it (`uuids`): Mailpit's websocket `prune null`.
   */
  'message-tags.pruned': { workspaceId: number; uuids: string[] };
  /**
   * The SMTP intake refused a command or a message with a 4xx or 5xx reply (smtp/listener.ts): Mailpit's websocket
   * `error` (docs/spec/mailpit-api.md#3-websocket-apievents-mp-serverwebsocketsgo-internalstoragego-mpweb-websocketmd-mpapi-packagesmailpit-wssrcindexts). `line` is the reply as sent, code first.
   */
  'smtp.refused': { workspaceId: number; command: SmtpCommand; code: number; line: string; ip: string };
  /** The SMTP intake took and stored a message (Mailpit's RuntimeStats SMTPAccepted, SMTPAcceptedSize). */
  'smtp.accepted': { workspaceId: number; uuid: string };
  /** Messages were deleted (mail/inbox-writes.ts); `uuids` is null when the whole workspace was cleared. */
  'messages.deleted': { workspaceId: number; uuids: string[] | null };
  /** A workspace was reset to its fixtures. */
  'workspace.reset': { workspaceId: number };
  /**
   * Templates were created, changed or deleted (mail/template-writes.ts); `uuids` is null when any may have changed
   * (a seed, a reload).
   */
  'templates.changed': { workspaceId: number; uuids: string[] | null };
  /** Suppressions were added or deleted (audience/suppressions.ts: the API, the UI, a simulation; a seed); null: any. */
  'suppressions.changed': { workspaceId: number; uuids: string[] | null };
  /** Sends were created, changed (a simulated open or click) or deleted (campaigns/delete-send.ts); null: any. */
  'sends.changed': { workspaceId: number; uuids: string[] | null };
  /**
   * A campaign was created, changed, scheduled or deleted (campaigns/edit.ts), prepared for sending or test-sent
   * (campaigns/prepare.ts, send-test.ts), through /api, the web UI or the scheduler: the web UI's Campaigns pages.
   */
  'campaigns.changed': { workspaceId: number };
  /** An automation was triggered (automations/trigger.ts; its triggers recorded: the web UI's Automations page). */
  'automations.changed': { workspaceId: number };
  /** Transactional mail log items were created (a stored send: mail/send-transactional.ts; a seed); null: any. */
  'log.changed': { workspaceId: number; uuids: string[] | null };
  /** The workspace's fault rules were added, removed, or fired (their counts changed): faults/fault-rules.ts announces it. */
  'faults.changed': { workspaceId: number };
  /** The clock was frozen, advanced or resumed (one clock for every workspace): clock.ts announces it. */
  'clock.changed': { now: string; frozen: boolean };
  /** A Mailcoach domain event happened (mailcoach-events.ts): published while its rows are as it left them. */
  'mailcoach.event': { workspaceId: number; event: MailcoachEvent };
  /** Webhook configurations were created, changed or deleted. */
  'webhooks.changed': { workspaceId: number };
  /** Webhook calls were queued, attempted or resent; null: any (a reset). */
  'webhook-calls.changed': { workspaceId: number; uuids: string[] | null };
  /**
   * The audience changed beyond what a Mailcoach event tells (stream.ts sends those too, as this), announced once
   * where it is written: a subscriber deleted (audience/delete.ts) or updated (update-subscriber.ts) with its uuid;
   * a list deleted, created or updated, a tag or segment written (audience/email-lists.ts), an import written or
   * run (subscriber-imports.ts, import-subscribers.ts), a seed: null, any of the lists.
   */
  'audience.changed': { workspaceId: number; uuids: string[] | null };
  /** `--watch` read the fixtures again (every workspace): no problems when they loaded. */
  'fixtures.reloaded': { problems: FixtureProblem[] };
}

type Listener<T> = (payload: T) => void;

export class EventBus {
  readonly #listeners = new Map<keyof EmulatorEvents, Set<Listener<never>>>();

  on<K extends keyof EmulatorEvents>(event: K, listener: Listener<EmulatorEvents[K]>): () => void {
    let set = this.#listeners.get(event);
    if (set === undefined) {
      set = new Set();
      this.#listeners.set(event, set);
    }
    set.add(listener as Listener<never>);
    return () => set.delete(listener as Listener<never>);
  }

  emit<K extends keyof EmulatorEvents>(event: K, payload: EmulatorEvents[K]): void {
    for (const listener of this.#listeners.get(event) ?? []) (listener as Listener<EmulatorEvents[K]>)(payload);
  }
}
