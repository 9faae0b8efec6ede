/**
 * The message a Mailpit path names (docs/spec/mailpit-api.md#21-global-behaviour-applies-to-every-endpoint-below):
 * an ID in Mailpit's form or one of our uuids, or `latest` (the newest message) where Mailpit allows it; each
 * route's own 404 when there is none. Shared by the one-message routes (message.ts, view.ts, checks.ts).
 */
import type { Context } from 'hono';
import type { AppDeps } from '../deps.js';
import type { MessageRow } from '../db/message-rows.js';
import { mailpitError, mailpitNotFound } from '../errors.js';
import { setMailpitRead } from '../mail/mailpit-inbox-writes.js';
import { latestMatching } from '../search/mailpit-latest.js';
import { type MailpitMessageView, messageView } from '../mail/mailpit-view/message-view.js';
import type { MailpitEnv } from './env.js';
import { uuidFromMailpitId } from './ids.js';

/**
 * What `latest` answers on an empty mailbox: `Message not found` (message, headers, raw, part, /view), or the
 * plain 404 (html-check, link-check); null where `latest` is no alias (thumb, release: it is an unknown ID).
 */
export type LatestRule = 'message-not-found' | 'page-not-found' | null;

export interface FoundMessage {
  row: MessageRow;
  /** Mailpit's view of it, read on first use. */
  view(): MailpitMessageView;
}

export function createMessageLookup(deps: Pick<AppDeps, 'store' | 'events' | 'mailpitSearchIndexer'>) {
  const { messages } = deps.store;

  const newest = (workspaceId: number): MessageRow | undefined => {
    const uuid = messages.searchIndexed(workspaceId, { terms: [] }, { limit: 1, offset: 0 }).rows[0]?.uuid;
    return uuid === undefined ? undefined : messages.findByUuid(workspaceId, uuid);
  };

  return {
    /**
     * The message `id` names in the request's workspace; rejects with the route's 404. Asynchronous as the search
     * behind `latest?query=` will be (it fills the search facts of older messages first).
     */
    async find(c: Context<MailpitEnv>, id: string, latest: LatestRule): Promise<FoundMessage> {
      const workspaceId = c.get('workspaceId');
      let row: MessageRow | undefined;
      if (id === 'latest' && latest !== null) {
        // latest?query=: the newest message matching Mailpit's search (MP storage.LatestID).
        const query = c.req.query('query') ?? '';
        if (query.trim() === '') row = newest(workspaceId);
        else {
          const uuid = await latestMatching(deps, workspaceId, query, c.req.query('tz'));
          row = uuid === undefined ? undefined : messages.findByUuid(workspaceId, uuid);
        }
        if (row === undefined)
          throw latest === 'message-not-found' ? mailpitError(404, 'Message not found') : mailpitNotFound();
      } else {
        const uuid = uuidFromMailpitId(id);
        row = uuid === null ? undefined : messages.findByUuid(workspaceId, uuid);
        if (row === undefined) throw mailpitNotFound();
      }
      const found = row;
      let view: MailpitMessageView | null = null;
      return {
        row: found,
        view() {
          if (view !== null) return view;
          view = messageView(found, messages.rawOf(found.id) ?? Buffer.alloc(0));
          return view;
        },
      };
    },

    /**
     * Mailpit's GetMessage marks the message read; only a change is written, so that the websocket's `update`
     * and the inbox's events announce a change that happened.
     */
    markRead(found: FoundMessage): void {
      // Announced with its new state: Mailpit's websocket sends `update` for it.
      if (found.row.read === 0) setMailpitRead(deps, found.row.workspace_id, true, { uuids: [found.row.uuid] });
    },

    /** The message's tags, sorted by name case-insensitively. */
    tags: (found: FoundMessage): string[] =>
      deps.store.messageTags.tagsOfMessages([found.row.id]).get(found.row.id) ?? [],
  };
}
