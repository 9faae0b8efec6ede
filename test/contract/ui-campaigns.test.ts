/**
 * The web UI's campaign routes (server/emulator/records/campaigns.ts): the list and one campaign with their
 * counts, the preview made personal for the chosen subscriber through the send's own render, its 404 and 422, and
 * the test send and the send from /_emulator doing what /api's do (the same mails, Sends, statistics and refusals).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { createClient } from '../../server/testing/index.js';
import { connectEventStream, type SseClient } from '../support/event-stream.js';
import { useEmulator } from '../support/emulator-process.js';
import { apiClient, ok } from '../support/http.js';

const emulator = useEmulator({ fixtures: null });
const api = () => apiClient(emulator().url, emulator().token);
const client = () => createClient({ url: emulator().url, token: emulator().token });

/** A list with Jane and Bob subscribed and one unsubscribed, and a draft campaign greeting each by first name. */
async function campaignWithAudience() {
  const list = ok(
    await api().post('/api/email-lists', { json: { name: 'News', default_from_email: 'news@acme.test' } }),
    201,
  ).data;
  const subscribe = async (email: string, first_name?: string) =>
    ok(await api().post(`/api/email-lists/${list.uuid}/subscribers`, { json: { email, first_name } }), 201).data;
  const jane = await subscribe('jane@acme.test', 'Jane');
  const bob = await subscribe('bob@acme.test', 'Bob');
  const gone = await subscribe('gone@acme.test');
  ok(await api().post(`/api/subscribers/${gone.uuid}/unsubscribe`), 204);
  const campaign = ok(
    await api().post('/api/campaigns', {
      json: {
        name: 'March news',
        subject: 'Hi ::subscriber.first_name::',
        email_list_uuid: list.uuid,
        html: '<p>Hello {{ subscriber.first_name }}, <a href="https://acme.test/deal">deal</a></p>',
      },
    }),
    201,
  ).data;
  return { list, jane, bob, campaign };
}

beforeEach(async () => {
  ok(await api().post('/_emulator/reset'), 204);
});

describe('GET /_emulator/campaigns', () => {
  it('lists each campaign with its status, list, segment, schedule and zero counts before a send', async () => {
    const { list, campaign } = await campaignWithAudience();
    expect(await client().campaignRecords()).toEqual([
      {
        uuid: campaign.uuid,
        name: 'March news',
        subject: 'Hi ::subscriber.first_name::',
        status: 'draft',
        email_list: { uuid: list.uuid, name: 'News' },
        segment_description: 'all subscribers',
        scheduled_at: null,
        sent_at: null,
        created_at: campaign.created_at,
        sent_to_number_of_subscribers: 0,
        sends_count: 0,
        open_count: 0,
        unique_open_count: 0,
        click_count: 0,
        unique_click_count: 0,
        unsubscribe_count: 0,
        bounce_count: 0,
        open_rate: 0,
        click_rate: 0,
        unsubscribe_rate: 0,
        bounce_rate: 0,
      },
    ]);
  });

  it('answers one campaign with who a send reaches and the subscribers to preview as; 404 for another uuid', async () => {
    const { jane, bob, campaign } = await campaignWithAudience();
    const detail = await client().campaignRecord(campaign.uuid);
    expect(detail).toMatchObject({ uuid: campaign.uuid, audience_count: 2, from_email: 'news@acme.test', links: [] });
    expect(detail.activity).toEqual({ opened: [], clicked: [], unsubscribed: [] });
    // Those a send reaches (issue 41 finding 10): the unsubscribed one is not offered.
    expect(detail.subscribers.map((s) => s.email)).toEqual(['jane@acme.test', 'bob@acme.test']);
    expect(detail.subscribers[0]).toEqual({
      uuid: jane.uuid,
      email: 'jane@acme.test',
      first_name: 'Jane',
      last_name: null,
    });
    expect(bob.uuid).toBe(detail.subscribers[1]?.uuid);
    const missing = await api().get('/_emulator/campaigns/no-such-campaign');
    expect(missing.status).toBe(404);
    expect(missing.json()).toEqual({ message: 'No campaign no-such-campaign in this workspace.' });
  });
});

