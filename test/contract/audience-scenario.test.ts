/**
 * The sign-up a Laravel app runs against a double opt-in list (the audience API's acceptance scenario;
 * docs/spec/mailcoach-audience-campaigns.md#25-post-apiemail-listsuuidsubscribers-create-or-update-upsert, docs/spec/mailcoach-audience-campaigns.md#210-confirmation-mail-side-effect-domainaudienceactionssubscriberssendconfirmsubscribermailactionphp-domainaudiencemailsconfirmsubscribermailphp): the app subscribes an address as the PHP SDK sends it (a form body), the test finds
 * the confirmation mail with the typed client's waitForConfirmationLink, follows the link as the subscriber's
 * browser would, and reads the subscriber back as the SDK's `subscriber($uuid)` does.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { createClient, subscriberStatus, WaitForMessageTimeoutError } from '../../server/testing/index.js';
import { useEmulator } from '../support/emulator-process.js';
import { apiClient, rawRequest } from '../support/http.js';

const emulator = useEmulator({ fixtures: null });
const client = () => createClient({ url: emulator().url, token: emulator().token });
const api = () => apiClient(emulator().url, emulator().token);

beforeEach(async () => {
  await client().reset();
});

describe('double opt-in, as a Laravel app signs a user up', () => {
  it('subscribes unconfirmed, captures the confirmation mail, and its link confirms the subscriber', async () => {
    const list = await client().mailcoach.createEmailList({
      name: 'Weekly digest',
      default_from_email: 'digest@acme.test',
      default_from_name: 'Acme',
      requires_confirmation: true,
    });
    expect(list.requires_confirmation).toBe(true);

    // $mailcoach->createSubscriber($listUuid, ['email' => ..., 'first_name' => ..., 'tags' => ['signup']]): a form body.
    const created = await api().post(`/api/email-lists/${list.uuid}/subscribers`, {
      form: 'email=Jane.Doe%40example.com&first_name=Jane&tags%5B0%5D=signup',
    });
    expect(created.status, created.text).toBe(201);
    const subscriber = created.json().data;
    expect(subscriber).toMatchObject({
      email: 'jane.doe@example.com',
      first_name: 'Jane',
      tags: ['signup'],
      subscribed_at: null,
    });
    expect(subscriberStatus(subscriber)).toBe('unconfirmed');

    const link = await client().waitForConfirmationLink('jane.doe@example.com');
    expect(link).toBe(`${emulator().url}/confirm-subscription/${subscriber.uuid}`);
    expect((await client().mailcoach.emailList(list.uuid)).active_subscribers_count).toBe(0);

    // The subscriber's browser: no token, no JSON.
    const { pathname } = new URL(link);
    const page = await rawRequest(emulator().url, { path: pathname, headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(page.text).toContain('jane.doe@example.com is now subscribed to Weekly digest.');

    const confirmed = await client().mailcoach.subscriber(subscriber.uuid);
    expect(subscriberStatus(confirmed)).toBe('subscribed');
    expect(confirmed.subscribed_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.000000Z$/);
    expect(confirmed.tags).toEqual(['signup']);
    expect(await client().mailcoach.findSubscriber(list.uuid, 'JANE.DOE@example.com')).toEqual(confirmed);
    expect((await client().mailcoach.emailList(list.uuid)).active_subscribers_count).toBe(1);
  });

  it("answers the newest confirmation mail's link when the confirmation was sent again", async () => {
    const list = await client().mailcoach.createEmailList({
      name: 'Beta',
      default_from_email: 'beta@acme.test',
      requires_confirmation: true,
    });
    const subscriber = await client().mailcoach.subscribe(list.uuid, { email: 'sam@example.com' });
    const first = await client().waitForConfirmationLink('sam@example.com');
    const [firstMail] = (await client().messages({ to: 'sam@example.com' })).data;
    const resent = await api().post(`/api/subscribers/${subscriber.uuid}/resend-confirmation`);
    expect(resent.status).toBe(204);
    // Only mail captured after the first one: the resent one.
    expect(await client().waitForConfirmationLink('sam@example.com', { after: firstMail?.uuid })).toBe(first);
    expect((await client().messages({ to: 'sam@example.com' })).meta.total).toBe(2);
  });

  it('times out with what the inbox holds when no confirmation mail comes (a list without double opt-in)', async () => {
    const list = await client().mailcoach.createEmailList({ name: 'Open list', default_from_email: 'open@acme.test' });
    const subscriber = await client().mailcoach.subscribe(list.uuid, { email: 'kim@example.com', first_name: 'Kim' });
    expect(subscriberStatus(subscriber)).toBe('subscribed');
    const waited = client().waitForConfirmationLink('kim@example.com', { timeoutMs: 200 });
    await expect(waited).rejects.toBeInstanceOf(WaitForMessageTimeoutError);
    await expect(waited).rejects.toThrow(/to:kim@example\.com subject:"Confirm your subscription"/);
  });

  it("runs the whole journey: confirm, tag, a campaign for a segment, a test, the send, then unsubscribe by the mail's link", async () => {
    const c = client();
    const list = await c.mailcoach.createEmailList({
      name: 'Members',
      default_from_email: 'club@acme.test',
      default_from_name: 'Club',
      requires_confirmation: true,
    });
    // Sign-ups: two confirm through their mail's link; one is suppressed already; one never confirms.
    const signUp = async (email: string) =>
      (
        await api().post(`/api/email-lists/${list.uuid}/subscribers`, { form: `email=${encodeURIComponent(email)}` })
      ).json().data;
    const jane = await signUp('jane@example.com');
    const bob = await signUp('bob@example.com');
    const carol = await signUp('carol@example.com');
    await signUp('lazy@example.com');
    for (const email of ['jane@example.com', 'bob@example.com', 'carol@example.com']) {
      const link = await c.waitForConfirmationLink(email);
      expect((await rawRequest(emulator().url, { path: new URL(link).pathname })).status).toBe(200);
    }
    expect((await api().post('/api/suppressions', { json: { email: 'carol@example.com' } })).status).toBe(201);
    // Tag the subscribers as $subscriber->addTags() does (a form body), and a segment of the tag.
    for (const subscriber of [jane, bob, carol]) {
      expect(
        (await api().post(`/api/subscribers/${subscriber.uuid}/tags`, { form: 'tags%5B0%5D=members' })).status,
      ).toBe(200);
    }
    const segment = (
      await api().post(`/api/email-lists/${list.uuid}/segments`, {
        json: { name: 'Members', positive_tags: ['members'] },
      })
    ).json().data;
    const campaign = (
      await api().post('/api/campaigns', {
        json: {
          name: 'Summer party',
          email_list_uuid: list.uuid,
          segment_uuid: segment.uuid,
          html: '<p>Hi ::subscriber.email::, <a href="::unsubscribeUrl::">unsubscribe</a></p>',
        },
      })
    ).json().data;
    expect(
      (await api().post(`/api/campaigns/${campaign.uuid}/send-test`, { form: 'email=qa%40acme.test' })).status,
    ).toBe(204);
    expect((await c.waitForMessage({ to: 'qa@acme.test' })).subject).toBe('[Test] Summer party');
    expect((await api().post(`/api/campaigns/${campaign.uuid}/send`)).status).toBe(204);

    // One mail and one Send per subscribed subscriber of the segment; the suppressed one gets a Send and no mail.
    // (The test mail's subject, "[Test] Summer party", matches the words too: each recipient is waited for.)
    const mails = await Promise.all(
      ['bob@example.com', 'jane@example.com'].map((to) => c.waitForMessage({ to, subject: 'Summer party' })),
    );
    expect(mails.map((mail) => mail.to[0]?.email).sort()).toEqual(['bob@example.com', 'jane@example.com']);
    const sends = (await api().get(`/api/sends?filter[campaign_uuid]=${campaign.uuid}`)).json().data as Array<{
      subscriber_uuid: string;
      transport_message_id: string | null;
    }>;
    expect(sends.map((send) => send.subscriber_uuid).sort()).toEqual([jane.uuid, bob.uuid, carol.uuid].sort());
    expect(sends.find((send) => send.subscriber_uuid === carol.uuid)?.transport_message_id).toBeNull();

    // Jane unsubscribes through her mail's link: the page's button POSTs to it.
    const janeMail = mails.find((mail) => mail.to[0]?.email === 'jane@example.com')!;
    const unsubscribe = janeMail.links.find((href) => href.includes('/unsubscribe/'))!;
    const path = new URL(unsubscribe).pathname;
    expect((await rawRequest(emulator().url, { path })).text).toContain('<form method="post">');
    expect(
      (await rawRequest(emulator().url, { method: 'POST', path, headers: { 'content-length': '0' } })).status,
    ).toBe(200);
    expect(subscriberStatus(await c.mailcoach.subscriber(jane.uuid))).toBe('unsubscribed');
    const stats = (await api().get(`/api/campaigns/${campaign.uuid}`)).json().data;
    expect(stats).toMatchObject({ status: 'sent', unsubscribe_count: 1 });
    expect((await api().get(`/api/campaigns/${campaign.uuid}/unsubscribes`)).json().data[0].subscriber_email).toBe(
      'jane@example.com',
    );
  });
});
