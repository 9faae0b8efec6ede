/**
 * The public pages the links of captured mails open (v8's paths, outside /api, no token; the links name no
 * workspace, and uuids are unique across them):
 * - `GET /confirm-subscription/{subscriberUuid}` (a double opt-in mail): confirms a subscriber not subscribed (an
 *   unsubscribed one only gets a new subscribed_at and the events, as on v8), then redirects to `?redirect=` (the list's redirect_after_subscribed) or shows a small page;
 * - `GET /unsubscribe/{subscriberUuid}/{sendUuid?}` (a campaign mail's link): a page whose button POSTs to the same
 *   URL; that POST, and the RFC 8058 one-click POST of `List-Unsubscribe-Post`, unsubscribe the subscriber and, for a
 *   campaign's send, record the campaign's unsubscribe (its statistics and /unsubscribes list);
 * - `GET /preferences/{subscriberUuid}/{sendUuid?}` (`::preferencesUrl::`): the subscription's state, the tags shown
 *   in preferences, and a button to that send's unsubscribe link (v8's page edits the tags too: not here);
 * - `GET /webview/campaign/{campaignUuid}` (`::webviewUrl::`, v8's path; v7's `/webview/{campaignUuid}` is an
 *   unknown route, as on v8): the campaign as a page (404 when its webview is disabled), in the sandbox the inbox
 *   serves captured HTML in.
 */
import { Hono, type Context } from 'hono';
import type { AppDeps } from '../deps.js';
import type { EmailListRow } from '../db/rows.js';
import type { AppEnv } from '../http/env.js';
import { CAPTURED_HTML_HEADERS } from '../http/captured-html.js';
import { subscriberStatus } from '../audience/status.js';
import { confirmSubscriber, unsubscribeSubscriber } from '../audience/subscription.js';

export function publicAudienceRoutes(deps: AppDeps) {
  const unsubscribePage = (c: Context<AppEnv>) => {
    const subscriber = deps.store.subscribers.findByUuidAnywhere(c.req.param('subscriberUuid') as string);
    if (subscriber === undefined) return c.html(page('Not found', 'This unsubscribe link matches no subscriber (anymore).'), 404);
    const list = deps.store.emailLists.findById(subscriber.email_list_id) as EmailListRow;
    if (subscriberStatus(subscriber) === 'unsubscribed') return c.html(page('Unsubscribed', `${subscriber.email} is not subscribed to ${list.name}.`));
    const form = `<form method="post"><button type="submit">Unsubscribe ${escape(subscriber.email)} from ${escape(list.name)}</button></form>`;
    return c.html(page('Unsubscribe', `Do you want to stop receiving mail from ${list.name}?`, form));
  };
  const unsubscribe = (c: Context<AppEnv>) => {
    const subscriber = deps.store.subscribers.findByUuidAnywhere(c.req.param('subscriberUuid') as string);
    if (subscriber === undefined) return c.html(page('Not found', 'This unsubscribe link matches no subscriber (anymore).'), 404);
    const list = deps.store.emailLists.findById(subscriber.email_list_id) as EmailListRow;
    // UnsubscribeController: for any subscriber not unsubscribed yet (an unconfirmed one too), with its
    // UnsubscribedEvent; an unsubscribed one changes nothing and fires nothing (mailcoach-webhooks.md §3.2).
    if (subscriberStatus(subscriber) !== 'unsubscribed') {
      const sendUuid = c.req.param('sendUuid');
      const send = sendUuid === undefined ? undefined : deps.store.sends.findByUuid(subscriber.workspace_id, sendUuid);
      const campaign = send?.campaign_uuid == null ? undefined : deps.store.campaigns.findByUuid(subscriber.workspace_id, send.campaign_uuid);
      unsubscribeSubscriber(deps, subscriber, campaign);
    }
    return c.html(page('Unsubscribed', `${subscriber.email} has been unsubscribed from ${list.name}.`));
  };
  return new Hono<AppEnv>()
    .get('/unsubscribe/:subscriberUuid/:sendUuid?', unsubscribePage)
    .get('/preferences/:subscriberUuid/:sendUuid?', (c) => {
      const subscriber = deps.store.subscribers.findByUuidAnywhere(c.req.param('subscriberUuid') as string);
      if (subscriber === undefined) return c.html(page('Not found', 'This preferences link matches no subscriber (anymore).'), 404);
      const list = deps.store.emailLists.findById(subscriber.email_list_id) as EmailListRow;
      const tags = deps.store.subscribers.tagsOf(subscriber.id).filter((tag) => tag.visible_in_preferences === 1).map((tag) => tag.name);
      const status = subscriberStatus(subscriber);
      // The unsubscribe button posts to the mail's unsubscribe link, so that it counts for its campaign as that does.
      const sendUuid = c.req.param('sendUuid');
      const action = `/unsubscribe/${encodeURIComponent(subscriber.uuid)}${sendUuid === undefined ? '' : `/${encodeURIComponent(sendUuid)}`}`;
      const form = status === 'unsubscribed' ? '' : `<form method="post" action="${escape(action)}"><button type="submit">Unsubscribe from ${escape(list.name)}</button></form>`;
      const shown = tags.length === 0 ? '' : ` Your topics: ${tags.join(', ')}.`;
      return c.html(page('Your preferences', `${subscriber.email} is ${status} on ${list.name}.${shown}`, form));
    })
    .post('/unsubscribe/:subscriberUuid/:sendUuid?', unsubscribe)
    .get('/webview/campaign/:campaignUuid', (c) => {
      const campaign = deps.store.campaigns.findByUuidAnywhere(c.req.param('campaignUuid'));
      if (campaign === undefined || campaign.disable_webview === 1) return c.html(page('Not found', 'No such campaign.'), 404);
      return c.body(campaign.webview_html ?? campaign.html ?? '', 200, CAPTURED_HTML_HEADERS);
    })
    .get('/confirm-subscription/:subscriberUuid', (c) => {
    const subscriber = deps.store.subscribers.findByUuidAnywhere(c.req.param('subscriberUuid'));
    if (subscriber === undefined) return c.html(page('Subscription not found', 'This confirmation link matches no subscriber (anymore).'), 404);
    const list = deps.store.emailLists.findById(subscriber.email_list_id) as EmailListRow;
    const status = subscriberStatus(subscriber);
    // ConfirmSubscriberController runs ConfirmSubscriberAction for any subscriber not subscribed: an unsubscribed
    // one too, who stays unsubscribed but gets a new subscribed_at and fires TagAdded×n and SubscribedEvent
    // (mailcoach-webhooks.md §3.2; decisions.md "Webhooks": copied, quirks.md).
    if (status !== 'subscribed') confirmSubscriber(deps, subscriber);
    const redirect = c.req.query('redirect');
    if (redirect !== undefined && /^https?:\/\//i.test(redirect)) return c.redirect(redirect, 302);
    const message =
      status === 'unsubscribed'
        ? `${subscriber.email} has unsubscribed from ${list.name} and stays unsubscribed.`
        : status === 'subscribed'
          ? `${subscriber.email} was already subscribed to ${list.name}.`
          : `${subscriber.email} is now subscribed to ${list.name}.`;
    return c.html(page(status === 'unsubscribed' ? 'Not subscribed' : 'Subscription confirmed', message));
  });
}

function escape(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function page(title: string, message: string, extra = ''): string {
  return `<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><title>${escape(title)}</title></head>
<body>
<h1>${escape(title)}</h1>
<p>${escape(message)}</p>
${extra}
</body>
</html>
`;
}