describe('GET /_emulator/campaigns/{uuid}/audience', () => {
  it('searches the subscribers a send reaches by email or name, case-insensitively; 404 for another uuid', async () => {
    const { bob, campaign } = await campaignWithAudience();
    expect(await client().campaignAudience(campaign.uuid, 'BOB')).toEqual({
      data: [{ uuid: bob.uuid, email: 'bob@acme.test', first_name: 'Bob', last_name: null }],
      total: 1,
    });
    expect((await client().campaignAudience(campaign.uuid, 'acme.test')).total).toBe(2);
    // On the list, but a send does not reach them (unsubscribed).
    expect(await client().campaignAudience(campaign.uuid, 'gone')).toEqual({ data: [], total: 0 });
    expect((await api().get('/_emulator/campaigns/no-such-campaign/audience')).status).toBe(404);
  });

  it("narrows to the campaign's segment", async () => {
    const { list, campaign } = await campaignWithAudience();
    const tag = ok(await api().post(`/api/email-lists/${list.uuid}/tags`, { json: { name: 'vip' } }), 201).data;
    const bob = await client().mailcoach.findSubscriber(list.uuid, 'bob@acme.test');
    ok(await api().post(`/api/subscribers/${bob!.uuid}/tags`, { json: { tags: ['vip'] } }));
    const segment = ok(
      await api().post(`/api/email-lists/${list.uuid}/segments`, {
        json: { name: 'VIPs', positive_tags: [tag.name], all_positive_tags_required: true },
      }),
      201,
    ).data;
    ok(
      await api().put(`/api/campaigns/${campaign.uuid}`, {
        json: { name: 'March news', email_list_uuid: list.uuid, segment_uuid: segment.uuid },
      }),
    );
    expect((await client().campaignRecord(campaign.uuid)).audience_count).toBe(1);
    expect((await client().campaignRecord(campaign.uuid)).subscribers.map((s) => s.email)).toEqual(['bob@acme.test']);
    expect((await client().campaignAudience(campaign.uuid, 'jane')).total).toBe(0);
  });
});

describe('campaigns.changed', () => {
  it('comes for a campaign created, updated and deleted through /api (the Campaigns pages refetch on it), not for a refused write or a read', async () => {
    const list = ok(
      await api().post('/api/email-lists', { json: { name: 'News', default_from_email: 'news@acme.test' } }),
      201,
    ).data;
    const stream = await connectEventStream(emulator().url, emulator().token);
    try {
      const campaign = ok(
        await api().post('/api/campaigns', { json: { name: 'Live one', email_list_uuid: list.uuid } }),
        201,
      ).data;
      expect(await stream.next()).toEqual({ event: 'campaigns.changed', data: {} });
      expect((await api().post('/api/campaigns', { json: {} })).status).toBe(422);
      ok(await api().get(`/api/campaigns/${campaign.uuid}`));
      ok(
        await api().put(`/api/campaigns/${campaign.uuid}`, { json: { name: 'Live two', email_list_uuid: list.uuid } }),
      );
      // The next event is the update's: the refused write and the read announced nothing.
      expect(await stream.next()).toEqual({ event: 'campaigns.changed', data: {} });
      ok(await api().delete(`/api/campaigns/${campaign.uuid}`), 204);
      // A delete also drops the campaign's Sends: sends.changed comes first.
      expect(await stream.next()).toMatchObject({ event: 'sends.changed' });
      expect(await stream.next()).toEqual({ event: 'campaigns.changed', data: {} });
    } finally {
      stream.close();
    }
  });
});

describe('campaigns.changed from the web UI', () => {
  /** The next event named `name`, passing over the others (the test mails' captures, the Sends). */
  async function nextNamed(stream: SseClient, name: string) {
    for (;;) {
      const event = await stream.next();
      if (event.event === name) return event;
    }
  }

  it('comes for a test send and a send from the campaign page, as for those through /api (the campaign is written: its email_html, then `sending`)', async () => {
    const { campaign } = await campaignWithAudience();
    const stream = await connectEventStream(emulator().url, emulator().token);
    try {
      await client().sendCampaignTest(campaign.uuid, 'qa@acme.test');
      expect(await nextNamed(stream, 'campaigns.changed')).toEqual({ event: 'campaigns.changed', data: {} });
      await client().sendCampaign(campaign.uuid);
      expect(await nextNamed(stream, 'campaigns.changed')).toEqual({ event: 'campaigns.changed', data: {} });
      // Announced once prepared: the campaign reads `sending` (or `sent` already), not `draft`.
      expect((await client().campaignRecord(campaign.uuid)).status).not.toBe('draft');
    } finally {
      stream.close();
    }
  });
});

