/**
 * Which Mailcoach webhooks the emulator's changes fire, in Mailcoach's order, with Mailcoach's payloads
 * (docs/spec/mailcoach-webhooks.md#3-event-catalogue, the table of docs/spec/mailcoach-webhooks.md#53-mapping-what-the-emulator-already-does--webhooks-to-emit, the sequences of docs/spec/mailcoach-webhooks.md#38-sequences-order-in-which-jobs-are-queued; decisions.md "Webhooks"), as a real
 * receiver gets them. The spec's worked examples are pinned byte for byte, with their signatures, from an
 * audience seeded with the examples' uuids and times on a frozen clock (test/support/webhook-events.ts).
 *
 * The calls a change causes are stored with it, before its answer: the log (/_emulator/webhook-calls) says how
 * many there are, and the receiver is then waited on for exactly those, so that "nothing more" is asserted
 * without waiting for a guessed time.
 *
 * Here: the subscriber events (the API upsert, updates and tags, imports and automation mails, the state actions,
 * the public pages of captured mails). A campaign's are webhook-campaign-events.test.ts's.
 */
import { describe, expect, it } from 'vitest';
import { ok, rawRequest } from '../support/http.js';
import {
  BOB,
  bodies,
  CAMPAIGN,
  CREATED,
  eventsOf,
  JANE,
  LIST,
  SEND,
  useWebhookEvents,
} from '../support/webhook-events.js';

const { emulator, api, client, seed, seedSends, configure, freeze, received } = useWebhookEvents();

