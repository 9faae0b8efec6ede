/**
 * Segments of a list and campaign templates over HTTP (docs/spec/mailcoach-audience-campaigns.md#4-segments-apiemail-listsuuidsegments, docs/spec/mailcoach-audience-campaigns.md#6-campaign-templates-apitemplates): resources and key
 * order, the `in` rule on tag names, conditions rebuilt on update, /api/templates' default html and full-replace
 * update, its fields derived from `[[[name:type]]]`, and its only filter.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { useEmulator } from '../support/emulator-process.js';
import { apiClient, ok } from '../support/http.js';

const emulator = useEmulator({ fixtures: null });
const api = () => apiClient(emulator().url, emulator().token);

beforeEach(async () => {
  ok(await api().post('/_emulator/reset'), 204);
});

describe('segments', () => {
  it('creates, lists, shows, updates and deletes; tag names must be the list’s', async () => {
    const list = ok(
      await api().post('/api/email-lists', { json: { name: 'News', default_from_email: 'news@acme.test' } }),
      201,
    ).data;
    ok(await api().post(`/api/email-lists/${list.uuid}/tags`, { json: { name: 'vip' } }), 201);
    const segments = `/api/email-lists/${list.uuid}/segments`;
    const bad = await api().post(segments, {
      json: { name: 'VIPs', positive_tags: ['vip', 'VIP'], all_positive_tags_required: 'yes' },
    });
    expect(bad.status).toBe(422);
    expect(bad.json().errors).toEqual({
      all_positive_tags_required: ['The all positive tags required field must be true or false.'],
      'positive_tags.1': ['The selected positive tags.1 is invalid.'],
    });
    const created = ok(
      await api().post(segments, { form: 'name=VIPs&positive_tags%5B0%5D=vip&all_positive_tags_required=1' }),
      201,
    ).data;
    expect(Object.keys(created)).toEqual(['uuid', 'name', 'email_list_uuid', 'created_at', 'updated_at']);
    expect(created).toMatchObject({ name: 'VIPs', email_list_uuid: list.uuid });
    const listed = ok(await api().get(`${segments}?include=emailList`)).data;
    expect(Object.keys(listed[0])).toEqual([
      'uuid',
      'name',
      'email_list',
      'email_list_uuid',
      'created_at',
      'updated_at',
    ]);
    expect(ok(await api().put(`${segments}/${created.uuid}`, { json: { name: 'Everyone' } })).data.name).toBe(
      'Everyone',
    );
    expect(ok(await api().get(`${segments}/${created.uuid}`)).data.name).toBe('Everyone');
    ok(await api().delete(`${segments}/${created.uuid}`), 204);
    expect((await api().get(`${segments}/${created.uuid}`)).json().message).toBe(
      'No query results for model [Spatie\\Mailcoach\\Domain\\Audience\\Models\\TagSegment].',
    );
  });
});

describe('campaign templates (/api/templates)', () => {
  it('creates one with the default html and its content field, then replaces everything on update', async () => {
    const created = ok(await api().post('/api/templates', { form: 'name=Default' }), 201).data;
    expect(Object.keys(created)).toEqual([
      'uuid',
      'name',
      'html',
      'fields',
      'structured_html',
      'created_at',
      'updated_at',
    ]);
    expect(created.html).toContain('[[[content]]]');
    expect(created.html).toContain('<a href="::unsubscribeUrl::">Unsubscribe</a>');
    expect(created.fields).toEqual([{ name: 'content', type: 'editor' }]);
    const withFields = ok(
      await api().put(`/api/templates/${created.uuid}`, {
        json: { name: 'Two', html: '[[[title:text]]] [[[body]]] [[[title:text]]]' },
      }),
    ).data;
    expect(withFields.fields).toEqual([
      { name: 'title', type: 'text' },
      { name: 'body', type: 'editor' },
    ]);
    const emptied = ok(await api().patch(`/api/templates/${created.uuid}`, { json: { name: 'Two' } })).data;
    expect(emptied).toMatchObject({ html: '', fields: [{ name: 'html', type: 'editor' }], structured_html: null });
  });

  it('filters by search only (filter[name] is a 400, as v8), sorts by name, and is no transactional template', async () => {
    ok(await api().post('/api/templates', { json: { name: 'Welcome', html: '<p>x</p>' } }), 201);
    ok(await api().post('/api/templates', { json: { name: 'Announcement', html: '<p>y</p>' } }), 201);
    expect(ok(await api().get('/api/templates')).data.map((t: { name: string }) => t.name)).toEqual([
      'Announcement',
      'Welcome',
    ]);
    expect(ok(await api().get('/api/templates?filter[search]=wel')).data.map((t: { name: string }) => t.name)).toEqual([
      'Welcome',
    ]);
    const byName = await api().get('/api/templates?filter[name]=Welcome');
    expect(byName.status).toBe(400);
    expect(byName.json().message).toBe('Requested filter(s) `name` are not allowed. Allowed filter(s) are `search`.');
    const send = await api().post('/api/transactional-mails/send', {
      json: { mail_name: 'Welcome', from: 'a@acme.test', to: 'b@acme.test' },
    });
    expect(send.status).toBe(422);
    expect(send.json().errors.mail_name).toEqual(['The selected mail name is invalid.']);
    expect((await api().post('/api/templates', { json: {} })).json().errors).toEqual({
      name: ['The name field is required.'],
    });
  });
});
