/**
 * Which Mailcoach webhooks the emulator's changes fire, in Mailcoach's order, with Mailcoach's payloads
 * (docs/spec/mailcoach-webhooks.md#3-event-catalogue, the table of docs/spec/mailcoach-webhooks.md#53-mapping-what-the-emulator-already-does--webhooks-to-emit, the sequences of docs/spec/mailcoach-webhooks.md#38-sequences-order-in-which-jobs-are-queued; decisions.md "Webhooks"), as a real
 * receiver gets them. The spec's worked examples are pinned byte for byte, with their signatures, from an
 * audience seeded with the examples' uuids and times on a frozen clock.
 *
 * The calls a change causes are stored with it, before its answer: the log (/_emulator/webhook-calls) says how
 * many there are, and the receiver is then waited on for exactly those, so that "nothing more" is asserted
 * without waiting for a guessed time.
 */
import { createHmac } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { createClient } from '../../server/testing/index.js';
import { useEmulator } from '../support/emulator-process.js';
import { apiClient, ok, rawRequest } from '../support/http.js';
import { useWebhookReceiver, type ReceivedCall } from '../support/webhook-receiver.js';

const emulator = useEmulator({ fixtures: null });
const receiver = useWebhookReceiver();
const api = () => apiClient(emulator().url, emulator().token);
const client = () => createClient({ url: emulator().url, token: emulator().token });

// The uuids and times of the spec's examples (docs/spec/mailcoach-webhooks.md#21-request-line-headers-body-ws-webhookcallphp-callwebhookjobphp-configwebhook-serverphp-gz, docs/spec/mailcoach-webhooks.md#32-subscriber-events-when-they-fire to docs/spec/mailcoach-webhooks.md#36-bounceregisteredevent--softbounceregisteredevent-sendregisterbounce-handlers-handlesoftbounceregisteredevent).
const LIST = 'c2f1a3e4-5b6c-4d7e-8f90-1a2b3c4d5e6f';
const JANE = '2a0c72d9-f91a-4fd2-88a7-589dfd75f464';
const CAMPAIGN = '0762df4d-8516-4eb3-95db-b26492cf221c';
const SEND = '9b0f5c1e-3d7a-4f2b-8e61-2c4d5a6b7c8d';
const BOB = '3b1d83ea-0a2b-4c5d-9e6f-7a8b9c0d1e2f';
const BOB_SEND = '4c2e94fb-1b3c-4d6e-8f70-8b9c0d1e2f3a';
const CREATED = '2025-03-02T10:15:00Z';

type Subscriber = Record<string, unknown>;

/** The list "Newsletter" of the examples with these subscribers (Jane by default), and the campaign "March news". */
async function seed(options: { subscribers?: Subscriber[]; requiresConfirmation?: boolean; html?: string } = {}) {
  const jane = {
    uuid: JANE,
    email: 'jane@acme.test',
    first_name: 'Jane',
    extra_attributes: { plan: 'pro' },
    tags: ['customer', 'vip'],
    created_at: CREATED,
  };
  ok(
    await api().post('/_emulator/seed', {
      json: {
        email_lists: [
          {
            uuid: LIST,
            name: 'Newsletter',
            default_from_email: 'news@acme.test',
            default_from_name: 'Acme',
            created_at: CREATED,
            requires_confirmation: options.requiresConfirmation ?? false,
            subscribers: options.subscribers ?? [jane],
          },
        ],
        campaigns: [
          {
            uuid: CAMPAIGN,
            name: 'March news',
            email_list: LIST,
            created_at: CREATED,
            html:
              options.html ??
              '<p>Hi ::subscriber.first_name:: <a href="https://acme.test/offer">Offer</a> <a href="::unsubscribeUrl::">Unsubscribe</a></p>',
          },
        ],
      },
    }),
  );
}

/** The campaign's Sends to Jane (and Bob, when seeded), as a campaign sent on 2025-03-02 left them. */
async function seedSends(sends: Array<{ uuid: string; subscriber: string }> = [{ uuid: SEND, subscriber: JANE }]) {
  ok(
    await api().post('/_emulator/seed', {
      json: {
        sends: sends.map((send) => ({
          uuid: send.uuid,
          campaign_uuid: CAMPAIGN,
          subscriber_uuid: send.subscriber,
          sent_at: '2025-03-02T10:20:00Z',
          created_at: '2025-03-02T10:20:00Z',
        })),
      },
    }),
  );
}