describe('the API upsert (POST /api/email-lists/{uuid}/subscribers)', () => {
  it('fires SubscribedEvent before the request tags, then TagAddedEvent per new tag in request order with tags growing', async () => {
    await seed({ subscribers: [] });
    await configure();
    const created = ok(
      await api().post(`/api/email-lists/${LIST}/subscribers`, {
        json: { email: 'Sam@Acme.test', tags: ['b-tag', 'a-tag'] },
      }),
      201,
    ).data;
    const calls = await received();
    expect(eventsOf(calls)).toEqual(['SubscribedEvent', 'TagAddedEvent', 'TagAddedEvent']);
    const [subscribed, first, second] = bodies(calls);
    expect(subscribed).toMatchObject({
      uuid: created.uuid,
      email: 'sam@acme.test',
      tags: [],
      text: 'Email sam@acme.test subscribed to email list Newsletter',
    });
    expect([first?.added_tag, first?.tags]).toEqual(['b-tag', ['b-tag']]);
    expect([second?.added_tag, second?.tags]).toEqual(['a-tag', ['b-tag', 'a-tag']]);
    expect(second?.text).toBe('Tag a-tag was added to subscriber sam@acme.test');
    // An empty extra_attributes is an object, as the resource casts it; the event is the last key.
    expect(calls[0]?.body).toContain('"extra_attributes":{},"tags":[],');
    expect(calls[1]?.body).toMatch(
      /,"added_tag":"b-tag","text":"Tag b-tag was added to subscriber sam@acme.test","event":"TagAddedEvent"}$/,
    );
  });

  it('fires SubscribedEvent again for an email already subscribed, then TagRemovedEvent per default tag dropped, still listed', async () => {
    await seed();
    await configure();
    ok(
      await api().post(`/api/email-lists/${LIST}/subscribers`, {
        json: { email: 'jane@acme.test', tags: ['customer'] },
      }),
    );
    const calls = await received();
    expect(eventsOf(calls)).toEqual(['SubscribedEvent', 'TagRemovedEvent']);
    const [subscribed, removed] = bodies(calls);
    expect(subscribed?.tags).toEqual(['customer', 'vip']);
    expect(removed).toMatchObject({
      removed_tag: 'vip',
      tags: ['customer', 'vip'],
      text: 'Tag vip was removed from subscriber jane@acme.test',
    });
    // Without `tags` nothing is synced: only SubscribedEvent, and never ResubscribedEvent.
    ok(await api().post(`/api/email-lists/${LIST}/subscribers`, { json: { email: 'jane@acme.test' } }));
    expect(eventsOf(await received(2))).toEqual(['SubscribedEvent']);
  });

  // docs/spec/mailcoach-webhooks.md#21-request-line-headers-body-ws-webhookcallphp-callwebhookjobphp-configwebhook-serverphp-gz
  it("is byte for byte the spec's SubscribedEvent for Jane, with its signature", async () => {
    await seed({
      subscribers: [
        {
          uuid: JANE,
          email: 'jane@acme.test',
          first_name: 'Jane',
          extra_attributes: { plan: 'pro', site: 'https://acme.test/jane' },
          tags: ['customer', 'vip'],
          created_at: CREATED,
        },
      ],
    });
    await configure();
    await freeze(CREATED);
    ok(
      await api().post(`/api/email-lists/${LIST}/subscribers`, {
        json: {
          email: 'jane@acme.test',
          first_name: 'Jane',
          extra_attributes: { plan: 'pro', site: 'https://acme.test/jane' },
        },
      }),
    );
    const [call] = await received();
    expect(call?.body).toBe(
      '{"uuid":"2a0c72d9-f91a-4fd2-88a7-589dfd75f464","email_list_uuid":"c2f1a3e4-5b6c-4d7e-8f90-1a2b3c4d5e6f","email":"jane@acme.test","first_name":"Jane","last_name":null,"extra_attributes":{"plan":"pro","site":"https:\\/\\/acme.test\\/jane"},"tags":["customer","vip"],"subscribed_at":"2025-03-02T10:15:00.000000Z","unsubscribed_at":null,"created_at":"2025-03-02T10:15:00.000000Z","updated_at":"2025-03-02T10:15:00.000000Z","text":"Email jane@acme.test subscribed to email list Newsletter","event":"SubscribedEvent"}',
    );
    expect(call?.headers['content-length']).toBe('508');
    expect(call?.headers.signature).toBe('2665dc3b5e161baf912f01c050ef44ea875f97dc3e5f1af6b70d629ca6aa3282');
  });

  it('on a double opt-in list fires UnconfirmedSubscriberCreatedEvent, again on each repeated POST (each sends the mail again)', async () => {
    await seed({ subscribers: [], requiresConfirmation: true });
    await configure();
    const sam = ok(
      await api().post(`/api/email-lists/${LIST}/subscribers`, { json: { email: 'sam@acme.test', tags: ['a', 'b'] } }),
      201,
    ).data;
    const first = await received();
    expect(eventsOf(first)).toEqual(['UnconfirmedSubscriberCreatedEvent', 'TagAddedEvent', 'TagAddedEvent']);
    expect(bodies(first).map((body) => body.tags)).toEqual([[], ['a'], ['a', 'b']]);
    expect(bodies(first)[0]).toMatchObject({
      subscribed_at: null,
      text: 'Email sam@acme.test was added to email list Newsletter but is not confirmed yet',
    });
    ok(
      await api().post(`/api/email-lists/${LIST}/subscribers`, { json: { email: 'sam@acme.test', tags: ['a', 'b'] } }),
    );
    const again = await received(3);
    expect(eventsOf(again)).toEqual(['UnconfirmedSubscriberCreatedEvent']);
    expect(bodies(again)[0]?.tags).toEqual(['a', 'b']);
    expect((await client().messages({ to: 'sam@acme.test' })).data).toHaveLength(2);
    // …then confirming: TagAddedEvent per tag it has (by name, subscribed_at set), then SubscribedEvent.
    ok(await api().post(`/api/subscribers/${sam.uuid}/confirm`));
    const confirmed = await received(4);
    expect(eventsOf(confirmed)).toEqual(['TagAddedEvent', 'TagAddedEvent', 'SubscribedEvent']);
    expect(bodies(confirmed).map((body) => [body.added_tag, body.tags])).toEqual([
      ['a', ['a', 'b']],
      ['b', ['a', 'b']],
      [undefined, ['a', 'b']],
    ]);
    expect(bodies(confirmed).every((body) => typeof body.subscribed_at === 'string')).toBe(true);
  });
});

