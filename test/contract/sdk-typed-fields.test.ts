/**
 * The PHP SDK types its resources' properties, and PHP throws a TypeError when a non-nullable one gets null
 * (docs/spec/mailcoach-audience-campaigns.md#03-what-the-php-sdk-calls-and-reads-sdk-195): for each SDK class, the fields it declares non-nullable are never null in
 * what the emulator answers, on fresh rows made with the fewest fields and on the bundled fixtures' rows.
 */
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROOT, useEmulator } from '../support/emulator-process.js';
import { apiClient } from '../support/http.js';

const emulator = useEmulator({ fixtures: join(ROOT, 'fixtures') });
const api = () => apiClient(emulator().url, emulator().token);

const NON_NULL: Record<string, string[]> = {
  EmailList: [
    'uuid',
    'name',
    'active_subscribers_count',
    'campaigns_feed_enabled',
    'default_from_email',
    'allow_form_subscriptions',
    'requires_confirmation',
    'report_campaign_sent',
    'report_campaign_summary',
    'report_email_list_summary',
    'created_at',
    'updated_at',
  ],
  Subscriber: ['uuid', 'email_list_uuid', 'email', 'extra_attributes', 'tags'],
  Tag: ['uuid', 'name', 'email_list_uuid'],
  Template: ['uuid', 'name'],
  Campaign: [
    'uuid',
    'name',
    'status',
    'segment_description',
    'utm_tags',
    'sent_to_number_of_subscribers',
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
  ],
};

function expectTyped(kind: string, rows: Array<Record<string, unknown>>) {
  expect(rows.length, `${kind}: no rows to check`).toBeGreaterThan(0);
  for (const row of rows) {
    for (const field of NON_NULL[kind] as string[]) {
      expect(row[field], `${kind}.${field} of ${JSON.stringify(row).slice(0, 120)}`).not.toBeNull();
      expect(row[field], `${kind}.${field}`).not.toBeUndefined();
    }
  }
}

let list: Record<string, unknown>;

beforeAll(async () => {
  list = (
    await api().post('/api/email-lists', { json: { name: 'Bare', default_from_email: 'bare@example.com' } })
  ).json().data;
  await api().post(`/api/email-lists/${list.uuid}/subscribers`, { json: { email: 'only@example.com' } });
  await api().post(`/api/email-lists/${list.uuid}/tags`, { json: { name: 'only' } });
  await api().post('/api/templates', { json: { name: 'Bare' } });
  await api().post('/api/campaigns', { json: { name: 'Bare', email_list_uuid: list.uuid } });
});

describe("the SDK's non-nullable fields", () => {
  it('are never null on email lists, subscribers and tags', async () => {
    const lists = (await api().get('/api/email-lists')).json().data;
    expectTyped('EmailList', lists);
    const subscribers: Array<Record<string, unknown>> = [];
    const tags: Array<Record<string, unknown>> = [];
    for (const each of lists as Array<{ uuid: string }>) {
      subscribers.push(...(await api().get(`/api/email-lists/${each.uuid}/subscribers`)).json().data);
      tags.push(...(await api().get(`/api/email-lists/${each.uuid}/tags`)).json().data);
    }
    expectTyped('Subscriber', subscribers);
    expectTyped('Tag', tags);
  });

  it('are never null on campaign templates and campaigns, sent or not', async () => {
    expectTyped('Template', (await api().get('/api/templates')).json().data);
    expectTyped('Campaign', (await api().get('/api/campaigns')).json().data);
  });
});
