/**
 * The public pages the links of captured mails open (v8's routes/mailcoach-public-api.php, outside /api, no token
 * and, as there, no session or CSRF token; the links name no workspace, and uuids are unique across them):
 * - `GET /confirm-subscription/{subscriberUuid}` (a double opt-in mail): confirms a subscriber not subscribed (an
 *   unsubscribed one only gets a new subscribed_at and the events, as on v8), then redirects to `?redirect=` (the list's redirect_after_subscribed) or shows a small page;
 * - `GET /unsubscribe/{subscriberUuid}/{sendUuid?}` (a campaign mail's link): a page whose button POSTs to the same
 *   URL; that POST, and the RFC 8058 one-click POST of `List-Unsubscribe-Post`, unsubscribe the subscriber and, for a
 *   campaign's send, record the campaign's unsubscribe (its statistics and /unsubscribes list);
 * - `GET /unsubscribe-tag/{subscriberUuid}/{tag}/{sendUuid?}` (`::unsubscribeTag::<tag>::`, and `List-Unsubscribe`
 *   of a mail that has one): UnsubscribeTagController's page, whose POST (and the one-click POST) removes the tag
 *   (`TagRemovedEvent`), then redirects to the list's redirect_after_unsubscribed or shows v8's page;
 * - `GET /manage-preferences/{subscriberUuid}/{sendUuid?}` (`::preferencesUrl::`): ManagePreferencesController's
 *   page, with its two POSTs: `/manage-preferences/info/{subscriberUuid}` (first and last name) and
 *   `/manage-preferences/subscriptions/{subscriberUuid}/{sendUuid?}` (the preference tags synced, or unsubscribe from
 *   all); `GET /preferences/...`, the emulator's path before, redirects there (quirks.md);
 * - `GET /webview/campaign/{campaignUuid}` (`::webviewUrl::`, v8's path; v7's `/webview/{campaignUuid}` is an
 *   unknown route, as on v8): the campaign as a page (404 when its webview is disabled), in the sandbox the inbox
 *   serves captured HTML in.
 */
import { Hono, type Context } from 'hono';
import type { AppDeps } from '../deps.js';
import type { EmailListRow, SubscriberRow } from '../db/rows.js';
import type { AppEnv } from '../http/env.js';
import { CAPTURED_HTML_HEADERS } from '../http/captured-html.js';
import { requestBody } from '../http/body.js';
import { readInput } from '../http/input.js';
import { routeNotFound } from '../errors.js';
import { toEpochSeconds } from '../instant.js';
import { subscriberStatus } from '../audience/status.js';
import { removeTags, syncPreferenceTags } from '../audience/subscriber-tags.js';
import { confirmSubscriber, unsubscribeSubscriber } from '../audience/subscription.js';
import { preferencesPath } from '../campaigns/personalize.js';
import { phpUrldecodeBytes } from '../campaigns/unsubscribe-tag.js';
import { phpTruthy } from '../validation/laravel-rules.js';
import {
  alreadyUnsubscribedPage,
  couldNotFindSubscriptionPage,
  escapeHtml,
  managePreferencesPage,
  messagePage as page,
  unsubscribedPage,
  unsubscribedTagPage,
  unsubscribeTagPage,
} from './landing-pages.js';

