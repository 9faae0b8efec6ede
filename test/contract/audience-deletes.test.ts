/**
 * What a delete takes with it, and what it leaves pointing nowhere (docs/spec/mailcoach-audience-campaigns.md#11-model-mailcoach_email_lists-v8-migration-domainaudiencemodelsemaillistphp, docs/spec/mailcoach-audience-campaigns.md#16-delete-apiemail-listsuuid,
 * docs/spec/mailcoach-audience-campaigns.md#21-model-and-status-mailcoach_subscribers-domainaudiencemodelssubscriberphp, docs/spec/mailcoach-audience-campaigns.md#27-delete-apisubscribersuuid, docs/spec/mailcoach-audience-campaigns.md#delete-segmentssegmentuuid, docs/spec/mailcoach-audience-campaigns.md#delete-apitemplatesuuid), seen as a client sees it:
 * - a subscriber's Sends, and with them their opens, clicks, feedback and unsubscribes, cascade away (v8's
 *   foreign keys); so do a deleted list's subscribers' Sends; its campaigns stay, without a list;
 * - a reference to a deleted row never starts naming another row created later: ids are never given out again
 *   (v8 on MySQL: auto-increment), so a campaign whose template was deleted keeps showing none.
 * Captured mails stay in the inbox: they are the emulator's record of what was delivered, not Mailcoach data.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { useEmulator } from '../support/emulator-process.js';
import { apiClient, ok } from '../support/http.js';
import { waitUntil } from '../support/wait.js';

const emulator = useEmulator({ fixtures: null });
const api = () => apiClient(emulator().url, emulator().token);

interface Send {
  uuid: string;
  subscriber_uuid: string | null;
  campaign_uuid: string | null;
}
const sendsWhere = async (query: string) => ok(await api().get(`/api/sends?${query}`)).data as Send[];
const campaign = async (uuid: string) => ok(await api().get(`/api/campaigns/${uuid}`)).data;

async function createList(name = 'News') {
  return ok(await api().post('/api/email-lists', { json: { name, default_from_email: 'news@acme.test' } }), 201).data;
}

async function subscribe(listUuid: string, email: string, tags: string[] = []) {
  return ok(await api().post(`/api/email-lists/${listUuid}/subscribers`, { json: { email, tags } }), 201).data;
}

/** Creates a campaign and sends it, waiting until it is `sent` (its Sends are all there then). */
async function sentCampaign(body: Record<string, unknown>) {
  const created = ok(
    await api().post('/api/campaigns', {
      json: { html: '<p><a href="https://acme.test/offer">Offer</a></p>', ...body },
    }),
    201,
  ).data;
  ok(await api().post(`/api/campaigns/${created.uuid}/send`), 204);
  return waitUntil(
    () => campaign(created.uuid),
    (c) => c.status === 'sent',
    { what: `campaign ${created.uuid} to be sent` },
  );
}

/**
 * A list with jane and bob, a campaign sent to both, and on jane's Send an open, a click, a bounce and an unsubscribe;
 * on bob's a click, which registers his open first (Send::registerClick).
 */
async function engagedAudience() {
  const list = await createList();
  const jane = await subscribe(list.uuid, 'jane@acme.test', ['vip']);
  const bob = await subscribe(list.uuid, 'bob@acme.test');
  const sent = await sentCampaign({ name: 'March', email_list_uuid: list.uuid });
  const sends = await sendsWhere(`filter[campaign_uuid]=${sent.uuid}`);
  const janeSend = sends.find((s) => s.subscriber_uuid === jane.uuid) as Send;
  const bobSend = sends.find((s) => s.subscriber_uuid === bob.uuid) as Send;
  ok(await api().post('/_emulator/simulate/open', { json: { send_uuid: janeSend.uuid } }));
  ok(await api().post('/_emulator/simulate/click', { json: { send_uuid: janeSend.uuid } }));
  ok(await api().post('/_emulator/simulate/click', { json: { send_uuid: bobSend.uuid } }));
  ok(await api().post('/_emulator/simulate/soft-bounce', { json: { send_uuid: janeSend.uuid } }));
  ok(await api().post('/_emulator/simulate/unsubscribe', { json: { send_uuid: janeSend.uuid } }));
  expect(await campaign(sent.uuid)).toMatchObject({
    sent_to_number_of_subscribers: 2,
    open_count: 2,
    unique_open_count: 2,
    click_count: 2,
    unique_click_count: 2,
    unsubscribe_count: 1,
  });
  return { list, jane, bob, campaign: sent, janeSend, bobSend };
}

