/**
 * The audience the campaign tests send to (campaigns.test.ts, campaign-sending.test.ts): a list "News" from
 * news@acme.test with Jane (tagged vip, plan pro) and Bob subscribed, and gone@acme.test unsubscribed.
 */
import { type ApiClient, ok } from './http.js';

export async function campaignAudience(api: ApiClient) {
  const list = ok(
    await api.post('/api/email-lists', {
      json: { name: 'News', default_from_email: 'news@acme.test', default_from_name: 'Acme' },
    }),
    201,
  ).data;
  const subscribe = async (email: string, extra: Record<string, unknown> = {}) =>
    ok(await api.post(`/api/email-lists/${list.uuid}/subscribers`, { json: { email, ...extra } }), 201).data;
  const jane = await subscribe('jane@acme.test', {
    first_name: 'Jane',
    tags: ['vip'],
    extra_attributes: { plan: 'pro' },
  });
  const bob = await subscribe('bob@acme.test', { first_name: 'Bob' });
  const gone = await subscribe('gone@acme.test');
  ok(await api.post(`/api/subscribers/${gone.uuid}/unsubscribe`), 204);
  return { list, jane, bob };
}

/** POST /api/campaigns with `body`: the created campaign. */
export const createdCampaign = async (api: ApiClient, body: Record<string, unknown>) =>
  ok(await api.post('/api/campaigns', { json: body }), 201).data;
