/**
 * The requests real Mailcoach clients send (shared/spec/real-clients.md), replayed byte for byte over a raw socket:
 * request line, headers in wire order, body. Covers the endpoints that exist (suppressions, sends, transactional
 * templates, the transactional mail log) for the PHP SDK (Guzzle 7) and the Python client (requests 2.28), and the
 * response shapes those clients depend on (docs/spec/real-clients.md#0-surprises-in-one-list).
 *
 * Rows created here get the harness's sequential uuids and stepping clock, so the tests run in file order.
 */
import { describe, expect, it } from 'vitest';
import { START, useEmulator } from '../support/emulator-process.js';
import { php, pretty, sendResource } from '../support/expected.js';
import { pyJson, realClients, type Reply } from '../support/real-clients.js';

const emulator = useEmulator();
const host = () => new URL(emulator().url).host;
const origin = () => `http://${host()}`;

const { sdkNoPayload, sdkGet, sdkPost, python } = realClients(emulator);

// ---------------------------------------------------------------------------------------------------------------
// Expected bodies

interface Suppression {
  uuid: string;
  email: string;
  reason: string;
  created_at: string;
  updated_at: string;
}

const fixtureSuppression = (uuid: string, email: string, reason: string, at: string): Suppression => ({
  uuid,
  email,
  reason,
  created_at: at,
  updated_at: at,
});
const JANE = fixtureSuppression(
  '4a1c2d9e-7b3f-4c11-9a55-0f2e6b1d8c70',
  'jane@example.com',
  'manual',
  '2025-03-02T10:15:00.000000Z',
);
const BOUNCED = fixtureSuppression(
  '5b2d3e0f-8c4a-4d22-8b66-1a3f7c2e9d81',
  'bounced@example.com',
  'hard_bounce',
  '2025-03-01T09:00:00.000000Z',
);
const COMPLAINER = fixtureSuppression(
  '6c3e4f1a-9d5b-4e33-9c77-2b4a8d3f0e92',
  'complainer@example.org',
  'spam_complaint',
  '2025-03-03T11:30:00.000000Z',
);

let createdCount = 0;
/** The next row this file creates: uuids count up from ...001; the clock ticked twice at start-up, then once per row. */
function nextCreated(email: string): Suppression {
  createdCount += 1;
  const at = new Date(Date.parse(START) + (createdCount + 1) * 1000).toISOString().replace('.000Z', '.000000Z');
  return {
    uuid: `00000000-0000-4000-8000-${createdCount.toString(16).padStart(12, '0')}`,
    email,
    reason: 'manual',
    created_at: at,
    updated_at: at,
  };
}

const PER_PAGE = 15;

/** Laravel's paginated resource collection (docs/spec/mailcoach-reference.md#17-pagination-all-list-endpoints-in-scope); `meta.links` only where the emulator shows it (sends). */
function listBody(
  path: string,
  data: unknown[],
  options: { total: number; page?: number; metaLinks?: boolean },
): string {
  const page = options.page ?? 1;
  const base = `${origin()}${path}`;
  const url = (n: number) => `${base}?page=${n}`;
  const lastPage = Math.max(Math.ceil(options.total / PER_PAGE), 1);
  const from = data.length > 0 ? (page - 1) * PER_PAGE + 1 : null;
  const metaLinks = [
    { url: page > 1 ? url(page - 1) : null, label: '&laquo; Previous', active: false },
    ...Array.from({ length: lastPage }, (_, i) => ({ url: url(i + 1), label: String(i + 1), active: i + 1 === page })),
    { url: page < lastPage ? url(page + 1) : null, label: 'Next &raquo;', active: false },
  ];
  return php({
    data,
    links: {
      first: url(1),
      last: url(lastPage),
      prev: page > 1 ? url(page - 1) : null,
      next: page < lastPage ? url(page + 1) : null,
    },
    meta: {
      current_page: page,
      from,
      last_page: lastPage,
      ...(options.metaLinks ? { links: metaLinks } : {}),
      path: base,
      per_page: PER_PAGE,
      to: from === null ? null : from + data.length - 1,
      total: options.total,
    },
  });
}

