/**
 * POST /simulate/*: what a mail provider's webhooks would report to Mailcoach, so that apps can test their
 * handling end to end. Opens and clicks update a send's counts and first/last times; a hard bounce or a
 * complaint suppresses the address, so that the next send to it gets Mailcoach's 406. Given a send, each does
 * what v8's Send does with the report (campaigns/engagement.ts): the 5 s open window, the first click's open, the
 * bounce's and the complaint's unsubscribe, and Mailcoach's events for the webhooks.
 */
import { Hono } from 'hono';
import * as z from 'zod/mini';
import type { AppDeps } from '../deps.js';
import { unsubscribeSubscriber } from '../audience/subscription.js';
import { registerClick, registerOpen, reportFeedback } from '../campaigns/engagement.js';
import type { SendRow, SubscriberRow } from '../db/rows.js';
import { subscriberPresenter } from '../mailcoach/resources/audience.js';
import { ApiError, ValidationError } from '../errors.js';
import { lazySchema } from '../fixtures/zod.js';
import type { AppEnv } from '../http/env.js';
import { sendResource, suppressionResource } from '../mailcoach/resources/transactional.js';
import { isRfcEmail } from '../validation/email.js';
import { readJsonObject } from './request-body.js';
import { parseOr422 } from '../validation/zod-issues.js';
import type { Subscriber } from './schemas/audience.js';
import type { Send, SimulatedFeedback } from './schemas/records.js';

/**
 * Laravel's wording for the problems zod reports in its own: a missing or empty send_uuid is Laravel's `required`
 * (which counts "" as missing) for opens and clicks, and its `filled` for bounces, where the email may stand in.
 */
const SIMULATE_MESSAGES: Record<string, string> = {
  email: 'The email field must be a valid email address.',
  send_uuid: 'The send_uuid field must be a string.',
};

const engagementBody = lazySchema(() =>
  z
    .object({ send_uuid: z.optional(z.string()), url: z.optional(z.string().check(z.minLength(1), z.maxLength(2048))) })
    .check(
      z.refine((body) => body.send_uuid !== undefined && body.send_uuid !== '', {
        message: 'The send_uuid field is required.',
        path: ['send_uuid'],
      }),
    ),
);

const bounceBody = lazySchema(() =>
  z
    .object({
      email: z.optional(z.string().check(z.refine((value) => isRfcEmail(value), SIMULATE_MESSAGES.email))),
      send_uuid: z.optional(
        z.string().check(z.refine((value) => value !== '', 'The send_uuid field must have a value.')),
      ),
    })
    .check(
      z.refine((body) => body.email !== undefined || body.send_uuid !== undefined, {
        message: 'Give the email or the send_uuid.',
        path: ['email'],
      }),
    ),
);

export function simulateRoutes(deps: AppDeps) {
  const api = new Hono<AppEnv>();
  for (const kind of ['open', 'click'] as const) {
    api.post(`/${kind}`, async (c) => {
      const { send_uuid, url } = parseOr422(
        engagementBody(),
        await readJsonObject(c),
        (field) => SIMULATE_MESSAGES[field],
      );
      const send = findSend(deps, c.get('workspaceId'), send_uuid as string);
      // v8 compares the clicked URL with route('mailcoach.unsubscribe'): the absolute unsubscribe URL of this emulator.
      const updated =
        kind === 'open'
          ? registerOpen(deps, send)
          : registerClick(deps, send, url, `${new URL(c.req.url).origin}/unsubscribe/`);
      const answer: Send = sendResource(updated);
      return c.json({ data: answer });
    });
  }
  for (const kind of ['bounce', 'soft-bounce', 'complaint'] as const) {
    api.post(`/${kind}`, async (c) => {
      const body = parseOr422(bounceBody(), await readJsonObject(c), (field) => SIMULATE_MESSAGES[field]);
      const workspaceId = c.get('workspaceId');
      const send = body.send_uuid === undefined ? undefined : findSend(deps, workspaceId, body.send_uuid);
      const email = body.email ?? recipientOf(deps, send as SendRow);
      const suppression = reportFeedback(deps, workspaceId, { send, email, kind });
      return c.json({
        suppression: suppression === null ? null : suppressionResource(suppression.row),
        created: suppression?.created ?? false,
      } satisfies SimulatedFeedback);
    });
  }
  api.post('/unsubscribe', async (c) => {
    const { send_uuid } = parseOr422(engagementBody(), await readJsonObject(c), (field) => SIMULATE_MESSAGES[field]);
    const send = findSend(deps, c.get('workspaceId'), send_uuid as string);
    const subscriber =
      send.subscriber_uuid === null
        ? undefined
        : deps.store.subscribers.findByUuid(send.workspace_id, send.subscriber_uuid);
    if (subscriber === undefined)
      throw new ValidationError({ send_uuid: ['The send has no subscriber to unsubscribe (a transactional send).'] });
    const campaign =
      send.campaign_uuid === null ? undefined : deps.store.campaigns.findByUuid(send.workspace_id, send.campaign_uuid);
    // As the unsubscribe link of the mail does (mailcoach/public-routes.ts): once, counted for the campaign, with
    // its UnsubscribedEvent; nothing for one already unsubscribed.
    if (subscriber.unsubscribed_at === null) unsubscribeSubscriber(deps, subscriber, campaign);
    const answer: Subscriber = subscriberPresenter(deps)(
      deps.store.subscribers.findById(subscriber.id) as SubscriberRow,
    );
    return c.json({ data: answer });
  });
  return api;
}

/**
 * The send a simulation is about. A campaign send to a suppressed address got no mail (deliver.ts records it as
 * `suppressed`): no provider could report an open, a click, a bounce or a complaint for it, and its subscriber
 * has no link to unsubscribe with, so each simulation refuses it rather than pretend.
 */
function findSend(deps: AppDeps, workspaceId: number, uuid: string): SendRow {
  const send = deps.store.sends.findByUuid(workspaceId, uuid);
  if (send === undefined) throw new ApiError(404, `No send with uuid ${uuid} in this workspace.`);
  if (deps.store.sends.feedbackOf(send.id).some((feedback) => feedback.type === 'suppressed')) {
    throw new ValidationError({
      send_uuid: ['The send was suppressed: no mail went out, so nothing can be reported about it.'],
    });
  }
  return send;
}

/** The address a send went to: its subscriber's (a campaign send), or the first To of its log item. */
function recipientOf(deps: AppDeps, send: SendRow): string {
  const subscriber =
    send.subscriber_uuid === null
      ? undefined
      : deps.store.subscribers.findByUuid(send.workspace_id, send.subscriber_uuid);
  if (subscriber !== undefined) return subscriber.email;
  const logItemUuid = send.transactional_mail_log_item_uuid;
  const logItem = logItemUuid === null ? undefined : deps.store.logItems.findByUuid(send.workspace_id, logItemUuid);
  // Log items keep their addresses as [{name, email}] (fixtures/apply.ts, mail/send-transactional.ts).
  const to = logItem === undefined ? [] : (JSON.parse(logItem.to_json) as Array<{ name: string; email: string }>);
  const address = to[0]?.email;
  if (address === undefined || address === '') {
    throw new ValidationError({ send_uuid: ['The send has no recipient the emulator knows of: give the email.'] });
  }
  return address;
}
