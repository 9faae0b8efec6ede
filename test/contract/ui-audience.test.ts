/**
 * What the web UI's Lists, List and Subscriber pages read and do through /_emulator: the lists with
 * their counts, one list's tags, segments and imports, its subscribers as the API pages and filters them, and the
 * subscriber's actions, which must have the API's effects (its resource, events, webhook calls, mails).
 */
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { connectEventStream } from '../support/event-stream.js';
import { ROOT, useEmulator } from '../support/emulator-process.js';
import { apiClient, ok } from '../support/http.js';
import { waitUntil } from '../support/wait.js';

const emulator = useEmulator({ fixtures: join(ROOT, 'fixtures') });
const api = () => apiClient(emulator().url, emulator().token);

/** fixtures/audience.json's lists. */
const NEWSLETTER = '197fa091-463b-4b00-8cb3-fee1b7c2d1bd';
const PRODUCT_UPDATES = 'f786787b-50d0-4e01-8e5a-04a6e5f7ebb2';

const subscribe = async (list: string, email: string, extra: Record<string, unknown> = {}) =>
  ok(await api().post(`/api/email-lists/${list}/subscribers`, { json: { email, ...extra } }), 201).data as {
    uuid: string;
  };

/** The API's total of the list's subscribers with this filter. */
const apiTotal = async (list: string, query: string) =>
  ok(await api().get(`/api/email-lists/${list}/subscribers?${query}`)).meta.total as number;

beforeEach(async () => {
  ok(await api().post('/_emulator/reset'), 204);
});

describe('GET /_emulator/email-lists', () => {
  it('lists each list with its subscribers by status, its default sender and double opt-in', async () => {
    const lists = ok(await api().get('/_emulator/email-lists')).data as Array<Record<string, unknown>>;
    const newsletter = lists.find((list) => list.uuid === NEWSLETTER);
    expect(Object.keys(newsletter ?? {})).toEqual([
      'uuid',
      'name',
      'active_subscribers_count',
      'subscribers_counts',
      'default_from_email',
      'default_from_name',
      'requires_confirmation',
      'created_at',
    ]);
    expect(newsletter).toMatchObject({
      name: 'Newsletter',
      default_from_email: 'news@example.com',
      default_from_name: 'Acme News',
      requires_confirmation: false,
    });
    expect(newsletter?.subscribers_counts).toEqual({
      subscribed: await apiTotal(NEWSLETTER, 'filter[status]=subscribed'),
      unconfirmed: await apiTotal(NEWSLETTER, 'filter[status]=unconfirmed'),
      unsubscribed: await apiTotal(NEWSLETTER, 'filter[status]=unsubscribed'),
    });
    expect(newsletter?.subscribers_counts).toEqual({ subscribed: 4, unconfirmed: 0, unsubscribed: 1 });
    expect(lists.find((list) => list.uuid === PRODUCT_UPDATES)).toMatchObject({ requires_confirmation: true });
    // By name, as the webhook form's list choice reads them.
    expect(lists.map((list) => list.name)).toEqual([...lists.map((list) => list.name as string)].sort());
  });
});

describe('GET /_emulator/email-lists/{uuid}', () => {
  it('gives its tags and segments with how many subscribers each selects, and its imports with counts and errors', async () => {
    const created = ok(
      await api().post('/api/subscriber-imports', {
        json: { email_list_uuid: NEWSLETTER, subscribers_csv: 'email,tags\nnew@example.com,vip\nnot-an-address,vip\n' },
      }),
      201,
    ).data;
    ok(await api().post(`/api/subscriber-imports/${created.uuid}/start`), 204);
    const list = ok(await api().get(`/_emulator/email-lists/${NEWSLETTER}`)).data;
    expect(list).toMatchObject({
      uuid: NEWSLETTER,
      name: 'Newsletter',
      subscribers_counts: { subscribed: 5, unconfirmed: 0, unsubscribed: 1 },
    });
    const tagCounts = Object.fromEntries(
      (list.tags as Array<{ name: string; subscriber_count: number }>).map((tag) => [tag.name, tag.subscriber_count]),
    );
    // Tags count every subscriber that has them, as the API's tag filter finds them.
    for (const name of ['customer', 'vip', 'trial'])
      expect(tagCounts[name], name).toBe(await apiTotal(NEWSLETTER, `filter[tags]=${name}`));
    expect(tagCounts).toMatchObject({ customer: 3, vip: 2, trial: 1 });
    // The segment selects what a campaign to it reaches: subscribed, with customer and vip.
    expect(list.segments).toEqual([
      { uuid: 'c04b1732-782c-41fb-a598-a83321385114', name: 'VIP customers', subscriber_count: 1 },
    ]);
    expect(list.imports).toEqual([
      expect.objectContaining({
        uuid: created.uuid,
        status: 'completed',
        imported_subscribers_count: 1,
        error_count: 1,
      }),
    ]);
  });

  it('is a 404 for a list not in the workspace', async () => {
    const res = await api().get('/_emulator/email-lists/00000000-0000-4000-8000-000000000000');
    expect(res.status).toBe(404);
    expect(res.json()).toEqual({
      message: 'No email list with uuid 00000000-0000-4000-8000-000000000000 in this workspace.',
    });
  });
});

