/**
 * What the web UI's suppressions, sends, log and controls pages read beyond the Mailcoach API: GET
 * /_emulator/suppressions (the API's list, each row with its origin), the settings, and the events that keep those
 * pages live when an app or another tab changes something.
 */
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { createClient } from '../../server/testing/index.js';
import { connectEventStream } from '../support/event-stream.js';
import { ROOT, useEmulator } from '../support/emulator-process.js';
import { apiClient, ok } from '../support/http.js';
import { waitUntil } from '../support/wait.js';

const emulator = useEmulator({
  fixtures: join(ROOT, 'fixtures'),
  args: ['--mailers', 'smtp,ses', '--rate-limit', '600'],
});
const api = () => apiClient(emulator().url, emulator().token);

const sendTo = (to: string, store = true) =>
  api().post('/api/transactional-mails/send', {
    json: { from: 'app@example.com', to, subject: 'Hi', text: 'Hi', store },
  });

beforeEach(async () => {
  ok(await api().post('/_emulator/reset'), 204);
});

describe('GET /_emulator/suppressions', () => {
  it("is the API's list with each row's origin: fixture, api, bounce, complaint, seed", async () => {
    ok(await api().post('/api/suppressions', { json: { email: 'added@example.com' } }), 201);
    ok(await api().post('/_emulator/simulate/bounce', { json: { email: 'bounced-now@example.com' } }));
    ok(await api().post('/_emulator/simulate/complaint', { json: { email: 'complained-now@example.com' } }));
    ok(await api().post('/_emulator/seed', { json: { suppressions: [{ email: 'seeded@example.com' }] } }));
    const listed = ok(await api().get('/_emulator/suppressions?sort=-created_at'));
    const origins = Object.fromEntries(
      (listed.data as Array<{ email: string; origin: string }>).map((row) => [row.email, row.origin]),
    );
    expect(origins).toEqual({
      'bounced@example.com': 'fixture',
      'complained@example.com': 'fixture',
      'unsubscribed@example.com': 'fixture',
      'former-employee@example.org': 'fixture',
      'added@example.com': 'api',
      'bounced-now@example.com': 'bounce',
      'complained-now@example.com': 'complaint',
      'seeded@example.com': 'seed',
    });
    // Otherwise the very answer of GET /api/suppressions: rows, order, links and meta (with this path).
    const fromApi = ok(await api().get('/api/suppressions?sort=-created_at'));
    expect(listed.data.map(({ origin: _o, ...row }: { origin: string }) => row)).toEqual(fromApi.data);
    expect(Object.keys(listed.data[0])).toEqual(['uuid', 'email', 'reason', 'created_at', 'updated_at', 'origin']);
    expect(listed.meta).toEqual({ ...fromApi.meta, path: `${emulator().url}/_emulator/suppressions` });
  });

  it('filters, sorts and pages as the API does, and refuses what the API refuses', async () => {
    const filtered = ok(
      await api().get('/_emulator/suppressions?filter[reason]=spam_complaint&filter[search]=complained'),
    );
    expect(filtered.data.map((row: { email: string }) => row.email)).toEqual(['complained@example.com']);
    expect(filtered.meta.total).toBe(1);
    const badSort = await api().get('/_emulator/suppressions?sort=email');
    const apiBadSort = await api().get('/api/suppressions?sort=email');
    expect(badSort.status).toBe(apiBadSort.status);
    expect(badSort.json()).toEqual(apiBadSort.json());
  });

  it("the typed client's addSuppression and simulated bounce say whether they created the row or found it", async () => {
    const client = createClient({ url: emulator().url, token: emulator().token });
    const added = await client.addSuppression('client-added@example.com');
    expect(added).toEqual({
      created: true,
      suppression: expect.objectContaining({ email: 'client-added@example.com', reason: 'manual', origin: 'emulator' }),
    });
    // A fixture's row comes back as it is: not created, its reason and origin kept.
    expect(await client.addSuppression('bounced@example.com')).toEqual({
      created: false,
      suppression: expect.objectContaining({ email: 'bounced@example.com', reason: 'hard_bounce', origin: 'fixture' }),
    });
    expect(await client.addSuppression('client-added@example.com')).toEqual({ ...added, created: false });
    const bounced = await client.simulate.bounce('client-bounced@example.com');
    expect(bounced).toMatchObject({ created: true, suppression: { reason: 'hard_bounce' } });
    expect(await client.simulate.complaint('client-bounced@example.com')).toEqual({ ...bounced, created: false });
  });

  it('leaves the Mailcoach resource as it was: no origin there', async () => {
    const row = ok(await api().get('/api/suppressions/bounced@example.com')).data;
    expect(Object.keys(row)).toEqual(['uuid', 'email', 'reason', 'created_at', 'updated_at']);
  });
});

