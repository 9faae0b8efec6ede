/**
 * The template studio's API (server/emulator/README.md "Templates"): the templates listed with their use, written
 * through /_emulator only, rendered exactly as a send captures them, with their problems; a reset puts the
 * fixtures' versions back; every change is an event.
 */
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { ROOT, useEmulator } from '../support/emulator-process.js';
import { connectEventStream } from '../support/event-stream.js';
import { apiClient, ok } from '../support/http.js';

const emulator = useEmulator({ fixtures: join(ROOT, 'fixtures') });
const api = () => apiClient(emulator().url, emulator().token);

const render = (template: string, body: unknown) =>
  api().post(`/_emulator/templates/${encodeURIComponent(template)}/render`, { json: body });
const create = (body: unknown) => api().post('/_emulator/templates', { json: body });

const MJML_WITH_TYPO = [
  '<mjml>',
  '  <mj-body>',
  '    <mj-section>',
  '      <mj-column>',
  '        <mj-text>Hello ::first_name::</mj-tex>',
  '      </mj-column>',
  '    </mj-section>',
  '  </mj-body>',
  '</mjml>',
].join('\n');

beforeEach(async () => {
  ok(await api().post('/_emulator/reset'), 204);
});

describe('GET /_emulator/templates', () => {
  it('lists the fixtures by name, where each comes from, and how many mails each rendered', async () => {
    const listed = ok(await api().get('/_emulator/templates')).data as Array<Record<string, unknown>>;
    expect(listed.map((t) => [t.name, t.type, t.origin, t.fixture_file, t.mails_sent, t.last_used_at])).toEqual([
      ['order-confirmation', 'html', 'fixture', 'fixtures/templates/order-confirmation.html', 0, null],
      ['password-reset', 'markdown', 'fixture', 'fixtures/templates/password-reset.md', 0, null],
      ['welcome', 'mjml', 'fixture', 'fixtures/templates/welcome.mjml', 0, null],
    ]);
    expect(Object.keys(listed[2] as object)).toEqual([
      'uuid',
      'name',
      'label',
      'type',
      'subject',
      'body',
      'from',
      'to',
      'cc',
      'bcc',
      'store_mail',
      'origin',
      'fixture_file',
      'created_at',
      'updated_at',
      'mails_sent',
      'last_used_at',
    ]);
    expect(listed[2]).toMatchObject({
      label: 'Welcome mail (MJML)',
      subject: 'Welcome to ::app_name::, ::first_name::!',
      bcc: ['audit@example.com'],
      store_mail: true,
      created_at: '2025-01-06T09:00:00.000Z',
    });

    ok(
      await api().post('/api/transactional-mails/send', {
        json: { mail_name: 'welcome', from: 'app@example.com', to: 'jane@example.com' },
      }),
    );
    ok(
      await api().post('/api/transactional-mails/send', {
        json: { mail_name: 'welcome', from: 'app@example.com', to: 'bob@example.com' },
      }),
    );
    const [newest] = ok(await api().get('/_emulator/messages?per_page=1')).data;
    const welcome = ok(await api().get('/_emulator/templates/welcome'));
    expect(welcome.mails_sent).toBe(2);
    expect(welcome.last_used_at).toBe(newest.created_at);
  });

  it('finds one by name or uuid, and answers a 404 in our shape otherwise', async () => {
    const byName = ok(await api().get('/_emulator/templates/password-reset'));
    expect(ok(await api().get(`/_emulator/templates/${byName.uuid}`))).toEqual(byName);
    const missing = await api().get('/_emulator/templates/nope');
    expect(missing.status).toBe(404);
    expect(missing.json()).toEqual({ message: 'No template named nope (or with that uuid) in this workspace.' });
  });
});