describe('GET /_emulator/email-lists/{uuid}/subscribers', () => {
  it("is the API's page with each subscriber's status", async () => {
    const listed = ok(await api().get(`/_emulator/email-lists/${NEWSLETTER}/subscribers`));
    const fromApi = ok(await api().get(`/api/email-lists/${NEWSLETTER}/subscribers`));
    expect(listed.data.map(({ status: _s, ...row }: { status: string }) => row)).toEqual(fromApi.data);
    expect(listed.meta).toEqual({
      ...fromApi.meta,
      path: `${emulator().url}/_emulator/email-lists/${NEWSLETTER}/subscribers`,
    });
    const statuses = Object.fromEntries(
      (listed.data as Array<{ email: string; status: string }>).map((row) => [row.email, row.status]),
    );
    expect(statuses).toMatchObject({ 'jane@example.com': 'subscribed', 'lee@example.com': 'unsubscribed' });
  });

  it('filters by email, search, status and tags (any or all) as the API does', async () => {
    const emails = async (query: string) => {
      const page = ok(await api().get(`/_emulator/email-lists/${NEWSLETTER}/subscribers?${query}`));
      const fromApi = ok(await api().get(`/api/email-lists/${NEWSLETTER}/subscribers?${query}`));
      expect(page.meta.total).toBe(fromApi.meta.total);
      return (page.data as Array<{ email: string }>).map((row) => row.email).sort();
    };
    expect(await emails('filter[email]=JANE@example.com')).toEqual(['jane@example.com']);
    expect(await emails('filter[search]=pri')).toEqual(['priya@example.com']);
    expect(await emails('filter[status]=unsubscribed')).toEqual(['lee@example.com']);
    expect(await emails('filter[tags]=vip,trial')).toEqual(['jane@example.com', 'priya@example.com']);
    expect(await emails('filter[tags]=customer,vip&filter[tagType]=all')).toEqual(['jane@example.com']);
    expect(await emails('filter[status]=unconfirmed')).toEqual([]);
  });

  it('pages 15 at a time, newest first', async () => {
    for (let i = 0; i < 20; i++) await subscribe(NEWSLETTER, `reader${String(i).padStart(2, '0')}@example.com`);
    const first = ok(await api().get(`/_emulator/email-lists/${NEWSLETTER}/subscribers`));
    const second = ok(await api().get(`/_emulator/email-lists/${NEWSLETTER}/subscribers?page=2`));
    expect(first.meta).toMatchObject({ total: 25, current_page: 1, last_page: 2, per_page: 15 });
    expect(first.data).toHaveLength(15);
    expect(second.data).toHaveLength(10);
    const all = [...first.data, ...second.data].map((row: { uuid: string }) => row.uuid);
    expect(new Set(all).size).toBe(25);
  });

  it("answers bad input as the API's list does, and a 404 for an unknown list", async () => {
    const bad = await api().get(`/_emulator/email-lists/${NEWSLETTER}/subscribers?sort=nope`);
    const apiBad = await api().get(`/api/email-lists/${NEWSLETTER}/subscribers?sort=nope`);
    expect(bad.status).toBe(apiBad.status);
    expect(bad.status).toBeGreaterThanOrEqual(400);
    expect(bad.status).toBeLessThan(500);
    expect((await api().get('/_emulator/email-lists/nope/subscribers')).status).toBe(404);
  });
});