describe('GET /_emulator/sends', () => {
  it("is the API's list with each send's state and simulated feedback", async () => {
    const logUuid = ok(await sendTo('jane@example.com')).uuid as string;
    const path = `/sends?filter[transactional_mail_log_item_uuid]=${logUuid}`;
    const row = async () => ok(await api().get(`/_emulator${path}`)).data[0];
    const sent = await row();
    const {
      state: _s,
      feedback: _f,
      message_uuid: _m,
      email: _e,
      subject: _t,
      campaign_name: _c,
      template_name: _n,
      ...asApi
    } = sent;
    expect(asApi).toEqual(ok(await api().get(`/api${path}`)).data[0]);
    expect(Object.keys(sent).slice(-7)).toEqual([
      'state',
      'feedback',
      'message_uuid',
      'email',
      'subject',
      'campaign_name',
      'template_name',
    ]);
    expect(sent).toMatchObject({ state: 'sent', feedback: [] });

    ok(await api().post('/_emulator/simulate/open', { json: { send_uuid: sent.uuid } }));
    expect((await row()).state).toBe('opened');
    ok(await api().post('/_emulator/simulate/click', { json: { send_uuid: sent.uuid } }));
    expect((await row()).state).toBe('clicked');
    ok(await api().post('/_emulator/simulate/soft-bounce', { json: { send_uuid: sent.uuid } }));
    expect((await row()).state).toBe('soft_bounced');
    ok(await api().post('/_emulator/simulate/bounce', { json: { send_uuid: sent.uuid } }));
    const bounced = await row();
    expect(bounced.state).toBe('bounced');
    expect(bounced.feedback.map((item: { type: string }) => item.type)).toEqual(['soft_bounce', 'bounce']);
    expect(bounced.feedback[1].created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.000000Z$/);
    expect(ok(await api().get('/api/suppressions/jane@example.com')).data.reason).toBe('hard_bounce');
    ok(await api().post('/_emulator/simulate/complaint', { json: { send_uuid: sent.uuid } }));
    expect((await row()).state).toBe('complained');
    // The Mailcoach resource keeps its fields.
    expect(Object.keys(ok(await api().get(`/api/sends/${sent.uuid}`)).data)).not.toContain('state');
  });
});