async function configure(extra: Record<string, unknown> = {}) {
  return ok(
    await api().post('/_emulator/webhooks', {
      json: { name: 'App', url: `${receiver().url}/webhooks/mailcoach`, secret: 's3cr3t', ...extra },
    }),
    201,
  );
}

const freeze = async (iso: string) => ok(await api().post('/_emulator/clock', { json: { freeze: iso } }));
const advance = async (ms: number) => ok(await api().post('/_emulator/clock', { json: { advance_ms: ms } }));

/**
 * The calls stored so far (the log), once the receiver has them all, in the order it got them. `from`: how many
 * of them an earlier step already read.
 */
async function received(from = 0): Promise<ReceivedCall[]> {
  const stored = ok(await api().get('/_emulator/webhook-calls?per_page=500')).meta.total as number;
  const calls = await receiver().waitForCalls(stored);
  expect(calls).toHaveLength(stored);
  return calls.slice(from);
}

const eventsOf = (calls: ReceivedCall[]) => calls.map((call) => JSON.parse(call.body).event as string);
const bodies = (calls: ReceivedCall[]) => calls.map((call) => JSON.parse(call.body) as Record<string, any>);
const hmac = (bytes: Buffer) => createHmac('sha256', 's3cr3t').update(bytes).digest('hex');

beforeEach(async () => {
  ok(await api().post('/_emulator/clock', { json: { reset: true } }));
  ok(await api().post('/_emulator/reset'), 204);
  receiver().clear();
});

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

describe('a campaign sent', () => {
  it('fires one CampaignSentEvent routed by its list, template null, statistics as before it was marked sent', async () => {
    await seed({
      subscribers: [
        { uuid: JANE, email: 'jane@acme.test', created_at: CREATED },
        { uuid: BOB, email: 'bob@acme.test', created_at: CREATED },
      ],
    });
    ok(await api().post('/api/suppressions', { json: { email: 'bob@acme.test' } }), 201);
    await configure();
    ok(await api().post(`/api/campaigns/${CAMPAIGN}/send`), 204);
    await client().waitForCampaignSent(CAMPAIGN);
    const calls = await received();
    expect(eventsOf(calls)).toEqual(['CampaignSentEvent']);
    const api_ = ok(await api().get(`/api/campaigns/${CAMPAIGN}`)).data;
    const body = bodies(calls)[0] as Record<string, unknown>;
    expect(Object.keys(body)).toEqual([...Object.keys(api_), 'text', 'event']);
    const { statistics_calculated_at: _at, ...sameAsApi } = api_;
    expect(body).toEqual({
      ...sameAsApi,
      statistics_calculated_at: null,
      text: 'Campaign March news was sent to email list Newsletter',
      event: 'CampaignSentEvent',
    });
    expect(body).toMatchObject({
      status: 'sent',
      template: null,
      sent_to_number_of_subscribers: 2,
      open_count: 0,
      bounce_count: 0,
      email_list_uuid: LIST,
    });
    expect(api_.statistics_calculated_at).not.toBeNull();
    expect(calls[0]?.headers.signature).toBe(hmac(calls[0]?.bytes as Buffer));
  });

  it('with a template: "template":{} right after template_uuid, where the API leaves the key out', async () => {
    await seed();
    const template = ok(
      await api().post('/api/templates', { json: { name: 'T', html: '<div>[[[body]]]</div>' } }),
      201,
    ).data;
    const campaign = ok(
      await api().post('/api/campaigns', {
        json: { name: 'With template', email_list_uuid: LIST, template_uuid: template.uuid, fields: { body: 'Hi' } },
      }),
      201,
    ).data;
    await configure({ events: ['CampaignSentEvent'] });
    ok(await api().post(`/api/campaigns/${campaign.uuid}/send`), 204);
    await client().waitForCampaignSent(campaign.uuid);
    const [call] = await received();
    expect(call?.body).toContain(`"template_uuid":"${template.uuid}","template":{},"from_email":`);
    expect(Object.keys(ok(await api().get(`/api/campaigns/${campaign.uuid}`)).data)).not.toContain('template');
  });
});