const SEND_WELCOME = sendResource({
  uuid: '9b0f5c1e-3d7a-4f2b-8e61-2c4d5a6b7c8d',
  transport_message_id: '3f2a9c8d7e6b5a4f3e2d1c0b9a8f7e6d@example.com',
  transactional_mail_log_item_uuid: '1e2d3c4b-5a69-4788-9a0b-c1d2e3f4a5b6',
  sent_at: '2025-03-02T10:15:00.000000Z',
  created_at: '2025-03-02T10:15:00.000000Z',
  updated_at: '2025-03-02T10:15:00.000000Z',
});
const SEND_INVOICE = sendResource({
  uuid: '8a9b0c1d-2e3f-4a5b-9c6d-7e8f9a0b1c2d',
  transport_message_id: 'aa11bb22cc33dd44ee55ff6677889900@example.com',
  transactional_mail_log_item_uuid: '2f3e4d5c-6b7a-4899-8a1b-d2e3f4a5b6c7',
  sent_at: '2025-03-03T10:15:00.000000Z',
  open_count: 2,
  first_opened_at: '2025-03-03T11:00:00.000000Z',
  last_opened_at: '2025-03-03T12:30:00.000000Z',
  created_at: '2025-03-03T10:15:00.000000Z',
  updated_at: '2025-03-03T10:15:00.000000Z',
});
const SEND_CAMPAIGN = sendResource({
  uuid: '7d8e9f0a-1b2c-4d3e-8f4a-5b6c7d8e9f0a',
  campaign_uuid: 'c0ffee00-1234-4abc-9def-0123456789ab',
  subscriber_uuid: '5ab5c71b-0000-4000-8000-000000000000',
  failed_at: '2025-03-04T08:00:00.000000Z',
  failure_reason: 'Connection refused',
  created_at: '2025-03-04T08:00:00.000000Z',
  updated_at: '2025-03-04T08:00:00.000000Z',
});

const TEMPLATE_WELCOME = {
  uuid: '7c6b5a49-3827-4615-a4b3-c2d1e0f9a8b7',
  name: 'welcome',
  to: null,
  cc: null,
  bcc: null,
  subject: 'Welcome ::first_name::',
  html: '<p>Hello {{ first_name }}</p>',
  store_mail: false,
  created_at: '2025-02-01T08:00:00.000000Z',
};
const TEMPLATE_RESET = {
  uuid: 'a1f0c2d3-4b5e-4f60-8a7b-9c0d1e2f3a4b',
  name: 'password-reset',
  to: [],
  cc: [],
  bcc: [],
  subject: 'Reset your password',
  html: '# Reset\n\nCode: **::code::**',
  store_mail: true,
  created_at: '2025-02-02T08:00:00.000000Z',
};
const TEMPLATE_SHIPPED = {
  uuid: 'b2e1d3c4-5a6f-4071-9b8c-0d1e2f3a4b5c',
  name: 'Order-Shipped',
  to: ['warehouse@example.com'],
  cc: ['sales@example.com', 'ops@example.com'],
  bcc: [],
  subject: 'Your order has shipped',
  html: '<mjml><mj-body><mj-section><mj-column><mj-text>Shipped ::order::</mj-text></mj-column></mj-section></mj-body></mjml>',
  store_mail: false,
  created_at: '2025-02-03T08:00:00.000000Z',
};

const LOG_WELCOME = {
  uuid: '1e2d3c4b-5a69-4788-9a0b-c1d2e3f4a5b6',
  subject: 'Welcome Jane',
  from: [{ name: 'Your app', email: 'hello@example.com' }],
  to: [{ name: '', email: 'jane@example.com' }],
  cc: [],
  bcc: [],
  body: '<html><body><p>Hi</p></body></html>',
  html: '<html><body><p>Hi</p></body></html>',
  created_at: '2025-03-02T10:15:00.000000Z',
};
const LOG_INVOICE = {
  uuid: '2f3e4d5c-6b7a-4899-8a1b-d2e3f4a5b6c7',
  subject: 'Invoice 42 / March',
  from: [{ name: 'Billing', email: 'billing@example.com' }],
  to: [
    { name: '', email: 'bob@example.com' },
    { name: 'Carol', email: 'carol@example.com' },
  ],
  cc: [{ name: '', email: 'accounts@example.com' }],
  bcc: [],
  body: 'Your invoice is attached.',
  html: 'Your invoice is attached.',
  created_at: '2025-03-03T10:15:00.000000Z',
};

const REQUIRED = '{"message":"The given data was invalid.","errors":{"email":["The email field is required."]}}';
const INVALID =
  '{"message":"The given data was invalid.","errors":{"email":["The email field must be a valid email address."]}}';
