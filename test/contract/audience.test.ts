/**
 * Email lists, subscribers and tags over HTTP (docs/spec/mailcoach-audience-campaigns.md#1-email-lists to docs/spec/mailcoach-audience-campaigns.md#3-tags-apiemail-listsuuidtags and its docs/spec/mailcoach-audience-campaigns.md#12-checklist-things-an-emulator-author-is-likely-to-get-wrong checklist), as
 * the PHP SDK sends them (form bodies, booleans as 1/0, `tags[0]=`) and as JSON: status codes, bodies and key
 * order, Laravel's texts, the upsert and double opt-in, the state actions, and a confirmation link that works.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { useEmulator } from '../support/emulator-process.js';
import { apiClient, ok, rawRequest } from '../support/http.js';

const emulator = useEmulator({ fixtures: null });
const api = () => apiClient(emulator().url, emulator().token);
const TIMESTAMP = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.000000Z$/;

async function createList(fields: Record<string, unknown> = {}): Promise<{ uuid: string }> {
  return ok(
    await api().post('/api/email-lists', {
      json: { name: 'Newsletter', default_from_email: 'news@acme.test', ...fields },
    }),
    201,
  ).data;
}

const subscribeTo = (list: string, body: Record<string, unknown>) =>
  api().post(`/api/email-lists/${list}/subscribers`, { json: body });

beforeEach(async () => {
  ok(await api().post('/_emulator/reset'), 204);
});

describe('email lists', () => {
  it('creates one (201) with every key of EmailListResource in order, defaults filled in', async () => {
    const res = await api().post('/api/email-lists', {
      form: 'name=Newsletter&default_from_email=news%40acme.test&default_from_name=Acme&requires_confirmation=1',
    });
    const list = ok(res, 201).data;
    expect(Object.keys(list)).toEqual([
      'uuid',
      'name',
      'active_subscribers_count',
      'campaigns_feed_enabled',
      'default_from_email',
      'default_from_name',
      'default_reply_to_email',
      'default_reply_to_name',
      'allow_form_subscriptions',
      'honeypot_field',
      'redirect_after_subscribed',
      'redirect_after_already_subscribed',
      'redirect_after_subscription_pending',
      'redirect_after_unsubscribed',
      'requires_confirmation',
      'confirmation_mailable_class',
      'campaign_mailer',
      'automation_mailer',
      'transactional_mailer',
      'report_recipients',
      'report_campaign_sent',
      'report_campaign_summary',
      'report_email_list_summary',
      'email_list_summary_sent_at',
      'created_at',
      'updated_at',
    ]);
    expect(list).toMatchObject({
      name: 'Newsletter',
      active_subscribers_count: 0,
      campaigns_feed_enabled: false,
      default_from_email: 'news@acme.test',
      default_from_name: 'Acme',
      default_reply_to_email: 'news@acme.test',
      default_reply_to_name: 'Acme',
      requires_confirmation: true,
      campaign_mailer: 'smtp',
      automation_mailer: 'smtp',
      transactional_mailer: 'smtp',
      report_recipients: null,
      email_list_summary_sent_at: null,
    });
    expect(list.created_at).toMatch(TIMESTAMP);
    expect(ok(await api().get(`/api/email-lists/${list.uuid}`)).data).toEqual(list);
  });

  it("refuses bad input with Laravel's texts", async () => {
    const empty = await api().post('/api/email-lists', { json: {} });
    expect(empty.status).toBe(422);
    expect(empty.json().errors).toEqual({
      name: ['The name field is required.'],
      default_from_email: ['The default from email field is required.'],
    });
    const bad = await api().post('/api/email-lists', {
      json: {
        name: 'x',
        default_from_email: 'not-an-email',
        default_reply_to_email: 'a@x.test, a@x.test',
        report_campaign_sent: true,
        campaign_mailer: 'postmark',
        requires_confirmation: 'yes',
      },
    });
    expect(bad.json().errors).toEqual({
      default_from_email: ['The default from email field must be a valid email address.'],
      default_reply_to_email: ['You may not specify duplicates.'],
      report_recipients: ['The report recipients field is required when report campaign sent is true.'],
      campaign_mailer: ['The selected campaign mailer is invalid.'],
      requires_confirmation: ['The requires confirmation field must be true or false.'],
    });
  });

  it('replaces every field on update: omitted flags go back to false, reply-to back to the sender', async () => {
    const list = await createList({ requires_confirmation: true, default_reply_to_email: 'reply@acme.test' });
    const updated = ok(
      await api().put(`/api/email-lists/${list.uuid}`, {
        json: { name: 'Renamed', default_from_email: 'other@acme.test' },
      }),
    ).data;
    expect(updated).toMatchObject({
      uuid: list.uuid,
      name: 'Renamed',
      requires_confirmation: false,
      default_reply_to_email: 'other@acme.test',
    });
    const needsFrom = await api().patch(`/api/email-lists/${list.uuid}`, { json: { name: 'x' } });
    expect(needsFrom.json().errors).toEqual({ default_from_email: ['The default from email field is required.'] });
  });

  it('lists by name with filters, 404s an unknown uuid in the binding shape, and deletes with its subscribers', async () => {
    await createList({ name: 'Zeta' });
    const alpha = await createList({ name: 'Alpha, Inc' });
    const names = async (query = '') =>
      (ok(await api().get(`/api/email-lists${query}`)).data as Array<{ name: string }>).map((l) => l.name);
    expect(await names()).toEqual(['Alpha, Inc', 'Zeta']);
    expect(await names('?filter[name]=Alpha,%20Inc')).toEqual(['Alpha, Inc']);
    expect(await names('?filter[search]=et')).toEqual(['Zeta']);
    expect(await names('?sort=-name')).toEqual(['Zeta', 'Alpha, Inc']);
    const missing = await api().get('/api/email-lists/00000000-0000-4000-8000-00000000ffff');
    expect(missing.status).toBe(404);
    expect(missing.text).toBe(
      '{\n    "message": "No query results for model [Spatie\\\\Mailcoach\\\\Domain\\\\Audience\\\\Models\\\\EmailList]."\n}',
    );
    const subscriber = ok(await subscribeTo(alpha.uuid, { email: 'jane@acme.test' }), 201).data;
    ok(await api().delete(`/api/email-lists/${alpha.uuid}`), 204);
    expect((await api().get(`/api/subscribers/${subscriber.uuid}`)).status).toBe(404);
    expect(await names()).toEqual(['Zeta']);
  });
});

describe('subscribers', () => {
  it('creates one as the SDK sends it: lower-cased, subscribed, tags in request order without repeats', async () => {
    const list = await createList();
    const res = await api().post(`/api/email-lists/${list.uuid}/subscribers`, {
      form: 'email=Jane%40Acme.test&first_name=Jane&extra_attributes%5Bplan%5D=pro&tags%5B0%5D=vip&tags%5B1%5D=customer&tags%5B2%5D=VIP',
    });
    const subscriber = ok(res, 201).data;
    expect(Object.keys(subscriber)).toEqual([
      'uuid',
      'email_list_uuid',
      'email',
      'first_name',
      'last_name',
      'extra_attributes',
      'tags',
      'subscribed_at',
      'unsubscribed_at',
      'created_at',
      'updated_at',
    ]);
    expect(subscriber).toMatchObject({
      email_list_uuid: list.uuid,
      email: 'jane@acme.test',
      first_name: 'Jane',
      last_name: null,
      extra_attributes: { plan: 'pro' },
      tags: ['vip', 'customer'],
      unsubscribed_at: null,
    });
    expect(subscriber.subscribed_at).toMatch(TIMESTAMP);
    // Shown again: tags by name, an empty extra_attributes as {}.
    expect(ok(await api().get(`/api/subscribers/${subscriber.uuid}`)).data.tags).toEqual(['customer', 'vip']);
    const plain = ok(await subscribeTo(list.uuid, { email: 'bob@acme.test' }), 201).data;
    expect(plain.extra_attributes).toEqual({});
    expect(plain.tags).toEqual([]);
    expect(ok(await api().get(`/api/email-lists/${list.uuid}`)).data.active_subscribers_count).toBe(2);
  });

  it('is an upsert: 200 for an existing address, names replaced, an unsubscribed one back, tags synced only when sent', async () => {
    const list = await createList();
    const first = ok(
      await subscribeTo(list.uuid, { email: 'jane@acme.test', first_name: 'Jane', last_name: 'Doe', tags: ['a', 'b'] }),
      201,
    ).data;
    ok(await api().post(`/api/subscribers/${first.uuid}/unsubscribe`), 204);
    const again = ok(await subscribeTo(list.uuid, { email: 'JANE@acme.test', first_name: 'J' })).data;
    expect(again).toMatchObject({
      uuid: first.uuid,
      first_name: 'J',
      last_name: null,
      unsubscribed_at: null,
      subscribed_at: first.subscribed_at,
      tags: ['a', 'b'],
    });
    const synced = ok(await subscribeTo(list.uuid, { email: 'jane@acme.test', tags: ['b', 'c'] })).data;
    expect(synced.tags).toEqual(['b', 'c']);
    const strict = await subscribeTo(list.uuid, { email: 'jane@acme.test', strict: 'false' });
    expect(strict.status).toBe(422);
    expect(strict.json().errors).toEqual({ email: ['This email address is already subscribed.'] });
  });

  it('leaves a double opt-in subscriber unconfirmed and captures the confirmation mail, whose link confirms', async () => {
    const list = await createList({ requires_confirmation: true, name: 'Weekly', default_from_name: 'Acme' });
    const subscriber = ok(await subscribeTo(list.uuid, { email: 'jane@acme.test' }), 201).data;
    expect(subscriber.subscribed_at).toBeNull();
    const [summary] = ok(await api().get('/_emulator/messages?query=to:jane@acme.test')).data;
    const mail = ok(await api().get(`/_emulator/messages/${summary.uuid}`));
    expect(mail).toMatchObject({
      subject: 'Confirm your subscription to Weekly',
      from: { name: 'Acme', email: 'news@acme.test' },
      reply_to: [{ name: 'Acme', email: 'news@acme.test' }],
    });
    expect(mail.headers).toContainEqual({ name: 'X-Mailgun-Track', value: 'no' });
    const link = (mail.links as string[]).find((href) => href.includes('/confirm-subscription/')) as string;
    expect(link).toBe(`${emulator().url}/confirm-subscription/${subscriber.uuid}`);
    const page = await rawRequest(emulator().url, { path: new URL(link).pathname });
    expect(page.status).toBe(200);
    expect(page.text).toContain('jane@acme.test is now subscribed to Weekly.');
    expect(ok(await api().get(`/api/subscribers/${subscriber.uuid}`)).data.subscribed_at).toMatch(TIMESTAMP);
    // skip_confirmation subscribes at once, and no mail goes out.
    ok(await subscribeTo(list.uuid, { email: 'bob@acme.test', skip_confirmation: true }), 201);
    expect(ok(await api().get('/_emulator/messages?query=to:bob@acme.test')).data).toEqual([]);
  });

  it('answers the state actions as v8 does: confirm 200 empty, the others 204, refusals 422 without a full stop', async () => {
    const list = await createList({ requires_confirmation: true });
    const { uuid } = ok(await subscribeTo(list.uuid, { email: 'jane@acme.test' }), 201).data;
    const act = (action: string) => api().post(`/api/subscribers/${uuid}/${action}`);
    const refused = await act('unsubscribe');
    expect(refused.status).toBe(422);
    expect(refused.text).toBe('{\n    "message": "This email was not subscribed"\n}');
    ok(await act('resend-confirmation'), 204);
    const confirmed = await act('confirm');
    expect(confirmed.status).toBe(200);
    expect(confirmed.text).toBe('');
    expect(confirmed.headers['content-type']).toBe('text/html; charset=UTF-8');
    expect((await act('confirm')).json()).toEqual({ message: 'The subscriber was already confirmed' });
    expect((await act('resubscribe')).json()).toEqual({ message: 'This email was not unsubscribed' });
    ok(await api().post(`/api/email-lists/${list.uuid}/unsubscribe`, { form: 'email=jane%40acme.test' }), 204);
    expect((await act('resend-confirmation')).json()).toEqual({ message: 'This email is not unconfirmed' });
    ok(await act('resubscribe'), 204);
    expect(ok(await api().get(`/api/subscribers/${uuid}`)).data.unsubscribed_at).toBeNull();
    const unknown = await api().post(`/api/email-lists/${list.uuid}/confirm`, { json: { email: 'nobody@acme.test' } });
    expect(unknown.status).toBe(404);
    expect(unknown.json()).toEqual({ message: '' });
    expect((await api().post(`/api/email-lists/${list.uuid}/confirm`, { json: {} })).json().errors).toEqual({
      email: ['The email field is required.'],
    });
  });

  it('filters a list: email exact and case-insensitive, search in the email, status, tags any or all', async () => {
    const list = await createList();
    await subscribeTo(list.uuid, { email: 'jane@gmail.test', tags: ['vip', 'customer'] });
    await subscribeTo(list.uuid, { email: 'bob@acme.test', tags: ['customer'] });
    const { uuid: carol } = ok(await subscribeTo(list.uuid, { email: 'carol@gmail.test' }), 201).data;
    ok(await api().post(`/api/subscribers/${carol}/unsubscribe`), 204);
    const emails = async (query: string) =>
      (ok(await api().get(`/api/email-lists/${list.uuid}/subscribers${query}`)).data as Array<{ email: string }>).map(
        (s) => s.email,
      );
    expect(await emails('')).toEqual(['carol@gmail.test', 'bob@acme.test', 'jane@gmail.test']);
    expect(await emails('?filter[email]=JANE@gmail.test')).toEqual(['jane@gmail.test']);
    expect(await emails('?filter[email]=gmail.test')).toEqual([]);
    expect(await emails('?filter[search]=gmail')).toEqual(['carol@gmail.test', 'jane@gmail.test']);
    expect(await emails('?filter[status]=unsubscribed')).toEqual(['carol@gmail.test']);
    expect(await emails('?filter[status]=bogus')).toHaveLength(3);
    expect(await emails('?filter[tags]=customer')).toEqual(['bob@acme.test', 'jane@gmail.test']);
    expect(await emails('?filter[tags]=vip,customer&filter[tagType]=all')).toEqual(['jane@gmail.test']);
    expect(await emails('?filter[tags]=nope')).toHaveLength(3);
    expect(await emails('?sort=email')).toEqual(['bob@acme.test', 'carol@gmail.test', 'jane@gmail.test']);
    const bad = await api().get(`/api/email-lists/${list.uuid}/subscribers?sort=colour`);
    expect(bad.status).toBe(400);
  });

  it('updates: a PATCH without tags removes them, append_tags only adds, the email stays unique in the list', async () => {
    const list = await createList();
    const { uuid } = ok(await subscribeTo(list.uuid, { email: 'jane@acme.test', tags: ['a'] }), 201).data;
    await subscribeTo(list.uuid, { email: 'bob@acme.test' });
    expect(
      ok(await api().patch(`/api/subscribers/${uuid}`, { json: { first_name: 'Jane', append_tags: 1, tags: ['b'] } }))
        .data.tags,
    ).toEqual(['a', 'b']);
    const cleared = ok(await api().patch(`/api/subscribers/${uuid}`, { json: { first_name: 'J' } })).data;
    expect(cleared).toMatchObject({ first_name: 'J', tags: [] });
    const taken = await api().patch(`/api/subscribers/${uuid}`, { json: { email: 'bob@acme.test' } });
    expect(taken.json().errors).toEqual({ email: ['There already is a subscriber on this list with this email.'] });
    // Found by email with email_list_uuid, as the SDK's binding allows.
    expect(ok(await api().get(`/api/subscribers/jane@acme.test?email_list_uuid=${list.uuid}`)).data.uuid).toBe(uuid);
    expect((await api().get('/api/subscribers/jane@acme.test')).status).toBe(404);
  });

  it('adds tags (POST, creating list tags) and removes them (DELETE with a form body), answering the subscriber', async () => {
    const list = await createList();
    const { uuid } = ok(await subscribeTo(list.uuid, { email: 'jane@acme.test', tags: ['b'] }), 201).data;
    expect(
      ok(await api().post(`/api/subscribers/${uuid}/tags`, { form: 'tags%5B0%5D=c&tags%5B1%5D=a&tags%5B2%5D=B' })).data
        .tags,
    ).toEqual(['b', 'c', 'a']);
    expect(
      ok(await api().request('DELETE', `/api/subscribers/${uuid}/tags`, { form: 'tags%5B0%5D=C' })).data.tags,
    ).toEqual(['a', 'b']);
    expect((await api().post(`/api/subscribers/${uuid}/tags`, { json: {} })).json().errors).toEqual({
      tags: ['The tags field is required.'],
    });
    const listTags = (ok(await api().get(`/api/email-lists/${list.uuid}/tags`)).data as Array<{ name: string }>).map(
      (t) => t.name,
    );
    expect(listTags).toEqual(['a', 'b', 'c']);
  });
});

describe('tags', () => {
  it('creates (201), finds an existing name (200, unchanged), updates, includes the list on request, deletes', async () => {
    const list = await createList();
    const tag = ok(await api().post(`/api/email-lists/${list.uuid}/tags`, { json: { name: 'vip' } }), 201).data;
    expect(Object.keys(tag)).toEqual(['uuid', 'name', 'email_list_uuid', 'created_at', 'updated_at']);
    expect(
      ok(
        await api().post(`/api/email-lists/${list.uuid}/tags`, { json: { name: 'vip', visible_in_preferences: true } }),
      ).data,
    ).toEqual(tag);
    const renamed = ok(
      await api().put(`/api/email-lists/${list.uuid}/tags/${tag.uuid}`, { json: { name: 'VIP' } }),
    ).data;
    expect(renamed).toMatchObject({ uuid: tag.uuid, name: 'VIP' });
    const included = ok(await api().get(`/api/email-lists/${list.uuid}/tags?include=emailList`)).data[0];
    expect(Object.keys(included)).toEqual([
      'uuid',
      'name',
      'email_list',
      'email_list_uuid',
      'created_at',
      'updated_at',
    ]);
    expect(included.email_list.uuid).toBe(list.uuid);
    const badInclude = await api().get(`/api/email-lists/${list.uuid}/tags?include=subscribers`);
    expect(badInclude.status).toBe(400);
    expect(badInclude.json().message).toBe(
      'Requested include(s) `subscribers` are not allowed. Allowed include(s) are `emailList, emailListCount, emailListExists`.',
    );
    ok(await api().delete(`/api/email-lists/${list.uuid}/tags/${tag.uuid}`), 204);
    expect((await api().get(`/api/email-lists/${list.uuid}/tags/${tag.uuid}`)).json().message).toBe(
      'No query results for model [Spatie\\Mailcoach\\Domain\\Audience\\Models\\Tag].',
    );
  });

  it('answers 405 with the allowed methods, and no /api/subscribers index', async () => {
    const list = await createList();
    const wrong = await api().request('PUT', `/api/email-lists/${list.uuid}/subscribers`);
    expect(wrong.status).toBe(405);
    expect(wrong.headers.allow).toBe('GET, HEAD, POST');
    expect((await api().get('/api/subscribers')).json().message).toBe('The route api/subscribers could not be found.');
  });
});