describe('simulations on a campaign send', () => {
  it('an open fires ContentOpenedEvent; another within 5 s on the emulator clock is dropped (no open, no call), at 5 s it counts', async () => {
    await seed();
    await seedSends();
    await configure();
    await freeze('2025-03-02T11:00:00Z');
    ok(await api().post('/_emulator/simulate/open', { json: { send_uuid: SEND } }));
    const [opened] = bodies(await received());
    expect(Object.keys(opened as object)).toEqual([
      'open_uuid',
      'send_uuid',
      'model_uuid',
      'model_type',
      'subscriber_uuid',
      'subscriber_email',
      'opened_at',
      'event',
    ]);
    expect(opened).toEqual({
      open_uuid: expect.stringMatching(/^[0-9a-f-]{36}$/),
      send_uuid: SEND,
      model_uuid: CAMPAIGN,
      model_type: 'campaign',
      subscriber_uuid: JANE,
      subscriber_email: 'jane@acme.test',
      opened_at: '2025-03-02T11:00:00.000000Z',
      event: 'ContentOpenedEvent',
    });
    await advance(4_000);
    const dropped = ok(await api().post('/_emulator/simulate/open', { json: { send_uuid: SEND } })).data;
    expect([dropped.open_count, dropped.last_opened_at]).toEqual([1, '2025-03-02T11:00:00.000000Z']);
    expect(await received(1)).toEqual([]);
    await advance(1_000);
    const counted = ok(await api().post('/_emulator/simulate/open', { json: { send_uuid: SEND } })).data;
    expect([counted.open_count, counted.last_opened_at]).toEqual([2, '2025-03-02T11:00:05.000000Z']);
    const [again] = bodies(await received(1));
    expect(again).toMatchObject({ opened_at: '2025-03-02T11:00:05.000000Z', event: 'ContentOpenedEvent' });
    expect(again?.open_uuid).not.toBe(opened?.open_uuid);
  });

  it("the first click registers an open first; LinkClickedEvent carries the /clicks link's and click's uuids", async () => {
    await seed();
    await seedSends();
    await configure();
    await freeze('2025-03-02T11:00:05Z');
    const clicked = ok(
      await api().post('/_emulator/simulate/click', { json: { send_uuid: SEND, url: 'https://acme.test/offer' } }),
    ).data;
    expect([clicked.open_count, clicked.click_count]).toEqual([1, 1]);
    const calls = await received();
    expect(eventsOf(calls)).toEqual(['ContentOpenedEvent', 'LinkClickedEvent']);
    const link = ok(await api().get(`/api/campaigns/${CAMPAIGN}/clicks`)).data[0];
    const click = bodies(calls)[1] as Record<string, unknown>;
    expect(Object.keys(click)).toEqual([
      'send_uuid',
      'click_uuid',
      'link_uuid',
      'email_list_uuid',
      'subscriber_uuid',
      'subscriber_email',
      'clicked_at',
      'event',
    ]);
    expect(click).toEqual({
      send_uuid: SEND,
      click_uuid: link.clicks[0].uuid,
      link_uuid: link.uuid,
      email_list_uuid: LIST,
      subscriber_uuid: JANE,
      subscriber_email: 'jane@acme.test',
      clicked_at: '2025-03-02T11:00:05.000000Z',
      event: 'LinkClickedEvent',
    });
    expect(bodies(calls)[0]?.opened_at).toBe('2025-03-02T11:00:05.000000Z');
    // The send has an open now: a second click is only a click, on the same link.
    ok(await api().post('/_emulator/simulate/click', { json: { send_uuid: SEND, url: 'https://acme.test/offer' } }));
    const [second, ...more] = bodies(await received(2));
    expect(more).toEqual([]);
    expect(second).toMatchObject({ event: 'LinkClickedEvent', link_uuid: link.uuid });
    expect(second?.click_uuid).not.toBe(click.click_uuid);
  });

  it('with add_subscriber_tags, the opened and clicked tags (type mailcoach, once) come before the open and the click', async () => {
    await seed();
    const campaign = ok(
      await api().post('/api/campaigns', {
        json: {
          name: 'Tagged',
          email_list_uuid: LIST,
          html: '<a href="https://acme.test/offer">Offer</a>',
          add_subscriber_tags: true,
        },
      }),
      201,
    ).data;
    ok(await api().post(`/api/campaigns/${campaign.uuid}/send`), 204);
    await client().waitForCampaignSent(campaign.uuid);
    const [send] = ok(await api().get(`/api/sends?filter[campaign_uuid]=${campaign.uuid}`)).data;
    await configure();
    await freeze('2025-03-02T11:00:00Z');
    ok(await api().post('/_emulator/simulate/click', { json: { send_uuid: send.uuid } }));
    const calls = await received();
    expect(eventsOf(calls)).toEqual(['TagAddedEvent', 'ContentOpenedEvent', 'TagAddedEvent', 'LinkClickedEvent']);
    const opened = `campaign-${campaign.uuid}-opened`;
    const clicked = `campaign-${campaign.uuid}-clicked`;
    expect([bodies(calls)[0]?.added_tag, bodies(calls)[0]?.tags]).toEqual([opened, ['customer', 'vip', opened]]);
    expect([bodies(calls)[2]?.added_tag, bodies(calls)[2]?.tags]).toEqual([
      clicked,
      [opened, 'customer', 'vip', clicked],
    ]);
    await advance(5_000);
    ok(await api().post('/_emulator/simulate/open', { json: { send_uuid: send.uuid } }));
    ok(await api().post('/_emulator/simulate/click', { json: { send_uuid: send.uuid } }));
    expect(eventsOf(await received(4))).toEqual(['ContentOpenedEvent', 'LinkClickedEvent']);
    const tags = ok(await api().get(`/api/email-lists/${LIST}/tags?filter[type]=mailcoach`)).data.map(
      (tag: { name: string }) => tag.name,
    );
    expect(tags.sort()).toEqual([clicked, opened].sort());
  });

  it("a click on the emulator's unsubscribe URL counts only the implicit open: no click, no LinkClickedEvent", async () => {
    await seed();
    await seedSends();
    await configure();
    const res = ok(
      await api().post('/_emulator/simulate/click', {
        json: { send_uuid: SEND, url: `${emulator().url}/unsubscribe/${JANE}/${SEND}` },
      }),
    ).data;
    expect([res.open_count, res.click_count]).toEqual([1, 0]);
    expect(eventsOf(await received())).toEqual(['ContentOpenedEvent']);
    expect(ok(await api().get(`/api/campaigns/${CAMPAIGN}/clicks`)).data).toEqual([]);
  });

  // docs/spec/mailcoach-webhooks.md#36-bounceregisteredevent--softbounceregisteredevent-sendregisterbounce-handlers-handlesoftbounceregisteredevent
  it('a hard bounce is byte for byte the BounceRegisteredEvent of the spec, and unsubscribes the subscriber without an UnsubscribedEvent', async () => {
    await seed();
    await seedSends();
    await configure();
    await freeze('2025-03-02T12:00:00Z');
    ok(await api().post('/_emulator/simulate/bounce', { json: { send_uuid: SEND } }));
    const calls = await received();
    expect(calls).toHaveLength(1);
    expect(calls[0]?.body).toBe(
      '{"send_uuid":"9b0f5c1e-3d7a-4f2b-8e61-2c4d5a6b7c8d","subscriber_uuid":"2a0c72d9-f91a-4fd2-88a7-589dfd75f464","subscriber_email":"jane@acme.test","email_list_uuid":"c2f1a3e4-5b6c-4d7e-8f90-1a2b3c4d5e6f","event":"BounceRegisteredEvent"}',
    );
    expect(calls[0]?.headers.signature).toBe('8ffd420b3d606438417fef0f0ebe3da16091d46c0a1be485ec0d08f8ffeb7425');
    const jane = ok(await api().get(`/api/subscribers/${JANE}`)).data;
    expect([jane.unsubscribed_at, jane.updated_at]).toEqual([
      '2025-03-02T12:00:00.000000Z',
      '2025-03-02T12:00:00.000000Z',
    ]);
    expect(
      ok(await api().get(`/api/email-lists/${LIST}/subscribers?filter[status]=unsubscribed`)).data.map(
        (s: { uuid: string }) => s.uuid,
      ),
    ).toEqual([JANE]);
    expect(ok(await api().get(`/api/campaigns/${CAMPAIGN}/unsubscribes`)).data).toEqual([]);
    // Whatever the status: a second bounce moves unsubscribed_at again, and fires again.
    await freeze('2025-03-02T13:00:00Z');
    ok(await api().post('/_emulator/simulate/bounce', { json: { send_uuid: SEND } }));
    expect(eventsOf(await received(1))).toEqual(['BounceRegisteredEvent']);
    expect(ok(await api().get(`/api/subscribers/${JANE}`)).data.unsubscribed_at).toBe('2025-03-02T13:00:00.000000Z');
  });

  // docs/spec/mailcoach-webhooks.md#36-bounceregisteredevent--softbounceregisteredevent-sendregisterbounce-handlers-handlesoftbounceregisteredevent
  it('a soft bounce is byte for byte the SoftBounceRegisteredEvent of the spec and changes no subscriber', async () => {
    await seed();
    await seedSends();
    await configure();
    ok(await api().post('/_emulator/simulate/soft-bounce', { json: { send_uuid: SEND } }));
    const [call] = await received();
    expect(call?.body).toBe(
      '{"send_uuid":"9b0f5c1e-3d7a-4f2b-8e61-2c4d5a6b7c8d","subscriber_uuid":"2a0c72d9-f91a-4fd2-88a7-589dfd75f464","subscriber_email":"jane@acme.test","email_list_uuid":"c2f1a3e4-5b6c-4d7e-8f90-1a2b3c4d5e6f","event":"SoftBounceRegisteredEvent"}',
    );
    expect(call?.headers.signature).toBe('9bff3505ef44fa02a77dbbd9dd75c9c6f879124f07be1d29c2d57488de705a3e');
    expect(ok(await api().get(`/api/subscribers/${JANE}`)).data.unsubscribed_at).toBeNull();
  });

  it('a complaint fires UnsubscribedEvent (no complaint webhook), even for one already unsubscribed; the campaign counts it once', async () => {
    await seed({
      subscribers: [
        { uuid: JANE, email: 'jane@acme.test', created_at: CREATED },
        { uuid: BOB, email: 'bob@acme.test', status: 'unsubscribed', created_at: CREATED },
      ],
    });
    await seedSends([
      { uuid: SEND, subscriber: JANE },
      { uuid: BOB_SEND, subscriber: BOB },
    ]);
    await configure();
    ok(await api().post('/_emulator/simulate/complaint', { json: { send_uuid: SEND } }));
    ok(await api().post('/_emulator/simulate/complaint', { json: { send_uuid: SEND } }));
    ok(await api().post('/_emulator/simulate/complaint', { json: { send_uuid: BOB_SEND } }));
    const calls = await received();
    expect(eventsOf(calls)).toEqual(['UnsubscribedEvent', 'UnsubscribedEvent', 'UnsubscribedEvent']);
    expect(bodies(calls).map((body) => body.email)).toEqual(['jane@acme.test', 'jane@acme.test', 'bob@acme.test']);
    expect(
      ok(await api().get(`/api/campaigns/${CAMPAIGN}/unsubscribes`))
        .data.map((row: { subscriber_uuid: string }) => row.subscriber_uuid)
        .sort(),
    ).toEqual([BOB, JANE].sort());
    expect(ok(await api().get('/api/suppressions/jane@acme.test')).data.reason).toBe('spam_complaint');
  });

  it('POST /_emulator/simulate/unsubscribe fires UnsubscribedEvent once, as the public page does', async () => {
    await seed();
    await seedSends();
    await configure();
    ok(await api().post('/_emulator/simulate/unsubscribe', { json: { send_uuid: SEND } }));
    ok(await api().post('/_emulator/simulate/unsubscribe', { json: { send_uuid: SEND } }));
    expect(eventsOf(await received())).toEqual(['UnsubscribedEvent']);
  });
});

