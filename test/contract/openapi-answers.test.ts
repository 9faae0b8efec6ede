/**
 * Every operation of the OpenAPI document, called on a real emulator holding every kind of record, its answer
 * validated against the schema the document gives for that status, strictly ("one place per wire
 * shape"): in the test's copy of the document every object is closed (additionalProperties false unless the
 * document says otherwise) and every property is required unless the document's `required` leaves it out. So a
 * presenter that adds, drops, renames or retypes a field fails here until its schema (server/emulator/schemas/,
 * which the document is generated from) says the same.
 *
 * The table CALLS says how to call each operation; it must name every operation of the document and every route
 * the app registers under /_emulator, so that a new route without a case fails too.
 */
import type { ErrorObject } from 'ajv/dist/2020.js';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROOT, useEmulator } from '../support/emulator-process.js';
import { apiClient, type RawResponse } from '../support/http.js';
import { CALLS } from '../support/openapi-calls.js';
import { type Call, made, NEWSLETTER, PRODUCT_UPDATES, WELCOME } from '../support/openapi-made.js';
import { doc, documented } from '../support/openapi-strict.js';
import { waitUntil } from '../support/wait.js';

const emulator = useEmulator({ fixtures: join(ROOT, 'fixtures') });
const api = () => apiClient(emulator().url, emulator().token);

function ok(response: RawResponse, status = 200) {
  expect(response.status, response.text).toBe(status);
  return response.headers['content-type']?.startsWith('application/json') ? response.json() : response.text;
}

async function call(request: Call): Promise<RawResponse> {
  if (request.path === '/_emulator/events') return eventStreamHead(request.token);
  return api().request(request.method, request.path, {
    ...(request.json === undefined ? {} : { json: request.json }),
    ...(request.token === undefined ? {} : { token: request.token }),
  });
}

/** The event stream never ends: its status and headers, then it is closed. */
async function eventStreamHead(token: string | null | undefined): Promise<RawResponse> {
  const controller = new AbortController();
  const bearer = token === undefined ? emulator().token : token;
  const response = await fetch(`${emulator().url}/_emulator/events`, {
    headers: { accept: 'text/event-stream', ...(bearer === null ? {} : { authorization: `Bearer ${bearer}` }) },
    signal: controller.signal,
  });
  const headers = Object.fromEntries(response.headers.entries());
  const text = response.status === 200 ? '' : await response.text();
  controller.abort();
  return { status: response.status, headers, body: Buffer.from(text), text, json: () => JSON.parse(text) };
}

/** Problems of an answer against the document, for one operation. */
function problems(method: string, path: string, response: RawResponse): string[] {
  const answer = documented(method, path, response.status);
  if (answer === undefined) return [`status ${response.status} is not documented (${response.text.slice(0, 200)})`];
  const contentType = (response.headers['content-type'] ?? '').split(';')[0]!.trim();
  if (answer.mediaTypes.length === 0)
    return response.body.length === 0 ? [] : [`a body where the document gives none: ${response.text.slice(0, 200)}`];
  if (!answer.mediaTypes.includes(contentType) && !answer.mediaTypes.includes('*/*')) {
    return [`content-type ${contentType} is not one of ${answer.mediaTypes.join(', ')}`];
  }
  if (answer.validate === undefined || contentType !== 'application/json') return [];
  if (answer.validate(response.json())) return [];
  return (answer.validate.errors ?? []).map(
    (error: ErrorObject) => `${error.instancePath || '/'} ${error.message} ${JSON.stringify(error.params)}`,
  );
}

