/**
 * A campaign's `structured_html` is the string ContentItem::setTemplateFieldValues stores: itself PHP's
 * `json_encode` output (`/` as `\/`, non-ASCII as `\u00e9`, an empty array as `[]`), which the API and the
 * webhook payloads then encode once more (docs/spec/mailcoach-audience-campaigns.md#55-post-apicampaigns-201-and-putpatch-apicampaignsuuid-200; the CampaignSentEvent example of
 * docs/spec/mailcoach-webhooks.md#33-campaignsentevent-domaincampaignactionssendcampaignactionphpmarkcampaignassent-httpapiresourcescampaignresourcephp shows `<\\\/p>` in the body).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { createClient } from '../../server/testing/index.js';
import { useEmulator } from '../support/emulator-process.js';
import { apiClient, ok } from '../support/http.js';
import { useWebhookReceiver } from '../support/webhook-receiver.js';

const emulator = useEmulator({ fixtures: null });
const receiver = useWebhookReceiver();
const api = () => apiClient(emulator().url, emulator().token);

beforeEach(async () => {
  ok(await api().post('/_emulator/reset'), 204);
  receiver().clear();
});

async function list() {
  return ok(
    await api().post('/api/email-lists', { json: { name: 'Newsletter', default_from_email: 'news@acme.test' } }),
    201,
  ).data;
}

describe('structured_html as v8 stores it', () => {
  it('is json_encode output: \\/ and \\u00e9 in the stored string, encoded again in the answer', async () => {
    const { uuid } = await list();
    const res = await api().post('/api/campaigns', {
      json: { name: 'March news', email_list_uuid: uuid, html: '<p>Héllo ::subscriber.first_name:: "a/b"</p>' },
    });
    const campaign = ok(res, 201).data;
    expect(campaign.structured_html).toBe(
      '{"templateValues":{"html":"<p>H\\u00e9llo ::subscriber.first_name:: \\"a\\/b\\"<\\/p>"}}',
    );
    // On the wire: the stored string's `\/` becomes `\\\/`, its `\u00e9` becomes `\\u00e9`.
    expect(res.text).toContain(
      '"structured_html":"{\\"templateValues\\":{\\"html\\":\\"<p>H\\\\u00e9llo ::subscriber.first_name:: \\\\\\"a\\\\\\/b\\\\\\"<\\\\\\/p>\\"}}"',
    );
    expect(campaign.fields).toEqual({ html: '<p>Héllo ::subscriber.first_name:: "a/b"</p>' });
    expect(ok(await api().get(`/api/campaigns/${campaign.uuid}`)).data.structured_html).toBe(campaign.structured_html);
  });

  it('keeps template fields as given (null when absent), a template without placeholders its html field, and re-encodes on update', async () => {
    const { uuid } = await list();
    const template = ok(
      await api().post('/api/templates', { json: { name: 'T', html: '<h1>[[[title:text]]]</h1>[[[body]]]' } }),
      201,
    ).data;
    const withFields = ok(
      await api().post('/api/campaigns', {
        json: { name: 'A', email_list_uuid: uuid, template_uuid: template.uuid, fields: { body: 'Ünïcode' } },
      }),
      201,
    ).data;
    expect(withFields.structured_html).toBe(
      '{"templateValues":{"title":null,"body":{"markdown":"\\u00dcn\\u00efcode","html":"<p>\\u00dcn\\u00efcode<\\/p>\\n"}}}',
    );
    expect(withFields.html).toBe('<h1></h1><p>Ünïcode</p>\n');
    const bare = ok(await api().post('/api/templates', { json: { name: 'Bare', html: '<p>static</p>' } }), 201).data;
    const noFields = ok(
      await api().post('/api/campaigns', {
        json: { name: 'B', email_list_uuid: uuid, template_uuid: bare.uuid, fields: { x: 1 } },
      }),
      201,
    ).data;
    // Template::fields() of a template without placeholders: one editor field, html.
    expect(noFields.structured_html).toBe('{"templateValues":{"html":{"markdown":"","html":""}}}');
    // An update without a template decodes the stored value and sets only templateValues again.
    const updated = ok(
      await api().put(`/api/campaigns/${withFields.uuid}`, {
        json: { name: 'A', email_list_uuid: uuid, html: '<b>x</b>' },
      }),
    ).data;
    expect(updated.structured_html).toBe('{"templateValues":{"html":"<b>x<\\/b>"}}');
  });

  it('reaches the CampaignSentEvent payload as in the spec example (<\\\\\\/p>)', async () => {
    const { uuid } = await list();
    ok(await api().post(`/api/email-lists/${uuid}/subscribers`, { json: { email: 'jane@acme.test' } }), 201);
    ok(
      await api().post('/_emulator/webhooks', {
        json: { name: 'App', url: `${receiver().url}/hook`, secret: 's3cr3t', events: ['CampaignSentEvent'] },
      }),
      201,
    );
    const campaign = ok(
      await api().post('/api/campaigns', {
        json: { name: 'March news', email_list_uuid: uuid, html: '<p>Hi ::subscriber.first_name::</p>' },
      }),
      201,
    ).data;
    ok(await api().post(`/api/campaigns/${campaign.uuid}/send`), 204);
    await createClient({ url: emulator().url, token: emulator().token }).waitForCampaignSent(campaign.uuid);
    const [call] = await receiver().waitForCalls(1);
    expect(call?.body).toContain(
      '"structured_html":"{\\"templateValues\\":{\\"html\\":\\"<p>Hi ::subscriber.first_name::<\\\\\\/p>\\"}}"',
    );
  });
});