describe('updates and tags', () => {
  it('PATCH without tags: TagRemovedEvent per default tag, by name, each listing both, with the new name and the old updated_at', async () => {
    await seed();
    await configure();
    await freeze('2025-03-04T12:00:00Z');
    const updated = ok(await api().patch(`/api/subscribers/${JANE}`, { json: { first_name: 'Janet' } })).data;
    expect(updated.updated_at).toBe('2025-03-04T12:00:00.000000Z');
    const calls = await received();
    expect(eventsOf(calls)).toEqual(['TagRemovedEvent', 'TagRemovedEvent']);
    expect(bodies(calls).map((body) => [body.removed_tag, body.tags, body.first_name, body.updated_at])).toEqual([
      ['customer', ['customer', 'vip'], 'Janet', '2025-03-02T10:15:00.000000Z'],
      ['vip', ['customer', 'vip'], 'Janet', '2025-03-02T10:15:00.000000Z'],
    ]);
  });

  it('PUT with tags syncs (added in request order, then removed by name); with append_tags only adds', async () => {
    await seed();
    await configure();
    ok(await api().put(`/api/subscribers/${JANE}`, { json: { tags: ['zeta', 'vip', 'alpha'] } }));
    const synced = await received();
    expect(eventsOf(synced)).toEqual(['TagAddedEvent', 'TagAddedEvent', 'TagRemovedEvent']);
    expect(bodies(synced).map((body) => [body.added_tag ?? body.removed_tag, body.tags])).toEqual([
      ['zeta', ['customer', 'vip', 'zeta']],
      ['alpha', ['customer', 'vip', 'zeta', 'alpha']],
      ['customer', ['customer', 'vip', 'zeta', 'alpha']],
    ]);
    ok(await api().put(`/api/subscribers/${JANE}`, { json: { tags: ['beta'], append_tags: true } }));
    const appended = await received(3);
    expect(eventsOf(appended)).toEqual(['TagAddedEvent']);
    expect(bodies(appended)[0]?.tags).toEqual(['alpha', 'vip', 'zeta', 'beta']);
  });

  // docs/spec/mailcoach-webhooks.md#32-subscriber-events-when-they-fire
  it('POST and DELETE …/tags are byte for byte the TagAddedEvent and TagRemovedEvent of the spec; a tag already there fires nothing', async () => {
    await seed({
      subscribers: [
        {
          uuid: JANE,
          email: 'jane@acme.test',
          first_name: 'Jane',
          extra_attributes: { plan: 'pro' },
          tags: ['customer'],
          created_at: CREATED,
        },
      ],
    });
    await configure();
    ok(await api().post(`/api/subscribers/${JANE}/tags`, { json: { tags: ['vip', 'CUSTOMER'] } }));
    const [added] = await received();
    expect(added?.body).toBe(
      '{"uuid":"2a0c72d9-f91a-4fd2-88a7-589dfd75f464","email_list_uuid":"c2f1a3e4-5b6c-4d7e-8f90-1a2b3c4d5e6f","email":"jane@acme.test","first_name":"Jane","last_name":null,"extra_attributes":{"plan":"pro"},"tags":["customer","vip"],"subscribed_at":"2025-03-02T10:15:00.000000Z","unsubscribed_at":null,"created_at":"2025-03-02T10:15:00.000000Z","updated_at":"2025-03-02T10:15:00.000000Z","added_tag":"vip","text":"Tag vip was added to subscriber jane@acme.test","event":"TagAddedEvent"}',
    );
    expect(added?.headers.signature).toBe('e4266bd0ed64e7cb7cdd68fd2490525dea84e59fd1047cb669db33cc08287ccc');
    ok(await api().delete(`/api/subscribers/${JANE}/tags`, { json: { tags: ['VIP', 'unknown'] } }));
    const [removed] = await received(1);
    expect(removed?.body).toBe(
      '{"uuid":"2a0c72d9-f91a-4fd2-88a7-589dfd75f464","email_list_uuid":"c2f1a3e4-5b6c-4d7e-8f90-1a2b3c4d5e6f","email":"jane@acme.test","first_name":"Jane","last_name":null,"extra_attributes":{"plan":"pro"},"tags":["customer","vip"],"subscribed_at":"2025-03-02T10:15:00.000000Z","unsubscribed_at":null,"created_at":"2025-03-02T10:15:00.000000Z","updated_at":"2025-03-02T10:15:00.000000Z","removed_tag":"vip","text":"Tag vip was removed from subscriber jane@acme.test","event":"TagRemovedEvent"}',
    );
    expect(removed?.headers.signature).toBe('b14d99c1f526d6440a6be816d9f56b7332301cc921356d79098fb66e47eb4230');
    // Deleting a tag of the list fires nothing (docs/spec/mailcoach-webhooks.md#32-subscriber-events-when-they-fire).
    ok(await api().post(`/api/subscribers/${JANE}/tags`, { json: { tags: ['vip'] } }));
    const tag = ok(await api().get(`/api/email-lists/${LIST}/tags?filter[search]=vip`)).data[0];
    ok(await api().delete(`/api/email-lists/${LIST}/tags/${tag.uuid}`), 204);
    expect(eventsOf(await received(2))).toEqual(['TagAddedEvent']);
  });

  it('a subscriber import fires TagAddedEvent per attached tag and never SubscribedEvent; unsubscribing the others fires nothing', async () => {
    await seed();
    await configure();
    const created = ok(
      await api().post('/api/subscriber-imports', {
        json: {
          email_list_uuid: LIST,
          unsubscribe_others: true,
          subscribers_csv: 'email,first_name,tags\nsam@acme.test,Sam,x;y\nkim@acme.test,Kim,',
        },
      }),
      201,
    ).data;
    ok(await api().post(`/api/subscriber-imports/${created.uuid}/start`), 204);
    const calls = await received();
    expect(eventsOf(calls)).toEqual(['TagAddedEvent', 'TagAddedEvent']);
    expect(bodies(calls).map((body) => [body.email, body.added_tag, body.tags])).toEqual([
      ['sam@acme.test', 'x', ['x']],
      ['sam@acme.test', 'y', ['x', 'y']],
    ]);
    expect(ok(await api().get(`/api/subscribers/${JANE}`)).data.unsubscribed_at).not.toBeNull();
  });
});

