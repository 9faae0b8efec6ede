/**
 * GET /api/sends, GET /api/sends/{uuid}, DELETE /api/sends/{uuid} (docs/spec/mailcoach-reference.md#3-sends; decisions.md "Send fields",
 * "meta.links"). The main emulator reads test/fixtures (never modified here); a second one gets a generated
 * fixtures directory with an automation-mail send and unsent rows, and is the one sends are deleted from.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { useEmulator } from '../support/emulator-process.js';
import { apiClient, type RawResponse } from '../support/http.js';

// test/fixtures/log.json
const TRANSACTIONAL_SEND = '9b0f5c1e-3d7a-4f2b-8e61-2c4d5a6b7c8d';
const OPENED_SEND = '8a9b0c1d-2e3f-4a5b-9c6d-7e8f9a0b1c2d';
const FAILED_CAMPAIGN_SEND = '7d8e9f0a-1b2c-4d3e-8f4a-5b6c7d8e9f0a';
const WELCOME_LOG_ITEM = '1e2d3c4b-5a69-4788-9a0b-c1d2e3f4a5b6';
const INVOICE_LOG_ITEM = '2f3e4d5c-6b7a-4899-8a1b-d2e3f4a5b6c7';
const CAMPAIGN = 'c0ffee00-1234-4abc-9def-0123456789ab';
const SUBSCRIBER = '5ab5c71b-0000-4000-8000-000000000000';

const SEND_KEYS = [
  'uuid',
  'transport_message_id',
  'campaign_uuid',
  'automation_mail_uuid',
  'transactional_mail_log_item_uuid',
  'subscriber_uuid',
  'sent_at',
  'failed_at',
  'failure_reason',
  'open_count',
  'click_count',
  'first_opened_at',
  'last_opened_at',
  'first_clicked_at',
  'last_clicked_at',
  'created_at',
  'updated_at',
];

const OPENED_SEND_JSON =
  '{"uuid":"8a9b0c1d-2e3f-4a5b-9c6d-7e8f9a0b1c2d","transport_message_id":"aa11bb22cc33dd44ee55ff6677889900@example.com",' +
  '"campaign_uuid":null,"automation_mail_uuid":null,"transactional_mail_log_item_uuid":"2f3e4d5c-6b7a-4899-8a1b-d2e3f4a5b6c7",' +
  '"subscriber_uuid":null,"sent_at":"2025-03-03T10:15:00.000000Z","failed_at":null,"failure_reason":null,' +
  '"open_count":2,"click_count":0,"first_opened_at":"2025-03-03T11:00:00.000000Z","last_opened_at":"2025-03-03T12:30:00.000000Z",' +
  '"first_clicked_at":null,"last_clicked_at":null,"created_at":"2025-03-03T10:15:00.000000Z","updated_at":"2025-03-03T10:15:00.000000Z"}';
const TRANSACTIONAL_SEND_JSON =
  '{"uuid":"9b0f5c1e-3d7a-4f2b-8e61-2c4d5a6b7c8d","transport_message_id":"3f2a9c8d7e6b5a4f3e2d1c0b9a8f7e6d@example.com",' +
  '"campaign_uuid":null,"automation_mail_uuid":null,"transactional_mail_log_item_uuid":"1e2d3c4b-5a69-4788-9a0b-c1d2e3f4a5b6",' +
  '"subscriber_uuid":null,"sent_at":"2025-03-02T10:15:00.000000Z","failed_at":null,"failure_reason":null,' +
  '"open_count":0,"click_count":0,"first_opened_at":null,"last_opened_at":null,' +
  '"first_clicked_at":null,"last_clicked_at":null,"created_at":"2025-03-02T10:15:00.000000Z","updated_at":"2025-03-02T10:15:00.000000Z"}';
const FAILED_CAMPAIGN_SEND_JSON =
  '{"uuid":"7d8e9f0a-1b2c-4d3e-8f4a-5b6c7d8e9f0a","transport_message_id":null,' +
  '"campaign_uuid":"c0ffee00-1234-4abc-9def-0123456789ab","automation_mail_uuid":null,"transactional_mail_log_item_uuid":null,' +
  '"subscriber_uuid":"5ab5c71b-0000-4000-8000-000000000000","sent_at":null,"failed_at":"2025-03-04T08:00:00.000000Z",' +
  '"failure_reason":"Connection refused","open_count":0,"click_count":0,"first_opened_at":null,"last_opened_at":null,' +
  '"first_clicked_at":null,"last_clicked_at":null,"created_at":"2025-03-04T08:00:00.000000Z","updated_at":"2025-03-04T08:00:00.000000Z"}';

// The generated fixtures of the second emulator.
const AUTOMATION_MAIL = 'a7a7a7a7-0000-4000-8000-0000000000aa';
const OTHER_CAMPAIGN = 'cccccccc-0000-4000-8000-0000000000cc';
const AUTOMATION_SEND = 'e0000000-0000-4000-8000-000000000001';
const UNSENT_A = 'e0000000-0000-4000-8000-000000000002';
const LATEST_SEND = 'e0000000-0000-4000-8000-000000000003';
const UNSENT_B = 'e0000000-0000-4000-8000-000000000004';
const extraDir = mkdtempSync(join(tmpdir(), 'mce-sends-fixtures-'));
writeFileSync(
  join(extraDir, 'sends.json'),
  JSON.stringify({
    sends: [
      {
        uuid: AUTOMATION_SEND,
        transport_message_id: 'auto-1@example.com',
        automation_mail_uuid: AUTOMATION_MAIL,
        subscriber_uuid: SUBSCRIBER,
        sent_at: '2025-04-01T09:00:00Z',
        open_count: 3,
        click_count: 1,
        first_opened_at: '2025-04-01T09:05:00Z',
        last_opened_at: '2025-04-01T18:00:00Z',
        first_clicked_at: '2025-04-01T09:06:00Z',
        last_clicked_at: '2025-04-01T09:06:00Z',
        created_at: '2025-04-01T08:59:00Z',
      },
      { uuid: UNSENT_A, campaign_uuid: OTHER_CAMPAIGN, created_at: '2025-04-01T10:00:00Z' },
      {
        uuid: LATEST_SEND,
        campaign_uuid: OTHER_CAMPAIGN,
        sent_at: '2025-04-02T09:00:00Z',
        created_at: '2025-04-02T09:00:00Z',
      },
      { uuid: UNSENT_B, campaign_uuid: OTHER_CAMPAIGN, created_at: '2025-04-03T10:00:00Z' },
    ],
  }),
);
afterAll(() => rmSync(extraDir, { recursive: true, force: true }));

const emulator = useEmulator();
const extra = useEmulator({ fixtures: extraDir });
const api = () => apiClient(emulator().url, emulator().token);
const extraApi = () => apiClient(extra().url, extra().token);
/** The base URL as it appears inside a compact (slash-escaped) body. */
const escapedBase = () => emulator().url.replaceAll('/', '\\/');
const uuids = (res: RawResponse): string[] => res.json().data.map((row: { uuid: string }) => row.uuid);