describe('GET /_emulator/sends: who, what and which mail', () => {
  const NEWSLETTER = '197fa091-463b-4b00-8cb3-fee1b7c2d1bd';
  type Row = Record<string, unknown> & { uuid: string; subscriber_uuid: string | null };

  /** A campaign to the fixtures' Newsletter, sent: its sends, and its subscribers by uuid. */
  async function sendCampaign(): Promise<{ uuid: string; sends: Row[]; emails: Map<string, string> }> {
    const campaign = ok(
      await api().post('/api/campaigns', {
        json: {
          name: 'Spring sale',
          email_list_uuid: NEWSLETTER,
          subject: 'Spring for ::subscriber.first_name::',
          html: '<p>Hi</p>',
        },
      }),
      201,
    ).data;
    ok(await api().post(`/api/campaigns/${campaign.uuid}/send`), 204);
    await waitUntil(
      async () => ok(await api().get(`/api/campaigns/${campaign.uuid}`)).data,
      (c: { status: string }) => c.status === 'sent',
      { what: 'the campaign to be sent' },
    );
    const subscribers = ok(await api().get(`/api/email-lists/${NEWSLETTER}/subscribers`)).data as Array<{
      uuid: string;
      email: string;
    }>;
    const sends = ok(await api().get(`/_emulator/sends?filter[campaign_uuid]=${campaign.uuid}`)).data as Row[];
    return { uuid: campaign.uuid, sends, emails: new Map(subscribers.map((s) => [s.uuid, s.email])) };
  }

  it("names a transactional send's recipient (the first To), subject and template, with its message", async () => {
    const logUuid = ok(
      await api().post('/api/transactional-mails/send', {
        json: {
          mail_name: 'order-confirmation',
          from: 'app@example.com',
          to: 'Joan Doe <Joan@Example.com>, other@example.com',
          replacements: { order: '42' },
        },
      }),
    ).uuid as string;
    const [send] = ok(await api().get(`/_emulator/sends?filter[transactional_mail_log_item_uuid]=${logUuid}`)).data;
    const [message] = ok(await api().get('/_emulator/messages?per_page=1')).data;
    const logItem = ok(await api().get(`/_emulator/log-items/${logUuid}`)).data;
    expect(send).toMatchObject({
      state: 'sent',
      email: 'Joan@Example.com',
      subject: logItem.subject,
      campaign_name: null,
      template_name: 'order-confirmation',
      message_uuid: message.uuid,
    });
    expect(message.subject).toBe(logItem.subject);
    // Once the message is gone, the log item still names it all.
    ok(await api().delete(`/_emulator/messages/${message.uuid}`), 204);
    expect(
      ok(await api().get(`/_emulator/sends?filter[transactional_mail_log_item_uuid]=${logUuid}`)).data[0],
    ).toMatchObject({
      message_uuid: null,
      email: 'Joan@Example.com',
      subject: logItem.subject,
      template_name: 'order-confirmation',
    });
  });

  it("links a campaign send to its captured mail and names its subscriber; a suppressed subscriber's send is `suppressed`, without a mail", async () => {
    const campaign = await sendCampaign();
    const messages = ok(await api().get(`/_emulator/messages?query=${encodeURIComponent(`campaign:${campaign.uuid}`)}`))
      .data as Array<{ uuid: string; subject: string; send_uuid: string; to: Array<{ email: string }> }>;
    // bounced@example.com is a Newsletter subscriber and a fixture suppression: a Send, no mail (campaigns/deliver.ts).
    expect(campaign.sends).toHaveLength(messages.length + 1);
    for (const send of campaign.sends) {
      const email = campaign.emails.get(send.subscriber_uuid!);
      const message = messages.find((m) => m.send_uuid === send.uuid);
      expect(send, email).toMatchObject({ email, campaign_name: 'Spring sale', template_name: null });
      if (email === 'bounced@example.com') {
        expect(message).toBeUndefined();
        expect(send).toMatchObject({
          state: 'suppressed',
          message_uuid: null,
          subject: 'Spring for ::subscriber.first_name::',
        });
        expect((send.feedback as Array<{ type: string }>).map((item) => item.type)).toEqual(['suppressed']);
      } else {
        expect(message!.to[0]!.email).toBe(email);
        expect(send).toMatchObject({ state: 'sent', message_uuid: message!.uuid, subject: message!.subject });
      }
    }
    expect(campaign.sends.find((send) => send.email === 'jane@example.com')!.subject).toBe('Spring for Jane');
    // A send that got no mail cannot be opened: the simulation is refused and the send stays suppressed.
    const suppressed = campaign.sends.find((send) => send.state === 'suppressed')!;
    expect((await api().post('/_emulator/simulate/open', { json: { send_uuid: suppressed.uuid } })).status).toBe(422);
    expect(ok(await api().get(`/_emulator/sends?filter[email]=bounced@example.com`)).data[0]).toMatchObject({
      uuid: suppressed.uuid,
      state: 'suppressed',
    });
  });

  it('filters by recipient, exactly and in any case, across transactional and campaign sends; /api/sends keeps refusing it', async () => {
    const campaign = await sendCampaign();
    const logUuid = ok(await sendTo('Jane <JANE@example.com>')).uuid as string;
    ok(await sendTo('janet@example.com'));
    ok(await sendTo('other@example.com, jane@example.com'));
    const listed = ok(await api().get('/_emulator/sends?filter[email]=jane@EXAMPLE.com'));
    const janes = listed.data as Row[];
    expect(janes.map((send) => send.email)).toEqual(['JANE@example.com', 'jane@example.com']);
    expect(janes.map((send) => [send.transactional_mail_log_item_uuid, send.campaign_uuid])).toEqual([
      [logUuid, null],
      [null, campaign.uuid],
    ]);
    expect(listed.meta.total).toBe(2);
    expect(listed.meta.path).toBe(`${emulator().url}/_emulator/sends`);
    // With the API's filters (ANDed), and alternatives split by a comma.
    expect(
      ok(
        await api().get(`/_emulator/sends?filter[email]=jane@example.com&filter[campaign_uuid]=${campaign.uuid}`),
      ).data.map((send: Row) => send.campaign_uuid),
    ).toEqual([campaign.uuid]);
    expect(
      ok(await api().get('/_emulator/sends?filter[email]=janet@example.com,john@example.com'))
        .data.map((send: Row) => send.email)
        .sort(),
    ).toEqual(['janet@example.com', 'john@example.com']);
    expect(ok(await api().get('/_emulator/sends?filter[email]=nobody@example.com')).meta.total).toBe(0);
    // The Mailcoach API has no such filter: its 400, as before.
    const refused = await api().get('/api/sends?filter[email]=jane@example.com');
    expect(refused.status).toBe(400);
    expect(refused.json().message).toMatch(
      /^Requested filter\(s\) `email` are not allowed\. Allowed filter\(s\) are `subscriber_uuid, campaign_uuid, automation_mail_uuid, transactional_mail_log_item_uuid`\.$/,
    );
  });
});