describe('imports and automation mails (quirks.md "Webhook events": where the emulator differs)', () => {
  it("an import with replace_tags also fires the sync's TagRemovedEvent; a later upsert of an imported subscriber fires SubscribedEvent", async () => {
    await seed();
    await configure();
    const created = ok(
      await api().post('/api/subscriber-imports', {
        json: { email_list_uuid: LIST, replace_tags: true, subscribers_csv: 'email,tags\njane@acme.test,vip;new' },
      }),
      201,
    ).data;
    ok(await api().post(`/api/subscriber-imports/${created.uuid}/start`), 204);
    const calls = await received();
    expect(eventsOf(calls)).toEqual(['TagAddedEvent', 'TagRemovedEvent']);
    expect(bodies(calls).map((body) => [body.added_tag ?? body.removed_tag, body.tags])).toEqual([
      ['new', ['customer', 'vip', 'new']],
      ['customer', ['customer', 'vip', 'new']],
    ]);
    ok(await api().post(`/api/email-lists/${LIST}/subscribers`, { json: { email: 'jane@acme.test' } }));
    expect(eventsOf(await received(2))).toEqual(['SubscribedEvent']);
  });

  it("an automation mail's send: no ContentOpenedEvent, no LinkClickedEvent (no links), but its bounce fires", async () => {
    await seed();
    ok(
      await api().post('/_emulator/seed', {
        json: {
          sends: [
            {
              uuid: SEND,
              automation_mail_uuid: '6e4a0b1c-2d3e-4f5a-8b6c-7d8e9f0a1b2c',
              subscriber_uuid: JANE,
              sent_at: '2025-03-02T10:20:00Z',
            },
          ],
        },
      }),
    );
    await configure();
    const clicked = ok(
      await api().post('/_emulator/simulate/click', { json: { send_uuid: SEND, url: 'https://acme.test/offer' } }),
    ).data;
    expect([clicked.open_count, clicked.click_count]).toEqual([1, 1]);
    ok(await api().post('/_emulator/simulate/soft-bounce', { json: { send_uuid: SEND } }));
    expect(eventsOf(await received())).toEqual(['SoftBounceRegisteredEvent']);
  });
});

