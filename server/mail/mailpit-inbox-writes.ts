/**
 * What the Mailpit surface changes in an inbox (docs/spec/mailpit-api.md#238-put-apiv1messages--read-status,
 * docs/spec/mailpit-api.md#239-delete-apiv1messages), each write announcing its change on the bus, which our
 * event stream and the web UI follow as they follow inbox-writes.ts, and Mailpit's websocket maps to its events.
 */
import type { MailpitWhere } from '../db/mailpit-messages.js';
import type { AppDeps } from '../deps.js';
import { deleteAllMessages, deleteListedMessages } from './inbox-writes.js';

type InboxDeps = Pick<AppDeps, 'store' | 'events'>;

/** Which messages a read-state write is about: these uuids, those a search matches, or every message. */
export type MailpitReadTarget = { uuids: string[] } | { where: MailpitWhere } | 'all';

/**
 * Sets the read state; returns the uuids whose state changed. Each is announced with its new state, except on a
 * mark-all, which Mailpit announces with `stats` alone.
 */
export function setMailpitRead(
  deps: InboxDeps,
  workspaceId: number,
  read: boolean,
  target: MailpitReadTarget,
): string[] {
  const uuids = target !== 'all' && 'uuids' in target ? target.uuids : null;
  const where = target !== 'all' && 'where' in target ? target.where : null;
  const changed = deps.store.mailpit.setRead(workspaceId, read, uuids, where);
  for (const uuid of changed) {
    deps.events.emit('message.updated', target === 'all' ? { workspaceId, uuid } : { workspaceId, uuid, read });
  }
  return changed;
}

/** Deletes these messages (unknown uuids are ignored); returns those deleted. */
export function deleteMailpitMessages(deps: InboxDeps, workspaceId: number, uuids: string[]): string[] {
  return deleteListedMessages(deps, workspaceId, uuids);
}

/** Deletes every message a search matches; returns those deleted. */
export function deleteMailpitMatches(deps: InboxDeps, workspaceId: number, where: MailpitWhere): string[] {
  return deleteMailpitMessages(deps, workspaceId, deps.store.mailpit.matchingUuids(workspaceId, where));
}

/** Deletes every message of the workspace (Mailpit's delete-all: the mail and its tags, not the workspace). */
export function deleteEveryMailpitMessage(deps: InboxDeps, workspaceId: number): Promise<number> {
  return deleteAllMessages(deps, workspaceId);
}