describe('every answer matches its documented schema, strictly', () => {
  beforeAll(async () => {
    // Captured mail with everything: attachments, cc, bcc, reply-to, a template with replacements, codes, links.
    const sent = ok(
      await api().post('/api/transactional-mails/send', {
        json: {
          mail_name: 'order-confirmation',
          from: 'Acme <noreply@acme.example>',
          to: 'Joan Doe <joan@example.com>',
          cc: 'cc@example.com',
          bcc: 'audit@example.com',
          reply_to: 'help@acme.example',
          replacements: { order: '482913' },
          attachments: [
            { name: 'a.txt', content: Buffer.from('hello').toString('base64'), content_type: 'text/plain' },
          ],
        },
      }),
    );
    made.logItemUuid = sent.uuid;
    ok(
      await api().post('/api/transactional-mails/send', {
        json: {
          from: 'a@acme.example',
          to: 'joan@example.com',
          subject: 'HTML only',
          html: '<p>Code 123456 <a href="https://acme.example/x">go</a></p>',
          fake: true,
        },
      }),
    );
    ok(
      await api().post('/api/transactional-mails/send', {
        json: { from: 'a@acme.example', to: 'nostore@example.com', subject: 'S', text: 'T', store: false },
      }),
      204,
    );
    // The sends above answered once their mail was captured: the messages are listed already.
    const messages = ok(await api().get('/_emulator/messages')).data as Array<Record<string, string>>;
    expect(messages.map((m) => m.subject)).toEqual(expect.arrayContaining(['HTML only']));
    expect(messages.map((m) => m.template)).toContain('order-confirmation');
    made.messageUuid = messages.find((m) => m.template === 'order-confirmation')!.uuid!;
    made.htmlOnlyUuid = messages.find((m) => m.subject === 'HTML only')!.uuid!;
    made.fakeLogItemUuid = messages.find((m) => m.subject === 'HTML only')!.log_item_uuid!;
    made.transactionalSendUuid = messages.find((m) => m.template === 'order-confirmation')!.send_uuid!;
    // A campaign to the fixtures' Newsletter: campaign mail, sends with subscribers.
    const campaign = ok(
      await api().post('/api/campaigns', {
        json: {
          name: 'Spring',
          email_list_uuid: NEWSLETTER,
          subject: 'Spring',
          html: '<p><a href="https://acme.test/offer">Offer</a></p>',
        },
      }),
      201,
    ).data;
    ok(await api().post(`/api/campaigns/${campaign.uuid}/send`), 204);
    made.sentCampaignUuid = campaign.uuid;
    made.draftCampaignUuid = ok(
      await api().post('/api/campaigns', {
        json: { name: 'Draft', email_list_uuid: NEWSLETTER, subject: 'Draft', html: '<p>Hi</p>' },
      }),
      201,
    ).data.uuid;
    // Delivered after the 204: the campaign turns `sent` once its last mail is captured (campaigns/deliver.ts).
    await waitUntil(
      async () => ok(await api().get(`/api/campaigns/${campaign.uuid}`)).data,
      (c: { status: string }) => c.status === 'sent',
      { what: 'the Spring campaign to be sent' },
    );
    // The sends that got a mail: a suppressed subscriber's send refuses every simulation.
    const sends = (
      ok(await api().get(`/api/sends?filter[campaign_uuid]=${campaign.uuid}`)).data as Array<{
        uuid: string;
        transport_message_id: string | null;
      }>
    ).filter((send) => send.transport_message_id !== null);
    made.campaignSendUuid = sends[0]!.uuid;
    made.otherCampaignSendUuid = sends[1]!.uuid;
    ok(await api().post('/_emulator/simulate/open', { json: { send_uuid: made.campaignSendUuid } }));
    ok(await api().post('/_emulator/simulate/bounce', { json: { send_uuid: made.transactionalSendUuid } }));
    // An automation with triggers, a fault rule with every field, a read message.
    const jane = ok(await api().get(`/api/email-lists/${NEWSLETTER}/subscribers?filter[email]=jane@example.com`))
      .data[0].uuid;
    // Subscribers for the web UI's subscriber actions, one in the status each case needs.
    const member = async (list: string, email: string, extra: Record<string, unknown> = {}) =>
      ok(await api().post(`/api/email-lists/${list}/subscribers`, { json: { email, ...extra } }), 201).data
        .uuid as string;
    made.unconfirmedA = await member(PRODUCT_UPDATES, 'ui-a@example.com');
    made.unconfirmedB = await member(PRODUCT_UPDATES, 'ui-b@example.com');
    made.subscribedC = await member(NEWSLETTER, 'ui-c@example.com');
    made.unsubscribedD = await member(NEWSLETTER, 'ui-d@example.com');
    ok(await api().post(`/api/subscribers/${made.unsubscribedD}/unsubscribe`), 204);
    made.doomed = await member(NEWSLETTER, 'ui-e@example.com');
    made.steady = await member(NEWSLETTER, 'ui-f@example.com', { tags: ['customer'] });
    // extra_attributes given as a list are shown as one (PHP keeps the array as it came).
    made.listAttributes = await member(NEWSLETTER, 'ui-g@example.com', { extra_attributes: ['vip', 'beta'] });
    ok(await api().post(`/api/automations/${WELCOME}/trigger`, { json: { subscribers: [jane] } }));
    ok(
      await api().post('/_emulator/faults', {
        json: {
          method: 'post',
          route: '/api/nowhere',
          recipient: 'x@example.com',
          status: 503,
          body: { message: 'down' },
          headers: { 'Retry-After': 5 },
          delay_ms: 0,
          times: 3,
          probability: 0.5,
        },
      }),
      201,
    );
    ok(await api().post('/_emulator/faults', { json: { route: '/api/nowhere', drop: true } }), 201);
    // Webhook calls: one the sink answers, one to a closed port (no answer: status_code null, a retry due).
    made.webhookUuid = ok(
      await api().post('/_emulator/webhooks', {
        json: { name: 'Sink', url: `${emulator().url}/_emulator/webhook-sink/answers`, events: ['UnsubscribedEvent'] },
      }),
      201,
    ).uuid;
    const closed = ok(
      await api().post('/_emulator/webhooks', {
        json: { name: 'Closed', url: 'http://127.0.0.1:9/hooks', events: ['UnsubscribedEvent'] },
      }),
      201,
    ).uuid;
    ok(await api().post(`/api/subscribers/${jane}/unsubscribe`), 204);
    const calls = await waitUntil(
      async () =>
        ok(await api().get('/_emulator/webhook-calls?event=UnsubscribedEvent')).data as Array<{
          uuid: string;
          attempts: number;
          configuration: { uuid: string };
        }>,
      (data) => data.length === 2 && data.every((call) => call.attempts === 1),
      { what: 'both webhook calls tried once' },
    );
    made.callUuid = calls.find((call) => call.configuration.uuid === made.webhookUuid)!.uuid;
    made.failedCallUuid = calls.find((call) => call.configuration.uuid === closed)!.uuid;
  });

  for (const [operation, calls] of CALLS) {
    it(operation, async () => {
      const [method, path] = operation.split(' ') as [string, string];
      for (const request of calls()) {
        const response = await call(request);
        expect(response.status, `${request.method} ${request.path}: ${response.text.slice(0, 300)}`).toBe(
          request.status,
        );
        expect(
          problems(method.toLowerCase(), path, response),
          `${request.method} ${request.path} ${response.status}`,
        ).toEqual([]);
      }
    });
  }

  it('every operation answers a token the emulator does not accept with its documented 401 (the public ones, security [], ignore it)', async () => {
    for (const [operation, calls] of CALLS) {
      const [method, path] = operation.split(' ') as [string, string];
      const request = calls()[0]!;
      const response = await call({ ...request, token: 'not-a-token' });
      const isPublic = (doc.paths[path]![method.toLowerCase()] as { security?: unknown[] }).security?.length === 0;
      expect(response.status, operation).toBe(isPublic ? request.status : 401);
      expect(problems(method.toLowerCase(), path, response), operation).toEqual([]);
    }
  });
});