export function publicAudienceRoutes(deps: AppDeps) {
  // Laravel's cache of `updated-{uuid}` flags (ManagePreferencesController), kept in memory.
  const updatedFlags = new Set<string>();
  const unsubscribePage = (c: Context<AppEnv>) => {
    const subscriber = deps.store.subscribers.findByUuidAnywhere(c.req.param('subscriberUuid') as string);
    if (subscriber === undefined)
      return c.html(page('Not found', 'This unsubscribe link matches no subscriber (anymore).'), 404);
    const list = deps.store.emailLists.findById(subscriber.email_list_id) as EmailListRow;
    if (subscriberStatus(subscriber) === 'unsubscribed')
      return c.html(page('Unsubscribed', `${subscriber.email} is not subscribed to ${list.name}.`));
    const form = `<form method="post"><button type="submit">Unsubscribe ${escapeHtml(subscriber.email)} from ${escapeHtml(list.name)}</button></form>`;
    return c.html(page('Unsubscribe', `Do you want to stop receiving mail from ${list.name}?`, form));
  };
  const unsubscribe = (c: Context<AppEnv>) => {
    const subscriber = deps.store.subscribers.findByUuidAnywhere(c.req.param('subscriberUuid') as string);
    if (subscriber === undefined)
      return c.html(page('Not found', 'This unsubscribe link matches no subscriber (anymore).'), 404);
    const list = deps.store.emailLists.findById(subscriber.email_list_id) as EmailListRow;
    // UnsubscribeController: for any subscriber not unsubscribed yet (an unconfirmed one too), with its
    // UnsubscribedEvent; an unsubscribed one changes nothing and fires nothing (docs/spec/mailcoach-webhooks.md#32-subscriber-events-when-they-fire).
    if (subscriberStatus(subscriber) !== 'unsubscribed') {
      unsubscribeSubscriber(deps, subscriber, campaignOfSend(deps, subscriber, optionalParam(c.req.param('sendUuid'))));
    }
    return c.html(page('Unsubscribed', `${subscriber.email} has been unsubscribed from ${list.name}.`));
  };
  return (
    new Hono<AppEnv>()
      .get('/unsubscribe/:subscriberUuid/:sendUuid?', unsubscribePage)
      .post('/unsubscribe/:subscriberUuid/:sendUuid?', unsubscribe)
      // The emulator's own path before v8's (decisions.md; quirks.md): links in mails captured earlier keep working.
      .get('/preferences/:subscriberUuid/:sendUuid?', (c) =>
        c.redirect(
          preferencesPath(encodeURIComponent(c.req.param('subscriberUuid')), encodeOptional(c.req.param('sendUuid'))),
          301,
        ),
      )
      .get('/manage-preferences/:subscriberUuid/:sendUuid?', (c) => {
        const uuid = c.req.param('subscriberUuid');
        // `cache()->pull('updated-'.$uuid)`: the flag a POST left, shown once.
        const updated = updatedFlags.delete(uuid);
        const found = findSubscriber(deps, uuid);
        if (found === undefined) return c.html(couldNotFindSubscriptionPage());
        const { subscriber, list } = found;
        if (subscriberStatus(subscriber) === 'unsubscribed') return c.html(alreadyUnsubscribedPage(list.name));
        const has = new Set(deps.store.subscribers.tagsOf(subscriber.id).map((tag) => tag.id));
        const tags = deps.store.tags
          .ofList(list.id)
          .filter((tag) => tag.type === 'default' && tag.visible_in_preferences === 1)
          .map((tag) => ({ name: tag.name, checked: has.has(tag.id) }));
        return c.html(
          managePreferencesPage({
            subscriberUuid: subscriber.uuid,
            firstName: subscriber.first_name,
            lastName: subscriber.last_name,
            tags,
            updated,
          }),
        );
      })
      .post('/manage-preferences/info/:subscriberUuid', async (c) => {
        const found = findSubscriber(deps, c.req.param('subscriberUuid'));
        if (found === undefined) return c.html(couldNotFindSubscriptionPage());
        const { subscriber } = found;
        const input = await readInput(c.req.raw, () => requestBody(c, deps.options.maxBodyBytes));
        // `$subscriber->update(['first_name' => $request->get('first_name'), 'last_name' => ...])`, whatever the
        // status. What v8's VARCHAR(255) columns refuse with a 500 is a page saying why here, and changes nothing.
        const names = { first_name: input.first_name ?? null, last_name: input.last_name ?? null };
        for (const [field, value] of Object.entries(names)) {
          const label = field === 'first_name' ? 'first name' : 'last name';
          if (value !== null && typeof value !== 'string')
            return c.html(page('Not saved', `The ${label} must be a text.`), 422);
          if (typeof value === 'string' && [...value].length > 255)
            return c.html(page('Not saved', `The ${label} may not be greater than 255 characters.`), 422);
        }
        const { first_name: firstName, last_name: lastName } = names as {
          first_name: string | null;
          last_name: string | null;
        };
        // Eloquent saves (and touches updated_at) only when a value changed; no Mailcoach event either way.
        if (firstName !== subscriber.first_name || lastName !== subscriber.last_name) {
          deps.store.subscribers.update(subscriber.id, {
            first_name: firstName,
            last_name: lastName,
            updated_at: toEpochSeconds(deps.clock()),
          });
        }
        updatedFlags.add(subscriber.uuid);
        return back(c);
      })
      .post('/manage-preferences/subscriptions/:subscriberUuid/:sendUuid?', async (c) => {
        const found = findSubscriber(deps, c.req.param('subscriberUuid'));
        if (found === undefined) return c.html(couldNotFindSubscriptionPage());
        const { subscriber, list } = found;
        if (subscriberStatus(subscriber) === 'unsubscribed') return c.html(alreadyUnsubscribedPage(list.name));
        const input = await readInput(c.req.raw, () => requestBody(c, deps.options.maxBodyBytes));
        if (phpTruthy(input.unsubscribe_from_all)) {
          // `$subscriber->unsubscribe(Send::findByUuid($sendUuid ?? ''))`: the page's own form names no send, a link
          // with one counts for its campaign.
          unsubscribeSubscriber(
            deps,
            subscriber,
            campaignOfSend(deps, subscriber, optionalParam(c.req.param('sendUuid'))),
          );
          return afterUnsubscribe(c, list, unsubscribedPage(list.name));
        }
        // `syncPreferenceTags(array_keys($request->get('tags', [])))`: the checked boxes' names (a list's keys are
        // its indexes, as PHP's array_keys gives them).
        const tags = input.tags;
        const names = tags !== null && typeof tags === 'object' ? Object.keys(tags) : [];
        deps.store.transaction(() => syncPreferenceTags(deps, subscriber, names));
        updatedFlags.add(subscriber.uuid);
        return back(c);
      })
      .get('/unsubscribe-tag/*', (c) => {
        const link = unsubscribeTagLink(c);
        const found = findSubscriber(deps, link.subscriberUuid);
        if (found === undefined) return c.html(couldNotFindSubscriptionPage());
        const { subscriber, list } = found;
        if (subscriberStatus(subscriber) === 'unsubscribed') return c.html(alreadyUnsubscribedPage(list.name));
        return c.html(unsubscribeTagPage(list.name, link.tag));
      })
      .post('/unsubscribe-tag/*', (c) => {
        const link = unsubscribeTagLink(c);
        const found = findSubscriber(deps, link.subscriberUuid);
        if (found === undefined) return c.html(couldNotFindSubscriptionPage());
        const { subscriber, list } = found;
        if (subscriberStatus(subscriber) === 'unsubscribed') return c.html(alreadyUnsubscribedPage(list.name));
        // `$subscriber->removeTag(urldecode($tag))`: any type, case-insensitive; no such tag changes nothing.
        const name = phpUrldecodeBytes(link.tag, true).toString('utf8');
        deps.store.transaction(() => removeTags(deps, subscriber, [name]));
        return afterUnsubscribe(c, list, unsubscribedTagPage(list.name, link.tag));
      })
      .get('/webview/campaign/:campaignUuid', (c) => {
        const campaign = deps.store.campaigns.findByUuidAnywhere(c.req.param('campaignUuid'));
        if (campaign === undefined || campaign.disable_webview === 1)
          return c.html(page('Not found', 'No such campaign.'), 404);
        return c.body(campaign.webview_html ?? campaign.html ?? '', 200, CAPTURED_HTML_HEADERS);
      })
      .get('/confirm-subscription/:subscriberUuid', (c) => {
        const subscriber = deps.store.subscribers.findByUuidAnywhere(c.req.param('subscriberUuid'));
        if (subscriber === undefined)
          return c.html(page('Subscription not found', 'This confirmation link matches no subscriber (anymore).'), 404);
        const list = deps.store.emailLists.findById(subscriber.email_list_id) as EmailListRow;
        const status = subscriberStatus(subscriber);
        // ConfirmSubscriberController runs ConfirmSubscriberAction for any subscriber not subscribed: an unsubscribed
        // one too, who stays unsubscribed but gets a new subscribed_at and fires TagAdded×n and SubscribedEvent
        // (docs/spec/mailcoach-webhooks.md#32-subscriber-events-when-they-fire; decisions.md "Webhooks": copied, quirks.md).
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
      })
  );
}

