/**
 * The web UI's subscriber page, without an API token, as the other records views:
 * - GET /_emulator/subscribers/{uuid}: SubscriberResource with its status, its tags with their types, and its list;
 * - POST /_emulator/subscribers/{uuid}/{confirm,unsubscribe,resubscribe,resend-confirmation}, POST and DELETE
 *   /_emulator/subscribers/{uuid}/tags ({tags: [...]}), DELETE /_emulator/subscribers/{uuid}: the API's actions
 *   (mailcoach/subscribers.ts) through the same domain functions (audience/*), so their Mailcoach events, webhook
 *   calls and confirmation mails are the API's; each answers the subscriber as it now is (the delete, 204).
 * A refused action (confirming a subscribed subscriber) is a 422 with the API's text.
 */
import { Hono, type Context } from 'hono';
import { deleteSubscriber } from '../../audience/delete.js';
import { subscriberStatus } from '../../audience/status.js';
import { addTags, removeTags } from '../../audience/subscriber-tags.js';
import type { AppDeps } from '../../deps.js';
import type { EmailListRow, SubscriberRow } from '../../db/rows.js';
import { ApiError } from '../../errors.js';
import type { AppEnv } from '../../http/env.js';
import { subscriberResource } from '../../mailcoach/resources/audience.js';
import {
  ACTIONS,
  actionRefusal,
  origin,
  performAction,
  TAG_RULES,
  tagNames,
} from '../../mailcoach/subscriber-actions.js';
import { cleanse } from '../../http/input.js';
import type { Input } from '../../validation/input.js';
import { validate } from '../../validation/validate.js';
import { readJsonObject } from '../request-body.js';
import type { SubscriberDetail } from '../schemas/audience.js';

export function subscriberRecordRoutes(deps: AppDeps) {
  /** The subscriber as the page shows it, read again (an action has just changed it). */
  const detail = (id: number): SubscriberDetail => {
    const row = deps.store.subscribers.findById(id);
    if (row === undefined) throw new ApiError(404, 'The subscriber is gone.');
    const list = deps.store.emailLists.findById(row.email_list_id) as EmailListRow;
    const tags = deps.store.subscribers.tagsOf(row.id);
    return {
      ...subscriberResource(
        row,
        list.uuid,
        tags.map((tag) => tag.name),
      ),
      status: subscriberStatus(row),
      tag_types: Object.fromEntries(tags.map((tag) => [tag.name, tag.type])),
      email_list: { uuid: list.uuid, name: list.name, requires_confirmation: list.requires_confirmation === 1 },
    };
  };

  const routes = new Hono<AppEnv>()
    .get('/:uuid', (c) => c.json({ data: detail(find(deps, c).id) }))
    .delete('/:uuid', (c) => {
      deleteSubscriber(deps, find(deps, c));
      return c.body(null, 204);
    })
    .post('/:uuid/tags', async (c) => {
      const subscriber = find(deps, c);
      // A POST's body is read as JSON here (workspace.ts), with the API's cleansing: the same rules see the same input.
      const input = cleanse(await readJsonObject(c)) as Input;
      validate(input, TAG_RULES);
      deps.store.transaction(() => addTags(deps, subscriber, tagNames(input.tags)));
      return c.json({ data: detail(subscriber.id) });
    })
    .delete('/:uuid/tags', (c) => {
      const subscriber = find(deps, c);
      validate(c.get('input'), TAG_RULES);
      deps.store.transaction(() => removeTags(deps, subscriber, tagNames(c.get('input').tags)));
      return c.json({ data: detail(subscriber.id) });
    });
  for (const action of ACTIONS) {
    routes.post(`/:uuid/${action}`, async (c) => {
      const subscriber = find(deps, c);
      const refusal = actionRefusal(action, subscriber);
      if (refusal !== null) throw new ApiError(422, `${refusal}.`);
      await performAction(deps, origin(c), action, subscriber);
      return c.json({ data: detail(subscriber.id) });
    });
  }
  return routes;
}

function find(deps: AppDeps, c: Context<AppEnv>): SubscriberRow {
  const uuid = c.req.param('uuid') as string;
  const row = deps.store.subscribers.findByUuid(c.get('workspaceId'), uuid);
  if (row === undefined) throw new ApiError(404, `No subscriber with uuid ${uuid} in this workspace.`);
  return row;
}
