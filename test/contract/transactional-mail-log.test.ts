/**
 * The transactional mail log: GET /api/transactional-mails, GET /api/transactional-mails/{uuid} and
 * POST /api/transactional-mails/{uuid}/resend (docs/spec/mailcoach-reference.md#5-transactional-mail-log-endpoints; decisions.md "Transactional mail log endpoints").
 * The main emulator reads test/fixtures/log.json; a second one gets generated log items whose creation order
 * differs from their insertion order, and a non-ASCII subject.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { useEmulator } from '../support/emulator-process.js';
import { apiClient, type RawResponse } from '../support/http.js';

const WELCOME_ITEM = '1e2d3c4b-5a69-4788-9a0b-c1d2e3f4a5b6';
const INVOICE_ITEM = '2f3e4d5c-6b7a-4899-8a1b-d2e3f4a5b6c7';

const LOG_KEYS = ['uuid', 'subject', 'from', 'to', 'cc', 'bcc', 'body', 'html', 'created_at'];

const WELCOME_ITEM_JSON =
  '{"uuid":"1e2d3c4b-5a69-4788-9a0b-c1d2e3f4a5b6","subject":"Welcome Jane",' +
  '"from":[{"name":"Your app","email":"hello@example.com"}],"to":[{"name":"","email":"jane@example.com"}],' +
  '"cc":[],"bcc":[],"body":"<html><body><p>Hi<\\/p><\\/body><\\/html>","html":"<html><body><p>Hi<\\/p><\\/body><\\/html>",' +
  '"created_at":"2025-03-02T10:15:00.000000Z"}';
const INVOICE_ITEM_JSON =
  '{"uuid":"2f3e4d5c-6b7a-4899-8a1b-d2e3f4a5b6c7","subject":"Invoice 42 \\/ March",' +
  '"from":[{"name":"Billing","email":"billing@example.com"}],' +
  '"to":[{"name":"","email":"bob@example.com"},{"name":"Carol","email":"carol@example.com"}],' +
  '"cc":[{"name":"","email":"accounts@example.com"}],"bcc":[],' +
  '"body":"Your invoice is attached.","html":"Your invoice is attached.","created_at":"2025-03-03T10:15:00.000000Z"}';

const LOG_ITEM_404 =
  '{\n    "message": "No query results for model [Spatie\\\\Mailcoach\\\\Domain\\\\TransactionalMail\\\\Models\\\\TransactionalMailLogItem]."\n}';

// Generated fixtures: inserted in the order FIRST, SECOND, THIRD; FIRST and THIRD were created at the same second.
const FIRST = 'f0000000-0000-4000-8000-000000000001';
const SECOND = 'f0000000-0000-4000-8000-000000000002';
const THIRD = 'f0000000-0000-4000-8000-000000000003';
const orderDir = mkdtempSync(join(tmpdir(), 'mce-log-fixtures-'));
writeFileSync(
  join(orderDir, 'log.json'),
  JSON.stringify({
    transactional_mails: [
      {
        uuid: FIRST,
        subject: 'Beta',
        from: ['a@example.com'],
        to: ['b@example.com'],
        html: '<p>1</p>',
        created_at: '2025-03-10T10:00:00Z',
      },
      {
        uuid: SECOND,
        subject: 'Café ☕ ünïcode',
        from: ['"Ann, Inc." <ann@example.com>'],
        to: ['c@example.com'],
        bcc: [{ email: 'audit@example.com' }],
        html: '<p>2</p>',
        created_at: '2025-03-05T10:00:00Z',
      },
      {
        uuid: THIRD,
        subject: 'Alpha',
        from: ['a@example.com'],
        to: ['d@example.com'],
        html: '<p>3</p>',
        created_at: '2025-03-10T10:00:00Z',
      },
    ],
  }),
);
afterAll(() => rmSync(orderDir, { recursive: true, force: true }));

const emulator = useEmulator();
const ordered = useEmulator({ fixtures: orderDir });
const fresh = useEmulator();
const api = () => apiClient(emulator().url, emulator().token);
const orderedApi = () => apiClient(ordered().url, ordered().token);
const escapedBase = () => emulator().url.replaceAll('/', '\\/');
const uuids = (res: RawResponse): string[] => res.json().data.map((row: { uuid: string }) => row.uuid);

describe('GET /api/transactional-mails', () => {
  it('lists the fixture log items byte for byte, newest first, without meta.links', async () => {
    const res = await api().get('/api/transactional-mails');
    const path = `${escapedBase()}\\/api\\/transactional-mails`;
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/json');
    expect(res.text).toBe(
      `{"data":[${INVOICE_ITEM_JSON},${WELCOME_ITEM_JSON}],` +
        `"links":{"first":"${path}?page=1","last":"${path}?page=1","prev":null,"next":null},` +
        `"meta":{"current_page":1,"from":1,"last_page":1,"path":"${path}","per_page":15,"to":2,"total":2}}`,
    );
  });

  it('writes every log item with exactly the keys uuid, subject, from, to, cc, bcc, body, html, created_at', async () => {
    for (const item of (await api().get('/api/transactional-mails')).json().data) {
      expect(Object.keys(item)).toEqual(LOG_KEYS);
    }
  });

  it('writes addresses as arrays of {"name","email"} objects, name first and "" when there is none', async () => {
    const res = await api().get(`/api/transactional-mails/${INVOICE_ITEM}`);
    const item = res.json().data;
    for (const field of ['from', 'to', 'cc']) {
      for (const address of item[field]) expect(Object.keys(address)).toEqual(['name', 'email']);
    }
    expect(item.to).toEqual([
      { name: '', email: 'bob@example.com' },
      { name: 'Carol', email: 'carol@example.com' },
    ]);
    expect(res.text).toContain(
      '"to":[{"name":"","email":"bob@example.com"},{"name":"Carol","email":"carol@example.com"}]',
    );
  });

  it('gives body and html the same value', async () => {
    for (const item of (await api().get('/api/transactional-mails')).json().data) expect(item.body).toBe(item.html);
  });

  it('searches the subject case-insensitively with filter[search]', async () => {
    expect(uuids(await api().get('/api/transactional-mails?filter[search]=INVOICE'))).toEqual([INVOICE_ITEM]);
    expect(uuids(await api().get('/api/transactional-mails?filter[search]=42%20%2F%20march'))).toEqual([INVOICE_ITEM]);
    expect(uuids(await api().get('/api/transactional-mails?filter[search]=e'))).toEqual([INVOICE_ITEM, WELCOME_ITEM]);
  });

  it('searches the first 255 characters of a subject, all that Mailcoach’s VARCHAR(255) column holds', async () => {
    const client = apiClient(fresh().url, fresh().token);
    const subject = `${'x'.repeat(100)} early ${'y'.repeat(200)} late ${'z'.repeat(100_000)}`;
    const sent = await client.post('/api/transactional-mails/send', {
      json: { from: 'a@example.com', to: 'b@example.com', subject, text: 'Hi' },
    });
    expect(sent.status).toBe(200);
    const found = async (search: string) =>
      uuids(await client.get(`/api/transactional-mails?filter[search]=${search}`)).length;
    expect(await found('EARLY')).toBe(1);
    expect(await found('late')).toBe(0);
    // LIKE's wildcards keep their meaning, and many values are ORed, in long subjects too.
    expect(await found('x%25ea_ly%25y')).toBe(1);
    expect(await found(`nothing,${Array.from({ length: 20 }, (_, i) => `none${i}`).join(',')},ear`)).toBe(1);
    expect(await found(`${Array.from({ length: 20 }, (_, i) => `none${i}`).join(',')}`)).toBe(0);
    // The subject itself is kept whole.
    const [uuid] = uuids(await client.get('/api/transactional-mails?filter[search]=early'));
    const kept: string = (await client.get(`/api/transactional-mails/${uuid}`)).json().data.subject;
    expect(kept.length === subject.length && kept === subject).toBe(true);
  });

  it('does not search the sender, recipients or body', async () => {
    for (const term of ['Billing', 'carol', 'attached']) {
      const res = await api().get(`/api/transactional-mails?filter[search]=${term}`);
      expect(res.status).toBe(200);
      expect(uuids(res)).toEqual([]);
    }
  });

  it('filters by the transport message id of the log item’s send', async () => {
    expect(
      uuids(
        await api().get(
          '/api/transactional-mails?filter[transport_message_id]=aa11bb22cc33dd44ee55ff6677889900@example.com',
        ),
      ),
    ).toEqual([INVOICE_ITEM]);
    expect(
      uuids(
        await api().get(
          '/api/transactional-mails?filter[transport_message_id]=3f2a9c8d7e6b5a4f3e2d1c0b9a8f7e6d@example.com',
        ),
      ),
    ).toEqual([WELCOME_ITEM]);
  });

  it('matches the transport message id exactly, not as a substring', async () => {
    expect(uuids(await api().get('/api/transactional-mails?filter[transport_message_id]=aa11bb22'))).toEqual([]);
  });

  it('sorts by subject, created_at and id in both directions', async () => {
    expect(uuids(await api().get('/api/transactional-mails?sort=subject'))).toEqual([INVOICE_ITEM, WELCOME_ITEM]);
    expect(uuids(await api().get('/api/transactional-mails?sort=-subject'))).toEqual([WELCOME_ITEM, INVOICE_ITEM]);
    expect(uuids(await api().get('/api/transactional-mails?sort=created_at'))).toEqual([WELCOME_ITEM, INVOICE_ITEM]);
    expect(uuids(await api().get('/api/transactional-mails?sort=-created_at'))).toEqual([INVOICE_ITEM, WELCOME_ITEM]);
    expect(uuids(await api().get('/api/transactional-mails?sort=id'))).toEqual([WELCOME_ITEM, INVOICE_ITEM]);
    expect(uuids(await api().get('/api/transactional-mails?sort=-id'))).toEqual([INVOICE_ITEM, WELCOME_ITEM]);
  });

  it('orders by creation time newest first by default, then by newest id, whatever the insertion order', async () => {
    expect(uuids(await orderedApi().get('/api/transactional-mails'))).toEqual([THIRD, FIRST, SECOND]);
    expect(uuids(await orderedApi().get('/api/transactional-mails?sort=id'))).toEqual([FIRST, SECOND, THIRD]);
    expect(uuids(await orderedApi().get('/api/transactional-mails?sort=subject'))).toEqual([THIRD, FIRST, SECOND]);
    expect(uuids(await orderedApi().get('/api/transactional-mails?sort=created_at')).slice(0, 1)).toEqual([SECOND]);
  });

  it('refuses an unknown sort with 400 listing subject, created_at and id', async () => {
    const res = await api().get('/api/transactional-mails?sort=sent_at');
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toBe('application/json');
    expect(res.text).toBe(
      '{\n    "message": "Requested sort(s) `sent_at` is not allowed. Allowed sort(s) are `subject, created_at, id`."\n}',
    );
  });

  it('refuses an unknown filter with 400 listing search and transport_message_id', async () => {
    const res = await api().get('/api/transactional-mails?filter[to]=jane@example.com');
    expect(res.status).toBe(400);
    expect(res.text).toBe(
      '{\n    "message": "Requested filter(s) `to` are not allowed. Allowed filter(s) are `search, transport_message_id`."\n}',
    );
  });

  it('refuses POST on the log list with 405 listing GET and HEAD', async () => {
    const res = await api().post('/api/transactional-mails', { json: {} });
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe('GET, HEAD');
    expect(res.headers['content-type']).toBe('application/json');
    expect(res.text).toBe(
      '{\n    "message": "The POST method is not supported for route api/transactional-mails. Supported methods: GET, HEAD."\n}',
    );
  });
});

describe('GET /api/transactional-mails/{uuid}', () => {
  it('shows one log item byte for byte, wrapped in data', async () => {
    const res = await api().get(`/api/transactional-mails/${WELCOME_ITEM}`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/json');
    expect(res.text).toBe(`{"data":${WELCOME_ITEM_JSON}}`);
  });

  it('escapes non-ASCII as \\u sequences and keeps a quoted display name whole', async () => {
    const res = await orderedApi().get(`/api/transactional-mails/${SECOND}`);
    expect(res.status).toBe(200);
    expect(res.text).toBe(
      '{"data":{"uuid":"f0000000-0000-4000-8000-000000000002","subject":"Caf\\u00e9 \\u2615 \\u00fcn\\u00efcode",' +
        '"from":[{"name":"Ann, Inc.","email":"ann@example.com"}],"to":[{"name":"","email":"c@example.com"}],"cc":[],' +
        '"bcc":[{"name":"","email":"audit@example.com"}],"body":"<p>2<\\/p>","html":"<p>2<\\/p>",' +
        '"created_at":"2025-03-05T10:00:00.000000Z"}}',
    );
  });

  it('answers GET /api/transactional-mails/send with the log item 404, not a 405', async () => {
    const res = await api().get('/api/transactional-mails/send');
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toBe('application/json');
    expect(res.text).toBe(LOG_ITEM_404);
  });

  it('answers an unknown uuid with the log item 404: class name, full stop, no id', async () => {
    const res = await api().get('/api/transactional-mails/00000000-0000-4000-8000-00000000beef');
    expect(res.status).toBe(404);
    expect(res.text).toBe(LOG_ITEM_404);
  });

  it('refuses DELETE and PUT on a log item with 405 listing GET and HEAD: the log cannot be edited', async () => {
    const del = await api().delete(`/api/transactional-mails/${WELCOME_ITEM}`);
    expect(del.status).toBe(405);
    expect(del.headers.allow).toBe('GET, HEAD');
    expect(del.text).toBe(
      `{\n    "message": "The DELETE method is not supported for route api/transactional-mails/${WELCOME_ITEM}. Supported methods: GET, HEAD."\n}`,
    );
    const put = await api().put(`/api/transactional-mails/${WELCOME_ITEM}`, { json: {} });
    expect(put.status).toBe(405);
    expect(put.headers.allow).toBe('GET, HEAD');
  });
});

describe('POST /api/transactional-mails/{uuid}/resend', () => {
  it('answers 204 with an empty body and no content type', async () => {
    const res = await api().post(`/api/transactional-mails/${INVOICE_ITEM}/resend`);
    expect(res.status).toBe(204);
    expect(res.body.length).toBe(0);
    expect(res.headers['content-type']).toBeUndefined();
  });

  it('records neither a new log item nor a new send', async () => {
    const logBefore = (await api().get('/api/transactional-mails')).json().meta.total;
    const sendsBefore = (await api().get('/api/sends')).json().meta.total;
    expect((await api().post(`/api/transactional-mails/${WELCOME_ITEM}/resend`)).status).toBe(204);
    expect((await api().get('/api/transactional-mails')).json().meta.total).toBe(logBefore);
    expect((await api().get('/api/sends')).json().meta.total).toBe(sendsBefore);
  });

  it('answers an unknown uuid with the log item 404', async () => {
    const res = await api().post('/api/transactional-mails/00000000-0000-4000-8000-00000000beef/resend');
    expect(res.status).toBe(404);
    expect(res.text).toBe(LOG_ITEM_404);
  });

  it('refuses GET on the resend route with 405 listing only POST', async () => {
    const res = await api().get(`/api/transactional-mails/${WELCOME_ITEM}/resend`);
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe('POST');
    expect(res.json().message).toBe(
      `The GET method is not supported for route api/transactional-mails/${WELCOME_ITEM}/resend. Supported methods: POST.`,
    );
  });
});