/** Subscriber::findByUuid with its list. */
function findSubscriber(deps: AppDeps, uuid: string): { subscriber: SubscriberRow; list: EmailListRow } | undefined {
  const subscriber = deps.store.subscribers.findByUuidAnywhere(uuid);
  if (subscriber === undefined) return undefined;
  return { subscriber, list: deps.store.emailLists.findById(subscriber.email_list_id) as EmailListRow };
}

/** The campaign of a send, for its Unsubscribe record (any send of the subscriber's workspace, as v8's findByUuid). */
function campaignOfSend(deps: AppDeps, subscriber: SubscriberRow, sendUuid: string | null) {
  const send = sendUuid === null ? undefined : deps.store.sends.findByUuid(subscriber.workspace_id, sendUuid);
  return send?.campaign_uuid == null
    ? undefined
    : deps.store.campaigns.findByUuid(subscriber.workspace_id, send.campaign_uuid);
}

function encodeOptional(value: string | undefined): string | null {
  return value === undefined || value === '' ? null : encodeURIComponent(value);
}

function optionalParam(value: string | undefined): string | null {
  return value === undefined || value === '' ? null : value;
}

/** `redirect()->back()` without a session: to the Referer, else the app's root. */
function back(c: Context<AppEnv>) {
  return c.redirect(c.req.header('referer') ?? '/', 302);
}

/** The list's redirect_after_unsubscribed, else v8's page. */
function afterUnsubscribe(c: Context<AppEnv>, list: EmailListRow, html: string) {
  return list.redirect_after_unsubscribed ? c.redirect(list.redirect_after_unsubscribed, 302) : c.html(html);
}

/**
 * `/unsubscribe-tag/{subscriberUuid}/{tag}/{sendUuid?}` as Laravel matches it: against the rawurldecoded path (so
 * an encoded `/` in the tag splits it), each segment non-empty, a trailing slash ignored; anything else is an
 * unknown route. `tag` is the segment as the route gives it (rawurldecoded, `+` kept).
 */
function unsubscribeTagLink(c: Context<AppEnv>): { subscriberUuid: string; tag: string; sendUuid: string | null } {
  const rawPath = new URL(c.req.url).pathname;
  const path = phpUrldecodeBytes(rawPath, false).toString('utf8').replace(/\/+$/, '');
  const segments = path.split('/').slice(2);
  if (segments.length < 2 || segments.length > 3 || segments.some((segment) => segment === ''))
    throw routeNotFound(rawPath);
  return { subscriberUuid: segments[0] as string, tag: segments[1] as string, sendUuid: segments[2] ?? null };
}
