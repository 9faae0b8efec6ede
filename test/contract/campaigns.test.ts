/**
 * Campaigns over HTTP (docs/spec/mailcoach-audience-campaigns.md#5-campaigns and its docs/spec/mailcoach-audience-campaigns.md#12-checklist-things-an-emulator-author-is-likely-to-get-wrong checklist): the resource with v8's quirks,
 * create/update as a full replace, listing, the statistics of its sends' simulations, and where a campaign mail
 * came from. Sending (send-test and send with their refusals, delivery, scheduling, the mails' links) is
 * campaign-sending.test.ts's.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { createClient } from '../../server/testing/index.js';
import { campaignAudience, createdCampaign } from '../support/campaign-audience.js';
import { connectEventStream } from '../support/event-stream.js';
import { useEmulator } from '../support/emulator-process.js';
import { apiClient, ok } from '../support/http.js';

const emulator = useEmulator({ fixtures: null });
const api = () => apiClient(emulator().url, emulator().token);
const client = () => createClient({ url: emulator().url, token: emulator().token });
const audience = () => campaignAudience(api());
const createCampaign = (body: Record<string, unknown>) => createdCampaign(api(), body);

beforeEach(async () => {
  ok(await api().post('/_emulator/reset'), 204);
});

describe('campaigns', () => {
  it('creates a draft with every key of CampaignResource in order: from_name is the subject, a nested list, template null', async () => {
    const { list } = await audience();
    const campaign = await createCampaign({ name: 'March news', email_list_uuid: list.uuid, html: '<p>Hi</p>' });
    expect(Object.keys(campaign)).toEqual([
      'uuid',
      'name',
      'email_list_uuid',
      'email_list',
      'template_uuid',
      'template',
      'from_email',
      'from_name',
      'status',
      'html',
      'structured_html',
      'email_html',
      'webview_html',
      'fields',
      'mailable_class',
      'utm_tags',
      'sent_to_number_of_subscribers',
      'segment_class',
      'segment_description',
      'open_count',
      'unique_open_count',
      'open_rate',
      'click_count',
      'unique_click_count',
      'click_rate',
      'unsubscribe_count',
      'unsubscribe_rate',
      'bounce_count',
      'bounce_rate',
      'sent_at',
      'statistics_calculated_at',
      'scheduled_at',
      'summary_mail_sent_at',
      'created_at',
      'updated_at',
    ]);
    expect(campaign).toMatchObject({
      name: 'March news',
      email_list_uuid: list.uuid,
      template_uuid: null,
      template: null,
      from_email: null,
      from_name: 'March news',
      status: 'draft',
      html: '<p>Hi</p>',
      structured_html: '{"templateValues":{"html":"<p>Hi<\\/p>"}}',
      fields: { html: '<p>Hi</p>' },
      utm_tags: true,
      segment_class: 'Spatie\\Mailcoach\\Domain\\Audience\\Support\\Segments\\EverySubscriberSegment',
      segment_description: 'all subscribers',
      open_rate: 0,
      scheduled_at: null,
    });
    expect(campaign.email_list.uuid).toBe(list.uuid);
    expect(campaign).not.toHaveProperty('subject');
  });

  it("refuses bad input with v8's texts, and an update is a full replace back to draft", async () => {
    const { list } = await audience();
    const bad = await api().post('/api/campaigns', {
      json: { email_list_uuid: 'nope', schedule_at: '2025-03-02T10:00:00Z', utm_tags: 'yes' },
    });
    expect(bad.status).toBe(422);
    expect(bad.json().errors).toEqual({
      name: ['The name field is required.'],
      email_list_uuid: ['The selected email list uuid is invalid.'],
      utm_tags: ['The utm tags field must be true or false.'],
      schedule_at: ['The schedule at field must match the format Y-m-d H:i:s.'],
    });
    const campaign = await createCampaign({
      name: 'Later',
      subject: 'Soon',
      email_list_uuid: list.uuid,
      html: '<p>x</p>',
      schedule_at: '2030-01-02 03:04:05',
    });
    expect(campaign).toMatchObject({ scheduled_at: '2030-01-02T03:04:05.000000Z', from_name: 'Soon', status: 'draft' });
    expect(
      ok(await api().get('/api/campaigns?filter[status]=scheduled')).data.map((c: { uuid: string }) => c.uuid),
    ).toEqual([campaign.uuid]);
    const updated = ok(
      await api().put(`/api/campaigns/${campaign.uuid}`, { json: { name: 'Later', email_list_uuid: list.uuid } }),
    ).data;
    expect(updated).toMatchObject({ scheduled_at: null, from_name: 'Later', html: null });
  });

  it('builds the html from a campaign template and its fields, editor fields as markdown', async () => {
    const { list } = await audience();
    const template = ok(
      await api().post('/api/templates', { json: { name: 'T', html: '<h1>[[[title:text]]]</h1>[[[body]]]' } }),
      201,
    ).data;
    const campaign = await createCampaign({
      name: 'C',
      email_list_uuid: list.uuid,
      template_uuid: template.uuid,
      fields: { title: 'Hello', body: '**Bold**' },
    });
    expect(campaign.html).toBe('<h1>Hello</h1><p><strong>Bold</strong></p>\n');
    expect(campaign.fields).toEqual({ title: 'Hello', body: '**Bold**' });
    expect(campaign.template_uuid).toBe(template.uuid);
    expect(campaign).not.toHaveProperty('template');
  });

  it('sends to a segment only, and lists campaigns with unscheduled drafts first', async () => {
    const { list, jane } = await audience();
    const segment = ok(
      await api().post(`/api/email-lists/${list.uuid}/segments`, { json: { name: 'VIPs', positive_tags: ['vip'] } }),
      201,
    ).data;
    const campaign = await createCampaign({
      name: 'VIP only',
      email_list_uuid: list.uuid,
      segment_uuid: segment.uuid,
      html: '<p>x</p>',
    });
    expect(campaign).toMatchObject({
      segment_description: 'VIPs',
      segment_class: 'Spatie\\Mailcoach\\Domain\\Audience\\Support\\Segments\\SubscribersWithTagsSegment',
    });
    ok(await api().post(`/api/campaigns/${campaign.uuid}/send`), 204);
    await client().waitForCampaignSent(campaign.uuid);
    const sends = ok(await api().get(`/api/sends?filter[campaign_uuid]=${campaign.uuid}`)).data as Array<{
      subscriber_uuid: string;
    }>;
    expect(sends.map((s) => s.subscriber_uuid)).toEqual([jane.uuid]);
    const draft = await createCampaign({ name: 'Draft', email_list_uuid: list.uuid });
    expect(ok(await api().get('/api/campaigns')).data.map((c: { uuid: string }) => c.uuid)).toEqual([
      draft.uuid,
      campaign.uuid,
    ]);
    expect(ok(await api().get('/api/campaigns?sort=sent')).data.map((c: { uuid: string }) => c.uuid)).toEqual([
      campaign.uuid,
      draft.uuid,
    ]);
    const stream = await connectEventStream(emulator().url, emulator().token);
    ok(await api().delete(`/api/campaigns/${campaign.uuid}`), 204);
    // Its Sends went with it: the stream says so, for the web UI's Sends list.
    expect(await stream.next()).toEqual({ event: 'sends.changed', data: { uuids: null } });
    expect((await api().get(`/api/campaigns/${campaign.uuid}`)).json().message).toBe(
      'No query results for model [Spatie\\Mailcoach\\Domain\\Campaign\\Models\\Campaign].',
    );
    expect(ok(await api().get(`/api/sends?filter[campaign_uuid]=${campaign.uuid}`)).data).toEqual([]);
  });

  it("counts the simulations on its sends: opens, clicks on links, unsubscribes, bounces, with v8's lists", async () => {
    const { list, jane, bob } = await audience();
    const campaign = await createCampaign({
      name: 'Stats',
      email_list_uuid: list.uuid,
      html: '<p><a href="https://acme.test/offer">Offer</a></p>',
    });
    ok(await api().post(`/api/campaigns/${campaign.uuid}/send`), 204);
    await client().waitForCampaignSent(campaign.uuid);
    const sends = ok(await api().get(`/api/sends?filter[campaign_uuid]=${campaign.uuid}`)).data as Array<{
      uuid: string;
      subscriber_uuid: string;
    }>;
    const janeSend = sends.find((s) => s.subscriber_uuid === jane.uuid) as { uuid: string };
    const bobSend = sends.find((s) => s.subscriber_uuid === bob.uuid) as { uuid: string };
    ok(await api().post('/_emulator/simulate/open', { json: { send_uuid: janeSend.uuid } }));
    // v8 drops an open less than 5 s after the send's latest one: the second open comes later on the emulator clock.
    ok(await api().post('/_emulator/clock', { json: { advance_ms: 5_000 } }));
    ok(await api().post('/_emulator/simulate/open', { json: { send_uuid: janeSend.uuid } }));
    ok(await api().post('/_emulator/simulate/click', { json: { send_uuid: janeSend.uuid } }));
    // Bob's first click registers his open first (Send::registerClick); his hard bounce unsubscribes him silently.
    ok(
      await api().post('/_emulator/simulate/click', {
        json: { send_uuid: bobSend.uuid, url: 'https://acme.test/other' },
      }),
    );
    ok(await api().post('/_emulator/simulate/bounce', { json: { send_uuid: bobSend.uuid } }));
    const unsubscribed = ok(
      await api().post('/_emulator/simulate/unsubscribe', { json: { send_uuid: janeSend.uuid } }),
    ).data;
    expect(unsubscribed.unsubscribed_at).not.toBeNull();
    const stats = ok(await api().get(`/api/campaigns/${campaign.uuid}`)).data;
    expect(stats).toMatchObject({
      sent_to_number_of_subscribers: 2,
      open_count: 3,
      unique_open_count: 2,
      open_rate: 10000,
      click_count: 2,
      unique_click_count: 2,
      click_rate: 10000,
      unsubscribe_count: 1,
      unsubscribe_rate: 5000,
      bounce_count: 1,
      bounce_rate: 5000,
    });
    const opens = ok(await api().get(`/api/campaigns/${campaign.uuid}/opens`));
    expect(opens.data.find((open: { subscriber_uuid: string }) => open.subscriber_uuid === jane.uuid)).toEqual({
      // v8's OpenResource casts the list uuid to an int (unit-tested in php-int.test.ts).
      subscriber_uuid: jane.uuid,
      subscriber_email_list_uuid: expect.any(Number),
      subscriber_email: 'jane@acme.test',
      open_count: 2,
      first_opened_at: expect.any(String),
      last_opened_at: expect.any(String),
    });
    expect(
      opens.data
        .map((open: { subscriber_uuid: string; open_count: number }) => [open.subscriber_uuid, open.open_count])
        .sort(),
    ).toEqual(
      [
        [jane.uuid, 2],
        [bob.uuid, 1],
      ].sort(),
    );
    expect(ok(await api().get(`/api/subscribers/${bob.uuid}`)).data.unsubscribed_at).not.toBeNull();
    const clicks = ok(await api().get(`/api/campaigns/${campaign.uuid}/clicks`)).data as Array<{
      url: string;
      click_count: number;
      clicks: unknown[];
    }>;
    expect(clicks.map((link) => [link.url, link.click_count, link.clicks.length]).sort()).toEqual([
      ['https://acme.test/offer', 1, 1],
      ['https://acme.test/other', 1, 1],
    ]);
    expect(Object.keys(clicks[0] as object)).toEqual(['uuid', 'url', 'unique_click_count', 'click_count', 'clicks']);
    const unsubscribes = ok(await api().get(`/api/campaigns/${campaign.uuid}/unsubscribes`)).data;
    expect(unsubscribes).toHaveLength(1);
    expect(unsubscribes[0]).toMatchObject({
      campaign_uuid: campaign.uuid,
      subscriber_uuid: jane.uuid,
      subscriber_email: 'jane@acme.test',
      subscriber: { uuid: jane.uuid },
    });
    const bounces = ok(await api().get(`/api/campaigns/${campaign.uuid}/bounces`)).data;
    expect(bounces).toEqual([
      {
        subscriber_uuid: bob.uuid,
        subscriber_email_list_uuid: list.uuid,
        subscriber_email: 'bob@acme.test',
        bounce_count: 1,
        type: 'bounce',
        created_at: expect.any(String),
      },
    ]);
    expect(ok(await api().get('/api/suppressions/bob@acme.test')).data.reason).toBe('hard_bounce');
    expect((await api().get(`/api/campaigns/${campaign.uuid}/opens?sort=colour`)).status).toBe(400);
  });

  it('shows where a campaign mail came from, and searches by campaign and list (name or uuid)', async () => {
    const { list, jane } = await audience();
    const campaign = await createCampaign({ name: 'Origins', email_list_uuid: list.uuid, html: '<p>Hello</p>' });
    ok(await api().post(`/api/campaigns/${campaign.uuid}/send`), 204);
    await client().waitForCampaignSent(campaign.uuid);
    const search = async (query: string) =>
      (
        ok(await api().get(`/_emulator/messages?query=${encodeURIComponent(query)}`)).data as Array<{
          to: Array<{ email: string }>;
        }>
      )
        .map((m) => m.to[0]?.email)
        .sort();
    expect(await search('campaign:Origins')).toEqual(['bob@acme.test', 'jane@acme.test']);
    expect(await search(`campaign:${campaign.uuid.toUpperCase()}`)).toEqual(['bob@acme.test', 'jane@acme.test']);
    expect(await search('campaign:"origins" to:jane@acme.test')).toEqual(['jane@acme.test']);
    expect(await search('list:News')).toEqual(['bob@acme.test', 'jane@acme.test']);
    expect(await search('campaign:Nope')).toEqual([]);
    expect(await search('-campaign:Origins')).toEqual([]);
    const [summary] = ok(await api().get('/_emulator/messages?query=to:jane@acme.test')).data;
    const [send] = ok(
      await api().get(`/api/sends?filter[campaign_uuid]=${campaign.uuid}&filter[subscriber_uuid]=${jane.uuid}`),
    ).data;
    expect(summary.send_uuid).toBe(send.uuid);
    const mail = ok(await api().get(`/_emulator/messages/${summary.uuid}`));
    expect(mail).toMatchObject({
      campaign: { uuid: campaign.uuid, name: 'Origins' },
      email_list: { uuid: list.uuid, name: 'News' },
      subscriber_uuid: jane.uuid,
    });
  });
});