const SEND_404 =
  '{\n    "message": "No query results for model [Spatie\\\\Mailcoach\\\\Domain\\\\Shared\\\\Models\\\\Send]."\n}';

describe('GET /api/sends', () => {
  it('lists the fixture sends byte for byte: newest sent_at first, envelope with meta.links', async () => {
    const res = await api().get('/api/sends');
    const base = escapedBase();
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/json');
    expect(res.text).toBe(
      `{"data":[${OPENED_SEND_JSON},${TRANSACTIONAL_SEND_JSON},${FAILED_CAMPAIGN_SEND_JSON}],` +
        `"links":{"first":"${base}\\/api\\/sends?page=1","last":"${base}\\/api\\/sends?page=1","prev":null,"next":null},` +
        `"meta":{"current_page":1,"from":1,"last_page":1,"links":[` +
        `{"url":null,"label":"&laquo; Previous","active":false},` +
        `{"url":"${base}\\/api\\/sends?page=1","label":"1","active":true},` +
        `{"url":null,"label":"Next &raquo;","active":false}],` +
        `"path":"${base}\\/api\\/sends","per_page":15,"to":3,"total":3}}`,
    );
  });

  it('writes every send with exactly the base document keys in order, without bounce counts', async () => {
    const res = await api().get('/api/sends');
    for (const send of res.json().data) {
      expect(Object.keys(send)).toEqual(SEND_KEYS);
      expect(send).not.toHaveProperty('bounce_count');
      expect(send).not.toHaveProperty('hard_bounce_count');
      expect(send).not.toHaveProperty('soft_bounce_count');
    }
  });

  it('gives open_count and click_count as integers, 0 when nothing was opened or clicked', async () => {
    const res = await api().get('/api/sends');
    const counts = res
      .json()
      .data.map((s: { open_count: unknown; click_count: unknown }) => [s.open_count, s.click_count]);
    expect(counts).toEqual([
      [2, 0],
      [0, 0],
      [0, 0],
    ]);
    expect(res.text).toContain('"open_count":2,"click_count":0,');
  });

  it('gives meta.links entries exactly the keys url, label and active (no page key)', async () => {
    const res = await api().get('/api/sends');
    const links = res.json().meta.links as Array<Record<string, unknown>>;
    expect(links.map((link) => Object.keys(link))).toEqual([
      ['url', 'label', 'active'],
      ['url', 'label', 'active'],
      ['url', 'label', 'active'],
    ]);
    expect(links.map((link) => link.label)).toEqual(['&laquo; Previous', '1', 'Next &raquo;']);
  });

  it('puts a never-sent send (sent_at null) last in the default order and first with sort=sent_at', async () => {
    expect(uuids(await api().get('/api/sends'))).toEqual([OPENED_SEND, TRANSACTIONAL_SEND, FAILED_CAMPAIGN_SEND]);
    expect(uuids(await api().get('/api/sends?sort=sent_at'))).toEqual([
      FAILED_CAMPAIGN_SEND,
      TRANSACTIONAL_SEND,
      OPENED_SEND,
    ]);
  });

  it('answers sort=-sent_at with the same order as no sort at all', async () => {
    const explicit = await api().get('/api/sends?sort=-sent_at');
    const implicit = await api().get('/api/sends');
    expect(explicit.status).toBe(200);
    expect(uuids(explicit)).toEqual(uuids(implicit));
  });

  it('orders several unsent sends after the sent ones, newest sent first, and before them ascending', async () => {
    const desc = uuids(await extraApi().get('/api/sends'));
    expect(desc.slice(0, 2)).toEqual([LATEST_SEND, AUTOMATION_SEND]);
    expect(new Set(desc.slice(2))).toEqual(new Set([UNSENT_A, UNSENT_B]));
    const asc = uuids(await extraApi().get('/api/sends?sort=sent_at'));
    expect(new Set(asc.slice(0, 2))).toEqual(new Set([UNSENT_A, UNSENT_B]));
    expect(asc.slice(2)).toEqual([AUTOMATION_SEND, LATEST_SEND]);
  });

  it('filters by campaign_uuid', async () => {
    const res = await api().get(`/api/sends?filter[campaign_uuid]=${CAMPAIGN}`);
    expect(res.status).toBe(200);
    expect(uuids(res)).toEqual([FAILED_CAMPAIGN_SEND]);
    expect(res.json().meta.total).toBe(1);
  });

  it('filters by subscriber_uuid', async () => {
    expect(uuids(await api().get(`/api/sends?filter[subscriber_uuid]=${SUBSCRIBER}`))).toEqual([FAILED_CAMPAIGN_SEND]);
  });

  it('filters by transactional_mail_log_item_uuid', async () => {
    expect(uuids(await api().get(`/api/sends?filter[transactional_mail_log_item_uuid]=${WELCOME_LOG_ITEM}`))).toEqual([
      TRANSACTIONAL_SEND,
    ]);
    expect(uuids(await api().get(`/api/sends?filter[transactional_mail_log_item_uuid]=${INVOICE_LOG_ITEM}`))).toEqual([
      OPENED_SEND,
    ]);
  });

  it('filters by automation_mail_uuid', async () => {
    expect(uuids(await extraApi().get(`/api/sends?filter[automation_mail_uuid]=${AUTOMATION_MAIL}`))).toEqual([
      AUTOMATION_SEND,
    ]);
    const none = await api().get(`/api/sends?filter[automation_mail_uuid]=${AUTOMATION_MAIL}`);
    expect(none.status).toBe(200);
    expect(uuids(none)).toEqual([]);
    expect(none.json().meta).toMatchObject({ total: 0, from: null, to: null, last_page: 1 });
  });

  it('reads a percent-encoded filter%5Bcampaign_uuid%5D key as the bracketed one (what the PHP SDK sends)', async () => {
    const res = await api().get(`/api/sends?filter%5Bcampaign_uuid%5D=${CAMPAIGN}`);
    expect(res.status).toBe(200);
    expect(uuids(res)).toEqual([FAILED_CAMPAIGN_SEND]);
  });

  it('matches nothing for an owner uuid nobody has', async () => {
    const res = await api().get('/api/sends?filter[campaign_uuid]=00000000-0000-4000-8000-00000000dead');
    expect(res.status).toBe(200);
    expect(uuids(res)).toEqual([]);
  });

  it('ignores a filter with an empty value, as the query builder does', async () => {
    expect(uuids(await api().get('/api/sends?filter[campaign_uuid]='))).toEqual([
      OPENED_SEND,
      TRANSACTIONAL_SEND,
      FAILED_CAMPAIGN_SEND,
    ]);
  });

  it('combines several filters with AND', async () => {
    expect(
      uuids(await api().get(`/api/sends?filter[campaign_uuid]=${CAMPAIGN}&filter[subscriber_uuid]=${SUBSCRIBER}`)),
    ).toEqual([FAILED_CAMPAIGN_SEND]);
    expect(
      uuids(
        await api().get(
          `/api/sends?filter[campaign_uuid]=${CAMPAIGN}&filter[transactional_mail_log_item_uuid]=${WELCOME_LOG_ITEM}`,
        ),
      ),
    ).toEqual([]);
  });

  it('matches any of several comma-separated uuids in one filter (an emulator choice; Mailcoach errors)', async () => {
    const res = await api().get(
      `/api/sends?filter[transactional_mail_log_item_uuid]=${WELCOME_LOG_ITEM},${INVOICE_LOG_ITEM}`,
    );
    expect(res.status).toBe(200);
    expect(uuids(res)).toEqual([OPENED_SEND, TRANSACTIONAL_SEND]);
  });

  it('refuses an unknown sort with 400 naming sent_at as the only allowed sort', async () => {
    const res = await api().get('/api/sends?sort=created_at');
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toBe('application/json');
    expect(res.text).toBe(
      '{\n    "message": "Requested sort(s) `created_at` is not allowed. Allowed sort(s) are `sent_at`."\n}',
    );
  });

  it('names a descending unknown sort without its minus sign', async () => {
    const res = await api().get('/api/sends?sort=-open_count');
    expect(res.status).toBe(400);
    expect(res.json().message).toBe('Requested sort(s) `open_count` is not allowed. Allowed sort(s) are `sent_at`.');
  });

  it('refuses an unknown filter with 400 listing the four owner filters', async () => {
    const res = await api().get('/api/sends?filter[email]=jane@example.com');
    expect(res.status).toBe(400);
    expect(res.text).toBe(
      '{\n    "message": "Requested filter(s) `email` are not allowed. Allowed filter(s) are ' +
        '`subscriber_uuid, campaign_uuid, automation_mail_uuid, transactional_mail_log_item_uuid`."\n}',
    );
  });

  it('reports a bad sort before a bad filter', async () => {
    const res = await api().get('/api/sends?filter[email]=x&sort=uuid');
    expect(res.status).toBe(400);
    expect(res.json().message).toBe('Requested sort(s) `uuid` is not allowed. Allowed sort(s) are `sent_at`.');
  });

  it('refuses POST on the collection with 405 listing GET and HEAD', async () => {
    const res = await api().post('/api/sends', { json: {} });
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe('GET, HEAD');
    expect(res.text).toBe(
      '{\n    "message": "The POST method is not supported for route api/sends. Supported methods: GET, HEAD."\n}',
    );
  });
});