describe('GET /_emulator/campaigns/{uuid}/preview', () => {
  it("renders the mail as the chosen subscriber gets it, the list's first by default", async () => {
    const { jane, bob, campaign } = await campaignWithAudience();
    const asBob = await client().campaignPreview(campaign.uuid, bob.uuid);
    expect(asBob.subscriber).toMatchObject({ uuid: bob.uuid, first_name: 'Bob' });
    expect(asBob.subject).toBe('Hi Bob');
    // The campaign's html as PrepareEmailHtmlAction inlines it (CssToInlineStyles' document), made personal.
    expect(asBob.html).toBe(
      '<!DOCTYPE html PUBLIC "-//W3C//DTD HTML 4.0 Transitional//EN" "http://www.w3.org/TR/REC-html40/loose.dtd">\n' +
        '<html><body><p>Hello Bob, <a href="https://acme.test/deal">deal</a></p></body></html>',
    );
    expect(asBob.text).toContain('Hello Bob');
    const first = await client().campaignPreview(campaign.uuid);
    expect(first.subscriber?.uuid).toBe(jane.uuid);
    expect(first.subject).toBe('Hi Jane');
  });

  it('is what the send delivers to that subscriber', async () => {
    const { bob, campaign } = await campaignWithAudience();
    const preview = await client().campaignPreview(campaign.uuid, bob.uuid);
    ok(await api().post(`/api/campaigns/${campaign.uuid}/send`), 204);
    await client().waitForCampaignSent(campaign.uuid);
    const mail = await client().waitForMessage({ to: 'bob@acme.test' });
    expect(mail.subject).toBe(preview.subject);
    expect(mail.html).toBe(preview.html);
    expect(mail.text).toBe(preview.text);
  });

  it('answers 404 for no such subscriber and 422 for a subscriber of another list', async () => {
    const { campaign } = await campaignWithAudience();
    const other = ok(
      await api().post('/api/email-lists', { json: { name: 'Other', default_from_email: 'other@acme.test' } }),
      201,
    ).data;
    const stranger = ok(
      await api().post(`/api/email-lists/${other.uuid}/subscribers`, { json: { email: 'x@acme.test' } }),
      201,
    ).data;
    const none = await api().get(`/_emulator/campaigns/${campaign.uuid}/preview?subscriber=nobody`);
    expect(none.status).toBe(404);
    expect(none.json()).toEqual({ message: 'No subscriber nobody in this workspace.' });
    const foreign = await api().get(`/_emulator/campaigns/${campaign.uuid}/preview?subscriber=${stranger.uuid}`);
    expect(foreign.status).toBe(422);
    expect(foreign.json().errors).toEqual({
      subscriber: [`The subscriber ${stranger.uuid} is not on this campaign's list.`],
    });
  });
});

