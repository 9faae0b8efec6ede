/**
 * POST /api/automations/{uuid}/trigger (docs/spec/mailcoach-audience-campaigns.md#7-automations-post-apiautomationsuuidtrigger) with the bundled "Welcome series"
 * automation and seeded ones: v8's 404, 422 and 400 texts, 200 `[]`, and the triggers recorded for
 * GET /_emulator/automations with whether each subscriber would have entered.
 */
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { ROOT, useEmulator } from '../support/emulator-process.js';
import { apiClient, ok } from '../support/http.js';
import { waitUntil } from '../support/wait.js';

const emulator = useEmulator({ fixtures: join(ROOT, 'fixtures') });
const api = () => apiClient(emulator().url, emulator().token);
const WELCOME = '5a1c9e3b-7d24-4f8a-9b61-2e0d4c7f8a13';
const NEWSLETTER = '197fa091-463b-4b00-8cb3-fee1b7c2d1bd';

const subscriberUuid = async (email: string) =>
  ok(await api().get(`/api/email-lists/${NEWSLETTER}/subscribers?filter[email]=${encodeURIComponent(email)}`)).data[0]
    .uuid as string;

beforeEach(async () => {
  expect((await api().post('/_emulator/reset')).status).toBe(204);
});

describe('POST /api/automations/{uuid}/trigger', () => {
  it('answers 200 [] and records who entered, and why the others did not', async () => {
    const jane = await subscriberUuid('jane@example.com');
    const lee = await subscriberUuid('lee@example.com');
    const res = await api().post(`/api/automations/${WELCOME}/trigger`, {
      form: `subscribers%5B0%5D=${jane}&subscribers%5B1%5D=${lee}`,
    });
    expect(res.status).toBe(200);
    expect(res.text).toBe('[]');
    ok(await api().post(`/api/automations/${WELCOME}/trigger`, { json: { subscribers: [jane] } }));
    const [welcome] = ok(await api().get('/_emulator/automations')).data;
    expect(welcome).toMatchObject({
      uuid: WELCOME,
      name: 'Welcome series',
      email_list_uuid: NEWSLETTER,
      status: 'started',
      webhook_trigger: true,
    });
    expect(
      welcome.triggers.map((t: { subscriber_uuid: string; entered: boolean; reason: string | null }) => [
        t.subscriber_uuid,
        t.entered,
        t.reason,
      ]),
    ).toEqual([
      [jane, true, null],
      [lee, false, 'the subscriber is not subscribed'],
      [jane, false, 'the subscriber is already in the automation'],
    ]);
  });

  it('leaves out what validation cannot see (a value under a key with a dot) instead of failing', async () => {
    const jane = await subscriberUuid('jane@example.com');
    for (const subscribers of [{ 'a.b': 'nope' }, { '"N, A" <a@b.co>': 'nope' }, { 'a.b': [1] }, { 'a.b': jane }]) {
      const res = await api().post(`/api/automations/${WELCOME}/trigger`, { json: { subscribers } });
      expect(res.status, res.text).toBe(200);
      expect(res.text).toBe('[]');
    }
    // Only the real subscriber (under a dotted key, which validation passes over too) is recorded.
    const [welcome] = ok(await api().get('/_emulator/automations')).data;
    expect(
      welcome.triggers.map((t: { subscriber_uuid: string; entered: boolean }) => [t.subscriber_uuid, t.entered]),
    ).toEqual([[jane, true]]);
  });

  it('refuses as v8: 404 for an unknown automation, 422 for unknown subscribers, 400 without a webhook trigger', async () => {
    const missing = await api().post('/api/automations/00000000-0000-4000-8000-000000000000/trigger', {
      json: { subscribers: [] },
    });
    expect(missing.status).toBe(404);
    expect(missing.json().message).toBe(
      'No query results for model [Spatie\\Mailcoach\\Domain\\Automation\\Models\\Automation].',
    );
    const empty = await api().post(`/api/automations/${WELCOME}/trigger`, { json: {} });
    expect(empty.json().errors).toEqual({ subscribers: ['The subscribers field is required.'] });
    const unknown = await api().post(`/api/automations/${WELCOME}/trigger`, { json: { subscribers: ['nope'] } });
    expect(unknown.status).toBe(422);
    expect(unknown.json().errors).toEqual({ 'subscribers.0': ['The selected subscribers.0 is invalid.'] });
    ok(
      await api().post('/_emulator/seed', {
        json: { automations: [{ name: 'Manual', email_list: 'Newsletter', webhook_trigger: false }] },
      }),
    );
    const manual = ok(await api().get('/_emulator/automations')).data.find(
      (a: { name: string }) => a.name === 'Manual',
    );
    const jane = await subscriberUuid('jane@example.com');
    const refused = await api().post(`/api/automations/${manual.uuid}/trigger`, { json: { subscribers: [jane] } });
    expect(refused.status).toBe(400);
    expect(refused.text).toBe('{\n    "message": "This automation does not have a Webhook trigger."\n}');
    const badSeed = await api().post('/_emulator/seed', {
      json: { automations: [{ name: 'Nowhere', email_list: 'No such list' }] },
    });
    expect(badSeed.status).toBe(422);
    expect(badSeed.json().errors).toEqual({
      'automations.0.email_list': ['No email list named "No such list" (or with that uuid) in the workspace.'],
    });
  });

  it('holds the bundled draft campaign, which sends to the Newsletter as its fixture says', async () => {
    const campaign = ok(await api().get('/api/campaigns/e3b7c9d1-2f4a-4c6e-8a0b-9d1c3e5f7a24')).data;
    expect(campaign).toMatchObject({
      name: 'March newsletter',
      status: 'draft',
      email_list_uuid: NEWSLETTER,
      from_name: "What's new at Acme in March",
    });
    expect((await api().post(`/api/campaigns/${campaign.uuid}/send`)).status).toBe(204);
    // Delivered after the 204: the campaign turns `sent` once its last mail is captured (campaigns/deliver.ts).
    const sent = await waitUntil(
      async () => ok(await api().get(`/api/campaigns/${campaign.uuid}`)).data,
      (c: { status: string }) => c.status === 'sent',
      { what: 'the March newsletter to be sent' },
    );
    // The Newsletter's subscribed subscribers, bounced@example.com among them (a Send without a mail: suppressed).
    const subscribed = ok(await api().get(`/api/email-lists/${NEWSLETTER}/subscribers?filter[status]=subscribed`)).meta
      .total;
    expect(sent).toMatchObject({ status: 'sent', sent_to_number_of_subscribers: subscribed });
    const mails = ok(await api().get(`/_emulator/messages?query=${encodeURIComponent('campaign:"March newsletter"')}`))
      .data as Array<{ to: Array<{ email: string }> }>;
    expect(mails.map((m) => m.to[0]?.email)).not.toContain('bounced@example.com');
    expect(mails).toHaveLength(subscribed - 1);
    expect((await api().post('/_emulator/reset')).status).toBe(204);
    expect(ok(await api().get(`/api/campaigns/${campaign.uuid}`)).data.status).toBe('draft');
  });
});
