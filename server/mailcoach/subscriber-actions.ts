/**
 * What the API's subscriber routes (subscribers.ts) and the web UI's (emulator/records/subscribers.ts,
 * email-lists.ts) share, so that both run the same code: the subscribers index (EmailListSubscribersQuery, docs/spec/mailcoach-audience-campaigns.md#23-get-apiemail-listsuuidsubscribers-httpapiqueriesemaillistsubscribersqueryphp-queriesfilterssearchfilterphp-subscriberstatusfilterphp),
 * the state actions with their preconditions (docs/spec/mailcoach-audience-campaigns.md#28-state-actions-apisubscribersuuid-post-no-body, docs/spec/mailcoach-audience-campaigns.md#29-the-same-actions-by-email-apiemail-listsuuidconfirmunsubscriberesubscriberesend-confirmation), the tag rules and input (docs/spec/mailcoach-audience-campaigns.md#211-tag-operations-on-a-subscriber-subscriberaddtagsremovetagssynctags).
 */
import type { Context } from 'hono';
import { sendConfirmationMail } from '../audience/confirmation-mail.js';
import { subscriberStatus } from '../audience/status.js';
import {
  announceConfirmationMail,
  confirmSubscriber,
  resubscribeSubscriber,
  unsubscribeSubscriber,
} from '../audience/subscription.js';
import type { AppDeps } from '../deps.js';
import type { EmailListRow, SubscriberRow } from '../db/rows.js';
import type { SubscriberFilters, SubscriberStatus } from '../db/subscribers-store.js';
import type { AppEnv } from '../http/env.js';
import type { IndexSpec } from '../http/listing.js';
import { urlDecode } from '../http/url-decode.js';
import { array, required, string } from '../validation/laravel-rules.js';
import type { RuleSet } from '../validation/validate.js';

const STATUSES: readonly SubscriberStatus[] = ['unconfirmed', 'subscribed', 'unsubscribed'];
/** The state actions: the status each needs, v8's 422 text otherwise (no full stop), and the change. */
export type StateAction = 'confirm' | 'unsubscribe' | 'resubscribe' | 'resend-confirmation';
const PRECONDITIONS: Record<StateAction, { status: SubscriberStatus; refusal: string }> = {
  confirm: { status: 'unconfirmed', refusal: 'The subscriber was already confirmed' },
  unsubscribe: { status: 'subscribed', refusal: 'This email was not subscribed' },
  resubscribe: { status: 'unsubscribed', refusal: 'This email was not unsubscribed' },
  'resend-confirmation': { status: 'unconfirmed', refusal: 'This email is not unconfirmed' },
};
export const ACTIONS = Object.keys(PRECONDITIONS) as StateAction[];

/** Why the action cannot run on this subscriber now (v8's 422 text), or null when it can. */
export function actionRefusal(action: StateAction, subscriber: SubscriberRow): string | null {
  const { status, refusal } = PRECONDITIONS[action];
  return subscriberStatus(subscriber) === status ? null : refusal;
}

/**
 * The state action's change, after actionRefusal() let it through; the web UI's actions (/_emulator) run it too,
 * so their events, webhooks and mails are the API's. `baseUrl`: where the confirmation mail's link points.
 */
export async function performAction(
  deps: AppDeps,
  baseUrl: string,
  action: StateAction,
  subscriber: SubscriberRow,
): Promise<void> {
  switch (action) {
    case 'confirm':
      confirmSubscriber(deps, subscriber);
      return;
    case 'unsubscribe':
      unsubscribeSubscriber(deps, subscriber);
      return;
    case 'resubscribe':
      resubscribeSubscriber(deps, subscriber);
      return;
    case 'resend-confirmation': {
      const list = deps.store.emailLists.findById(subscriber.email_list_id) as EmailListRow;
      announceConfirmationMail(deps, subscriber);
      await sendConfirmationMail(deps, baseUrl, list, subscriber);
      return;
    }
  }
}

/**
 * EmailListSubscribersQuery (docs/spec/mailcoach-audience-campaigns.md#23-get-apiemail-listsuuidsubscribers-httpapiqueriesemaillistsubscribersqueryphp-queriesfilterssearchfilterphp-subscriberstatusfilterphp): sorts, filters and the store's indexed page, shared with the web UI's list
 * (GET /_emulator/email-lists/{uuid}/subscribers), which presents the rows its own way.
 */
export function listSubscriberIndex(
  deps: AppDeps,
  list: EmailListRow,
): Omit<IndexSpec<SubscriberRow, SubscriberFilters>, 'present'> {
  return {
    query: {
      allowedSorts: [
        'created_at',
        'updated_at',
        'subscribed_at',
        'unsubscribed_at',
        'email',
        'first_name',
        'last_name',
        'id',
      ],
      allowedFilters: ['email', 'search', 'status', 'tags', 'tagType'],
      defaultSort: ['-created_at', '-id'],
    },
    sortColumns: Object.fromEntries(
      ['created_at', 'updated_at', 'subscribed_at', 'unsubscribed_at', 'email', 'first_name', 'last_name', 'id'].map(
        (n) => [n, n],
      ),
    ),
    filters: ({ filters }) => subscriberFilters(deps, list, filters),
    list: (workspaceId, filters, sort, window) =>
      deps.store.subscribers.list(workspaceId, list.id, filters, sort, window),
  };
}

/** EmailListSubscribersQuery's filters (docs/spec/mailcoach-audience-campaigns.md#23-get-apiemail-listsuuidsubscribers-httpapiqueriesemaillistsubscribersqueryphp-queriesfilterssearchfilterphp-subscriberstatusfilterphp). */
function subscriberFilters(deps: AppDeps, list: EmailListRow, filters: Record<string, string[]>): SubscriberFilters {
  const result: SubscriberFilters = {};
  // filter[email]: the comma-split parts joined back, trimmed; exact.
  if (filters.email !== undefined) result.email = filters.email.join(',').trim();
  if (filters.search !== undefined) result.search = filters.search.map(urlDecode);
  const status = filters.status;
  // Any other value, or several, is no filter (not an error).
  if (status !== undefined && status.length === 1 && STATUSES.includes(status[0] as SubscriberStatus))
    result.status = status[0] as SubscriberStatus;
  if (filters.tags !== undefined) {
    const wanted = new Set(filters.tags);
    const ids = deps.store.tags
      .ofList(list.id)
      .filter((tag) => wanted.has(tag.uuid) || wanted.has(tag.name))
      .map((tag) => tag.id);
    // No tag found: the filter is dropped, and every subscriber comes back.
    if (ids.length > 0) result.tags = { ids, all: filters.tagType?.[0] === 'all' };
  }
  return result;
}

export const TAG_RULES: RuleSet = [
  ['tags', [required, array]],
  ['tags.*', [string]],
];

/** The tag names of a `tags` input (a list, or an object's values). */
export function tagNames(value: unknown): string[] {
  if (value === null || typeof value !== 'object') return [];
  return Object.values(value).filter((name): name is string => typeof name === 'string');
}

/** This emulator as the request reached it: the mails' links point here. */
export function origin(c: Context<AppEnv>): string {
  return new URL(c.req.url).origin;
}
