/**
 * GET /api/transactional-mails/templates and GET /api/transactional-mails/templates/{uuid} (docs/spec/mailcoach-reference.md#6-transactional-templates;
 * decisions.md "filter[name]", "Template to/cc/bcc"; the base document: only created_at is sortable).
 * The emulator reads test/fixtures/templates.json: welcome (null recipients), password-reset (none given),
 * Order-Shipped (recipients given).
 */
import { describe, expect, it } from 'vitest';
import { useEmulator } from '../support/emulator-process.js';
import { apiClient, type RawResponse } from '../support/http.js';

const WELCOME = '7c6b5a49-3827-4615-a4b3-c2d1e0f9a8b7';
const PASSWORD_RESET = 'a1f0c2d3-4b5e-4f60-8a7b-9c0d1e2f3a4b';
const ORDER_SHIPPED = 'b2e1d3c4-5a6f-4071-9b8c-0d1e2f3a4b5c';

const TEMPLATE_KEYS = ['uuid', 'name', 'to', 'cc', 'bcc', 'subject', 'html', 'store_mail', 'created_at'];

const WELCOME_JSON =
  '{"uuid":"7c6b5a49-3827-4615-a4b3-c2d1e0f9a8b7","name":"welcome","to":null,"cc":null,"bcc":null,' +
  '"subject":"Welcome ::first_name::","html":"<p>Hello {{ first_name }}<\\/p>","store_mail":false,' +
  '"created_at":"2025-02-01T08:00:00.000000Z"}';
const PASSWORD_RESET_JSON =
  '{"uuid":"a1f0c2d3-4b5e-4f60-8a7b-9c0d1e2f3a4b","name":"password-reset","to":[],"cc":[],"bcc":[],' +
  '"subject":"Reset your password","html":"# Reset\\n\\nCode: **::code::**","store_mail":true,' +
  '"created_at":"2025-02-02T08:00:00.000000Z"}';
const ORDER_SHIPPED_JSON =
  '{"uuid":"b2e1d3c4-5a6f-4071-9b8c-0d1e2f3a4b5c","name":"Order-Shipped","to":["warehouse@example.com"],' +
  '"cc":["sales@example.com","ops@example.com"],"bcc":[],"subject":"Your order has shipped",' +
  '"html":"<mjml><mj-body><mj-section><mj-column><mj-text>Shipped ::order::<\\/mj-text><\\/mj-column><\\/mj-section><\\/mj-body><\\/mjml>",' +
  '"store_mail":false,"created_at":"2025-02-03T08:00:00.000000Z"}';

const TEMPLATE_404 =
  '{\n    "message": "No query results for model [Spatie\\\\Mailcoach\\\\Domain\\\\TransactionalMail\\\\Models\\\\TransactionalMail]."\n}';

const emulator = useEmulator();
const api = () => apiClient(emulator().url, emulator().token);
const escapedBase = () => emulator().url.replaceAll('/', '\\/');
const names = (res: RawResponse): string[] => res.json().data.map((row: { name: string }) => row.name);