const SUPPRESSION_CLASS = 'Spatie\\Mailcoach\\Domain\\Audience\\Models\\Suppression';

function expectJson(reply: Reply, status: number, body: string): void {
  expect(reply.status).toBe(status);
  expect(reply.headers['content-type']).toBe('application/json');
  expect(reply.text).toBe(body);
}

// ---------------------------------------------------------------------------------------------------------------

describe('PHP SDK (Guzzle 7): suppressions', () => {
  let sdk1: Suppression;
  let sdk2: Suppression;

  it('creates with a form body (POST suppressions, email=...%40...): 201', async () => {
    sdk1 = nextCreated('acc-sdk-1@example.com');
    expectJson(await sdkPost('/api/suppressions', 'email=acc-sdk-1%40example.com'), 201, php({ data: sdk1 }));
  });

  it('posting the same email again returns the row unchanged with 200', async () => {
    expectJson(await sdkPost('/api/suppressions', 'email=acc-sdk-1%40example.com'), 200, php({ data: sdk1 }));
  });

  it('lists by search and page: filter%5Bsearch%5D=acc-sdk-X%40example.com&page=1', async () => {
    const reply = await sdkGet('/api/suppressions?filter%5Bsearch%5D=acc-sdk-1%40example.com&page=1');
    expectJson(reply, 200, listBody('/api/suppressions', [sdk1], { total: 1 }));
  });

  it('gets by email with a raw @ in the path, and by uuid', async () => {
    expectJson(await sdkGet('/api/suppressions/acc-sdk-1@example.com'), 200, php({ data: sdk1 }));
    expectJson(await sdkGet(`/api/suppressions/${sdk1.uuid}`), 200, php({ data: sdk1 }));
  });

  it('lists by reason, sorted: filter%5Breason%5D=manual&sort=-created_at', async () => {
    sdk2 = nextCreated('acc-sdk-2@example.com');
    expectJson(await sdkPost('/api/suppressions', 'email=acc-sdk-2%40example.com'), 201, php({ data: sdk2 }));
    const reply = await sdkGet('/api/suppressions?filter%5Breason%5D=manual&sort=-created_at');
    expectJson(reply, 200, listBody('/api/suppressions', [JANE, sdk2, sdk1], { total: 3 }));
  });

  it('a refused form body gets a 422 JSON object (what InvalidData needs)', async () => {
    expectJson(await sdkPost('/api/suppressions', 'email=not-an-address'), 422, INVALID);
    expectJson(await sdkPost('/api/suppressions', 'email='), 422, REQUIRED);
  });

  it('a POST with an empty payload (Content-Type: application/json, no body) is a 422, not a crash', async () => {
    expectJson(await sdkNoPayload('POST', '/api/suppressions'), 422, REQUIRED);
  });

  it('deletes with Content-Type: application/json and no body: 204, empty, no Content-Type', async () => {
    const reply = await sdkNoPayload('DELETE', `/api/suppressions/${sdk2.uuid}`);
    expect(reply.status).toBe(204);
    expect(reply.text).toBe('');
    expect(reply.headers['content-type']).toBeUndefined();
    const gone = await sdkGet(`/api/suppressions/${sdk2.uuid}`);
    expectJson(gone, 404, pretty(`No query results for model [${SUPPRESSION_CLASS}] ${sdk2.uuid}`));
  });

  it('searches for "a b" sent as a+b (http_build_query), and the + reads as a space', async () => {
    const quoted = nextCreated('"acc sdk"@example.com');
    expectJson(await sdkPost('/api/suppressions', 'email=%22acc+sdk%22%40example.com'), 201, php({ data: quoted }));
    const expected = listBody('/api/suppressions', [quoted], { total: 1 });
    expectJson(await sdkGet('/api/suppressions?filter%5Bsearch%5D=acc+sdk'), 200, expected);
    expectJson(await sdkGet('/api/suppressions?filter%5Bsearch%5D=acc%20sdk'), 200, expected);
  });

  it('follows links.next verbatim (an absolute URL, filter dropped) and gets page 2', async () => {
    const added: Suppression[] = [];
    for (let i = 1; i <= 13; i += 1) {
      const email = `acc-sdk-page-${String(i).padStart(2, '0')}@example.com`;
      const row = nextCreated(email);
      added.push(row);
      expect((await sdkPost('/api/suppressions', `email=${encodeURIComponent(email)}`)).status).toBe(201);
    }
    // manual rows: jane, acc-sdk-1, "acc sdk", 13 pages = 16; all rows: 18.
    const first = await sdkGet('/api/suppressions?filter%5Breason%5D=manual&page=1');
    expect(first.status).toBe(200);
    const page1 = first.json();
    expect(page1.meta).toMatchObject({ current_page: 1, last_page: 2, total: 16, from: 1, to: 15 });
    expect(page1.links.next).toBe(`${origin()}/api/suppressions?page=2`);

    // PaginatedResults::next(): Guzzle requests the absolute link as is, on the host it names.
    const next = new URL(page1.links.next);
    expect(next.host).toBe(host());
    const second = await sdkGet(`${next.pathname}${next.search}`, next.host);
    // Unfiltered page 2, in id order: the last three of the 18 rows.
    expectJson(second, 200, listBody('/api/suppressions', added.slice(10), { total: 18, page: 2 }));
    expect(second.json().links.prev).toBe(`${origin()}/api/suppressions?page=1`);
    expect(second.json().links.next).toBeNull();
  });

  it('builds the links from the Host the client used', async () => {
    const [hostname, port] = [new URL(emulator().url).hostname, new URL(emulator().url).port];
    expect(hostname).toBe('127.0.0.1');
    const reply = await sdkGet('/api/suppressions?page=1', `localhost:${port}`);
    expect(reply.status).toBe(200);
    expect(reply.json().links.next).toBe(`http://localhost:${port}/api/suppressions?page=2`);
    expect(reply.json().meta.path).toBe(`http://localhost:${port}/api/suppressions`);
  });
});