beforeEach(async () => {
  ok(await api().post('/_emulator/reset'), 204);
});

// docs/spec/mailcoach-audience-campaigns.md#21-model-and-status-mailcoach_subscribers-domainaudiencemodelssubscriberphp
// docs/spec/mailcoach-audience-campaigns.md#27-delete-apisubscribersuuid
describe('DELETE /api/subscribers/{uuid}', () => {
  it("takes the subscriber's Sends and their opens, clicks, feedback and unsubscribes; other subscribers' stay", async () => {
    const { jane, bob, campaign: sent, janeSend, bobSend } = await engagedAudience();
    const inbox = ok(await api().get('/_emulator/messages')).meta.total;
    ok(await api().delete(`/api/subscribers/${jane.uuid}`), 204);

    expect(await sendsWhere(`filter[subscriber_uuid]=${jane.uuid}`)).toEqual([]);
    expect((await api().get(`/api/sends/${janeSend.uuid}`)).status).toBe(404);
    expect((await sendsWhere(`filter[campaign_uuid]=${sent.uuid}`)).map((s) => s.uuid)).toEqual([bobSend.uuid]);
    expect((await sendsWhere('')).map((s) => s.uuid)).toEqual([bobSend.uuid]);
    expect(ok(await api().get('/api/sends')).meta.total).toBe(1);

    // The campaign's lists and numbers, recalculated from what is left (CalculateStatisticsAction: sends()->count()).
    expect(
      ok(await api().get(`/api/campaigns/${sent.uuid}/opens`)).data.map(
        (open: { subscriber_uuid: string }) => open.subscriber_uuid,
      ),
    ).toEqual([bob.uuid]);
    expect(ok(await api().get(`/api/campaigns/${sent.uuid}/unsubscribes`)).data).toEqual([]);
    expect(ok(await api().get(`/api/campaigns/${sent.uuid}/bounces`)).data).toEqual([]);
    const links = ok(await api().get(`/api/campaigns/${sent.uuid}/clicks`)).data;
    expect(links).toEqual([
      expect.objectContaining({ url: 'https://acme.test/offer', unique_click_count: 1, click_count: 1 }),
    ]);
    expect(
      links[0].clicks.map((click: { send_uuid: string; subscriber_uuid: string }) => [
        click.send_uuid,
        click.subscriber_uuid,
      ]),
    ).toEqual([[bobSend.uuid, bob.uuid]]);
    expect(await campaign(sent.uuid)).toMatchObject({
      sent_to_number_of_subscribers: 1,
      open_count: 1,
      unique_open_count: 1,
      open_rate: 10000,
      click_count: 1,
      unique_click_count: 1,
      click_rate: 10000,
      unsubscribe_count: 0,
      unsubscribe_rate: 0,
      bounce_count: 0,
    });

    // The mails that were delivered are still in the inbox.
    expect(ok(await api().get('/_emulator/messages')).meta.total).toBe(inbox);
    expect((await api().get(`/api/subscribers/${jane.uuid}`)).status).toBe(404);
  });

  // docs/spec/mailcoach-audience-campaigns.md#01-shared-rules-not-spelled-out-in-the-reference
  it('deletes one found by email in a list (the binding by email) the same way', async () => {
    const { list, jane, bobSend } = await engagedAudience();
    ok(await api().delete(`/api/subscribers/jane@acme.test?email_list_uuid=${list.uuid}`), 204);
    expect(await sendsWhere(`filter[subscriber_uuid]=${jane.uuid}`)).toEqual([]);
    expect((await sendsWhere('')).map((s) => s.uuid)).toEqual([bobSend.uuid]);
  });

  it('changes nothing for a subscriber it cannot find, and leaves transactional Sends alone', async () => {
    const { jane, campaign: sent } = await engagedAudience();
    const transactional = ok(
      await api().post('/api/transactional-mails/send', {
        json: { from: 'app@acme.test', to: 'jane@acme.test', subject: 'Receipt', html: '<p>x</p>' },
      }),
    );
    const before = await sendsWhere('');
    expect(before).toHaveLength(3);
    for (const path of ['00000000-0000-4000-8000-00000000ffff', 'jane@acme.test', `${jane.uuid}x`]) {
      const res = await api().delete(`/api/subscribers/${path}`);
      expect(res.status).toBe(404);
      expect(res.json().message).toBe(
        'No query results for model [Spatie\\Mailcoach\\Domain\\Audience\\Models\\Subscriber].',
      );
    }
    expect(await sendsWhere('')).toEqual(before);
    expect(await campaign(sent.uuid)).toMatchObject({
      sent_to_number_of_subscribers: 2,
      open_count: 2,
      unsubscribe_count: 1,
    });

    ok(await api().delete(`/api/subscribers/${jane.uuid}`), 204);
    const left = await sendsWhere('');
    expect(left.map((s) => s.subscriber_uuid)).not.toContain(jane.uuid);
    expect(left.filter((s) => s.subscriber_uuid === null).map((s) => s.uuid)).toHaveLength(1);
    expect(
      (await api().get(`/api/sends?filter[transactional_mail_log_item_uuid]=${transactional.uuid}`)).json().data,
    ).toHaveLength(1);
  });
});

