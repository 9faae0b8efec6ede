/**
 * Subscribers (docs/spec/mailcoach-audience-campaigns.md#2-subscribers): the list's subscribers (index with filters, the upsert, the
 * state actions by email) under /api/email-lists/{emailList}, and one subscriber (show, update, delete, the state
 * actions, tags) under /api/subscribers/{subscriber}. Mirrors v8's SubscribersController, the subscriber action
 * controllers, StoreSubscriberRequest and UpdateSubscriberRequest.
 */
import { Hono, type Context } from 'hono';
import { sendConfirmationMail } from '../audience/confirmation-mail.js';
import { deleteSubscriber } from '../audience/delete.js';
import { subscriberStatus } from '../audience/status.js';
import { subscribe } from '../audience/subscribe.js';
import { addTags, removeTags } from '../audience/subscriber-tags.js';
import { updateSubscriber } from '../audience/update-subscriber.js';
import type { AppDeps } from '../deps.js';
import type { EmailListRow, SubscriberRow } from '../db/rows.js';
import { abort, modelNotFound } from '../errors.js';
import type { AppEnv } from '../http/env.js';
import type { Input } from '../validation/input.js';
import { laravelJson, noContent } from '../http/respond.js';
import { toEpochSeconds } from '../instant.js';
import { array, custom, email, maxString, nullable, phpTruthy, required, string } from '../validation/laravel-rules.js';
import { validate, type RuleSet } from '../validation/validate.js';
import { AUDIENCE_MODEL_CLASSES, subscriberPresenter } from './resources/audience.js';
import {
  ACTIONS,
  actionRefusal,
  listSubscriberIndex,
  origin,
  performAction,
  TAG_RULES,
  tagNames,
  type StateAction,
} from './subscriber-actions.js';
import { findEmailList } from './bindings.js';
import { orderedInputValue } from './ordered-input.js';
import { storedExtraAttributes } from '../audience/extra-attributes.js';
import { respondWithIndex } from '../http/listing.js';

const STORE_RULES = (deps: AppDeps, list: EmailListRow): RuleSet => [
  [
    'email',
    [
      required,
      email({ strict: true }),
      // EmailListSubscriptionRule, only with a truthy `strict` (docs/spec/mailcoach-audience-campaigns.md#25-post-apiemail-listsuuidsubscribers-create-or-update-upsert).
      custom('subscribed', (value, { data }) => {
        if (!phpTruthy(data.strict) || typeof value !== 'string') return null;
        const found = deps.store.subscribers.findByEmail(list.id, value.toLowerCase());
        return found !== undefined && subscriberStatus(found) === 'subscribed'
          ? 'This email address is already subscribed.'
          : null;
      }),
    ],
  ],
  ['first_name', [nullable, string, maxString(255)]],
  ['last_name', [nullable, string, maxString(255)]],
  ['extra_attributes', [nullable, array]],
  ['tags', [nullable, array]],
  ['tags.*', [string, maxString(255)]],
];

const UPDATE_RULES = (deps: AppDeps, subscriber: SubscriberRow): RuleSet => [
  [
    'email',
    [
      email({ strict: true }),
      custom('unique', (value) => {
        if (typeof value !== 'string') return null;
        const holder = deps.store.subscribers.findByEmail(subscriber.email_list_id, value);
        return holder !== undefined && holder.id !== subscriber.id
          ? 'There already is a subscriber on this list with this email.'
          : null;
      }),
    ],
  ],
  ['first_name', [nullable, string]],
  ['last_name', [nullable, string]],
  ['tags', [array]],
  ['tags.*', [string]],
  ['extra_attributes', [nullable, array]],
];

const BY_EMAIL_RULES: RuleSet = [['email', [required, email({ strict: true })]]];

/** The routes under /api/email-lists/{emailList}: subscribers index and upsert, and the actions by email. */
export function listSubscriberRoutes(deps: AppDeps) {
  const present = subscriberPresenter(deps);
  const routes = new Hono<AppEnv>()
    .get('/:emailList/subscribers', (c) => {
      const list = findEmailList(deps, c);
      return respondWithIndex(c, {
        ...listSubscriberIndex(deps, list),
        present: (row) => present(row, undefined, list.uuid),
      });
    })
    .post('/:emailList/subscribers', async (c) => {
      const list = findEmailList(deps, c);
      const input = c.get('input');
      validate(input, STORE_RULES(deps, list));
      const outcome = subscribe(deps, list, {
        email: input.email as string,
        firstName: typeof input.first_name === 'string' && input.first_name !== '' ? input.first_name : null,
        lastName: typeof input.last_name === 'string' && input.last_name !== '' ? input.last_name : null,
        extraAttributes: await orderedInputValue(c, deps.options.maxBodyBytes, 'extra_attributes'),
        tags: 'tags' in input ? tagNames(input.tags) : undefined,
        skipConfirmation: phpTruthy(input.skip_confirmation),
      });
      if (outcome.needsConfirmation) await sendConfirmationMail(deps, origin(c), list, outcome.subscriber);
      return laravelJson({ data: present(outcome.subscriber, outcome.tagNames) }, outcome.created ? 201 : 200);
    });
  for (const action of ACTIONS) {
    routes.post(`/:emailList/${action}`, async (c) => {
      const list = findEmailList(deps, c);
      validate(c.get('input'), BY_EMAIL_RULES);
      const subscriber = deps.store.subscribers.findByEmail(list.id, c.get('input').email as string);
      // abort(404) without a text (docs/spec/mailcoach-audience-campaigns.md#29-the-same-actions-by-email-apiemail-listsuuidconfirmunsubscriberesubscriberesend-confirmation).
      if (subscriber === undefined) throw abort(404, '');
      return runAction(deps, c, action, subscriber);
    });
  }
  return routes;
}

