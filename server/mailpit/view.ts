/**
 * Mailpit's message views (MP server/apiv1/testing.go, server/server.go viewHandler;
 * docs/spec/mailpit-api.md#256-viewidhtml-and-viewidtxt-mp-serverapiv1testinggo-serverservergo-viewhandler):
 * /view/{ID}.html (inline parts linked, `?embed=1` as a whole document), /view/{ID}.txt, both marking the message
 * read and taking `latest`; /view/latest and /view/{ID} lead to the message in our web UI, as Mailpit's lead to its
 * own.
 *
 * Captured HTML is served from our own origin, so it carries the headers the inbox serves captured HTML with
 * (http/captured-html.ts): a Content-Security-Policy that sandboxes it and forbids every script (where Mailpit's
 * allows its own, by nonce), so no script a captured mail holds ever runs here.
 */
import { Hono } from 'hono';
import type { AppDeps } from '../deps.js';
import { mailpitError } from '../errors.js';
import { CAPTURED_HTML_HEADERS } from '../http/captured-html.js';
import { attachmentLists } from '../mail/mailpit-view/envelope.js';
import { embedHtml, linkInlineImages } from '../mail/mailpit-view/view-html.js';
import type { MailpitEnv } from './env.js';
import { toMailpitId, uuidFromMailpitId } from './ids.js';
import { createMessageLookup, type FoundMessage } from './message-lookup.js';

export function viewRoutes(deps: AppDeps) {
  const api = new Hono<MailpitEnv>({ strict: true });
  const lookup = createMessageLookup(deps);

  api.get('/view/:name', async (c) => {
    const name = c.req.param('name');
    if (name.endsWith('.html')) {
      const found = await findViewed(c, name.slice(0, -'.html'.length));
      const { envelope } = found.view();
      if (envelope.html === '') throw mailpitError(404, 'This message does not contain a HTML part');
      const id = toMailpitId(found.row.uuid);
      const { inline, attachments } = attachmentLists(envelope);
      let html = linkInlineImages(envelope.html, (partId) => `/api/v1/message/${id}/part/${partId}`, [
        ...inline,
        ...attachments,
      ]);
      if (c.req.query('embed') === '1') html = embedHtml(html);
      return new Response(html, { headers: CAPTURED_HTML_HEADERS });
    }
    if (name.endsWith('.txt')) {
      const found = await findViewed(c, name.slice(0, -'.txt'.length));
      return new Response(found.view().envelope.text, {
        headers: { 'content-type': 'text/plain; charset=utf-8', 'x-content-type-options': 'nosniff' },
      });
    }
    if (name === 'latest') {
      // latest?query=: wired at merge (the newest message matching Mailpit's search).
      const newest = await lookup.find(c, 'latest', 'message-not-found').catch(() => null);
      // An empty mailbox: Mailpit's web UI, here our inbox.
      return c.redirect(newest === null ? '/' : `/view/${toMailpitId(newest.row.uuid)}`, 302);
    }
    const uuid = uuidFromMailpitId(name);
    return c.redirect(uuid === null ? '/' : `/messages/${uuid}`, 302);
  });

  /** The message a view names (its 404 is `Message not found` whatever the ID), marked read as Mailpit's GetMessage does. */
  const findViewed = async (c: Parameters<typeof lookup.find>[0], id: string): Promise<FoundMessage> => {
    const found = await lookup.find(c, id, 'message-not-found').catch(() => {
      throw mailpitError(404, 'Message not found');
    });
    lookup.markRead(found);
    return found;
  };

  return api;
}
