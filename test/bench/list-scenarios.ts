/**
 * The list part's scenarios (lists.ts): each list request with the page it must answer, computed here from the
 * seeded data, and the same list as a direct store call.
 */
import type { PageWindow, SortTerm } from '../../server/db/statements.js';
import type { createStore } from '../../server/db/store.js';
import { byId, contains, expectPage, PER_PAGE, type Expected } from './expected.js';
import type { SeededData } from './seed.js';

export interface Scenario {
  group: string;
  name: string;
  path: string;
  expected: Expected;
  /** The same list as a direct store call. */
  store: () => { total: number };
}

export function scenarios(data: SeededData, store: ReturnType<typeof createStore>): Scenario[] {
  const ws = data.workspaceId;
  const sup = data.suppressions;
  const sends = data.sends;
  const terms = (...t: Array<[string, boolean]>): SortTerm[] =>
    t.map(([column, descending]) => ({ column, descending }));
  const window = (page: number) => ({ offset: (page - 1) * PER_PAGE, limit: PER_PAGE });
  const lastPage = (total: number) => Math.max(1, Math.ceil(total / PER_PAGE));
  const middlePage = (total: number) => Math.max(1, Math.ceil(lastPage(total) / 2));

  const supById = [byId(false)];
  const supByCreatedDesc = [{ key: (r: (typeof sup)[number]) => r.created_at, descending: true }, byId(true)];
  const hardBounces = sup.filter((r) => r.reason === 'hard_bounce').length;
  const spam = (r: (typeof sup)[number]) => r.reason === 'spam_complaint';
  // A substring matching a few rows: a name and the leading digits of a row number, e.g. "brown.1o0".
  const sample = sup[Math.floor(sup.length * 0.7777)] ?? sup[0]!;
  const fewNeedle = sample.email
    .slice(0, sample.email.indexOf('@') - 1)
    .split('.')
    .slice(1)
    .join('.');
  const manyNeedle = 'gmail';
  const manyTotal = sup.filter((r) => contains(manyNeedle)(r.email)).length;
  const shortNeedle = 'ja';
  const supPages = lastPage(sup.length);

  const sendsDefault = [{ key: (r: (typeof sends)[number]) => r.sent_at, descending: true }, byId(true)];
  const sendsAsc = [{ key: (r: (typeof sends)[number]) => r.sent_at, descending: false }, byId(false)];
  const campaign = data.campaignUuids[0]!;
  const campaignTotal = sends.filter((r) => r.campaign_uuid === campaign).length;
  const logItem = data.logItemUuids[Math.floor(data.logItemUuids.length / 2)]!;
  const subscriber = sends.find((r) => r.subscriber_uuid !== null)?.subscriber_uuid ?? '';
  const sendPages = lastPage(sends.length);

  const latestFirst = [{ key: (r: { created_at: number }) => r.created_at, descending: true }, byId(true)];

  const list: Scenario[] = [
    {
      group: 'suppressions',
      name: 'first page',
      path: '/api/suppressions',
      expected: expectPage(sup, () => true, supById, 1),
      store: () => store.suppressions.list(ws, {}, terms(['id', false]), window(1)),
    },
    {
      group: 'suppressions',
      name: `middle page (${middlePage(sup.length)})`,
      path: `/api/suppressions?page=${middlePage(sup.length)}`,
      expected: expectPage(sup, () => true, supById, middlePage(sup.length)),
      store: () => store.suppressions.list(ws, {}, terms(['id', false]), window(middlePage(sup.length))),
    },
    {
      group: 'suppressions',
      name: `last page (${supPages})`,
      path: `/api/suppressions?page=${supPages}`,
      expected: expectPage(sup, () => true, supById, supPages),
      store: () => store.suppressions.list(ws, {}, terms(['id', false]), window(supPages)),
    },
    {
      group: 'suppressions',
      name: 'reason=hard_bounce, page 1',
      path: '/api/suppressions?filter[reason]=hard_bounce',
      expected: expectPage(sup, (r) => r.reason === 'hard_bounce', supById, 1),
      store: () => store.suppressions.list(ws, { reasons: ['hard_bounce'] }, terms(['id', false]), window(1)),
    },
    {
      group: 'suppressions',
      name: `reason=hard_bounce, page ${middlePage(hardBounces)}`,
      path: `/api/suppressions?filter[reason]=hard_bounce&page=${middlePage(hardBounces)}`,
      expected: expectPage(sup, (r) => r.reason === 'hard_bounce', supById, middlePage(hardBounces)),
      store: () =>
        store.suppressions.list(
          ws,
          { reasons: ['hard_bounce'] },
          terms(['id', false]),
          window(middlePage(hardBounces)),
        ),
    },
    {
      group: 'suppressions',
      name: `search "${fewNeedle}" (few)`,
      path: `/api/suppressions?filter[search]=${fewNeedle}`,
      expected: expectPage(sup, (r) => contains(fewNeedle)(r.email), supById, 1),
      store: () => store.suppressions.list(ws, { search: [fewNeedle] }, terms(['id', false]), window(1)),
    },
    {
      group: 'suppressions',
      name: `search "${manyNeedle}" (many), page 1`,
      path: `/api/suppressions?filter[search]=${manyNeedle}`,
      expected: expectPage(sup, (r) => contains(manyNeedle)(r.email), supById, 1),
      store: () => store.suppressions.list(ws, { search: [manyNeedle] }, terms(['id', false]), window(1)),
    },
    {
      group: 'suppressions',
      name: `search "${manyNeedle}" (many), page ${middlePage(manyTotal)}`,
      path: `/api/suppressions?filter[search]=${manyNeedle}&page=${middlePage(manyTotal)}`,
      expected: expectPage(sup, (r) => contains(manyNeedle)(r.email), supById, middlePage(manyTotal)),
      store: () =>
        store.suppressions.list(ws, { search: [manyNeedle] }, terms(['id', false]), window(middlePage(manyTotal))),
    },
    {
      group: 'suppressions',
      name: `search "${shortNeedle}" (2 chars)`,
      path: `/api/suppressions?filter[search]=${shortNeedle}`,
      expected: expectPage(sup, (r) => contains(shortNeedle)(r.email), supById, 1),
      store: () => store.suppressions.list(ws, { search: [shortNeedle] }, terms(['id', false]), window(1)),
    },
    {
      group: 'suppressions',
      name: 'sort=-created_at, page 1',
      path: '/api/suppressions?sort=-created_at',
      expected: expectPage(sup, () => true, supByCreatedDesc, 1),
      store: () => store.suppressions.list(ws, {}, terms(['created_at', true], ['id', true]), window(1)),
    },
    {
      group: 'suppressions',
      name: `sort=-created_at, page ${middlePage(sup.length)}`,
      path: `/api/suppressions?sort=-created_at&page=${middlePage(sup.length)}`,
      expected: expectPage(sup, () => true, supByCreatedDesc, middlePage(sup.length)),
      store: () =>
        store.suppressions.list(ws, {}, terms(['created_at', true], ['id', true]), window(middlePage(sup.length))),
    },
    {
      group: 'suppressions',
      name: 'reason=spam_complaint, sort=-created_at, page 200',
      path: '/api/suppressions?filter[reason]=spam_complaint&sort=-created_at&page=200',
      expected: expectPage(sup, spam, supByCreatedDesc, 200),
      store: () =>
        store.suppressions.list(
          ws,
          { reasons: ['spam_complaint'] },
          terms(['created_at', true], ['id', true]),
          window(200),
        ),
    },
    {
      group: 'sends',
      name: 'first page (-sent_at)',
      path: '/api/sends',
      expected: expectPage(sends, () => true, sendsDefault, 1),
      store: () => store.sends.list(ws, {}, terms(['sent_at', true], ['id', true]), window(1)),
    },
    {
      group: 'sends',
      name: `middle page (${middlePage(sends.length)})`,
      path: `/api/sends?page=${middlePage(sends.length)}`,
      expected: expectPage(sends, () => true, sendsDefault, middlePage(sends.length)),
      store: () => store.sends.list(ws, {}, terms(['sent_at', true], ['id', true]), window(middlePage(sends.length))),
    },
    {
      group: 'sends',
      name: 'sort=sent_at, page 1',
      path: '/api/sends?sort=sent_at',
      expected: expectPage(sends, () => true, sendsAsc, 1),
      store: () => store.sends.list(ws, {}, terms(['sent_at', false], ['id', false]), window(1)),
    },
    {
      group: 'sends',
      name: `sort=sent_at, last page (${sendPages})`,
      path: `/api/sends?sort=sent_at&page=${sendPages}`,
      expected: expectPage(sends, () => true, sendsAsc, sendPages),
      store: () => store.sends.list(ws, {}, terms(['sent_at', false], ['id', false]), window(sendPages)),
    },
    {
      group: 'sends',
      name: `campaign_uuid (${campaignTotal} rows), page 1`,
      path: `/api/sends?filter[campaign_uuid]=${campaign}`,
      expected: expectPage(sends, (r) => r.campaign_uuid === campaign, sendsDefault, 1),
      store: () =>
        store.sends.list(ws, { campaign_uuid: [campaign] }, terms(['sent_at', true], ['id', true]), window(1)),
    },
    {
      group: 'sends',
      name: `campaign_uuid, page ${middlePage(campaignTotal)}`,
      path: `/api/sends?filter[campaign_uuid]=${campaign}&page=${middlePage(campaignTotal)}`,
      expected: expectPage(sends, (r) => r.campaign_uuid === campaign, sendsDefault, middlePage(campaignTotal)),
      store: () =>
        store.sends.list(
          ws,
          { campaign_uuid: [campaign] },
          terms(['sent_at', true], ['id', true]),
          window(middlePage(campaignTotal)),
        ),
    },
    {
      group: 'sends',
      name: 'transactional_mail_log_item_uuid',
      path: `/api/sends?filter[transactional_mail_log_item_uuid]=${logItem}`,
      expected: expectPage(sends, (r) => r.transactional_mail_log_item_uuid === logItem, sendsDefault, 1),
      store: () =>
        store.sends.list(
          ws,
          { transactional_mail_log_item_uuid: [logItem] },
          terms(['sent_at', true], ['id', true]),
          window(1),
        ),
    },
    {
      group: 'sends',
      name: 'subscriber_uuid',
      path: `/api/sends?filter[subscriber_uuid]=${subscriber}`,
      expected: expectPage(sends, (r) => r.subscriber_uuid === subscriber, sendsDefault, 1),
      store: () =>
        store.sends.list(ws, { subscriber_uuid: [subscriber] }, terms(['sent_at', true], ['id', true]), window(1)),
    },
    {
      group: 'templates',
      name: `first page (${data.templates.length} rows)`,
      path: '/api/transactional-mails/templates',
      expected: expectPage(data.templates, () => true, latestFirst, 1),
      store: () => store.templates.list(ws, {}, terms(['created_at', true], ['id', true]), window(1)),
    },
    {
      group: 'transactional-mails',
      name: `first page (${data.logItems.length} rows)`,
      path: '/api/transactional-mails',
      expected: expectPage(data.logItems, () => true, latestFirst, 1),
      store: () => store.logItems.list(ws, {}, terms(['created_at', true], ['id', true]), window(1)),
    },
    {
      group: 'transactional-mails',
      name: `middle page (${middlePage(data.logItems.length)})`,
      path: `/api/transactional-mails?page=${middlePage(data.logItems.length)}`,
      expected: expectPage(data.logItems, () => true, latestFirst, middlePage(data.logItems.length)),
      store: () =>
        store.logItems.list(
          ws,
          {},
          terms(['created_at', true], ['id', true]),
          window(middlePage(data.logItems.length)),
        ),
    },
    // An email list's subscribers: SubscribersController@index's default order and filters.
    ...subscriberScenarios(data, store, window, middlePage),
    // The web UI's lists: the same queries, each row with what the emulator adds (origin; state and feedback).
    {
      group: 'web UI lists',
      name: 'suppressions, middle page',
      path: `/_emulator/suppressions?page=${middlePage(sup.length)}`,
      expected: expectPage(sup, () => true, supById, middlePage(sup.length)),
      store: () => store.suppressions.list(ws, {}, terms(['id', false]), window(middlePage(sup.length))),
    },
    {
      group: 'web UI lists',
      name: `suppressions, search "${manyNeedle}" (many)`,
      path: `/_emulator/suppressions?filter[search]=${manyNeedle}&sort=-created_at`,
      expected: expectPage(sup, (r) => contains(manyNeedle)(r.email), supByCreatedDesc, 1),
      store: () =>
        store.suppressions.list(ws, { search: [manyNeedle] }, terms(['created_at', true], ['id', true]), window(1)),
    },
    {
      group: 'web UI lists',
      name: 'sends, first page (-sent_at)',
      path: '/_emulator/sends',
      expected: expectPage(sends, () => true, sendsDefault, 1),
      store: () => store.sends.list(ws, {}, terms(['sent_at', true], ['id', true]), window(1)),
    },
    {
      group: 'web UI lists',
      name: 'sends, campaign_uuid, page 1',
      path: `/_emulator/sends?filter[campaign_uuid]=${campaign}`,
      expected: expectPage(sends, (r) => r.campaign_uuid === campaign, sendsDefault, 1),
      store: () =>
        store.sends.list(ws, { campaign_uuid: [campaign] }, terms(['sent_at', true], ['id', true]), window(1)),
    },
  ];
  return list;
}