describe('writing templates', () => {
  it('creates one (201, defaults filled in), changes the fields a PATCH names, and deletes it', async () => {
    const created = ok(await create({ name: 'invoice', type: 'html', body: '<p>Invoice ::number::</p>' }), 201);
    expect(created).toMatchObject({
      name: 'invoice',
      label: null,
      type: 'html',
      subject: '',
      body: '<p>Invoice ::number::</p>',
      from: null,
      to: null,
      cc: null,
      bcc: null,
      store_mail: false,
      origin: 'created',
      fixture_file: null,
      mails_sent: 0,
      last_used_at: null,
    });
    const changed = ok(
      await api().patch('/_emulator/templates/invoice', {
        json: { subject: 'Invoice ::number::', bcc: ['books@example.com'], store_mail: true },
      }),
    );
    expect(changed).toMatchObject({
      uuid: created.uuid,
      name: 'invoice',
      subject: 'Invoice ::number::',
      bcc: ['books@example.com'],
      store_mail: true,
      body: created.body,
    });
    // The Mailcoach API reads the same row: a send with it is captured with the new subject.
    const shown = ok(await api().get(`/api/transactional-mails/templates/${created.uuid}`)).data;
    expect(shown).toMatchObject({
      name: 'invoice',
      subject: 'Invoice ::number::',
      bcc: ['books@example.com'],
      store_mail: true,
    });
    ok(await api().delete('/_emulator/templates/invoice'), 204);
    expect((await api().get('/_emulator/templates/invoice')).status).toBe(404);
    expect((await api().get(`/api/transactional-mails/templates/${created.uuid}`)).status).toBe(404);
  });

  it('refuses bad input with the fields named, and writes nothing', async () => {
    const before = ok(await api().get('/_emulator/templates')).data;
    const missing = await create({});
    expect(missing.status).toBe(422);
    expect(missing.json()).toEqual({
      message: 'The given data was invalid.',
      errors: { name: ['The name field is required.'], type: ['The type field is required.'] },
    });
    const wrong = await create({
      name: 'x'.repeat(256),
      type: 'pug',
      to: ['jane@example.com', 'not an address'],
      store_mail: 'yes',
      colour: 'red',
    });
    expect(wrong.json()).toEqual({
      message: 'The given data was invalid.',
      errors: {
        name: ['The name field must not be greater than 255 characters.'],
        type: ['The selected type is invalid: use one of html, markdown, mjml, blade.'],
        'to.1': ['The to.1 field must be a valid email address.'],
        store_mail: ['The store_mail field must be true or false.'],
        colour: ['The colour field is not known.'],
      },
    });
    const taken = await create({ name: 'welcome', type: 'html' });
    expect(taken.json()).toEqual({
      message: 'The given data was invalid.',
      errors: { name: ['The name has already been taken.'] },
    });
    const renamedOntoAnother = await api().patch('/_emulator/templates/welcome', { json: { name: 'password-reset' } });
    expect(renamedOntoAnother.status).toBe(422);
    expect(renamedOntoAnother.json().errors).toEqual({ name: ['The name has already been taken.'] });
    expect(
      (
        await api().patch('/_emulator/templates/welcome', {
          body: '[1]',
          headers: { 'content-type': 'application/json' },
        })
      ).json(),
    ).toEqual({
      message: 'The body must be a JSON object.',
    });
    expect(ok(await api().get('/_emulator/templates')).data).toEqual(before);
  });

  it('keeps a template its name on a PATCH that repeats it, and 405s a PUT', async () => {
    ok(await api().patch('/_emulator/templates/welcome', { json: { name: 'welcome', label: 'Same name' } }));
    const put = await api().put('/_emulator/templates/welcome', { json: {} });
    expect(put.status).toBe(405);
    expect(put.json().message).toBe(
      'The PUT method is not supported for route _emulator/templates/welcome. Supported methods: GET, HEAD, PATCH, DELETE.',
    );
  });

  it('is put back to the fixtures by a reset: edits undone, creations removed, deletions restored', async () => {
    const fixture = ok(await api().get('/_emulator/templates/welcome'));
    const edited = ok(await api().patch('/_emulator/templates/welcome', { json: { subject: 'Edited' } }));
    expect(edited.origin).toBe('edited');
    ok(await create({ name: 'scratch', type: 'markdown' }), 201);
    ok(await api().delete('/_emulator/templates/password-reset'), 204);
    ok(await api().post('/_emulator/reset'), 204);
    const names = (ok(await api().get('/_emulator/templates')).data as Array<{ name: string }>).map((t) => t.name);
    expect(names).toEqual(['order-confirmation', 'password-reset', 'welcome']);
    const restored = ok(await api().get('/_emulator/templates/welcome'));
    expect({ ...restored, uuid: fixture.uuid, updated_at: fixture.updated_at }).toEqual(fixture);
    expect(restored.origin).toBe('fixture');
  });
});