// docs/spec/mailcoach-audience-campaigns.md#11-model-mailcoach_email_lists-v8-migration-domainaudiencemodelsemaillistphp
// docs/spec/mailcoach-audience-campaigns.md#16-delete-apiemail-listsuuid
describe('DELETE /api/email-lists/{uuid}', () => {
  it("takes its subscribers' Sends, tags, segments and imports; its campaigns stay without a list; other lists' Sends stay", async () => {
    const { list, jane, bob, campaign: sent } = await engagedAudience();
    const other = await createList('Other');
    const carol = await subscribe(other.uuid, 'carol@acme.test');
    const otherCampaign = await sentCampaign({ name: 'Other news', email_list_uuid: other.uuid });
    const segment = ok(
      await api().post(`/api/email-lists/${list.uuid}/segments`, { json: { name: 'VIPs', positive_tags: ['vip'] } }),
      201,
    ).data;
    const draft = ok(
      await api().post('/api/campaigns', {
        json: { name: 'Draft', email_list_uuid: list.uuid, segment_uuid: segment.uuid },
      }),
      201,
    ).data;
    const subscriberImport = ok(
      await api().post('/api/subscriber-imports', {
        json: { email_list_uuid: list.uuid, subscribers_csv: 'email\nx@acme.test' },
      }),
      201,
    ).data;

    ok(await api().delete(`/api/email-lists/${list.uuid}`), 204);

    for (const subscriber of [jane, bob])
      expect(await sendsWhere(`filter[subscriber_uuid]=${subscriber.uuid}`)).toEqual([]);
    expect(await sendsWhere(`filter[campaign_uuid]=${sent.uuid}`)).toEqual([]);
    expect((await sendsWhere('')).map((s) => s.subscriber_uuid)).toEqual([carol.uuid]);
    expect((await sendsWhere(`filter[campaign_uuid]=${otherCampaign.uuid}`)).map((s) => s.subscriber_uuid)).toEqual([
      carol.uuid,
    ]);
    expect((await api().get(`/api/subscriber-imports/${subscriberImport.uuid}`)).status).toBe(404);
    expect((await api().get(`/api/email-lists/${list.uuid}/segments/${segment.uuid}`)).status).toBe(404);

    // v8 keeps the statistics it last calculated when no Send is left (it recalculates only a campaign with sends).
    expect(await campaign(sent.uuid)).toMatchObject({
      email_list_uuid: null,
      email_list: null,
      status: 'sent',
      sent_to_number_of_subscribers: 2,
      open_count: 0,
      click_count: 0,
      unsubscribe_count: 0,
    });
    expect(await campaign(draft.uuid)).toMatchObject({ email_list_uuid: null, email_list: null });
    expect(await campaign(otherCampaign.uuid)).toMatchObject({
      email_list_uuid: other.uuid,
      sent_to_number_of_subscribers: 1,
    });
  });

  it('changes nothing for an unknown list', async () => {
    const { list } = await engagedAudience();
    const before = await sendsWhere('');
    expect((await api().delete('/api/email-lists/00000000-0000-4000-8000-00000000ffff')).status).toBe(404);
    expect((await api().delete(`/api/email-lists/${list.uuid.toUpperCase()}x`)).status).toBe(404);
    expect(await sendsWhere('')).toEqual(before);
    expect(ok(await api().get(`/api/email-lists/${list.uuid}/subscribers`)).data).toHaveLength(2);
  });
});

