/**
 * v8's public pages behind a campaign mail's links (routes/mailcoach-public-api.php): manage-preferences
 * (ManagePreferencesController: the page, its personal-info and subscriptions POSTs and their events) and
 * unsubscribe-tag (UnsubscribeTagController, the `::unsubscribeTag::<tag>::` placeholder of UnsubscribeUrlReplacer
 * and the `List-Unsubscribe` header of MailcoachMail::addUnsubscribeHeaders), with the webhooks they cause
 * (docs/spec/mailcoach-webhooks.md#32-subscriber-events-when-they-fire).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { createClient } from '../../server/testing/index.js';
import { useEmulator } from '../support/emulator-process.js';
import { apiClient, ok, rawRequest } from '../support/http.js';
import { useWebhookReceiver, type ReceivedCall } from '../support/webhook-receiver.js';

const emulator = useEmulator({ fixtures: null });
const receiver = useWebhookReceiver();
const api = () => apiClient(emulator().url, emulator().token);
const client = () => createClient({ url: emulator().url, token: emulator().token });

beforeEach(async () => {
  // The calls of the test before arrive first (the log says how many), so that none lands in this one.
  await received();
  ok(await api().post('/_emulator/reset'), 204);
  receiver().clear();
});

/** Every webhook call stored so far, once the receiver has them, from the `from`-th on. */
async function received(from = 0): Promise<Array<Record<string, any>>> {
  const stored = ok(await api().get('/_emulator/webhook-calls?per_page=500')).meta.total as number;
  const calls: ReceivedCall[] = await receiver().waitForCalls(stored);
  return calls.slice(from).map((call) => JSON.parse(call.body) as Record<string, any>);
}

/**
 * The list "News" with tags `news` and `promo` shown in preferences and `internal` not, Jane (promo, internal) and
 * Bob, a webhook configuration, and a campaign with this html sent to them.
 */
async function sentCampaign(html: string, listExtra: Record<string, unknown> = {}) {
  const list = ok(
    await api().post('/api/email-lists', {
      json: { name: 'News', default_from_email: 'news@acme.test', ...listExtra },
    }),
    201,
  ).data;
  for (const name of ['news', 'promo'])
    ok(await api().post(`/api/email-lists/${list.uuid}/tags`, { json: { name, visible_in_preferences: true } }), 201);
  const jane = ok(
    await api().post(`/api/email-lists/${list.uuid}/subscribers`, {
      json: { email: 'jane@acme.test', first_name: 'Jane', tags: ['promo', 'internal', 'news letter', 'café'] },
    }),
    201,
  ).data;
  ok(await api().post(`/api/email-lists/${list.uuid}/subscribers`, { json: { email: 'bob@acme.test' } }), 201);
  const campaign = ok(
    await api().post('/api/campaigns', { json: { name: 'March', email_list_uuid: list.uuid, html } }),
    201,
  ).data;
  ok(
    await api().post('/_emulator/webhooks', { json: { name: 'App', url: `${receiver().url}/hook`, secret: 's3cr3t' } }),
    201,
  );
  ok(await api().post(`/api/campaigns/${campaign.uuid}/send`), 204);
  await client().waitForCampaignSent(campaign.uuid);
  const sends = ok(await api().get(`/api/sends?filter[campaign_uuid]=${campaign.uuid}`)).data as Array<{
    uuid: string;
    subscriber_uuid: string;
  }>;
  const send = sends.find((row) => row.subscriber_uuid === jane.uuid)?.uuid as string;
  const summary = (await client().messages({ to: 'jane@acme.test' })).data[0];
  const mail = ok(await api().get(`/_emulator/messages/${summary?.uuid}`));
  return {
    list,
    jane,
    campaign,
    send,
    mail: mail as { html: string; links: string[]; headers: Array<{ name: string; value: string }> },
  };
}

const header = (mail: { headers: Array<{ name: string; value: string }> }, name: string) =>
  mail.headers.find((h) => h.name === name)?.value;