describe('the state actions', () => {
  // docs/spec/mailcoach-webhooks.md#32-subscriber-events-when-they-fire
  it('unsubscribe and resubscribe (by email) are byte for byte the UnsubscribedEvent and ResubscribedEvent of the spec', async () => {
    await seed();
    await configure();
    await freeze('2025-03-05T08:00:00Z');
    ok(await api().post(`/api/email-lists/${LIST}/unsubscribe`, { json: { email: 'jane@acme.test' } }), 204);
    const [unsubscribed] = await received();
    expect(unsubscribed?.body).toBe(
      '{"uuid":"2a0c72d9-f91a-4fd2-88a7-589dfd75f464","email_list_uuid":"c2f1a3e4-5b6c-4d7e-8f90-1a2b3c4d5e6f","email":"jane@acme.test","first_name":"Jane","last_name":null,"extra_attributes":{"plan":"pro"},"tags":["customer","vip"],"subscribed_at":"2025-03-02T10:15:00.000000Z","unsubscribed_at":"2025-03-05T08:00:00.000000Z","created_at":"2025-03-02T10:15:00.000000Z","updated_at":"2025-03-05T08:00:00.000000Z","text":"Email jane@acme.test unsubscribed from email list Newsletter","event":"UnsubscribedEvent"}',
    );
    expect(unsubscribed?.headers.signature).toBe('fd8680253d9fbb8681dbb2a36b88c04b35ae1338abe420155621abeb4489698f');
    // Refused (422): nothing.
    expect((await api().post(`/api/subscribers/${JANE}/unsubscribe`)).status).toBe(422);
    await freeze('2025-03-06T09:00:00Z');
    ok(await api().post(`/api/subscribers/${JANE}/resubscribe`), 204);
    const [resubscribed, ...more] = await received(1);
    expect(more).toEqual([]);
    expect(resubscribed?.body).toBe(
      '{"uuid":"2a0c72d9-f91a-4fd2-88a7-589dfd75f464","email_list_uuid":"c2f1a3e4-5b6c-4d7e-8f90-1a2b3c4d5e6f","email":"jane@acme.test","first_name":"Jane","last_name":null,"extra_attributes":{"plan":"pro"},"tags":["customer","vip"],"subscribed_at":"2025-03-02T10:15:00.000000Z","unsubscribed_at":null,"created_at":"2025-03-02T10:15:00.000000Z","updated_at":"2025-03-06T09:00:00.000000Z","text":"Email jane@acme.test resubscribed to email list Newsletter","event":"ResubscribedEvent"}',
    );
    expect(resubscribed?.headers.signature).toBe('e2b35f96f5d5dddf7b383f285ec61b76c644cbe66174b93c7ad057af222f95ef');
    ok(await api().post(`/api/email-lists/${LIST}/unsubscribe`, { json: { email: 'jane@acme.test' } }), 204);
    ok(await api().post(`/api/email-lists/${LIST}/resubscribe`, { json: { email: 'jane@acme.test' } }), 204);
    expect(eventsOf(await received(2))).toEqual(['UnsubscribedEvent', 'ResubscribedEvent']);
  });

  // docs/spec/mailcoach-webhooks.md#32-subscriber-events-when-they-fire
  it('resend-confirmation (both forms) is byte for byte the UnconfirmedSubscriberCreatedEvent of the spec; confirm by email fires the tags, then SubscribedEvent', async () => {
    await seed({
      requiresConfirmation: true,
      subscribers: [
        { uuid: JANE, email: 'jane@acme.test', first_name: 'Jane', status: 'unconfirmed', created_at: CREATED },
      ],
    });
    await configure();
    ok(await api().post(`/api/subscribers/${JANE}/resend-confirmation`), 204);
    const [call] = await received();
    expect(call?.body).toBe(
      '{"uuid":"2a0c72d9-f91a-4fd2-88a7-589dfd75f464","email_list_uuid":"c2f1a3e4-5b6c-4d7e-8f90-1a2b3c4d5e6f","email":"jane@acme.test","first_name":"Jane","last_name":null,"extra_attributes":{},"tags":[],"subscribed_at":null,"unsubscribed_at":null,"created_at":"2025-03-02T10:15:00.000000Z","updated_at":"2025-03-02T10:15:00.000000Z","text":"Email jane@acme.test was added to email list Newsletter but is not confirmed yet","event":"UnconfirmedSubscriberCreatedEvent"}',
    );
    expect(call?.headers.signature).toBe('2c1d360797c4930393d98fd1bf4acb676d1dda67088ddc8aac4165ac6f79136f');
    ok(await api().post(`/api/email-lists/${LIST}/resend-confirmation`, { json: { email: 'jane@acme.test' } }), 204);
    ok(await api().post(`/api/subscribers/${JANE}/tags`, { json: { tags: ['b', 'a'] } }));
    ok(await api().post(`/api/email-lists/${LIST}/confirm`, { json: { email: 'jane@acme.test' } }));
    const calls = await received(1);
    expect(eventsOf(calls)).toEqual([
      'UnconfirmedSubscriberCreatedEvent',
      'TagAddedEvent',
      'TagAddedEvent',
      'TagAddedEvent',
      'TagAddedEvent',
      'SubscribedEvent',
    ]);
    expect(
      bodies(calls)
        .slice(3)
        .map((body) => [body.added_tag, body.tags]),
    ).toEqual([
      ['a', ['a', 'b']],
      ['b', ['a', 'b']],
      [undefined, ['a', 'b']],
    ]);
  });
});