describe('PHP SDK (Guzzle 7): sends, templates, transactional mail log', () => {
  it('lists sends by subscriber: filter%5Bsubscriber_uuid%5D=<uuid>', async () => {
    const reply = await sdkGet('/api/sends?filter%5Bsubscriber_uuid%5D=5ab5c71b-0000-4000-8000-000000000000');
    expectJson(reply, 200, listBody('/api/sends', [SEND_CAMPAIGN], { total: 1, metaLinks: true }));
  });

  it('lists sends by the other owner filters', async () => {
    const byCampaign = await sdkGet('/api/sends?filter%5Bcampaign_uuid%5D=c0ffee00-1234-4abc-9def-0123456789ab');
    expectJson(byCampaign, 200, listBody('/api/sends', [SEND_CAMPAIGN], { total: 1, metaLinks: true }));
    const byLogItem = await sdkGet(
      '/api/sends?filter%5Btransactional_mail_log_item_uuid%5D=2f3e4d5c-6b7a-4899-8a1b-d2e3f4a5b6c7',
    );
    expectJson(byLogItem, 200, listBody('/api/sends', [SEND_INVOICE], { total: 1, metaLinks: true }));
    const byAutomation = await sdkGet(
      '/api/sends?filter%5Bautomation_mail_uuid%5D=c0ffee00-1234-4abc-9def-0123456789ab',
    );
    expectJson(byAutomation, 200, listBody('/api/sends', [], { total: 0, metaLinks: true }));
  });

  it('lists sends sorted: sort=sent_at (nulls first) and sort=-sent_at (the default)', async () => {
    const all = [SEND_CAMPAIGN, SEND_WELCOME, SEND_INVOICE];
    expectJson(
      await sdkGet('/api/sends?sort=sent_at'),
      200,
      listBody('/api/sends', all, { total: 3, metaLinks: true }),
    );
    const descending = listBody('/api/sends', [...all].reverse(), { total: 3, metaLinks: true });
    expectJson(await sdkGet('/api/sends?sort=-sent_at'), 200, descending);
    expectJson(await sdkGet('/api/sends'), 200, descending);
  });

  it('next() past the last page of sends: GET /api/sends?page=2&sort=-sent_at', async () => {
    const reply = await sdkGet('/api/sends?page=2&sort=-sent_at');
    expectJson(reply, 200, listBody('/api/sends', [], { total: 3, page: 2, metaLinks: true }));
  });

  it('gets a send', async () => {
    expectJson(await sdkGet(`/api/sends/${SEND_INVOICE.uuid}`), 200, php({ data: SEND_INVOICE }));
  });

  it('lists transactional templates by name: filter%5Bname%5D=welcome', async () => {
    const reply = await sdkGet('/api/transactional-mails/templates?filter%5Bname%5D=welcome');
    expectJson(reply, 200, listBody('/api/transactional-mails/templates', [TEMPLATE_WELCOME], { total: 1 }));
  });

  it('gets a transactional template', async () => {
    const reply = await sdkGet(`/api/transactional-mails/templates/${TEMPLATE_RESET.uuid}`);
    expectJson(reply, 200, php({ data: TEMPLATE_RESET }));
  });

  it('lists and gets transactional mails (the log)', async () => {
    const list = await sdkGet('/api/transactional-mails');
    expectJson(list, 200, listBody('/api/transactional-mails', [LOG_INVOICE, LOG_WELCOME], { total: 2 }));
    expectJson(await sdkGet(`/api/transactional-mails/${LOG_WELCOME.uuid}`), 200, php({ data: LOG_WELCOME }));
  });
});

