/**
 * Sending a campaign over HTTP (docs/spec/mailcoach-audience-campaigns.md#5-campaigns): send-test and send with
 * their refusals, delivery (one Send and one captured mail per subscribed subscriber in the segment, none for a
 * suppressed one), scheduling on the emulator clock, the mails' links (unsubscribe, one-click, webview) working,
 * and the typed client's wait for a campaign sent.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { createClient, MailcoachApiError, WaitForCampaignSentTimeoutError } from '../../server/testing/index.js';
import { campaignAudience, createdCampaign } from '../support/campaign-audience.js';
import { useEmulator } from '../support/emulator-process.js';
import { apiClient, ok, rawRequest } from '../support/http.js';

const HTML4_DOCTYPE =
  '<!DOCTYPE html PUBLIC "-//W3C//DTD HTML 4.0 Transitional//EN" "http://www.w3.org/TR/REC-html40/loose.dtd">';

const emulator = useEmulator({ fixtures: null });
const api = () => apiClient(emulator().url, emulator().token);
const client = () => createClient({ url: emulator().url, token: emulator().token });
const audience = () => campaignAudience(api());
const createCampaign = (body: Record<string, unknown>) => createdCampaign(api(), body);

beforeEach(async () => {
  ok(await api().post('/_emulator/reset'), 204);
});

describe('campaigns', () => {
  it('sends to a list of 120 with mails in flight at once: one Send and one personal mail each, none twice', async () => {
    const list = ok(
      await api().post('/api/email-lists', { json: { name: 'Many', default_from_email: 'news@acme.test' } }),
      201,
    ).data;
    const csv = ['email,first_name', ...Array.from({ length: 120 }, (_, i) => `reader${i}@acme.test,Reader${i}`)].join(
      '\n',
    );
    const draft = ok(
      await api().post('/api/subscriber-imports', { json: { email_list_uuid: list.uuid, subscribers_csv: csv } }),
      201,
    ).data;
    ok(await api().post(`/api/subscriber-imports/${draft.uuid}/start`), 204);
    const campaign = await createCampaign({
      name: 'Many',
      email_list_uuid: list.uuid,
      html: '<p>Hi ::subscriber.first_name::</p>',
    });
    ok(await api().post(`/api/campaigns/${campaign.uuid}/send`), 204);
    expect(await client().waitForCampaignSent(campaign.uuid)).toMatchObject({
      status: 'sent',
      sent_to_number_of_subscribers: 120,
    });
    const messages = ok(
      await api().get(`/_emulator/messages?per_page=200&query=${encodeURIComponent(`campaign:${campaign.uuid}`)}`),
    );
    expect(messages.meta.total).toBe(120);
    const recipients = new Set<string>();
    for (const summary of messages.data as Array<{ uuid: string; to: Array<{ email: string }> }>) {
      const to = summary.to[0]!.email;
      recipients.add(to);
      const html = ok(await api().get(`/_emulator/messages/${summary.uuid}`)).html as string;
      expect(html).toContain(`Hi Reader${/reader(\d+)@/.exec(to)![1]}`);
    }
    expect(recipients.size).toBe(120);
  }, 60_000);

  it('sends: one Send and one personal mail per subscribed subscriber, a suppressed one gets a Send and no mail', async () => {
    const { list, jane, bob } = await audience();
    ok(await api().post('/api/suppressions', { json: { email: 'bob@acme.test' } }), 201);
    const campaign = await createCampaign({
      name: 'March',
      email_list_uuid: list.uuid,
      html: '<p>Hi ::subscriber.first_name:: ({{ subscriber.plan }}) <a href="::unsubscribeUrl::">Unsubscribe</a> <a href="::webviewUrl::">web</a></p>',
    });
    ok(await api().post(`/api/campaigns/${campaign.uuid}/send`), 204);
    const sent = await client().waitForCampaignSent(campaign.uuid);
    expect(sent).toMatchObject({ status: 'sent', sent_to_number_of_subscribers: 2, from_email: 'news@acme.test' });
    const sends = ok(await api().get(`/api/sends?filter[campaign_uuid]=${campaign.uuid}`)).data as Array<{
      subscriber_uuid: string;
      transport_message_id: string | null;
    }>;
    expect(sends.map((s) => s.subscriber_uuid).sort()).toEqual([jane.uuid, bob.uuid].sort());
    expect(sends.find((s) => s.subscriber_uuid === bob.uuid)?.transport_message_id).toBeNull();
    // Bob's send got no mail: nothing can be simulated on it, and nothing changes.
    const bobsSend = (sends as unknown as Array<{ uuid: string; subscriber_uuid: string }>).find(
      (s) => s.subscriber_uuid === bob.uuid,
    )?.uuid;
    for (const kind of ['open', 'click', 'bounce', 'soft-bounce', 'complaint', 'unsubscribe']) {
      const refused = await api().post(`/_emulator/simulate/${kind}`, { json: { send_uuid: bobsSend } });
      expect(refused.status, kind).toBe(422);
      expect(refused.json().errors).toEqual({
        send_uuid: ['The send was suppressed: no mail went out, so nothing can be reported about it.'],
      });
    }
    expect(ok(await api().get(`/api/subscribers/${bob.uuid}`)).data.unsubscribed_at).toBeNull();
    const [summary, ...others] = ok(await api().get('/_emulator/messages')).data;
    expect(others).toEqual([]);
    const mail = ok(await api().get(`/_emulator/messages/${summary.uuid}`));
    expect(mail).toMatchObject({
      subject: 'March',
      from: { name: 'Acme', email: 'news@acme.test' },
      to: [{ name: '', email: 'jane@acme.test' }],
    });
    expect(mail.html).toContain('Hi Jane (pro)');
    const unsubscribe = `${emulator().url}/unsubscribe/${jane.uuid}/${sends.find((s) => s.subscriber_uuid === jane.uuid) && (sends as Array<{ uuid?: string; subscriber_uuid: string }>).find((s) => s.subscriber_uuid === jane.uuid)?.uuid}`;
    expect(mail.links).toContain(unsubscribe);
    expect(mail.headers).toContainEqual({ name: 'List-Unsubscribe', value: `<${unsubscribe}>` });
    expect(mail.headers).toContainEqual({ name: 'List-Unsubscribe-Post', value: 'List-Unsubscribe=One-Click' });
    // Sending again: refused.
    expect((await api().post(`/api/campaigns/${campaign.uuid}/send`)).json()).toEqual({
      message: 'The given data was invalid.',
      errors: { campaign: ['You cannot send a campaign that already was sent.'] },
    });
    // The unsubscribe link: GET shows a page, the one-click POST unsubscribes and counts for the campaign.
    const path = new URL(unsubscribe).pathname;
    expect((await rawRequest(emulator().url, { path })).text).toContain('Unsubscribe jane@acme.test from News');
    const oneClick = await rawRequest(emulator().url, {
      method: 'POST',
      path,
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': '26' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.status).toBe(200);
    expect(ok(await api().get(`/api/subscribers/${jane.uuid}`)).data.unsubscribed_at).not.toBeNull();
    expect(ok(await api().get(`/api/campaigns/${campaign.uuid}`)).data).toMatchObject({
      unsubscribe_count: 1,
      unsubscribe_rate: 5000,
    });
    // The preferences link is v8's manage-preferences page (public-pages-v8.test.ts): for Jane, now unsubscribed, v8's
    // "already unsubscribed" page.
    const preferences = await rawRequest(emulator().url, { path: `/manage-preferences/${jane.uuid}` });
    expect(preferences.status).toBe(200);
    expect(preferences.text).toContain('You were already unsubscribed from the list <strong>News</strong>.');
    // The webview link is v8's route (webview/campaign/{uuid}) and shows the campaign, sandboxed.
    const webviewUrl = `${emulator().url}/webview/campaign/${campaign.uuid}`;
    expect(mail.links).toContain(webviewUrl);
    const webview = await rawRequest(emulator().url, { path: new URL(webviewUrl).pathname });
    expect(webview.status).toBe(200);
    expect(webview.headers['content-security-policy']).toMatch(/^sandbox /);
    expect(webview.text).toBe(sent.webview_html);
  });

  it("prepares email_html on a test send and both htmls on a send; the webview is v8's /webview/campaign/{uuid} only", async () => {
    const { list } = await audience();
    const html = '<p>Hi ::subscriber.first_name:: <a href="::webviewUrl::">web</a></p>';
    // ContentItem::htmlWithInlinedCss: CssToInlineStyles' document around the html.
    const inlined = (body: string) => `${HTML4_DOCTYPE}\n<html><body>${body}</body></html>`;
    const campaign = await createCampaign({ name: 'Prepared', email_list_uuid: list.uuid, html });
    expect(campaign).toMatchObject({ email_html: null, webview_html: null });
    // SendCampaignTestAction: PrepareEmailHtmlAction stores email_html; the campaign's updated_at and subject stay.
    ok(await api().post('/_emulator/clock', { json: { advance_ms: 5_000 } }));
    ok(await api().post(`/api/campaigns/${campaign.uuid}/send-test`, { json: { email: 'qa@acme.test' } }), 204);
    const tested = ok(await api().get(`/api/campaigns/${campaign.uuid}`)).data;
    expect(tested).toEqual({ ...campaign, email_html: inlined(html), webview_html: null });
    const mail = ok(await api().get(`/_emulator/messages/${ok(await api().get('/_emulator/messages')).data[0].uuid}`));
    expect(mail.subject).toBe('[Test] Prepared');
    expect(mail.links).toEqual([`${emulator().url}/webview/campaign/${campaign.uuid}`]);
    // A test send to a suppressed address only still prepares it (v8 prepares before it tries the address).
    const other = await createCampaign({ name: 'Suppressed', email_list_uuid: list.uuid, html: '<p>x</p>' });
    ok(await api().post('/api/suppressions', { json: { email: 'blocked@acme.test' } }), 201);
    ok(await api().post(`/api/campaigns/${other.uuid}/send-test`, { json: { email: 'blocked@acme.test' } }), 204);
    expect(ok(await api().get(`/api/campaigns/${other.uuid}`)).data).toMatchObject({
      email_html: inlined('<p>x</p>'),
      webview_html: null,
    });
    expect(ok(await api().get('/_emulator/messages')).data).toHaveLength(1);

    // The send prepares both; a campaign that disables its webview gets none (PrepareWebviewHtmlAction).
    ok(await api().post(`/api/campaigns/${campaign.uuid}/send`), 204);
    const sent = await client().waitForCampaignSent(campaign.uuid);
    expect(sent).toMatchObject({ status: 'sent', email_html: inlined(html), webview_html: inlined(html) });
    const hidden = await createCampaign({
      name: 'Hidden',
      email_list_uuid: list.uuid,
      html: '<p>y</p>',
      disable_webview: true,
    });
    ok(await api().post(`/api/campaigns/${hidden.uuid}/send`), 204);
    const hiddenSent = await client().waitForCampaignSent(hidden.uuid);
    expect(hiddenSent).toMatchObject({ status: 'sent', email_html: inlined('<p>y</p>'), webview_html: null });
    expect((await rawRequest(emulator().url, { path: `/webview/campaign/${hidden.uuid}` })).status).toBe(404);

    // v8's route is webview/campaign/{campaignUuid}; v7's webview/{campaignUuid} is an unknown route there, and here.
    const page = await rawRequest(emulator().url, { path: `/webview/campaign/${campaign.uuid}` });
    expect(page.status).toBe(200);
    expect(page.text).toBe(inlined(html));
    const v7 = await rawRequest(emulator().url, {
      path: `/webview/${campaign.uuid}`,
      headers: { accept: 'application/json' },
    });
    expect(v7.status).toBe(404);
    expect(v7.text).toBe(`{\n    "message": "The route webview/${campaign.uuid} could not be found."\n}`);
  });

  it('refuses to send a campaign without content (400 naming its id), and sends tests: [Test] subject, no Send kept', async () => {
    const { list } = await audience();
    const empty = await createCampaign({ name: 'Empty', email_list_uuid: list.uuid });
    const refused = await api().post(`/api/campaigns/${empty.uuid}/send`);
    expect(refused.status).toBe(400);
    expect(refused.json().message).toMatch(/^The campaign with id `\d+` can't be sent because it has no content\.$/);
    const campaign = await createCampaign({
      name: 'Test me',
      email_list_uuid: list.uuid,
      html: '<p>Hi ::subscriber.first_name::</p>',
    });
    const missing = await api().post(`/api/campaigns/${campaign.uuid}/send-test`, { json: {} });
    expect(missing.json().errors).toEqual({ email: ['You must specify at least one e-mail address.'] });
    const duplicates = await api().post(`/api/campaigns/${campaign.uuid}/send-test`, {
      form: 'email=a%40acme.test,a%40acme.test',
    });
    expect(duplicates.json().errors).toEqual({ email: ['You may not specify duplicates.'] });
    ok(
      await api().post(`/api/campaigns/${campaign.uuid}/send-test`, { form: 'email=jane%40acme.test,qa%40acme.test' }),
      204,
    );
    const subjects = (
      ok(await api().get('/_emulator/messages')).data as Array<{ subject: string; to: Array<{ email: string }> }>
    ).map((m) => `${m.subject} ${m.to[0]?.email}`);
    expect(subjects.sort()).toEqual(['[Test] Test me jane@acme.test', '[Test] Test me qa@acme.test']);
    expect(ok(await api().get(`/api/sends?filter[campaign_uuid]=${campaign.uuid}`)).data).toEqual([]);
  });

  it('sends a scheduled campaign once its time has come on the emulator clock, and unschedules one without content', async () => {
    const { list, jane } = await audience();
    const now = new Date(ok(await api().get('/_emulator/clock')).now);
    const soon = new Date(now.getTime() + 60_000).toISOString().replace('T', ' ').slice(0, 19);
    const campaign = await createCampaign({
      name: 'Scheduled',
      email_list_uuid: list.uuid,
      html: '<p>Later</p>',
      schedule_at: soon,
    });
    const broken = await createCampaign({ name: 'No content', email_list_uuid: list.uuid, schedule_at: soon });
    // A witness scheduled a minute earlier than now is due at the scheduler's next tick: once it is sent, a tick has
    // looked at the two above (the scheduler sends all that is due in one tick, the earliest first) and left them.
    const earlier = new Date(now.getTime() - 60_000).toISOString().replace('T', ' ').slice(0, 19);
    const witness = await createCampaign({
      name: 'Witness',
      email_list_uuid: list.uuid,
      html: '<p>Now</p>',
      schedule_at: earlier,
    });
    await client().waitForCampaignSent(witness.uuid);
    expect(ok(await api().get(`/api/campaigns/${campaign.uuid}`)).data.status).toBe('draft');
    expect(ok(await api().get(`/api/campaigns/${broken.uuid}`)).data).toMatchObject({
      status: 'draft',
      scheduled_at: expect.any(String),
    });
    ok(await api().post('/_emulator/clock', { json: { advance_ms: 120_000 } }));
    const sent = await client().waitForCampaignSent(campaign.uuid);
    expect(sent).toMatchObject({ status: 'sent', scheduled_at: null, sent_to_number_of_subscribers: 2 });
    const mail = ok(await api().get('/_emulator/messages?query=subject:Scheduled')).data;
    expect(mail.map((m: { to: Array<{ email: string }> }) => m.to[0]?.email).sort()).toEqual([
      'bob@acme.test',
      jane.email,
    ]);
    expect(ok(await api().get(`/api/campaigns/${broken.uuid}`)).data).toMatchObject({
      status: 'draft',
      scheduled_at: null,
    });
  });
});

describe("the typed client's waitForCampaignSent", () => {
  it('resolves once the campaign is sent, with its Sends and mails there; at once for one already sent', async () => {
    const { list, jane, bob } = await audience();
    const campaign = await createCampaign({
      name: 'Waited',
      email_list_uuid: list.uuid,
      html: '<p>Hi ::subscriber.first_name::</p>',
    });
    ok(await api().post(`/api/campaigns/${campaign.uuid}/send`), 204);
    const sent = await client().waitForCampaignSent(campaign.uuid);
    expect(sent).toMatchObject({ uuid: campaign.uuid, status: 'sent', sent_to_number_of_subscribers: 2 });
    expect(sent.sent_at).not.toBeNull();
    // No further wait: what the delivery made is all there once the wait resolves.
    const sends = ok(await api().get(`/api/sends?filter[campaign_uuid]=${campaign.uuid}`)).data as Array<{
      subscriber_uuid: string;
    }>;
    expect(sends.map((send) => send.subscriber_uuid).sort()).toEqual([jane.uuid, bob.uuid].sort());
    const mails = ok(await api().get('/_emulator/messages')).data as Array<{
      subject: string;
      to: Array<{ email: string }>;
    }>;
    expect(mails.map((mail) => `${mail.subject} ${mail.to[0]?.email}`).sort()).toEqual([
      'Waited bob@acme.test',
      'Waited jane@acme.test',
    ]);
    expect(await client().waitForCampaignSent(campaign.uuid)).toEqual(await client().mailcoach.campaign(campaign.uuid));
  });

  it('follows a scheduled campaign from draft to sent when the clock reaches its time', async () => {
    const { list } = await audience();
    const now = await client().clock.now();
    const at = new Date(now.getTime() + 60_000).toISOString().replace('T', ' ').slice(0, 19);
    const campaign = await createCampaign({
      name: 'Later',
      email_list_uuid: list.uuid,
      html: '<p>Later</p>',
      schedule_at: at,
    });
    // Waiting from while it is a draft: it is read again on the event its delivery announces.
    const waiting = client().waitForCampaignSent(campaign.uuid, { timeoutMs: 15_000 });
    await client().clock.advance(120_000);
    expect(await waiting).toMatchObject({ status: 'sent', scheduled_at: null, sent_to_number_of_subscribers: 2 });
  });

  it('throws at the timeout naming the status, and at once for an unknown campaign', async () => {
    const { list } = await audience();
    const draft = await createCampaign({ name: 'Never sent', email_list_uuid: list.uuid, html: '<p>x</p>' });
    const error = await client()
      .waitForCampaignSent(draft.uuid, { timeoutMs: 300 })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(WaitForCampaignSentTimeoutError);
    expect(error).toMatchObject({ uuid: draft.uuid, timeoutMs: 300, status: 'draft' });
    expect((error as Error).message).toBe(
      `Timed out after 300 ms waiting for campaign ${draft.uuid} to be sent: it is still a draft: POST /api/campaigns/{uuid}/send sends it, ` +
        "and a scheduled one goes once its scheduled_at has come on the emulator's clock.",
    );
    const missing = await client()
      .waitForCampaignSent('8d3f6c1e-0000-4000-8000-000000000000')
      .catch((caught: unknown) => caught);
    expect(missing).toBeInstanceOf(MailcoachApiError);
    expect(missing).toMatchObject({
      status: 404,
      body: { message: 'No query results for model [Spatie\\Mailcoach\\Domain\\Campaign\\Models\\Campaign].' },
    });
  });
});