describe('/_emulator/subscribers/{uuid}', () => {
  const configureWebhook = async () =>
    ok(
      await api().post('/_emulator/webhooks', {
        json: { name: 'ui', url: `${emulator().url}/_emulator/webhook-sink/ui?token=${emulator().token}` },
      }),
      201,
    );
  const calls = async (event: string) =>
    ok(await api().get(`/_emulator/webhook-calls?event=${event}`)).data as Array<{ subscriber_uuid: string }>;

  it('shows the subscriber with its status, tag types and list', async () => {
    const jane =
      (await apiTotal(NEWSLETTER, '')) > 0 &&
      ok(await api().get(`/api/email-lists/${NEWSLETTER}/subscribers?filter[email]=jane@example.com`)).data[0];
    const shown = ok(await api().get(`/_emulator/subscribers/${jane.uuid}`)).data;
    const { status, tag_types, email_list, ...asApi } = shown;
    expect(asApi).toEqual(ok(await api().get(`/api/subscribers/${jane.uuid}`)).data);
    expect({ status, tag_types, email_list }).toEqual({
      status: 'subscribed',
      tag_types: { customer: 'default', vip: 'default' },
      email_list: { uuid: NEWSLETTER, name: 'Newsletter', requires_confirmation: false },
    });
    expect((await api().get('/_emulator/subscribers/00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });

  it('adds and removes tags as the API does: the resource, the webhook calls and the event stream show them', async () => {
    await configureWebhook();
    const ann = await subscribe(NEWSLETTER, 'ann@example.com', { skip_confirmation: true });
    const stream = await connectEventStream(emulator().url, emulator().token);
    const added = ok(
      await api().post(`/_emulator/subscribers/${ann.uuid}/tags`, { json: { tags: ['vip', 'Brand new'] } }),
    ).data;
    expect(added.tags).toEqual(['Brand new', 'vip']);
    expect((ok(await api().get(`/api/subscribers/${ann.uuid}`)).data.tags as string[]).sort()).toEqual([
      'Brand new',
      'vip',
    ]);
    expect((await calls('TagAddedEvent')).filter((call) => call.subscriber_uuid === ann.uuid)).toHaveLength(2);
    await waitUntil(
      () => stream.events,
      (events) =>
        events.some(
          (event) =>
            event.event === 'audience.changed' && JSON.stringify(event.data) === JSON.stringify({ uuids: [ann.uuid] }),
        ),
      { what: 'audience.changed for the tagged subscriber' },
    );

    const removed = ok(await api().delete(`/_emulator/subscribers/${ann.uuid}/tags`, { json: { tags: ['VIP'] } })).data;
    expect(removed.tags).toEqual(['Brand new']);
    expect(ok(await api().get(`/api/subscribers/${ann.uuid}`)).data.tags).toEqual(['Brand new']);
    expect((await calls('TagRemovedEvent')).filter((call) => call.subscriber_uuid === ann.uuid)).toHaveLength(1);
  });

  it('refuses tags that are not a list, as the API does (422 naming the field)', async () => {
    const ann = await subscribe(NEWSLETTER, 'ann@example.com');
    const res = await api().post(`/_emulator/subscribers/${ann.uuid}/tags`, { json: { tags: 'vip' } });
    expect(res.status).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual(['tags']);
  });

  it('confirms, resends the confirmation, unsubscribes and resubscribes with the API effects, and refuses what the API refuses', async () => {
    await configureWebhook();
    const ann = await subscribe(PRODUCT_UPDATES, 'ann@example.com');
    const firstMail = ok(
      await api().get(`/_emulator/wait-for?query=${encodeURIComponent('to:ann@example.com subject:Confirm')}&count=1`),
    ).data[0];
    expect(ok(await api().get(`/_emulator/subscribers/${ann.uuid}`)).data.status).toBe('unconfirmed');

    // Resend: a second confirmation mail, an UnconfirmedSubscriberCreatedEvent more.
    const before = (await calls('UnconfirmedSubscriberCreatedEvent')).length;
    ok(await api().post(`/_emulator/subscribers/${ann.uuid}/resend-confirmation`));
    const mails = ok(
      await api().get(`/_emulator/wait-for?query=${encodeURIComponent('to:ann@example.com subject:Confirm')}&count=2`),
    ).data as Array<{ uuid: string; origin: string }>;
    expect(mails.map((mail) => mail.uuid)).toContain(firstMail.uuid);
    expect(mails.every((mail) => mail.origin === 'confirmation')).toBe(true);
    expect(await calls('UnconfirmedSubscriberCreatedEvent')).toHaveLength(before + 1);

    const confirmed = ok(await api().post(`/_emulator/subscribers/${ann.uuid}/confirm`)).data;
    expect(confirmed.status).toBe('subscribed');
    expect(ok(await api().get(`/api/subscribers/${ann.uuid}`)).data.subscribed_at).not.toBeNull();
    expect((await calls('SubscribedEvent')).map((call) => call.subscriber_uuid)).toContain(ann.uuid);

    const again = await api().post(`/_emulator/subscribers/${ann.uuid}/confirm`);
    expect(again.status).toBe(422);
    expect(again.json()).toEqual({ message: 'The subscriber was already confirmed.' });

    expect(ok(await api().post(`/_emulator/subscribers/${ann.uuid}/unsubscribe`)).data.status).toBe('unsubscribed');
    expect(ok(await api().get(`/api/subscribers/${ann.uuid}`)).data.unsubscribed_at).not.toBeNull();
    expect((await calls('UnsubscribedEvent')).map((call) => call.subscriber_uuid)).toContain(ann.uuid);
    expect(ok(await api().post(`/_emulator/subscribers/${ann.uuid}/resubscribe`)).data.status).toBe('subscribed');
    expect((await calls('ResubscribedEvent')).map((call) => call.subscriber_uuid)).toContain(ann.uuid);
  });

  it('deletes the subscriber as the API does, and the stream says so', async () => {
    const ann = await subscribe(NEWSLETTER, 'ann@example.com');
    const stream = await connectEventStream(emulator().url, emulator().token);
    ok(await api().delete(`/_emulator/subscribers/${ann.uuid}`), 204);
    expect((await api().get(`/api/subscribers/${ann.uuid}`)).status).toBe(404);
    expect((await api().delete(`/_emulator/subscribers/${ann.uuid}`)).status).toBe(404);
    await waitUntil(
      () => stream.events,
      (events) =>
        events.some(
          (event) =>
            event.event === 'audience.changed' && JSON.stringify(event.data) === JSON.stringify({ uuids: [ann.uuid] }),
        ),
      { what: 'audience.changed for the deleted subscriber' },
    );
  });

  it("announces the API's own audience writes: a subscriber created, a list created, a tag deleted", async () => {
    const stream = await connectEventStream(emulator().url, emulator().token);
    const ann = await subscribe(NEWSLETTER, 'ann@example.com');
    await waitUntil(
      () => stream.events,
      (events) =>
        events.some(
          (event) =>
            event.event === 'audience.changed' &&
            (event.data as { uuids: string[] | null }).uuids?.includes(ann.uuid) === true,
        ),
      { what: 'audience.changed for the subscriber created through /api' },
    );
    const listsSeen = stream.events.length;
    ok(
      await api().post('/api/email-lists', { json: { name: 'Created', default_from_email: 'created@example.com' } }),
      201,
    );
    await waitUntil(
      () => stream.events.slice(listsSeen),
      (events) =>
        events.some((event) => event.event === 'audience.changed' && (event.data as { uuids: null }).uuids === null),
      { what: 'audience.changed for the list created' },
    );
    const tag = ok(await api().get(`/api/email-lists/${NEWSLETTER}/tags?filter[search]=trial`)).data[0];
    const seen = stream.events.length;
    ok(await api().delete(`/api/email-lists/${NEWSLETTER}/tags/${tag.uuid}`), 204);
    await waitUntil(
      () => stream.events.slice(seen),
      (events) =>
        events.some((event) => event.event === 'audience.changed' && (event.data as { uuids: null }).uuids === null),
      { what: 'audience.changed for the deleted tag' },
    );
  });
});