// docs/spec/mailcoach-audience-campaigns.md#delete-apitemplatesuuid
// docs/spec/mailcoach-audience-campaigns.md#3-tags-apiemail-listsuuidtags
// docs/spec/mailcoach-audience-campaigns.md#delete-segmentssegmentuuid
describe('ids are never given out again', () => {
  it("a campaign whose template was deleted shows none, also after another template is created, and the filter doesn't find it", async () => {
    const list = await createList();
    const first = ok(
      await api().post('/api/templates', { json: { name: 'First', html: '<p>[[[content]]]</p>' } }),
      201,
    ).data;
    const used = ok(
      await api().post('/api/campaigns', {
        json: { name: 'Uses first', email_list_uuid: list.uuid, template_uuid: first.uuid },
      }),
      201,
    ).data;
    expect(used.template_uuid).toBe(first.uuid);
    expect(used).not.toHaveProperty('template');

    ok(await api().delete(`/api/templates/${first.uuid}`), 204);
    const orphan = await campaign(used.uuid);
    // v8: template_id stays set (no foreign key), so template_uuid reads null and the `template` key stays absent.
    expect(orphan.template_uuid).toBeNull();
    expect(orphan).not.toHaveProperty('template');

    const second = ok(
      await api().post('/api/templates', { json: { name: 'Second', html: '<p>[[[content]]]</p>' } }),
      201,
    ).data;
    const after = await campaign(used.uuid);
    expect(after.template_uuid).toBeNull();
    expect(after).not.toHaveProperty('template');
    const usingSecond = async () =>
      (
        ok(await api().get(`/api/campaigns?filter[contentItem.template.uuid]=${second.uuid}`)).data as Array<{
          uuid: string;
        }>
      ).map((c) => c.uuid);
    expect(await usingSecond()).toEqual([]);
    const fresh = ok(
      await api().post('/api/campaigns', {
        json: { name: 'Uses second', email_list_uuid: list.uuid, template_uuid: second.uuid },
      }),
      201,
    ).data;
    expect(fresh.template_uuid).toBe(second.uuid);
    expect(await usingSecond()).toEqual([fresh.uuid]);
    expect(ok(await api().get(`/api/campaigns?filter[contentItem.template.uuid]=${first.uuid}`)).data).toEqual([]);
  });

  it('a segment whose tag was deleted keeps matching nobody: a tag created afterwards is not the deleted one', async () => {
    const list = await createList();
    await subscribe(list.uuid, 'jane@acme.test', ['vip']);
    const vip = (
      ok(await api().get(`/api/email-lists/${list.uuid}/tags`)).data as Array<{ uuid: string; name: string }>
    ).find((t) => t.name === 'vip');
    const segment = ok(
      await api().post(`/api/email-lists/${list.uuid}/segments`, { json: { name: 'VIPs', positive_tags: ['vip'] } }),
      201,
    ).data;
    ok(await api().delete(`/api/email-lists/${list.uuid}/tags/${vip?.uuid}`), 204);
    // bob's new tag is created after the delete; under a reused id the segment would now select bob.
    const bob = await subscribe(list.uuid, 'bob@acme.test', ['newcomer']);
    const sent = await sentCampaign({ name: 'VIP news', email_list_uuid: list.uuid, segment_uuid: segment.uuid });
    expect(await sendsWhere(`filter[campaign_uuid]=${sent.uuid}`)).toEqual([]);
    expect(await sendsWhere(`filter[subscriber_uuid]=${bob.uuid}`)).toEqual([]);
  });

  it("a new campaign never gets a deleted campaign's internal id (v8 leaks it in the send refusals)", async () => {
    const idOf = async (uuid: string) => {
      const refused = await api().post(`/api/campaigns/${uuid}/send`);
      expect(refused.status).toBe(400);
      return /with id `(\d+)`/.exec(refused.json().message)?.[1];
    };
    const list = await createList();
    // No html: the send is refused with "The campaign with id `N` can't be sent because it has no content."
    const first = ok(
      await api().post('/api/campaigns', { json: { name: 'Empty', email_list_uuid: list.uuid } }),
      201,
    ).data;
    const firstId = await idOf(first.uuid);
    expect(firstId).toMatch(/^\d+$/);
    ok(await api().delete(`/api/campaigns/${first.uuid}`), 204);
    const second = ok(
      await api().post('/api/campaigns', { json: { name: 'Empty too', email_list_uuid: list.uuid } }),
      201,
    ).data;
    expect(await idOf(second.uuid)).not.toBe(firstId);
  });
});