describe('GET /api/transactional-mails/templates', () => {
  it('lists the fixture templates byte for byte, newest first, without meta.links', async () => {
    const res = await api().get('/api/transactional-mails/templates');
    const path = `${escapedBase()}\\/api\\/transactional-mails\\/templates`;
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/json');
    expect(res.text).toBe(
      `{"data":[${ORDER_SHIPPED_JSON},${PASSWORD_RESET_JSON},${WELCOME_JSON}],` +
        `"links":{"first":"${path}?page=1","last":"${path}?page=1","prev":null,"next":null},` +
        `"meta":{"current_page":1,"from":1,"last_page":1,"path":"${path}","per_page":15,"to":3,"total":3}}`,
    );
  });

  it('writes every template with exactly the keys uuid, name, to, cc, bcc, subject, html, store_mail, created_at', async () => {
    const res = await api().get('/api/transactional-mails/templates');
    for (const template of res.json().data) expect(Object.keys(template)).toEqual(TEMPLATE_KEYS);
  });

  it('gives to/cc/bcc as null when the fixture sets null, [] when it gives none, and the listed addresses otherwise', async () => {
    const byName = Object.fromEntries(
      (await api().get('/api/transactional-mails/templates')).json().data.map((t: { name: string }) => [t.name, t]),
    );
    expect(byName.welcome).toMatchObject({ to: null, cc: null, bcc: null });
    expect(byName['password-reset']).toMatchObject({ to: [], cc: [], bcc: [] });
    expect(byName['Order-Shipped']).toMatchObject({
      to: ['warehouse@example.com'],
      cc: ['sales@example.com', 'ops@example.com'],
      bcc: [],
    });
  });

  it('filters by name as a case-insensitive substring', async () => {
    expect(names(await api().get('/api/transactional-mails/templates?filter[name]=WELC'))).toEqual(['welcome']);
    expect(names(await api().get('/api/transactional-mails/templates?filter[name]=order'))).toEqual(['Order-Shipped']);
    expect(names(await api().get('/api/transactional-mails/templates?filter[name]=reset'))).toEqual(['password-reset']);
    expect(names(await api().get('/api/transactional-mails/templates?filter[name]=e'))).toEqual([
      'Order-Shipped',
      'password-reset',
      'welcome',
    ]);
  });

  it('filters by name with an exact full name too, and matches nothing for an unknown one', async () => {
    expect(names(await api().get('/api/transactional-mails/templates?filter[name]=password-reset'))).toEqual([
      'password-reset',
    ]);
    const none = await api().get('/api/transactional-mails/templates?filter[name]=newsletter');
    expect(none.status).toBe(200);
    expect(names(none)).toEqual([]);
    expect(none.json().meta).toMatchObject({ total: 0, from: null, to: null });
  });

  it('filters by uuid exactly, accepting a comma list', async () => {
    expect(names(await api().get(`/api/transactional-mails/templates?filter[uuid]=${PASSWORD_RESET}`))).toEqual([
      'password-reset',
    ]);
    expect(
      names(await api().get(`/api/transactional-mails/templates?filter[uuid]=${WELCOME},${ORDER_SHIPPED}`)),
    ).toEqual(['Order-Shipped', 'welcome']);
    expect(names(await api().get('/api/transactional-mails/templates?filter[uuid]=7c6b5a49'))).toEqual([]);
  });

  it('searches the subject or the name with filter[search]', async () => {
    // Subject only: "Welcome ::first_name::".
    expect(names(await api().get('/api/transactional-mails/templates?filter[search]=::first'))).toEqual(['welcome']);
    // Name only: "Order-Shipped" (the subject reads "Your order has shipped").
    expect(names(await api().get('/api/transactional-mails/templates?filter[search]=order-'))).toEqual([
      'Order-Shipped',
    ]);
    // Both.
    expect(names(await api().get('/api/transactional-mails/templates?filter[search]=PASSWORD'))).toEqual([
      'password-reset',
    ]);
    expect(names(await api().get('/api/transactional-mails/templates?filter[search]=nothing-like-this'))).toEqual([]);
  });

  it('reads + in a search value as a space', async () => {
    expect(names(await api().get('/api/transactional-mails/templates?filter[search]=has+shipped'))).toEqual([
      'Order-Shipped',
    ]);
  });

  it('combines filters with AND', async () => {
    expect(names(await api().get('/api/transactional-mails/templates?filter[name]=e&filter[search]=reset'))).toEqual([
      'password-reset',
    ]);
    expect(
      names(await api().get(`/api/transactional-mails/templates?filter[name]=welcome&filter[uuid]=${ORDER_SHIPPED}`)),
    ).toEqual([]);
  });

  it('sorts by created_at ascending and descending', async () => {
    expect(names(await api().get('/api/transactional-mails/templates?sort=created_at'))).toEqual([
      'welcome',
      'password-reset',
      'Order-Shipped',
    ]);
    expect(names(await api().get('/api/transactional-mails/templates?sort=-created_at'))).toEqual([
      'Order-Shipped',
      'password-reset',
      'welcome',
    ]);
  });

  it('refuses sort=subject with 400 naming created_at as the only allowed sort', async () => {
    const res = await api().get('/api/transactional-mails/templates?sort=subject');
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toBe('application/json');
    expect(res.text).toBe(
      '{\n    "message": "Requested sort(s) `subject` is not allowed. Allowed sort(s) are `created_at`."\n}',
    );
  });

  it('lists every refused sort name in request order, without its minus, joined by commas', async () => {
    const res = await api().get('/api/transactional-mails/templates?sort=name,-id,created_at');
    expect(res.status).toBe(400);
    expect(res.json().message).toBe('Requested sort(s) `name, id` is not allowed. Allowed sort(s) are `created_at`.');
  });

  it('refuses an unknown filter with 400 listing uuid, name and search', async () => {
    const res = await api().get('/api/transactional-mails/templates?filter[subject]=Welcome');
    expect(res.status).toBe(400);
    expect(res.text).toBe(
      '{\n    "message": "Requested filter(s) `subject` are not allowed. Allowed filter(s) are `uuid, name, search`."\n}',
    );
  });

  it('refuses POST on the template list with 405: the API cannot create templates', async () => {
    const res = await api().post('/api/transactional-mails/templates', { json: { name: 'new' } });
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe('GET, HEAD');
    expect(res.json().message).toBe(
      'The POST method is not supported for route api/transactional-mails/templates. Supported methods: GET, HEAD.',
    );
  });
});

describe('GET /api/transactional-mails/templates/{uuid}', () => {
  it('shows a never-saved template (null recipients) byte for byte', async () => {
    const res = await api().get(`/api/transactional-mails/templates/${WELCOME}`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/json');
    expect(res.text).toBe(`{"data":${WELCOME_JSON}}`);
  });

  it('shows a template with recipients and escaped slashes in its body byte for byte', async () => {
    const res = await api().get(`/api/transactional-mails/templates/${ORDER_SHIPPED}`);
    expect(res.status).toBe(200);
    expect(res.text).toBe(`{"data":${ORDER_SHIPPED_JSON}}`);
  });

  it('shows store_mail as a boolean and newlines escaped in the body', async () => {
    const res = await api().get(`/api/transactional-mails/templates/${PASSWORD_RESET}`);
    expect(res.text).toBe(`{"data":${PASSWORD_RESET_JSON}}`);
    expect(res.json().data.store_mail).toBe(true);
  });

  it('answers a template name in place of the uuid with the TransactionalMail model 404', async () => {
    const res = await api().get('/api/transactional-mails/templates/welcome');
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toBe('application/json');
    expect(res.text).toBe(TEMPLATE_404);
  });

  it('answers an unknown uuid with the same 404, without the value', async () => {
    const res = await api().get('/api/transactional-mails/templates/00000000-0000-4000-8000-00000000beef');
    expect(res.status).toBe(404);
    expect(res.text).toBe(TEMPLATE_404);
  });

  it('refuses DELETE on a template with 405 listing GET and HEAD', async () => {
    const res = await api().delete(`/api/transactional-mails/templates/${WELCOME}`);
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe('GET, HEAD');
  });
});
