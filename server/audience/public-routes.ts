/**
 * The public page a double opt-in mail links to (v8's `GET /confirm-subscription/{subscriberUuid}`, outside /api,
 * no token): it confirms an unconfirmed subscriber, then redirects to `?redirect=` when the mail's link has one
 * (the list's redirect_after_subscribed) or shows a small page. The link names no workspace; subscriber uuids are
 * unique across them.
 */
import { Hono } from 'hono';
import type { AppDeps } from '../deps.js';
import type { EmailListRow } from '../db/rows.js';
import type { AppEnv } from '../http/env.js';
import { toEpochSeconds } from '../http/timestamps.js';
import { subscriberStatus } from './status.js';

export function publicAudienceRoutes(deps: AppDeps) {
  return new Hono<AppEnv>().get('/confirm-subscription/:subscriberUuid', (c) => {
    const subscriber = deps.store.subscribers.findByUuidAnywhere(c.req.param('subscriberUuid'));
    if (subscriber === undefined) return c.html(page('Subscription not found', 'This confirmation link matches no subscriber (anymore).'), 404);
    const list = deps.store.emailLists.findById(subscriber.email_list_id) as EmailListRow;
    const status = subscriberStatus(subscriber);
    if (status === 'unconfirmed') {
      const now = toEpochSeconds(deps.clock());
      deps.store.subscribers.update(subscriber.id, { subscribed_at: now, updated_at: now });
    }
    const redirect = c.req.query('redirect');
    if (redirect !== undefined && /^https?:\/\//i.test(redirect)) return c.redirect(redirect, 302);
    const message =
      status === 'unsubscribed'
        ? `${subscriber.email} has unsubscribed from ${list.name}; the link no longer confirms anything.`
        : status === 'subscribed'
          ? `${subscriber.email} was already subscribed to ${list.name}.`
          : `${subscriber.email} is now subscribed to ${list.name}.`;
    return c.html(page(status === 'unsubscribed' ? 'Not subscribed' : 'Subscription confirmed', message));
  });
}

function page(title: string, message: string): string {
  const escape = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
  return `<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><title>${escape(title)}</title></head>
<body>
<h1>${escape(title)}</h1>
<p>${escape(message)}</p>
</body>
</html>
`;
}
