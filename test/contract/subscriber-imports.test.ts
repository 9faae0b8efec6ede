/**
 * /api/subscriber-imports (docs/spec/mailcoach-audience-campaigns.md#8-subscriber-imports-not-used-by-the-sdk-lower-priority): a CSV drafted, appended to and started, as v8
 * answers each step; the rows upsert the list's subscribers under the import's flags.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { useEmulator } from '../support/emulator-process.js';
import { apiClient, ok } from '../support/http.js';

const emulator = useEmulator({ fixtures: null });
const api = () => apiClient(emulator().url, emulator().token);

let list: { uuid: string };

beforeEach(async () => {
  ok(await api().post('/_emulator/reset'), 204);
  list = ok(
    await api().post('/api/email-lists', { json: { name: 'Imported', default_from_email: 'news@acme.test' } }),
    201,
  ).data;
});

describe('subscriber imports', () => {
  it('drafts, appends and starts an import: rows become subscribers, bad addresses count as errors', async () => {
    const gone = ok(
      await api().post(`/api/email-lists/${list.uuid}/subscribers`, { json: { email: 'gone@acme.test' } }),
      201,
    ).data;
    ok(await api().post(`/api/subscribers/${gone.uuid}/unsubscribe`), 204);
    const created = ok(
      await api().post('/api/subscriber-imports', {
        json: {
          email_list_uuid: list.uuid,
          subscribers_csv: 'Email,first_name,tags,plan\njane@acme.test,Jane,vip;customer,pro',
          replace_tags: true,
        },
      }),
      201,
    ).data;
    expect(Object.keys(created)).toEqual([
      'uuid',
      'subscribers_csv',
      'status',
      'email_list_uuid',
      'subscribe_unsubscribed',
      'unsubscribe_others',
      'replace_tags',
      'imported_subscribers_count',
      'error_count',
      'created_at',
    ]);
    expect(created).toMatchObject({
      status: 'draft',
      email_list_uuid: list.uuid,
      replace_tags: true,
      subscribe_unsubscribed: false,
    });
    const appended = ok(
      await api().post(`/api/subscriber-imports/${created.uuid}/append`, {
        json: { subscribers_csv: 'not-an-address,X,,\ngone@acme.test,Gone,,' },
      }),
    ).data;
    expect(appended.subscribers_csv).toBe(
      'Email,first_name,tags,plan\njane@acme.test,Jane,vip;customer,pro\nnot-an-address,X,,\ngone@acme.test,Gone,,',
    );
    ok(await api().post(`/api/subscriber-imports/${created.uuid}/start`), 204);
    const done = ok(await api().get(`/api/subscriber-imports/${created.uuid}`)).data;
    expect(done).toMatchObject({
      status: 'completed',
      subscribers_csv: null,
      imported_subscribers_count: 1,
      error_count: 1,
    });
    const jane = ok(await api().get(`/api/email-lists/${list.uuid}/subscribers?filter[email]=jane@acme.test`)).data[0];
    expect(jane).toMatchObject({ first_name: 'Jane', tags: ['customer', 'vip'], extra_attributes: { plan: 'pro' } });
    expect(ok(await api().get(`/api/subscribers/${gone.uuid}`)).data.unsubscribed_at).not.toBeNull();
    const listed = ok(await api().get(`/api/subscriber-imports?filter[email_list_uuid]=${list.uuid}`)).data;
    expect(listed).toEqual([
      {
        uuid: created.uuid,
        status: 'completed',
        email_list_uuid: list.uuid,
        subscribe_unsubscribed: false,
        unsubscribe_others: false,
        replace_tags: true,
        imported_subscribers_count: 1,
        error_count: 1,
      },
    ]);
    expect((await api().post(`/api/subscriber-imports/${created.uuid}/start`)).text).toBe(
      '{\n    "message": "Cannot start a non-draft import."\n}',
    );
    expect(
      (
        await api().put(`/api/subscriber-imports/${created.uuid}`, {
          json: { email_list_uuid: list.uuid, subscribers_csv: 'email' },
        })
      ).json(),
    ).toEqual({
      message: 'Cannot update a non-draft import.',
    });
  });

  it('refuses as v8: required fields, an unknown list (404 after validation), and a CSV without an email column', async () => {
    expect((await api().post('/api/subscriber-imports', { json: {} })).json().errors).toEqual({
      subscribers_csv: ['The subscribers csv field is required.'],
      email_list_uuid: ['The email list uuid field is required.'],
    });
    const unknown = await api().post('/api/subscriber-imports', {
      json: { email_list_uuid: 'nope', subscribers_csv: 'email' },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.json().message).toBe(
      'No query results for model [Spatie\\Mailcoach\\Domain\\Audience\\Models\\EmailList].',
    );
    const draft = ok(
      await api().post('/api/subscriber-imports', {
        json: { email_list_uuid: list.uuid, subscribers_csv: 'name,phone\nJane,1' },
      }),
      201,
    ).data;
    const started = await api().post(`/api/subscriber-imports/${draft.uuid}/start`);
    expect(started.status).toBe(422);
    expect(started.text).toBe(
      '{"errors":{"file":"No header row found. Make sure your first row has at least 1 column with \\"email\\""}}',
    );
    expect((await api().get(`/api/subscriber-imports/${draft.uuid}`)).status).toBe(404);
  });

  it('brings unsubscribed addresses back and unsubscribes the others when asked', async () => {
    const gone = ok(
      await api().post(`/api/email-lists/${list.uuid}/subscribers`, { json: { email: 'gone@acme.test' } }),
      201,
    ).data;
    ok(await api().post(`/api/subscribers/${gone.uuid}/unsubscribe`), 204);
    const other = ok(
      await api().post(`/api/email-lists/${list.uuid}/subscribers`, { json: { email: 'other@acme.test' } }),
      201,
    ).data;
    const draft = ok(
      await api().post('/api/subscriber-imports', {
        form: `email_list_uuid=${list.uuid}&subscribers_csv=${encodeURIComponent('email\ngone@acme.test')}&subscribe_unsubscribed=1&unsubscribe_others=1`,
      }),
      201,
    ).data;
    ok(await api().post(`/api/subscriber-imports/${draft.uuid}/start`), 204);
    expect(ok(await api().get(`/api/subscribers/${gone.uuid}`)).data.unsubscribed_at).toBeNull();
    expect(ok(await api().get(`/api/subscribers/${other.uuid}`)).data.unsubscribed_at).not.toBeNull();
  });
});