describe("the UI's log and suppression writes, without an API token", () => {
  const noToken = () => apiClient(emulator().url, emulator().token);

  it('lists the log as the API does, each item with its message and Send, and resends one', async () => {
    const logUuid = ok(await sendTo('jane@example.com')).uuid as string;
    const page = ok(await noToken().get('/_emulator/log-items', { token: null }));
    const fromApi = ok(await api().get('/api/transactional-mails'));
    expect(
      page.data.map(({ message_uuid: _m, send_uuid: _s, fake: _f, ...item }: Record<string, unknown>) => item),
    ).toEqual(fromApi.data);
    const [message] = ok(await api().get('/_emulator/messages?per_page=1')).data;
    const [send] = ok(await api().get(`/api/sends?filter[transactional_mail_log_item_uuid]=${logUuid}`)).data;
    expect(page.data[0]).toMatchObject({
      uuid: logUuid,
      message_uuid: message.uuid,
      send_uuid: send.uuid,
      fake: false,
    });
    expect(ok(await noToken().get(`/_emulator/log-items/${logUuid}`, { token: null })).data).toEqual(page.data[0]);
    expect(
      ok(await api().get(`/_emulator/sends?filter[transactional_mail_log_item_uuid]=${logUuid}`)).data[0].message_uuid,
    ).toBe(message.uuid);
    const resent = ok(await noToken().post(`/_emulator/log-items/${logUuid}/resend`, { token: null }), 201);
    const [copy] = ok(await api().get('/_emulator/messages?per_page=1')).data;
    expect(resent).toEqual({ message_uuid: copy.uuid });
    expect(
      (await noToken().get('/_emulator/log-items/00000000-0000-4000-8000-000000000000', { token: null })).json(),
    ).toEqual({
      message: 'No transactional mail log item with uuid 00000000-0000-4000-8000-000000000000 in this workspace.',
    });
  });

  it('adds a suppression (origin emulator) and deletes one under the spam-complaint rule', async () => {
    const added = ok(
      await noToken().post('/_emulator/suppressions', { token: null, json: { email: 'ui@example.com' } }),
      201,
    );
    expect(added).toMatchObject({ email: 'ui@example.com', reason: 'manual', origin: 'emulator' });
    expect(
      ok(await noToken().post('/_emulator/suppressions', { token: null, json: { email: 'ui@example.com' } })),
    ).toEqual(added);
    expect((await noToken().post('/_emulator/suppressions', { token: null, json: {} })).json()).toEqual({
      message: 'The given data was invalid.',
      errors: { email: ['The email field is required.'] },
    });
    expect(
      (await noToken().post('/_emulator/suppressions', { token: null, json: { email: 'nope' } })).json().errors,
    ).toEqual({
      email: ['The email field must be a valid email address.'],
    });
    // The API's rules on the API's reading of the input: trimmed, and `reason` (no rule) ignored, as POST /api/suppressions does.
    const trimmed = ok(
      await noToken().post('/_emulator/suppressions', {
        token: null,
        json: { email: ' spaced@example.com ', reason: 'hard_bounce' },
      }),
      201,
    );
    expect(trimmed).toMatchObject({ email: 'spaced@example.com', reason: 'manual', origin: 'emulator' });
    expect(
      ok(await api().post('/api/suppressions', { json: { email: ' spaced@example.com ', reason: 'hard_bounce' } })).data
        .uuid,
    ).toBe(trimmed.uuid);
    const refused = await noToken().delete('/_emulator/suppressions/complained@example.com', { token: null });
    expect(refused.status).toBe(403);
    expect(refused.json()).toEqual({ message: 'Suppressions with reason spam_complaint cannot be deleted.' });
    ok(await noToken().delete(`/_emulator/suppressions/${added.uuid}`, { token: null }), 204);
    expect((await api().get('/api/suppressions/ui@example.com')).status).toBe(404);
  });

  it('sends clock.changed to every stream when the clock is frozen or moved', async () => {
    const stream = await connectEventStream(emulator().url, emulator().token);
    const frozen = ok(await api().post('/_emulator/clock', { json: { freeze: '2030-01-01T00:00:00Z' } }));
    expect(await stream.next()).toEqual({ event: 'clock.changed', data: frozen });
    ok(await api().post('/_emulator/clock', { json: { resume: true } }));
    expect((await stream.next()).event).toBe('clock.changed');
  });
});