describe('Python client (requests 2.28)', () => {
  let py1: Suppression;
  let pyPlus: Suppression;

  it('creates with a JSON body ({"email": ...} with ", " separators): 201, which the client reads as an error', async () => {
    py1 = nextCreated('acc-py-1@example.com');
    const reply = await python('POST', '/api/suppressions', pyJson({ email: 'acc-py-1@example.com' }));
    expectJson(reply, 201, php({ data: py1 }));
    expect(reply.headers['content-encoding']).toBeUndefined();
  });

  it('lists by search with a raw @ in the query: filter%5Bsearch%5D=acc-py-X@example.com&page=1', async () => {
    const reply = await python('GET', '/api/suppressions?filter%5Bsearch%5D=acc-py-1@example.com&page=1');
    expectJson(reply, 200, listBody('/api/suppressions', [py1], { total: 1 }));
  });

  it('get_all(): the first page, then the link prefixed with /api/ is an unknown route (as on real Mailcoach)', async () => {
    const first = await python('GET', '/api/suppressions?filter%5Bsearch%5D=acc-py-1@example.com');
    expectJson(first, 200, listBody('/api/suppressions', [py1], { total: 1 }));
    const broken = await python('GET', `/api/${origin()}/api/suppressions?page=2`);
    expectJson(broken, 404, pretty(`The route api/${origin()}/api/suppressions could not be found.`));
  });

  it('a literal + in the query reads as a space', async () => {
    pyPlus = nextCreated('acc-py+tag@example.com');
    expectJson(
      await python('POST', '/api/suppressions', pyJson({ email: 'acc-py+tag@example.com' })),
      201,
      php({ data: pyPlus }),
    );
    const empty = listBody('/api/suppressions', [], { total: 0 });
    // requests leaves + raw: PHP reads "acc-py tag@example.com".
    expectJson(await python('GET', '/api/suppressions?filter%5Bsearch%5D=acc-py+tag@example.com'), 200, empty);
    // %2B decodes to +, which Mailcoach's FuzzyFilter urldecode()s into a space again.
    expectJson(await python('GET', '/api/suppressions?filter%5Bsearch%5D=acc-py%2Btag@example.com'), 200, empty);
    // Only a doubly encoded plus survives both decodings.
    const found = listBody('/api/suppressions', [pyPlus], { total: 1 });
    expectJson(await python('GET', '/api/suppressions?filter%5Bsearch%5D=acc-py%252Btag@example.com'), 200, found);
  });

  it('a + in the path is a plus (paths are rawurldecoded)', async () => {
    expectJson(await python('GET', '/api/suppressions/acc-py+tag@example.com'), 200, php({ data: pyPlus }));
  });

  it('lists by reason, sorted: filter%5Breason%5D=manual&sort=-created_at', async () => {
    const reply = await python('GET', '/api/suppressions?filter%5Breason%5D=manual&sort=-created_at');
    expect(reply.status).toBe(200);
    const emails = reply.json().data.map((row: Suppression) => row.email);
    expect(emails.slice(0, 3)).toEqual(['jane@example.com', 'acc-py+tag@example.com', 'acc-py-1@example.com']);
    expect(reply.json().meta.total).toBe(18);
  });

  it('gets by email with a raw @ in the path', async () => {
    expectJson(await python('GET', '/api/suppressions/acc-py-1@example.com'), 200, php({ data: py1 }));
  });

  it('deletes with Content-Length: 0: 204 (which the client reads as an error)', async () => {
    const reply = await python('DELETE', `/api/suppressions/${py1.uuid}`);
    expect(reply.status).toBe(204);
    expect(reply.text).toBe('');
    expect(reply.headers['content-type']).toBeUndefined();
    const gone = await python('GET', '/api/suppressions/acc-py-1@example.com');
    expectJson(gone, 404, pretty(`No query results for model [${SUPPRESSION_CLASS}] acc-py-1@example.com`));
  });

  it('lists sends by campaign and sorted, and templates by name', async () => {
    const byCampaign = await python('GET', '/api/sends?filter%5Bcampaign_uuid%5D=c0ffee00-1234-4abc-9def-0123456789ab');
    expectJson(byCampaign, 200, listBody('/api/sends', [SEND_CAMPAIGN], { total: 1, metaLinks: true }));
    const sorted = await python('GET', '/api/sends?sort=-sent_at');
    expectJson(
      sorted,
      200,
      listBody('/api/sends', [SEND_INVOICE, SEND_WELCOME, SEND_CAMPAIGN], { total: 3, metaLinks: true }),
    );
    const templates = await python('GET', '/api/transactional-mails/templates?filter%5Bname%5D=password-reset');
    expectJson(templates, 200, listBody('/api/transactional-mails/templates', [TEMPLATE_RESET], { total: 1 }));
  });

  it('gets a send, a template and a log item', async () => {
    expectJson(await python('GET', `/api/sends/${SEND_WELCOME.uuid}`), 200, php({ data: SEND_WELCOME }));
    expectJson(
      await python('GET', `/api/transactional-mails/templates/${TEMPLATE_SHIPPED.uuid}`),
      200,
      php({ data: TEMPLATE_SHIPPED }),
    );
    expectJson(await python('GET', `/api/transactional-mails/${LOG_INVOICE.uuid}`), 200, php({ data: LOG_INVOICE }));
  });
});

