/**
 * A captured mail's `origin`: the inbox list marks a campaign mail and a double opt-in
 * confirmation mail, as it marks a template mail, from the summary that lists, wait-for and events carry.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { createClient } from '../../server/testing/index.js';
import { useEmulator } from '../support/emulator-process.js';
import { apiClient, ok } from '../support/http.js';

const emulator = useEmulator({ fixtures: null });
const api = () => apiClient(emulator().url, emulator().token);
const client = () => createClient({ url: emulator().url, token: emulator().token });

/** The summaries of the inbox, by subject. */
async function originsBySubject(): Promise<Record<string, unknown>> {
  const { data } = ok(await api().get('/_emulator/messages'));
  return Object.fromEntries((data as Array<{ subject: string; origin: unknown }>).map((m) => [m.subject, m.origin]));
}

beforeEach(async () => {
  ok(await api().post('/_emulator/reset'), 204);
});

describe('the summary origin', () => {
  it("is 'campaign' for a campaign's mails and its test sends, 'confirmation' for a double opt-in mail, null for a transactional send", async () => {
    const news = ok(
      await api().post('/api/email-lists', { json: { name: 'News', default_from_email: 'news@acme.test' } }),
      201,
    ).data;
    ok(await api().post(`/api/email-lists/${news.uuid}/subscribers`, { json: { email: 'jane@acme.test' } }), 201);
    const weekly = ok(
      await api().post('/api/email-lists', {
        json: { name: 'Weekly', default_from_email: 'news@acme.test', requires_confirmation: true },
      }),
      201,
    ).data;
    ok(await api().post(`/api/email-lists/${weekly.uuid}/subscribers`, { json: { email: 'bob@acme.test' } }), 201);
    const campaign = ok(
      await api().post('/api/campaigns', {
        json: { name: 'March news', email_list_uuid: news.uuid, html: '<p>Hi</p>' },
      }),
      201,
    ).data;
    ok(await api().post(`/api/campaigns/${campaign.uuid}/send-test`, { json: { email: 'qa@acme.test' } }), 204);
    ok(await api().post(`/api/campaigns/${campaign.uuid}/send`), 204);
    await client().waitForCampaignSent(campaign.uuid);
    ok(
      await api().post('/api/transactional-mails/send', {
        json: { from: 'app@acme.test', to: 'jane@acme.test', subject: 'Receipt', text: 'Thanks' },
      }),
    );

    expect(await originsBySubject()).toEqual({
      Receipt: null,
      'March news': 'campaign',
      '[Test] March news': 'campaign',
      'Confirm your subscription to Weekly': 'confirmation',
    });
    // The one-message answer and a search's summaries carry it too.
    const [confirmation] = ok(await api().get('/_emulator/messages?query=to:bob@acme.test')).data;
    expect(confirmation.origin).toBe('confirmation');
    expect(ok(await api().get(`/_emulator/messages/${confirmation.uuid}`)).origin).toBe('confirmation');
  });
});