describe('manage-preferences (ManagePreferencesController)', () => {
  it("is ::preferencesUrl::, v8's page: the personal information form and the preference tags, checked as the subscriber has them", async () => {
    const { jane, send, mail } = await sentCampaign('<p><a href="::preferencesUrl::">Preferences</a></p>');
    const url = `${emulator().url}/manage-preferences/${jane.uuid}/${send}`;
    expect(mail.links).toEqual([url]);
    const page = await rawRequest(emulator().url, { path: new URL(url).pathname });
    expect(page.status).toBe(200);
    expect(page.text).toContain(`<form method="POST" action="/manage-preferences/info/${jane.uuid}">`);
    expect(page.text).toContain('name="first_name" value="Jane"');
    // The subscriptions form names no send, as v8's action() builds it; only default tags shown in preferences.
    expect(page.text).toContain(`<form method="POST" action="/manage-preferences/subscriptions/${jane.uuid}">`);
    expect(page.text).toContain('name="tags[news]">');
    expect(page.text).toContain('name="tags[promo]" checked>');
    expect(page.text).not.toContain('internal');
    expect(page.text).toContain('name="unsubscribe_from_all"');
    expect(page.text).not.toContain('Preferences updated successfully!');
  });

  it('saves the names (no webhook), redirects back, and says so once', async () => {
    const { jane } = await sentCampaign('<p>x</p>');
    const before = (await received()).length;
    const saved = await api().post(`/manage-preferences/info/${jane.uuid}`, {
      form: 'first_name=+Janet+&last_name=Doe',
      headers: { referer: 'https://app.test/back' },
    });
    expect(saved.status).toBe(302);
    expect(saved.headers.location).toBe('https://app.test/back');
    expect(ok(await api().get(`/api/subscribers/${jane.uuid}`)).data).toMatchObject({
      first_name: 'Janet',
      last_name: 'Doe',
    });
    const page = await rawRequest(emulator().url, { path: `/manage-preferences/${jane.uuid}` });
    expect(page.text).toContain('Preferences updated successfully!');
    expect((await rawRequest(emulator().url, { path: `/manage-preferences/${jane.uuid}` })).text).not.toContain(
      'Preferences updated successfully!',
    );
    // Without a Referer (and no session): the app's root.
    expect(
      (await api().post(`/manage-preferences/info/${jane.uuid}`, { form: 'first_name=Janet' })).headers.location,
    ).toBe('/');
    expect(ok(await api().get(`/api/subscribers/${jane.uuid}`)).data).toMatchObject({
      first_name: 'Janet',
      last_name: null,
    });
    // What v8's VARCHAR(255) or an array would break on (a 500 there) is refused, and nothing changes.
    const refused = await api().post(`/manage-preferences/info/${jane.uuid}`, { form: 'first_name[]=x&last_name=Z' });
    expect(refused.status).toBe(422);
    expect(refused.text).toContain('The first name must be a text.');
    expect(
      (await api().post(`/manage-preferences/info/${jane.uuid}`, { form: `first_name=${'a'.repeat(256)}` })).status,
    ).toBe(422);
    expect(ok(await api().get(`/api/subscribers/${jane.uuid}`)).data).toMatchObject({
      first_name: 'Janet',
      last_name: null,
    });
    expect(await received(before)).toEqual([]);
  });

  it('syncs the preference tags: TagAddedEvent for a box checked, TagRemovedEvent for a shown tag unchecked, hidden tags kept', async () => {
    const { jane } = await sentCampaign('<p>x</p>');
    const before = (await received()).length;
    const saved = await api().post(`/manage-preferences/subscriptions/${jane.uuid}`, {
      form: 'tags[news]=on',
      headers: { referer: `http://x.test/manage-preferences/${jane.uuid}` },
    });
    expect(saved.status).toBe(302);
    expect(saved.headers.location).toBe(`http://x.test/manage-preferences/${jane.uuid}`);
    const calls = await received(before);
    expect(calls.map((call) => [call.event, call.added_tag ?? call.removed_tag, call.tags])).toEqual([
      ['TagAddedEvent', 'news', ['café', 'internal', 'news letter', 'promo', 'news']],
      ['TagRemovedEvent', 'promo', ['café', 'internal', 'news letter', 'promo', 'news']],
    ]);
    expect(ok(await api().get(`/api/subscribers/${jane.uuid}`)).data.tags).toEqual([
      'café',
      'internal',
      'news',
      'news letter',
    ]);
    expect((await rawRequest(emulator().url, { path: `/manage-preferences/${jane.uuid}` })).text).toContain(
      'Preferences updated successfully!',
    );
  });

  it('unsubscribes from all: UnsubscribedEvent, counted for the campaign of the send in the URL; then the already-unsubscribed page', async () => {
    const { jane, send, campaign } = await sentCampaign('<p>x</p>');
    const before = (await received()).length;
    const done = await api().post(`/manage-preferences/subscriptions/${jane.uuid}/${send}`, {
      form: 'unsubscribe_from_all=1&tags[news]=on',
    });
    expect(done.status).toBe(200);
    expect(done.text).toContain('You have been unsubscribed from list <strong>News</strong>.');
    expect((await received(before)).map((call) => call.event)).toEqual(['UnsubscribedEvent']);
    expect(ok(await api().get(`/api/subscribers/${jane.uuid}`)).data.tags).not.toContain('news');
    expect(ok(await api().get(`/api/campaigns/${campaign.uuid}`)).data.unsubscribe_count).toBe(1);
    const page = await rawRequest(emulator().url, { path: `/manage-preferences/${jane.uuid}/${send}` });
    expect(page.text).toContain('You were already unsubscribed from the list <strong>News</strong>.');
    // Once unsubscribed, the POST changes nothing.
    expect(
      (await api().post(`/manage-preferences/subscriptions/${jane.uuid}`, { form: 'tags[news]=on' })).text,
    ).toContain('You were already unsubscribed');
    expect(await received(before + 1)).toEqual([]);
  });

  it("goes to the list's redirect_after_unsubscribed; an unknown subscriber gets v8's page; /preferences/ redirects here", async () => {
    const { jane } = await sentCampaign('<p>x</p>', { redirect_after_unsubscribed: 'https://acme.test/bye' });
    const done = await api().post(`/manage-preferences/subscriptions/${jane.uuid}`, {
      form: 'unsubscribe_from_all=on',
    });
    expect([done.status, done.headers.location]).toEqual([302, 'https://acme.test/bye']);
    for (const path of ['/manage-preferences/nobody', '/manage-preferences/nobody/x']) {
      const page = await rawRequest(emulator().url, { path });
      expect(page.status).toBe(200);
      expect(page.text).toContain('We could not find your subscription to this list.');
    }
    expect((await api().post('/manage-preferences/info/nobody', { form: 'first_name=x' })).text).toContain(
      'We could not find your subscription',
    );
    const legacy = await rawRequest(emulator().url, { path: `/preferences/${jane.uuid}/some-send` });
    expect([legacy.status, legacy.headers.location]).toEqual([301, `/manage-preferences/${jane.uuid}/some-send`]);
  });
});