describe('GET /api/sends/{uuid}', () => {
  it('shows one send byte for byte, wrapped in data', async () => {
    const res = await api().get(`/api/sends/${TRANSACTIONAL_SEND}`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/json');
    expect(res.text).toBe(`{"data":${TRANSACTIONAL_SEND_JSON}}`);
  });

  it('shows a failed campaign send with its failure fields', async () => {
    const res = await api().get(`/api/sends/${FAILED_CAMPAIGN_SEND}`);
    expect(res.status).toBe(200);
    expect(res.text).toBe(`{"data":${FAILED_CAMPAIGN_SEND_JSON}}`);
  });

  it('shows an automation-mail send with its open and click counts and timestamps', async () => {
    const res = await extraApi().get(`/api/sends/${AUTOMATION_SEND}`);
    expect(res.status).toBe(200);
    expect(res.text).toBe(
      '{"data":{"uuid":"e0000000-0000-4000-8000-000000000001","transport_message_id":"auto-1@example.com",' +
        '"campaign_uuid":null,"automation_mail_uuid":"a7a7a7a7-0000-4000-8000-0000000000aa","transactional_mail_log_item_uuid":null,' +
        '"subscriber_uuid":"5ab5c71b-0000-4000-8000-000000000000","sent_at":"2025-04-01T09:00:00.000000Z","failed_at":null,' +
        '"failure_reason":null,"open_count":3,"click_count":1,"first_opened_at":"2025-04-01T09:05:00.000000Z",' +
        '"last_opened_at":"2025-04-01T18:00:00.000000Z","first_clicked_at":"2025-04-01T09:06:00.000000Z",' +
        '"last_clicked_at":"2025-04-01T09:06:00.000000Z","created_at":"2025-04-01T08:59:00.000000Z",' +
        '"updated_at":"2025-04-01T08:59:00.000000Z"}}',
    );
  });

  it('answers an unknown uuid with the Send model 404: class name, full stop, no id', async () => {
    const res = await api().get('/api/sends/00000000-0000-4000-8000-00000000beef');
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toBe('application/json');
    expect(res.text).toBe(SEND_404);
  });

  it('answers a value that is not a uuid with the same 404', async () => {
    const res = await api().get('/api/sends/not-a-uuid');
    expect(res.status).toBe(404);
    expect(res.text).toBe(SEND_404);
  });

  it('refuses PUT on one send with 405 listing GET, HEAD and DELETE', async () => {
    const res = await api().put(`/api/sends/${TRANSACTIONAL_SEND}`, { json: {} });
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe('GET, HEAD, DELETE');
    expect(res.json().message).toBe(
      `The PUT method is not supported for route api/sends/${TRANSACTIONAL_SEND}. Supported methods: GET, HEAD, DELETE.`,
    );
  });
});

describe('DELETE /api/sends/{uuid}', () => {
  it('deletes a send with 204 and an empty body without a content type, after which it is a 404', async () => {
    const before = (await extraApi().get('/api/sends')).json().meta.total as number;
    const res = await extraApi().delete(`/api/sends/${UNSENT_A}`);
    expect(res.status).toBe(204);
    expect(res.body.length).toBe(0);
    expect(res.headers['content-type']).toBeUndefined();

    const show = await extraApi().get(`/api/sends/${UNSENT_A}`);
    expect(show.status).toBe(404);
    expect(show.text).toBe(SEND_404);
    const list = await extraApi().get('/api/sends');
    expect(uuids(list)).not.toContain(UNSENT_A);
    expect(list.json().meta.total).toBe(before - 1);
  });

  it('answers a second delete of the same send, or an unknown uuid, with the Send model 404', async () => {
    expect((await extraApi().delete(`/api/sends/${UNSENT_B}`)).status).toBe(204);
    const again = await extraApi().delete(`/api/sends/${UNSENT_B}`);
    expect(again.status).toBe(404);
    expect(again.text).toBe(SEND_404);
    const unknown = await extraApi().delete('/api/sends/00000000-0000-4000-8000-00000000beef');
    expect(unknown.status).toBe(404);
    expect(unknown.text).toBe(SEND_404);
  });

  it('deletes only the send asked for, leaving the others listed', async () => {
    const res = await extraApi().delete(`/api/sends/${LATEST_SEND}`);
    expect(res.status).toBe(204);
    const left = uuids(await extraApi().get('/api/sends'));
    expect(left).not.toContain(LATEST_SEND);
    expect(left).toContain(AUTOMATION_SEND);
  });
});