// docs/spec/real-clients.md#0-surprises-in-one-list
describe('what the clients need back', () => {
  const LISTS = [
    '/api/suppressions',
    '/api/suppressions?filter%5Bsearch%5D=nobody-at-all',
    '/api/suppressions?page=99',
    '/api/sends',
    '/api/sends?filter%5Bsubscriber_uuid%5D=00000000-0000-4000-8000-00000000ffff',
    '/api/sends?page=2',
    '/api/transactional-mails/templates',
    '/api/transactional-mails/templates?filter%5Bname%5D=no-such-template',
    '/api/transactional-mails',
    '/api/transactional-mails?page=3',
  ];

  it.each(LISTS)('%s has data, links and meta, with integer current_page and total', async (target) => {
    for (const reply of [await sdkGet(target), await python('GET', target)]) {
      expect(reply.status).toBe(200);
      const body = reply.json();
      expect(Object.keys(body)).toEqual(['data', 'links', 'meta']);
      expect(Array.isArray(body.data)).toBe(true);
      expect(Object.keys(body.links)).toEqual(['first', 'last', 'prev', 'next']);
      expect(Number.isInteger(body.meta.current_page)).toBe(true);
      expect(Number.isInteger(body.meta.total)).toBe(true);
      expect(Number.isInteger(body.meta.last_page)).toBe(true);
      expect(body.meta.per_page).toBe(15);
    }
  });

  it('template to/cc/bcc are arrays unless the fixture sets null; name, subject, html are strings; store_mail a bool', async () => {
    const reply = await sdkGet('/api/transactional-mails/templates');
    expectJson(
      reply,
      200,
      listBody('/api/transactional-mails/templates', [TEMPLATE_SHIPPED, TEMPLATE_RESET, TEMPLATE_WELCOME], {
        total: 3,
      }),
    );
    for (const template of reply.json().data) {
      for (const field of ['to', 'cc', 'bcc']) {
        if (template.name === 'welcome') expect(template[field], field).toBeNull();
        else expect(Array.isArray(template[field]), `${template.name}.${field}`).toBe(true);
      }
      for (const field of ['uuid', 'name', 'subject', 'html', 'created_at'])
        expect(typeof template[field]).toBe('string');
      expect(typeof template.store_mail).toBe('boolean');
    }
  });

  it('the remaining suppressions, unfiltered, are exactly what both clients left behind', async () => {
    const reply = await sdkGet('/api/suppressions');
    const body = reply.json();
    // 3 fixtures, acc-sdk-1, "acc sdk", 13 page rows, acc-py+tag (acc-sdk-2 and acc-py-1 were deleted).
    expect(body.meta.total).toBe(19);
    expect(body.data.slice(0, 3)).toEqual([JANE, BOUNCED, COMPLAINER]);
  });
});