describe('GET /_emulator/settings', () => {
  it('shows the effective settings the controls page lists', async () => {
    expect(ok(await api().get('/_emulator/settings'))).toEqual({
      isolate: false,
      any_token: false,
      tokens: [emulator().token],
      token_required: false,
      allow_spam_complaint_deletion: false,
      mailers: ['smtp', 'ses'],
      rate_limit: 600,
      max_body_bytes: 40 * 1024 * 1024,
      render_workers: expect.any(Number),
      fixtures: 'fixtures',
      watch: false,
      webhooks: [],
      webhook_retries: 'mailcoach',
      smtp: { port: null, smtps_port: null, starttls: false, auth_required: false },
    });
  });
});

describe('events for the records pages', () => {
  it('sends log.changed and sends.changed for a stored send, and nothing more for one that is not stored', async () => {
    const stream = await connectEventStream(emulator().url, emulator().token);
    const logUuid = ok(await sendTo('jane@example.com')).uuid as string;
    expect((await stream.next()).event).toBe('message.captured');
    expect(await stream.next()).toEqual({ event: 'log.changed', data: { uuids: [logUuid] } });
    const sendEvent = await stream.next();
    const [send] = ok(await api().get(`/api/sends?filter[transactional_mail_log_item_uuid]=${logUuid}`)).data;
    expect(sendEvent).toEqual({ event: 'sends.changed', data: { uuids: [send.uuid] } });
    ok(await sendTo('bob@example.com', false), 204);
    expect((await stream.next()).event).toBe('message.captured');
    ok(await api().post('/_emulator/simulate/open', { json: { send_uuid: send.uuid } }));
    expect(await stream.next()).toEqual({ event: 'sends.changed', data: { uuids: [send.uuid] } });
    ok(await api().delete(`/api/sends/${send.uuid}`), 204);
    expect(await stream.next()).toEqual({ event: 'sends.changed', data: { uuids: [send.uuid] } });
  });

  it('sends suppressions.changed when one is added or deleted, not when an existing one is found again', async () => {
    const stream = await connectEventStream(emulator().url, emulator().token);
    const added = ok(await api().post('/api/suppressions', { json: { email: 'new@example.com' } }), 201).data;
    expect(await stream.next()).toEqual({ event: 'suppressions.changed', data: { uuids: [added.uuid] } });
    ok(await api().post('/api/suppressions', { json: { email: 'new@example.com' } }));
    ok(await api().post('/_emulator/simulate/bounce', { json: { email: 'new@example.com' } }));
    const bounced = ok(
      await api().post('/_emulator/simulate/bounce', { json: { email: 'fresh@example.com' } }),
    ).suppression;
    expect(await stream.next()).toEqual({ event: 'suppressions.changed', data: { uuids: [bounced.uuid] } });
    ok(await api().delete('/api/suppressions/new@example.com'), 204);
    expect(await stream.next()).toEqual({ event: 'suppressions.changed', data: { uuids: [added.uuid] } });
    ok(await api().post('/_emulator/seed', { json: { suppressions: [{ email: 'seeded@example.com' }], sends: [] } }));
    expect(await stream.next()).toEqual({ event: 'suppressions.changed', data: { uuids: null } });
  });

  it('sends faults.changed when a rule is added, fires, or is removed', async () => {
    const stream = await connectEventStream(emulator().url, emulator().token);
    const rule = ok(
      await api().post('/_emulator/faults', {
        json: { preset: 'server-error', route: '/api/transactional-mails/send', times: 1 },
      }),
      201,
    );
    expect(await stream.next()).toEqual({ event: 'faults.changed', data: {} });
    expect((await sendTo('jane@example.com')).status).toBe(500);
    expect(await stream.next()).toEqual({ event: 'faults.changed', data: {} });
    ok(await api().delete(`/_emulator/faults/${rule.id}`), 204);
    expect(await stream.next()).toEqual({ event: 'faults.changed', data: {} });
    ok(await api().delete('/_emulator/faults'), 204);
    expect(await stream.next()).toEqual({ event: 'faults.changed', data: {} });
  });
});
