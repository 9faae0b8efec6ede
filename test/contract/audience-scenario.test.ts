/**
 * The sign-up a Laravel app runs against a double opt-in list (issue 15 "Done means"; mailcoach-audience-
 * campaigns.md §2.5, §2.10): the app subscribes an address as the PHP SDK sends it (a form body), the test finds
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
      name: 'Weekly digest', default_from_email: 'digest@acme.test', default_from_name: 'Acme', requires_confirmation: true,
    });
    expect(list.requires_confirmation).toBe(true);

    // $mailcoach->createSubscriber($listUuid, ['email' => ..., 'first_name' => ..., 'tags' => ['signup']]): a form body.
    const created = await api().post(`/api/email-lists/${list.uuid}/subscribers`, {
      form: 'email=Jane.Doe%40example.com&first_name=Jane&tags%5B0%5D=signup',
    });
    expect(created.status, created.text).toBe(201);
    const subscriber = created.json().data;
    expect(subscriber).toMatchObject({ email: 'jane.doe@example.com', first_name: 'Jane', tags: ['signup'], subscribed_at: null });
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
    const list = await client().mailcoach.createEmailList({ name: 'Beta', default_from_email: 'beta@acme.test', requires_confirmation: true });
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
});