/** The routes under /api/subscribers/{subscriber}. */
export function subscriberRoutes(deps: AppDeps) {
  const present = subscriberPresenter(deps);
  const routes = new Hono<AppEnv>()
    .get('/:subscriber', (c) => laravelJson({ data: present(findSubscriber(deps, c)) }))
    .on(['PUT', 'PATCH'], '/:subscriber', async (c) => {
      const subscriber = findSubscriber(deps, c);
      const input = c.get('input');
      validate(input, UPDATE_RULES(deps, subscriber));
      const extra =
        'extra_attributes' in input
          ? await orderedInputValue(c, deps.options.maxBodyBytes, 'extra_attributes')
          : undefined;
      const updated = updateSubscriber(
        deps,
        subscriber,
        { ...changedFields(input, extra), updated_at: toEpochSeconds(deps.clock()) },
        { names: tagNames(input.tags), append: phpTruthy(input.append_tags) },
      );
      return laravelJson({ data: present(updated) });
    })
    .delete('/:subscriber', (c) => {
      deleteSubscriber(deps, findSubscriber(deps, c));
      return noContent();
    })
    .post('/:subscriber/tags', (c) => {
      const subscriber = findSubscriber(deps, c);
      validate(c.get('input'), TAG_RULES);
      // v8 answers the tags it had (by name), then the ones added, in request order.
      const before = deps.store.subscribers.tagsOf(subscriber.id).map((tag) => tag.name);
      const added = deps.store
        .transaction(() => addTags(deps, subscriber, tagNames(c.get('input').tags)))
        .map((tag) => tag.name);
      return laravelJson({ data: present(subscriber, [...before, ...added]) });
    })
    .delete('/:subscriber/tags', (c) => {
      const subscriber = findSubscriber(deps, c);
      validate(c.get('input'), TAG_RULES);
      deps.store.transaction(() => removeTags(deps, subscriber, tagNames(c.get('input').tags)));
      return laravelJson({ data: present(subscriber) });
    });
  for (const action of ACTIONS) {
    routes.post(`/:subscriber/${action}`, (c) => runAction(deps, c, action, findSubscriber(deps, c)));
  }
  return routes;
}

async function runAction(
  deps: AppDeps,
  c: Context<AppEnv>,
  action: StateAction,
  subscriber: SubscriberRow,
): Promise<Response> {
  const refusal = actionRefusal(action, subscriber);
  if (refusal !== null) throw abort(422, refusal);
  await performAction(deps, origin(c), action, subscriber);
  // ConfirmSubscriberController does not return its respondOk(): Laravel answers an empty 200 (docs/spec/mailcoach-audience-campaigns.md#01-shared-rules-not-spelled-out-in-the-reference).
  if (action === 'confirm')
    return new Response('', { status: 200, headers: { 'content-type': 'text/html; charset=UTF-8' } });
  return noContent();
}

/**
 * Subscriber::resolveRouteBinding(): by uuid; failing that, with an `email_list_uuid` input, the value as an email
 * of that list (docs/spec/mailcoach-audience-campaigns.md#01-shared-rules-not-spelled-out-in-the-reference).
 */
function findSubscriber(deps: AppDeps, c: Context<AppEnv>): SubscriberRow {
  const workspaceId = c.get('workspaceId');
  const value = c.req.param('subscriber') as string;
  let row = deps.store.subscribers.findByUuid(workspaceId, value);
  const listUuid = c.get('input').email_list_uuid ?? c.req.query('email_list_uuid');
  if (row === undefined && typeof listUuid === 'string') {
    const list = deps.store.emailLists.findByUuid(workspaceId, listUuid);
    if (list !== undefined) row = deps.store.subscribers.findByEmail(list.id, value);
  }
  if (row === undefined) throw modelNotFound(AUDIENCE_MODEL_CLASSES.subscriber);
  return row;
}

/**
 * The validated keys present in an update (docs/spec/mailcoach-audience-campaigns.md#26-putpatch-apisubscribersuuid): email as given, names, extra attributes replaced (`extra`: the
 * request's, in its key order).
 */
function changedFields(input: Input, extra: unknown) {
  const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);
  return {
    ...('email' in input && typeof input.email === 'string' ? { email: input.email } : {}),
    ...('first_name' in input ? { first_name: text(input.first_name) } : {}),
    ...('last_name' in input ? { last_name: text(input.last_name) } : {}),
    ...('extra_attributes' in input ? { extra_attributes: storedExtraAttributes(extra) } : {}),
  };
}
