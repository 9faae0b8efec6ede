/**
 * The inbox of captured mail under /_emulator/messages (README "Captured messages"): list and search, one message
 * in full, its raw .eml, its bodies and attachments, and deletes. Every route is about the request's workspace.
 */
import { Hono, type Context } from 'hono';
import * as z from 'zod/mini';
import { lazySchema } from '../fixtures/zod.js';
import type { AppDeps } from '../deps.js';
import { ApiError, messageNotFound } from '../errors.js';
import type { AppEnv } from '../http/env.js';
import { noContent } from '../http/respond.js';
import { fullMessage, messageSummary, type MessageOrigins } from './message-resource.js';
import { readJsonObject } from './request-body.js';
import { parseOr422 } from '../validation/zod-issues.js';
import { caughtUpFor } from '../search/caught-up.js';
import { parseSearchQuery } from '../search/query.js';
import { DEFAULT_PER_PAGE, MAX_PER_PAGE, readInteger, readQuery } from './query-params.js';
import { CAPTURED_HTML_HEADERS } from '../http/captured-html.js';
import { messageChecks } from './message-checks.js';
import {
  deleteAllMessages,
  deleteListedMessages,
  deleteMatchingMessages,
  deleteMessage,
  setMessageRead,
} from '../mail/inbox-writes.js';

/** Far beyond any real inbox; it keeps (page - 1) * per_page a safe integer. */
const MAX_PAGE = 1_000_000;

export function messageRoutes(deps: AppDeps) {
  const { messages } = deps.store;
  const checks = messageChecks(deps);

  /**
   * The message a read route names: by its own uuid, or by its log item's. The send API answers the log item's
   * uuid (all an app has to go on), so `/messages/<that uuid>` finds the mail it captured; the answer is still the
   * message's resource, its own uuid in it. Changes (PATCH, DELETE) take the message's uuid only.
   */
  const find = (c: Context<AppEnv>) => {
    const workspaceId = c.get('workspaceId');
    const uuid = c.req.param('uuid') ?? '';
    const row = messages.findLinked(workspaceId, uuid) ?? byLogItem(workspaceId, uuid);
    if (row === undefined) throw messageNotFound(uuid);
    return row;
  };
  const byLogItem = (workspaceId: number, uuid: string) => {
    const messageId = deps.store.logItems.findByUuid(workspaceId, uuid)?.message_id ?? null;
    const messageUuid = messageId === null ? undefined : messages.uuidOf(messageId);
    return messageUuid === undefined ? undefined : messages.findLinked(workspaceId, messageUuid);
  };

  return (
    new Hono<AppEnv>()
      .get('/', async (c) => {
        const input = c.get('input');
        const filter = parseSearchQuery(readQuery(input));
        const page = readInteger(input, 'page', { min: 1, max: MAX_PAGE, fallback: 1 });
        const perPage = readInteger(input, 'per_page', { min: 1, max: MAX_PER_PAGE, fallback: DEFAULT_PER_PAGE });
        const window = { offset: (page - 1) * perPage, limit: perPage };
        await caughtUpFor(deps, filter);
        const { rows, total } = await deps.searchWorker.search(c.get('workspaceId'), filter, window);
        return c.json({ data: rows.map(messageSummary), meta: { page, per_page: perPage, total } });
      })
      .delete('/', async (c) => {
        const workspaceId = c.get('workspaceId');
        const query = readQuery(c.get('input'));
        if (query === null || query.trim() === '') {
          return c.json({ deleted: await deleteAllMessages(deps, workspaceId) });
        }
        const filter = parseSearchQuery(query);
        await caughtUpFor(deps, filter);
        return c.json({ deleted: deleteMatchingMessages(deps, workspaceId, filter).length });
      })
      // The inbox's selection in one request (issue 41): unknown uuids, and those of other workspaces, are ignored.
      .post('/delete', async (c) => {
        const { uuids } = parseOr422(
          listedMessages(),
          await readJsonObject(c),
          () => `The uuids field must be a list of at most ${MAX_LISTED} message uuids.`,
        );
        return c.json({ deleted: deleteListedMessages(deps, c.get('workspaceId'), uuids).length });
      })
      .get('/:uuid', (c) => {
        const row = find(c);
        return c.json(fullMessage(row, messages.rawOf(row.id), originsOf(deps, row)));
      })
      .get('/:uuid/raw', (c) => {
        const raw = messages.rawOf(find(c).id) ?? Buffer.alloc(0);
        return c.body(bytesOf(raw), 200, { 'content-type': 'message/rfc822' });
      })
      .get('/:uuid/html', (c) => {
        const { html_body: html } = find(c);
        if (html === null) throw new ApiError(404, 'This message has no HTML body.');
        return c.body(html, 200, CAPTURED_HTML_HEADERS);
      })
      .get('/:uuid/text', (c) => {
        const { text_body: text } = find(c);
        if (text === null) throw new ApiError(404, 'This message has no text body.');
        return c.body(text, 200, { 'content-type': 'text/plain; charset=utf-8' });
      })
      .get('/:uuid/checks', async (c) => c.json(await checks.of(find(c), new URL(c.req.url).origin)))
      .get('/:uuid/attachments/:index', (c) => {
        const row = find(c);
        const index = c.req.param('index');
        const attachment = /^\d{1,6}$/.test(index) ? messages.attachmentAt(row.id, Number(index)) : undefined;
        if (attachment === undefined) throw new ApiError(404, `This message has no attachment ${index}.`);
        return c.body(
          bytesOf(attachment.content),
          200,
          attachmentHeaders(attachment.content_type, attachment.filename),
        );
      })
      .patch('/:uuid', async (c) => {
        const workspaceId = c.get('workspaceId');
        const uuid = c.req.param('uuid');
        const { read } = parseOr422(
          readStateChange(),
          await readJsonObject(c),
          () => 'The read field must be true or false.',
        );
        if (!setMessageRead(deps, workspaceId, uuid, read)) throw messageNotFound(uuid);
        return c.json(messageSummary(messages.summaryOf(workspaceId, uuid)!));
      })
      .delete('/:uuid', (c) => {
        const workspaceId = c.get('workspaceId');
        const uuid = c.req.param('uuid');
        if (!deleteMessage(deps, workspaceId, uuid)) throw messageNotFound(uuid);
        return noContent();
      })
  );
}

