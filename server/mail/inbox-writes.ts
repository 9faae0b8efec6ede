/**
 * What a person or a test changes in an inbox (read state, deletes), each write announcing its change, so that
 * every path to it (the /_emulator routes today) keeps the web UI and the event stream in step.
 */
import type { AppDeps } from '../deps.js';
import type { MessageFilter } from '../db/messages-search.js';

type InboxDeps = Pick<AppDeps, 'store' | 'events'>;

/** One step of clearing an inbox: about 4 MB of mail (some 10 ms), at most 500 messages. */
const DELETE_STEP = { messages: 500, chars: 4_000_000 };

/** False when the workspace has no such message. */
export function setMessageRead(deps: InboxDeps, workspaceId: number, uuid: string, read: boolean): boolean {
  if (!deps.store.messages.setRead(workspaceId, uuid, read)) return false;
  deps.events.emit('message.updated', { workspaceId, uuid });
  return true;
}

/** False when the workspace has no such message. */
export function deleteMessage(deps: InboxDeps, workspaceId: number, uuid: string): boolean {
  if (!deps.store.messages.deleteByUuid(workspaceId, uuid)) return false;
  deps.events.emit('messages.deleted', { workspaceId, uuids: [uuid] });
  return true;
}

/**
 * Deletes these messages of the workspace (unknown uuids are ignored: the inbox's selection, Mailpit's deletes
 * by ID and by search); returns the uuids deleted. Many at once empty the search indexes (messages-inbox.ts).
 */
export function deleteListedMessages(deps: InboxDeps, workspaceId: number, uuids: string[]): string[] {
  const deleted = deps.store.messages.deleteUuids(workspaceId, uuids);
  if (deleted.length > 0) deps.events.emit('messages.deleted', { workspaceId, uuids: deleted });
  return deleted;
}

/** The uuids deleted. */
export function deleteMatchingMessages(deps: InboxDeps, workspaceId: number, filter: MessageFilter): string[] {
  const uuids = deps.store.messages.deleteMatching(workspaceId, filter);
  if (uuids.length > 0) deps.events.emit('messages.deleted', { workspaceId, uuids });
  return uuids;
}

/**
 * Clearing an inbox costs its bytes: each body is copied into its log item (migration 5) and its pages freed.
 * In one transaction, mails of megabytes held the server for most of a second; in steps of about 4 MB, one a
 * turn, other requests are answered between them (docs/performance.md#2026-11-25-dc76e2d-clearing-an-inbox-in-steps).
 * Returns how many were deleted.
 */
export async function deleteAllMessages(deps: InboxDeps, workspaceId: number): Promise<number> {
  const { messages } = deps.store;
  const through = messages.highestId();
  let deleted = 0;
  for (;;) {
    const step = messages.deleteAllStep(workspaceId, through, DELETE_STEP);
    if (step === 0) break;
    deleted += step;
    await new Promise((resolve) => setImmediate(resolve));
  }
  if (deleted > 0) deps.events.emit('messages.deleted', { workspaceId, uuids: null });
  return deleted;
}
