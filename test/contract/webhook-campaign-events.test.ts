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
 * Here: a campaign sent, the simulations on its sends, and what fires nothing. The subscriber events are
 * webhook-events.test.ts's.
 */
import { describe, expect, it } from 'vitest';
import { ok } from '../support/http.js';
import {
  BOB,
  BOB_SEND,
  bodies,
  CAMPAIGN,
  CREATED,
  eventsOf,
  hmac,
  JANE,
  LIST,
  SEND,
  useWebhookEvents,
} from '../support/webhook-events.js';

const { emulator, receiver, api, client, seed, seedSends, configure, freeze, advance, received } = useWebhookEvents();

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
