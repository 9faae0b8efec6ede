/**
 * A message's checks on the Mailpit surface (MP server/apiv1/other.go; docs/spec/mailpit-api.md#26-checks), from
 * our own checks:
 * - GET /api/v1/message/{ID}/html-check: our client-support check (checks/compatibility.ts) in Mailpit's
 *   HTMLCheckResponse (mail/mailpit-view/html-check.ts); 400 `message does not contain HTML` without HTML.
 * - GET …/link-check: the links Mailpit would check. Offline (our default: the emulator requests nothing a mail
 *   names unless asked) each is answered `StatusCode` 0, `Status` `not checked (offline)` and counted in `Errors`,
 *   so that a suite asserting no broken links learns they were not checked; with `--check-links online` (or
 *   `online-all`) each gets its HEAD's status (checks/online.ts: no redirect followed, whatever `follow` says; a
 *   private address is Mailpit's 451 `Blocked private/reserved address`). Marks the message read, as Mailpit's.
 * - GET …/sa-check has no route: Mailpit has none with SpamAssassin off, and its GET falls to the 404 `File not
 *   found` every unknown path gets (index.ts).
 */
import { STATUS_CODES } from 'node:http';
import { Hono } from 'hono';
import type { AppDeps } from '../deps.js';
import { BoundedCache } from '../bounded-cache.js';
import type { CompatibilityResult } from '../checks/index.js';
import { checkCompatibility } from '../checks/compatibility.js';
import { createOnlineLinkChecker, type OnlineLinkResult } from '../checks/online.js';
import { parseHtml } from '../checks/problems.js';
import { mailpitBadRequest } from '../errors.js';
import { htmlCheckResponse } from '../mail/mailpit-view/html-check.js';
import { cutDeepNesting } from '../mail/mailpit-view/html-depth.js';
import { messageLinks } from '../mail/mailpit-view/message-links.js';
import type { MailpitEnv } from './env.js';
import { mailpitJson } from './answers.js';
import { createMessageLookup } from './message-lookup.js';

export function checksRoutes(deps: AppDeps) {
  const api = new Hono<MailpitEnv>({ strict: true });
  const lookup = createMessageLookup(deps);
  // Nearly all of an HTML check's cost, and a function of a message's HTML alone, which never changes.
  const compatibility = new BoundedCache<CompatibilityResult>({ maxEntries: 1_000, maxKeyLength: 100 });
  const online = deps.options.checkLinks === 'off' ? null : createOnlineLinkChecker({ mode: deps.options.checkLinks });

  api.get('/api/v1/message/:id/html-check', async (c) => {
    const found = await lookup.find(c, c.req.param('id'), 'page-not-found');
    const { html } = found.view().envelope;
    if (html === '') throw mailpitBadRequest('message does not contain HTML');
    const { document, lineOf } = parseHtml(html);
    cutDeepNesting(document!.children);
    const result =
      compatibility.get(found.row.uuid) ?? compatibility.set(found.row.uuid, checkCompatibility(document!, lineOf!));
    return mailpitJson(htmlCheckResponse(html, document!.children, result));
  });

  api.get('/api/v1/message/:id/link-check', async (c) => {
    const found = await lookup.find(c, c.req.param('id'), 'page-not-found');
    lookup.markRead(found);
    const { html, text } = found.view().envelope;
    const urls = messageLinks(html, text);
    const results = online === null ? null : await online.check(urls);
    const links = urls.map((url) => ({ URL: url, ...linkStatus(results?.get(url)) }));
    const errors = links.filter((link) => link.StatusCode === 0 || link.StatusCode >= 400).length;
    return mailpitJson({ Errors: errors, Links: links });
  });

  return api;
}

function linkStatus(result: OnlineLinkResult | undefined): { StatusCode: number; Status: string } {
  if (result === undefined) return { StatusCode: 0, Status: 'not checked (offline)' };
  if (result.skipped !== null) return { StatusCode: 451, Status: 'Blocked private/reserved address' };
  if (result.status !== null) return { StatusCode: result.status, Status: STATUS_CODES[result.status] ?? '' };
  return { StatusCode: 0, Status: result.error ?? '' };
}
