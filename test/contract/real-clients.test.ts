/**
 * The requests real Mailcoach clients send (shared/spec/real-clients.md), replayed byte for byte over a raw socket:
 * request line, headers in wire order, body. Covers suppressions for the PHP SDK (Guzzle 7) and the Python client
 * (requests 2.28), and the response shapes those clients depend on (docs/spec/real-clients.md#0-surprises-in-one-list);
 * sends, templates and the transactional mail log are real-clients-records.test.ts's.
 *
 * Rows created here get the harness's sequential uuids and stepping clock, so the tests run in file order.
 */
import { describe, expect, it } from 'vitest';
import { START, useEmulator } from '../support/emulator-process.js';
import { php, pretty } from '../support/expected.js';
import {
  BOUNCED,
  COMPLAINER,
  expectJson,
  INVALID,
  JANE,
  laravelList,
  type ListOptions,
  REQUIRED,
  type Suppression,
  SUPPRESSION_CLASS,
  TEMPLATE_RESET,
  TEMPLATE_SHIPPED,
  TEMPLATE_WELCOME,
} from '../support/real-client-bodies.js';
import { pyJson, realClients } from '../support/real-clients.js';

const emulator = useEmulator();
const host = () => new URL(emulator().url).host;
const origin = () => `http://${host()}`;
const listBody = (path: string, data: unknown[], options: ListOptions) => laravelList(origin(), path, data, options);

const { sdkNoPayload, sdkGet, sdkPost, python } = realClients(emulator);

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