/** Far beyond a page of the inbox (500), small enough for one statement. */
const MAX_LISTED = 10_000;

/** POST /messages/delete: the messages to delete. */
const listedMessages = lazySchema(() =>
  z.strictObject({ uuids: z.array(z.string().check(z.maxLength(64))).check(z.maxLength(MAX_LISTED)) }),
);

/** PATCH /messages/{uuid}: the read state, the one field a client may change. */
const readStateChange = lazySchema(() => z.strictObject({ read: z.boolean() }));

/** A Buffer from SQLite as the Uint8Array a body takes (the driver never hands out shared memory). */
function bytesOf(buffer: Buffer): Uint8Array<ArrayBuffer> {
  return new Uint8Array(buffer.buffer as ArrayBuffer, buffer.byteOffset, buffer.length);
}

/**
 * A captured file is the sender's, never a page of ours: the browser must not sniff another type from its bytes,
 * and whatever could run as a document (HTML, SVG, XML, or a type the client made up) is sandboxed, so that
 * opening it, even inline, runs no script with the emulator's origin. The client chose the content type: one a
 * header cannot carry (a line break, a non-Latin-1 character) is served as application/octet-stream.
 */
function attachmentHeaders(contentType: string, filename: string): Record<string, string> {
  const type =
    /^[\t\x20-\x7e]*$/.test(contentType) && contentType.trim() !== '' ? contentType : 'application/octet-stream';
  return {
    'content-type': type,
    'content-disposition': contentDisposition(filename),
    'x-content-type-options': 'nosniff',
    'content-security-policy': "sandbox; default-src 'none'",
  };
}

/** `attachment` with an ASCII fallback filename and the exact one in RFC 5987 form. */
function contentDisposition(filename: string): string {
  const fallback = filename.replace(/[^\x20-\x7e]|["\\]/g, '_');
  const exact = encodeURIComponent(filename).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${exact}`;
}

/** The campaign and list a captured mail came from, with their names as they are now. */
function originsOf(
  deps: AppDeps,
  row: { workspace_id: number; campaign_uuid: string | null; email_list_uuid: string | null },
): MessageOrigins {
  const campaign =
    row.campaign_uuid === null ? null : deps.store.campaigns.findByUuid(row.workspace_id, row.campaign_uuid);
  const list =
    row.email_list_uuid === null ? null : deps.store.emailLists.findByUuid(row.workspace_id, row.email_list_uuid);
  return {
    campaign: row.campaign_uuid === null ? null : { uuid: row.campaign_uuid, name: campaign?.name ?? null },
    email_list: row.email_list_uuid === null ? null : { uuid: row.email_list_uuid, name: list?.name ?? null },
  };
}