function subscriberScenarios(
  data: SeededData,
  store: ReturnType<typeof createStore>,
  window: (page: number) => PageWindow,
  middlePage: (total: number) => number,
): Scenario[] {
  const subs = data.subscribers;
  const list = store.emailLists.findByUuid(data.workspaceId, data.listUuid)!;
  const path = `/api/email-lists/${data.listUuid}/subscribers`;
  const newest = [{ key: (r: (typeof subs)[number]) => r.created_at, descending: true }, byId(true)];
  const unsubscribed = subs.filter((r) => r.status === 'unsubscribed').length;
  const sample = subs[Math.floor(subs.length * 0.61)] ?? subs[0]!;
  const vip = store.tags.ofList(list.id)[0]!;
  const ws = data.workspaceId;
  const terms = (...t: Array<[string, boolean]>): SortTerm[] =>
    t.map(([column, descending]) => ({ column, descending }));
  return [
    {
      group: 'subscribers',
      name: 'first page (-created_at)',
      path,
      expected: expectPage(subs, () => true, newest, 1),
      store: () => store.subscribers.list(ws, list.id, {}, terms(['created_at', true], ['id', true]), window(1)),
    },
    {
      group: 'subscribers',
      name: `middle page (${middlePage(subs.length)})`,
      path: `${path}?page=${middlePage(subs.length)}`,
      expected: expectPage(subs, () => true, newest, middlePage(subs.length)),
      store: () =>
        store.subscribers.list(
          ws,
          list.id,
          {},
          terms(['created_at', true], ['id', true]),
          window(middlePage(subs.length)),
        ),
    },
    {
      group: 'subscribers',
      name: "filter[email] (the SDK's findByEmail)",
      path: `${path}?filter[email]=${encodeURIComponent(sample.email)}`,
      expected: expectPage(subs, (r) => r.email === sample.email, newest, 1),
      store: () =>
        store.subscribers.list(
          ws,
          list.id,
          { email: sample.email },
          terms(['created_at', true], ['id', true]),
          window(1),
        ),
    },
    {
      group: 'subscribers',
      name: `filter[status]=unsubscribed (${unsubscribed} rows)`,
      path: `${path}?filter[status]=unsubscribed`,
      expected: expectPage(subs, (r) => r.status === 'unsubscribed', newest, 1),
      store: () =>
        store.subscribers.list(
          ws,
          list.id,
          { status: 'unsubscribed' },
          terms(['created_at', true], ['id', true]),
          window(1),
        ),
    },
    {
      group: 'subscribers',
      name: 'filter[tags]=vip',
      path: `${path}?filter[tags]=vip`,
      expected: expectPage(subs, (r) => r.tagged, newest, 1),
      store: () =>
        store.subscribers.list(
          ws,
          list.id,
          { tags: { ids: [vip.id], all: false } },
          terms(['created_at', true], ['id', true]),
          window(1),
        ),
    },
  ];
}