describe('POST /_emulator/templates/{template}/render', () => {
  /** A send with these replacements, and the message it captured. */
  async function captured(mailName: string, replacements: Record<string, unknown>) {
    ok(
      await api().post('/api/transactional-mails/send', {
        json: { mail_name: mailName, from: 'app@example.com', to: 'jane@example.com', replacements },
      }),
    );
    const [summary] = ok(await api().get('/_emulator/messages?per_page=1')).data;
    return ok(await api().get(`/_emulator/messages/${summary.uuid}`));
  }

  const cases: Array<[string, Record<string, unknown>]> = [
    ['welcome', { app_name: 'Acme', first_name: 'Jane', confirm_url: 'https://acme.test/confirm?t=1' }],
    ['password-reset', { app_name: 'Acme', reset_url: 'https://acme.test/reset', code: '123456' }],
    [
      'order-confirmation',
      { first_name: 'Jane', order_number: 'A-1', shipping_address: '1 <Main> St', 'items.0.name': 'Mug' },
    ],
    ['blade-note', { name: 'Jane' }],
  ];

  it.each(cases)('renders %s exactly as a send with the same replacements captures it', async (name, replacements) => {
    if (name === 'blade-note')
      ok(
        await create({ name, type: 'blade', subject: 'Note for ::name::', body: '<p>Hi ::name::, {{ $name }}</p>' }),
        201,
      );
    const rendered = ok(await render(name, { replacements }));
    const mail = await captured(name, replacements);
    expect(rendered.subject).toBe(mail.subject);
    expect(rendered.html).toBe(mail.html);
    expect(rendered.text).toBe(mail.text);
    expect(rendered.errors).toEqual([]);
  });

  it('lists the placeholders in order, the replacements nothing uses, and what stays unreplaced', async () => {
    const rendered = ok(await render('welcome', { replacements: { first_name: 'Jane', colour: 'red' } }));
    expect(rendered).toMatchObject({
      subject: 'Welcome to ::app_name::, Jane!',
      placeholders: ['app_name', 'first_name', 'confirm_url'],
      unused_replacements: ['colour'],
      unreplaced_placeholders: ['app_name', 'confirm_url'],
      errors: [],
      warnings: [],
    });
    expect(Object.keys(rendered)).toEqual([
      'subject',
      'html',
      'text',
      'placeholders',
      'unused_replacements',
      'unreplaced_placeholders',
      'errors',
      'warnings',
    ]);
    // Twig variables count in an html template, dotted replacements fill them, loop variables are the loop's own.
    const twig = ok(
      await render('order-confirmation', {
        replacements: {},
        template: {
          subject: '{{ customer.name }}',
          body: '{% for item in items %}{{ item.name }}{% endfor %}{% if vip %}VIP{% endif %}',
        },
      }),
    );
    expect(twig.placeholders).toEqual(['customer.name', 'items', 'vip']);
    const filled = ok(
      await render('order-confirmation', {
        replacements: { 'customer.name': 'Jane', items: [{ name: 'Mug' }] },
        template: {
          subject: '{{ customer.name }}',
          body: '{% for item in items %}{{ item.name }}{% endfor %}{% if vip %}VIP{% endif %}',
        },
      }),
    );
    // The subject's Twig gets the replacements as they are (UsesMailcoachTemplate::setSubject, not un-dotted): a
    // dotted key fills `{{ customer.name }}` in the body only, so the subject comes out empty, as in Mailcoach.
    expect(filled).toMatchObject({ subject: '', unused_replacements: [], unreplaced_placeholders: ['vip'] });
    expect(filled.html).toContain('Mug');
  });

  it('renders unsaved source instead of the stored one, and stores nothing', async () => {
    const rendered = ok(
      await render('password-reset', {
        replacements: { code: '42' },
        template: { type: 'html', subject: 'Code ::code::', body: '<b>::code::</b>' },
      }),
    );
    expect(rendered.subject).toBe('Code 42');
    // CssToInlineStyles' document: libxml2's default doctype and <html><body> around the fragment.
    expect(rendered.html).toBe(
      '<!DOCTYPE html PUBLIC "-//W3C//DTD HTML 4.0 Transitional//EN" "http://www.w3.org/TR/REC-html40/loose.dtd">\n<html><body><b>42</b></body></html>',
    );
    expect(ok(await api().get('/_emulator/templates/password-reset')).origin).toBe('fixture');
  });

  it('answers 200 with a tag left open on its line, and the html a send would still capture', async () => {
    const rendered = ok(
      await render('welcome', { replacements: { first_name: 'Jane' }, template: { body: MJML_WITH_TYPO } }),
    );
    expect(rendered.errors).toEqual([
      {
        field: 'body',
        line: 5,
        column: 9,
        message: '<mj-text> is never closed: </mj-text> is missing.',
        source: 'structure',
      },
    ]);
    // MJML itself says nothing and renders (the rest of the template swallowed into that text): a send captures it.
    ok(await api().patch('/_emulator/templates/welcome', { json: { body: MJML_WITH_TYPO } }));
    const mail = await captured('welcome', { first_name: 'Jane' });
    expect(rendered.html).toBe(mail.html);
  });

  it("gives MJML's validator messages as warnings with their lines", async () => {
    const body =
      '<mjml>\n<mj-body>\n<mj-section>\n<mj-column>\n<mj-text colour="red">Hi</mj-text>\n</mj-column>\n</mj-section>\n<mj-sectionx></mj-sectionx>\n</mj-body>\n</mjml>';
    const rendered = ok(await render('welcome', { template: { body } }));
    expect(rendered.errors).toEqual([]);
    expect(rendered.warnings).toEqual([
      { field: 'body', line: 5, column: null, message: 'Attribute colour is illegal', source: 'mjml' },
      {
        field: 'body',
        line: 8,
        column: null,
        message: "Element mj-sectionx doesn't exist or is not registered",
        source: 'mjml',
      },
    ]);
  });

  it('answers html null when a send would fail, and a Twig error of the subject', async () => {
    const broken = ok(await render('welcome', { template: { body: '<mjml><<<>>>' } }));
    expect(broken.html).toBeNull();
    expect(broken.text).toBeNull();
    expect(broken.errors[0]).toEqual({
      field: 'body',
      line: null,
      column: null,
      source: 'mjml',
      message: 'Malformed MJML. Check that your structure is correct and enclosed in <mjml> tags.',
    });
    const twig = ok(await render('order-confirmation', { template: { subject: 'Hi {% if %}' } }));
    expect(twig.subject).toBe('Hi {% if %}');
    expect(twig.errors).toEqual([
      { field: 'subject', line: null, column: null, source: 'twig', message: expect.stringMatching(/if/) },
    ]);
  });

  it('refuses bad input with a 422, and an unknown template with a 404', async () => {
    const bad = await render('welcome', { replacements: ['a'], template: { type: 'pug', body: 3 }, extra: true });
    expect(bad.status).toBe(422);
    expect(bad.json()).toEqual({
      message: 'The given data was invalid.',
      errors: {
        replacements: ['The replacements field must be an object.'],
        'template.type': ['The selected template.type is invalid: use one of html, markdown, mjml, blade.'],
        'template.body': ['The template.body field must be a string.'],
        extra: ['The extra field is not known.'],
      },
    });
    expect((await render('nope', {})).status).toBe(404);
    expect(
      (
        await api().post('/_emulator/templates/welcome/render', {
          body: '{',
          headers: { 'content-type': 'application/json' },
        })
      ).status,
    ).toBe(400);
  });
});

describe('events', () => {
  it('sends templates.changed with the uuid on each write, and with null on a seed', async () => {
    const stream = await connectEventStream(emulator().url, emulator().token);
    const created = ok(await create({ name: 'evented', type: 'html' }), 201);
    expect(await stream.next()).toEqual({ event: 'templates.changed', data: { uuids: [created.uuid] } });
    ok(await api().patch('/_emulator/templates/evented', { json: { subject: 'S' } }));
    expect(await stream.next()).toEqual({ event: 'templates.changed', data: { uuids: [created.uuid] } });
    ok(await api().delete('/_emulator/templates/evented'), 204);
    expect(await stream.next()).toEqual({ event: 'templates.changed', data: { uuids: [created.uuid] } });
    ok(await api().post('/_emulator/seed', { json: { templates: [{ name: 'seeded', type: 'html', body: 'x' }] } }));
    expect(await stream.next()).toEqual({ event: 'templates.changed', data: { uuids: null } });
  });
});