describe('what fires nothing', () => {
  it('any simulation on a transactional send, a send-less bounce or complaint, and a transactional mail itself', async () => {
    await seed();
    await configure();
    const sent = await api().post('/api/transactional-mails/send', {
      json: {
        from: 'app@acme.test',
        to: 'jane@acme.test',
        subject: 'Hi',
        html: '<p><a href="https://acme.test/x">x</a></p>',
      },
    });
    expect(sent.status, sent.text).toBe(200);
    const [send] = ok(await api().get(`/api/sends?filter[transactional_mail_log_item_uuid]=${sent.json().uuid}`)).data;
    for (const kind of ['open', 'click', 'soft-bounce', 'bounce', 'complaint'])
      ok(await api().post(`/_emulator/simulate/${kind}`, { json: { send_uuid: send.uuid } }));
    ok(await api().post('/_emulator/simulate/bounce', { json: { email: 'jane@acme.test' } }));
    ok(await api().post('/_emulator/simulate/complaint', { json: { email: 'bob@acme.test' } }));
    // The subscriber of that address is not touched: a transactional send has no subscriber.
    expect(ok(await api().get(`/api/subscribers/${JANE}`)).data.unsubscribed_at).toBeNull();
    expect(ok(await api().get('/_emulator/webhook-calls')).meta.total).toBe(0);
    expect(receiver().calls).toEqual([]);
  });
});
