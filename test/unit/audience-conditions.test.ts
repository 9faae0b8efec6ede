/**
 * A segment's conditions asked of one subscriber (an automation's trigger: inAudience) and of a whole list (a
 * campaign's delivery, a segment's count: audienceIds, audienceCount) are written two ways in subscribers-store.ts
 * for speed; they must select the same subscribers, for every operator and tag set (none, one, several, repeated).
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/open.js';
import type { SegmentCondition } from '../../server/db/rows.js';
import { createStore, type Store } from '../../server/db/store.js';
import { sequentialUuid } from '../../server/ids.js';

let store: Store;
beforeEach(() => {
  store = createStore(openDatabase(':memory:'));
});
afterEach(() => store.close());

it('selects the same subscribers for one subscriber as for the whole list', () => {
  const uuid = sequentialUuid();
  const at = 1_700_000_000;
  const ws = store.ensureWorkspace('default', at).id;
  const list = store.emailLists.insert({
    workspace_id: ws,
    uuid: uuid(),
    name: 'L',
    campaigns_feed_enabled: 0,
    default_from_email: 'l@example.com',
    default_from_name: null,
    default_reply_to_email: null,
    default_reply_to_name: null,
    allow_form_subscriptions: 0,
    honeypot_field: null,
    redirect_after_subscribed: null,
    redirect_after_already_subscribed: null,
    redirect_after_subscription_pending: null,
    redirect_after_unsubscribed: null,
    requires_confirmation: 0,
    confirmation_mailable_class: null,
    campaign_mailer: null,
    automation_mailer: null,
    transactional_mailer: null,
    report_recipients: null,
    report_campaign_sent: 0,
    report_campaign_summary: 0,
    report_email_list_summary: 0,
    email_list_summary_sent_at: null,
    extra_attributes: '{}',
    created_at: at,
    updated_at: at,
  });
  const tags = ['a', 'b', 'c'].map((name) =>
    store.tags.insert({
      workspace_id: ws,
      email_list_id: list.id,
      uuid: uuid(),
      name,
      type: 'default',
      visible_in_preferences: 0,
      created_at: at,
      updated_at: at,
    }),
  );
  // Every combination of the three tags, each subscribed, unsubscribed and unconfirmed.
  const all: number[] = [];
  for (let mask = 0; mask < 8; mask++) {
    for (const [subscribed, unsubscribed] of [
      [at, null],
      [at, at],
      [null, null],
    ] as const) {
      const row = store.subscribers.insert({
        workspace_id: ws,
        email_list_id: list.id,
        uuid: uuid(),
        email: `s${mask}-${subscribed}-${unsubscribed}@example.com`,
        first_name: null,
        last_name: null,
        extra_attributes: '{}',
        subscribed_at: subscribed,
        unsubscribed_at: unsubscribed,
        created_at: at,
        updated_at: at,
      });
      all.push(row.id);
      tags.forEach((tag, bit) => {
        if (mask & (1 << bit)) store.subscribers.attachTag(row.id, tag.id);
      });
    }
  }
  const ids = (names: string) => [...names].map((name) => tags['abc'.indexOf(name)]!.id);
  const sets = ['', 'a', 'ab', 'abc', 'aa'];
  const operators: Array<SegmentCondition['operator']> = ['in', 'all', 'not-in', 'none'];
  const everyone = store.subscribers.audienceIds(list.id, []);
  expect(everyone).toHaveLength(8);
  expect(everyone).toEqual(all.filter((id) => store.subscribers.inAudience(id, list.id, [])));
  for (const operator of operators) {
    for (const set of sets) {
      for (const other of [[], [{ operator: 'not-in' as const, tagIds: ids('c') }]]) {
        const conditions: SegmentCondition[] = [{ operator, tagIds: ids(set) }, ...other];
        const whole = store.subscribers.audienceIds(list.id, conditions);
        const oneByOne = all.filter((id) => store.subscribers.inAudience(id, list.id, conditions));
        expect(whole, `${operator} [${set}] ${other.length}`).toEqual(oneByOne);
        expect(store.subscribers.audienceCount(list.id, conditions)).toBe(whole.length);
      }
    }
  }
});