describe('unsubscribe-tag (UnsubscribeTagController, UnsubscribeUrlReplacer, List-Unsubscribe)', () => {
  it('replaces ::unsubscribeTag::<tag>:: (urldecoded, then urlencoded) and puts the first one in List-Unsubscribe', async () => {
    const html =
      '<p><a href="::unsubscribeTag::news letter::">Leave</a></p>\n<p><a href="https://x.test/?u=%3A%3AunsubscribeTag%3A%3Acaf%C3%A9%3A%3A">Caf\u00e9</a></p>\n<p><a href="::UNSUBSCRIBETAG::a/b::">AB</a></p>';
    const { jane, send, mail } = await sentCampaign(html);
    const base = `${emulator().url}/unsubscribe-tag/${jane.uuid}`;
    expect(mail.links).toEqual([
      `${base}/news+letter/${send}`,
      `https://x.test/?u=${base}/caf%C3%A9/${send}`,
      `${base}/a%2Fb/${send}`,
    ]);
    // The header's tag comes from the campaign's html as written, case-sensitively.
    expect(header(mail, 'List-Unsubscribe')).toBe(`<${base}/news+letter/${send}>`);
    expect(header(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
  });

  it("runs each match to the line's last :: as v8's greedy .* does, and prefers unsubscribeTag['…'] for the header", async () => {
    const html = `<p>{{ unsubscribeTag['promo'] }}</p>\n<a href="::unsubscribeTag::a::">A</a> <a href="::unsubscribeTag::b::">B</a>`;
    const { jane, send, mail } = await sentCampaign(html);
    const base = `${emulator().url}/unsubscribe-tag/${jane.uuid}`;
    expect(mail.html).toContain(`<p>${base}/promo/${send}</p>`);
    // One match from the first `::unsubscribeTag::` to the last `::` of the line: its "tag" is all between.
    expect(mail.html).toContain(
      `<a href="${base}/a%3A%3A%22%3EA%3C%2Fa%3E+%3Ca+href%3D%22%3A%3AunsubscribeTag%3A%3Ab/${send}">B</a>`,
    );
    expect(header(mail, 'List-Unsubscribe')).toBe(`<${base}/promo/${send}>`);
  });

  it('shows the page, and its POST (or the one-click POST) removes the tag with TagRemovedEvent, the subscriber staying subscribed', async () => {
    const { jane, send, mail } = await sentCampaign('<a href="::unsubscribeTag::news letter::">Leave</a>');
    const path = `/unsubscribe-tag/${jane.uuid}/news+letter/${send}`;
    const page = await rawRequest(emulator().url, { path });
    expect(page.status).toBe(200);
    // The tag as the route gives it (rawurldecoded only), escaped.
    expect(page.text).toContain(
      "Are you sure you want to unsubscribe from list <strong>News</strong>'s tag news+letter?",
    );
    expect(page.text).toContain('<form method="POST">');
    const before = (await received()).length;
    expect(header(mail, 'List-Unsubscribe')).toBe(`<${emulator().url}${path}>`);
    const oneClick = await api().post(path, { form: 'List-Unsubscribe=One-Click' });
    expect(oneClick.status).toBe(200);
    expect(oneClick.text).toContain("You have been unsubscribed from list <strong>News</strong>'s tag news+letter.");
    const calls = await received(before);
    expect(calls.map((call) => [call.event, call.removed_tag, call.tags])).toEqual([
      ['TagRemovedEvent', 'news letter', ['café', 'internal', 'news letter', 'promo']],
    ]);
    expect(calls[0]?.text).toBe('Tag news letter was removed from subscriber jane@acme.test');
    const after = ok(await api().get(`/api/subscribers/${jane.uuid}`)).data;
    expect(after).toMatchObject({ tags: ['café', 'internal', 'promo'], unsubscribed_at: null });
    // Again: no such tag any more, nothing fires, the same page.
    expect((await api().post(path)).text).toContain('You have been unsubscribed from list');
    // A UTF-8 tag, case-insensitively, without a send.
    expect((await api().post(`/unsubscribe-tag/${jane.uuid}/CAF%C3%A9`)).status).toBe(200);
    const events = await received(before + 1);
    expect(events.map((call) => [call.event, call.removed_tag])).toEqual([['TagRemovedEvent', 'café']]);
  });

  it("answers as v8's route does: unknown subscriber, unsubscribed subscriber, redirect_after_unsubscribed, an encoded / in the tag", async () => {
    const { jane, send } = await sentCampaign('<p>x</p>', { redirect_after_unsubscribed: 'https://acme.test/bye' });
    expect((await rawRequest(emulator().url, { path: `/unsubscribe-tag/nobody/news` })).text).toContain(
      'We could not find your subscription to this list.',
    );
    const done = await api().post(`/unsubscribe-tag/${jane.uuid}/promo/${send}`);
    expect([done.status, done.headers.location]).toEqual([302, 'https://acme.test/bye']);
    // Laravel matches the rawurldecoded path: a %2F splits the tag, so with a send uuid there is no such route.
    expect((await rawRequest(emulator().url, { path: `/unsubscribe-tag/${jane.uuid}/a%2Fb/${send}` })).status).toBe(
      404,
    );
    expect((await rawRequest(emulator().url, { path: `/unsubscribe-tag/${jane.uuid}` })).status).toBe(404);
    ok(await api().post(`/api/subscribers/${jane.uuid}/unsubscribe`), 204);
    const before = (await received()).length;
    expect((await api().post(`/unsubscribe-tag/${jane.uuid}/internal`)).text).toContain(
      'You were already unsubscribed from the list <strong>News</strong>.',
    );
    expect(ok(await api().get(`/api/subscribers/${jane.uuid}`)).data.tags).toContain('internal');
    expect(await received(before)).toEqual([]);
  });
});