describe('the actions', () => {
  it("sends a test as /api's send-test does: [Test] subject, personal for a subscriber's address, no Send; its refusals too", async () => {
    const { campaign } = await campaignWithAudience();
    await client().sendCampaignTest(campaign.uuid, 'jane@acme.test, qa@acme.test');
    const [toQa, toJane] = await client().waitForMessages(2, { subject: '[Test]' });
    expect([toJane?.subject, toQa?.subject].sort()).toEqual(['[Test] Hi ', '[Test] Hi Jane']);
    expect((await client().campaignRecord(campaign.uuid)).sends_count).toBe(0);
    const bad = await api().post(`/_emulator/campaigns/${campaign.uuid}/send-test`, {
      json: { email: 'not-an-address' },
    });
    const badApi = await api().post(`/api/campaigns/${campaign.uuid}/send-test`, { json: { email: 'not-an-address' } });
    expect(bad.status).toBe(422);
    expect(bad.json().errors).toEqual(badApi.json().errors);
  });

  it('sends as /api does: one mail and Send per subscribed subscriber, then counts from the simulations; a second send is refused', async () => {
    const { campaign } = await campaignWithAudience();
    await client().sendCampaign(campaign.uuid);
    const sent = await client().waitForCampaignSent(campaign.uuid);
    expect(sent.sent_to_number_of_subscribers).toBe(2);
    const mails = await client().waitForMessages(2, { query: `campaign:${campaign.uuid}` });
    expect(mails.map((m) => m.to[0]?.email).sort()).toEqual(['bob@acme.test', 'jane@acme.test']);
    const sends = (await client().sends({ campaignUuid: campaign.uuid })).data;
    expect(sends).toHaveLength(2);
    const [first] = sends;
    ok(await api().post('/_emulator/simulate/open', { json: { send_uuid: first?.uuid } }));
    ok(
      await api().post('/_emulator/simulate/click', {
        json: { send_uuid: first?.uuid, url: 'https://acme.test/deal' },
      }),
    );
    ok(await api().post('/_emulator/simulate/unsubscribe', { json: { send_uuid: first?.uuid } }));
    const record = await client().campaignRecord(campaign.uuid);
    expect(record).toMatchObject({
      status: 'sent',
      sends_count: 2,
      unique_open_count: 1,
      unique_click_count: 1,
      unsubscribe_count: 1,
      links: [{ url: 'https://acme.test/deal', unique_click_count: 1, click_count: 1 }],
    });
    // The rates /api answers for the same campaign (hundredths of a percent: 1 of 2 is 5000).
    const fromApi = ok(await api().get(`/api/campaigns/${campaign.uuid}`)).data;
    expect([record.open_rate, record.click_rate, record.unsubscribe_rate, record.bounce_rate]).toEqual([
      5000, 5000, 5000, 0,
    ]);
    expect([fromApi.open_rate, fromApi.click_rate, fromApi.unsubscribe_rate, fromApi.bounce_rate]).toEqual([
      5000, 5000, 5000, 0,
    ]);
    // Who did it: the first send's subscriber, each time.
    const who = first?.subscriber_uuid;
    expect(record.activity.opened).toEqual([
      { subscriber_uuid: who, email: first?.email, open_count: 1, first_opened_at: expect.any(String) },
    ]);
    expect(record.activity.clicked).toEqual([
      { subscriber_uuid: who, email: first?.email, click_count: 1, urls: ['https://acme.test/deal'] },
    ]);
    expect(record.activity.unsubscribed).toEqual([
      { subscriber_uuid: who, email: first?.email, unsubscribed_at: expect.any(String) },
    ]);
    const again = await api().post(`/_emulator/campaigns/${campaign.uuid}/send`);
    expect(again.status).toBe(422);
    expect(again.json().errors).toEqual({ campaign: ['You cannot send a campaign that already was sent.'] });
  });
});

describe('GET /_emulator/campaign-templates', () => {
  it('lists a template with its fields and renders it as a campaign with those field values would be', async () => {
    const template = ok(
      await api().post('/api/templates', { json: { name: 'T', html: '<h1>[[[title:text]]]</h1>[[[body]]]' } }),
      201,
    ).data;
    expect(await client().campaignTemplateRecords()).toEqual([
      {
        uuid: template.uuid,
        name: 'T',
        fields: [
          { name: 'title', type: 'text' },
          { name: 'body', type: 'editor' },
        ],
      },
    ]);
    const preview = await client().campaignTemplatePreview(template.uuid, { title: 'Hello', body: '**Bold**' });
    // What POST /api/campaigns makes of the same template and fields.
    const list = ok(
      await api().post('/api/email-lists', { json: { name: 'News', default_from_email: 'news@acme.test' } }),
      201,
    ).data;
    const campaign = ok(
      await api().post('/api/campaigns', {
        json: {
          name: 'C',
          email_list_uuid: list.uuid,
          template_uuid: template.uuid,
          fields: { title: 'Hello', body: '**Bold**' },
        },
      }),
      201,
    ).data;
    expect(preview.html).toBe(`<html><body>${campaign.html}</body></html>`);
    expect(preview.html).toContain('<h1>Hello</h1>');
    expect(preview.text).toContain('Bold');
    const bad = await api().get(`/_emulator/campaign-templates/${template.uuid}/preview?fields=nope`);
    expect(bad.status).toBe(422);
    expect(bad.json().errors).toEqual({ fields: ['The fields must be a JSON object of field values.'] });
    expect((await api().get('/_emulator/campaign-templates/nope/preview')).status).toBe(404);
  });
});