describe('the public pages of captured mails', () => {
  it('the confirmation link fires TagAddedEvent per tag then SubscribedEvent; for an unsubscribed subscriber too, who stays unsubscribed', async () => {
    await seed({
      requiresConfirmation: true,
      subscribers: [
        {
          uuid: JANE,
          email: 'jane@acme.test',
          first_name: 'Jane',
          tags: ['vip'],
          status: 'unconfirmed',
          created_at: CREATED,
        },
        {
          uuid: BOB,
          email: 'bob@acme.test',
          tags: ['customer'],
          status: 'unsubscribed',
          subscribed_at: CREATED,
          unsubscribed_at: '2025-03-03T09:00:00Z',
          created_at: CREATED,
        },
      ],
    });
    await configure();
    await freeze('2025-03-07T07:00:00Z');
    const page = (uuid: string) =>
      rawRequest(emulator().url, { path: `/confirm-subscription/${uuid}`, headers: { accept: 'text/html' } });
    expect((await page(JANE)).text).toContain('jane@acme.test is now subscribed to Newsletter.');
    expect(eventsOf(await received())).toEqual(['TagAddedEvent', 'SubscribedEvent']);
    // Already subscribed: nothing.
    expect((await page(JANE)).status).toBe(200);
    expect((await page(BOB)).text).toContain('bob@acme.test has unsubscribed from Newsletter and stays unsubscribed.');
    const calls = await received(2);
    expect(eventsOf(calls)).toEqual(['TagAddedEvent', 'SubscribedEvent']);
    expect(bodies(calls).map((body) => [body.subscribed_at, body.unsubscribed_at])).toEqual([
      ['2025-03-07T07:00:00.000000Z', '2025-03-03T09:00:00.000000Z'],
      ['2025-03-07T07:00:00.000000Z', '2025-03-03T09:00:00.000000Z'],
    ]);
    const bob = ok(await api().get(`/api/subscribers/${BOB}`)).data;
    expect([bob.subscribed_at, bob.unsubscribed_at]).toEqual([
      '2025-03-07T07:00:00.000000Z',
      '2025-03-03T09:00:00.000000Z',
    ]);
  });

  it("the unsubscribe page's POST and the one-click POST fire UnsubscribedEvent, once: an unsubscribed subscriber fires nothing", async () => {
    await seed({
      subscribers: [
        { uuid: JANE, email: 'jane@acme.test', created_at: CREATED },
        { uuid: BOB, email: 'bob@acme.test', status: 'unconfirmed', created_at: CREATED },
      ],
    });
    await seedSends();
    await configure();
    const post = (path: string, body = '') =>
      rawRequest(emulator().url, {
        method: 'POST',
        path,
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': String(body.length) },
        body,
      });
    expect((await post(`/unsubscribe/${JANE}/${SEND}`, 'List-Unsubscribe=One-Click')).status).toBe(200);
    expect((await post(`/unsubscribe/${JANE}/${SEND}`)).status).toBe(200);
    expect((await post(`/unsubscribe/${BOB}`)).status).toBe(200);
    const calls = await received();
    expect(eventsOf(calls)).toEqual(['UnsubscribedEvent', 'UnsubscribedEvent']);
    expect(bodies(calls).map((body) => [body.email, body.subscribed_at])).toEqual([
      ['jane@acme.test', '2025-03-02T10:15:00.000000Z'],
      ['bob@acme.test', null],
    ]);
    expect(ok(await api().get(`/api/campaigns/${CAMPAIGN}/unsubscribes`)).data).toHaveLength(1);
  });
});
