/**
 * The inbox of captured mail, /_emulator/messages (server/emulator/README.md "Captured messages"): list order and
 * paging, every search operator, one message in full, raw bytes, bodies, attachments, and deletes with counts.
 * Mail is sent through POST /api/transactional-mails/send; the emulator reads test/fixtures (the
 * `password-reset` template among them).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { capturedMessages } from '../support/captured.js';
import { useEmulator } from '../support/emulator-process.js';
import { UUID } from '../support/expected.js';
import { apiClient, ok } from '../support/http.js';

const emulator = useEmulator();
const api = () => apiClient(emulator().url, emulator().token);
const get = (path: string) => api().get(`/_emulator${path}`);
const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

interface Summary {
  uuid: string;
  subject: string;
  created_at: string;
  [key: string]: unknown;
}

/** Sends a mail and returns the send's answer (log item uuid, or null for a 204) and the newest message's summary. */
async function send(body: Record<string, unknown>): Promise<{ logItemUuid: string | null; message: Summary }> {
  const res = await api().post('/api/transactional-mails/send', { json: body });
  expect([200, 204], res.text).toContain(res.status);
  const logItemUuid = res.status === 200 ? (res.json().uuid as string) : null;
  const [message] = ok(await get('/messages?per_page=1')).data as Summary[];
  return { logItemUuid, message: message! };
}

async function clearInbox(): Promise<void> {
  ok(await api().delete('/_emulator/messages'));
}

const subjects = async (query: string) => {
  const body = ok(await get(`/messages?query=${encodeURIComponent(query)}`));
  expect(body.meta.total).toBe(body.data.length);
  return (body.data as Summary[]).map((m) => m.subject);
};

const queryError = async (query: string) => {
  const res = await get(`/messages?query=${encodeURIComponent(query)}`);
  expect(res.status, res.text).toBe(422);
  return res.json();
};

describe('GET /_emulator/messages: order and paging', () => {
  beforeAll(async () => {
    await clearInbox();
    for (let i = 1; i <= 5; i++)
      await send({ from: 'app@example.com', to: 'bob@example.com', subject: `Mail ${i}`, text: `Body ${i}` });
  });

  it('lists newest first, 50 to a page by default, with the total', async () => {
    const body = ok(await get('/messages'));
    expect(body.data.map((m: Summary) => m.subject)).toEqual(['Mail 5', 'Mail 4', 'Mail 3', 'Mail 2', 'Mail 1']);
    expect(body.meta).toEqual({ page: 1, per_page: 50, total: 5 });
  });

  it('pages with page and per_page; a page past the end is empty', async () => {
    const page = async (n: number) => ok(await get(`/messages?per_page=2&page=${n}`));
    expect((await page(2)).data.map((m: Summary) => m.subject)).toEqual(['Mail 3', 'Mail 2']);
    expect((await page(3)).data.map((m: Summary) => m.subject)).toEqual(['Mail 1']);
    expect(await page(4)).toEqual({ data: [], meta: { page: 4, per_page: 2, total: 5 } });
    expect(ok(await get('/messages?per_page=500')).meta.per_page).toBe(500);
  });

  it('answers 422 for a per_page outside 1..500 or a page that is no positive integer (never clamps)', async () => {
    const perPage = {
      message: 'The given data was invalid.',
      errors: { per_page: ['The per page field must be between 1 and 500.'] },
    };
    expect(ok(await get('/messages?per_page=0'), 422)).toEqual(perPage);
    expect(ok(await get('/messages?per_page=501'), 422)).toEqual(perPage);
    expect(ok(await get('/messages?per_page=100000000'), 422)).toEqual(perPage);
    expect(ok(await get('/messages?per_page=ten'), 422).errors).toEqual({
      per_page: ['The per page field must be an integer.'],
    });
    expect(ok(await get('/messages?page=0'), 422).errors).toEqual({
      page: ['The page field must be between 1 and 1000000.'],
    });
    expect(ok(await get('/messages?page=-1'), 422).errors).toEqual({
      page: ['The page field must be between 1 and 1000000.'],
    });
    expect(ok(await get('/messages?page=1.5'), 422).errors).toEqual({ page: ['The page field must be an integer.'] });
  });

  it('presents a stored mail as the documented summary, linked to its log item and send', async () => {
    const { logItemUuid, message } = await send({
      from: 'App <app@example.com>',
      to: 'Bob Smith <bob@example.com>',
      cc: 'carol@example.com',
      bcc: 'audit@example.com',
      subject: 'Summary shape',
      text: `Line one\n\n  line   two ${'x'.repeat(300)}`,
    });
    const sends = ok(await api().get(`/api/sends?filter[transactional_mail_log_item_uuid]=${logItemUuid}`)).data;
    const raw = capturedMessages(emulator().dbPath).at(-1)!;
    expect(message).toEqual({
      uuid: raw.uuid,
      message_id: raw.messageId,
      created_at: expect.stringMatching(ISO_MS),
      from: { name: 'App', email: 'app@example.com' },
      to: [{ name: 'Bob Smith', email: 'bob@example.com' }],
      cc: [{ name: '', email: 'carol@example.com' }],
      bcc: [{ name: '', email: 'audit@example.com' }],
      subject: 'Summary shape',
      snippet: `Line one line two ${'x'.repeat(182)}`,
      size: raw.raw.length,
      attachments: 0,
      template: null,
      origin: null,
      log_item_uuid: logItemUuid,
      send_uuid: sends[0].uuid,
      read: false,
      via: 'api',
      // Counted in the background a moment after capture (README "Mail checks"): null until then.
      problems: expect.toBeOneOf([null, 0]),
      tags: [],
    });
    expect(message.uuid).toMatch(UUID);
  });

  it('has no log item or send for a mail sent with store=false', async () => {
    const { logItemUuid, message } = await send({
      from: 'app@example.com',
      to: 'bob@example.com',
      subject: 'Not stored',
      text: 'x',
      store: false,
    });
    expect(logItemUuid).toBeNull();
    expect(message).toMatchObject({ subject: 'Not stored', log_item_uuid: null, send_uuid: null });
  });
});

describe('GET /_emulator/messages?query=: search', () => {
  const created: Record<string, string> = {};

  beforeAll(async () => {
    await clearInbox();
    const mails: Record<string, Record<string, unknown>> = {
      A: {
        from: 'Billing <billing@acme.test>',
        to: 'Bob Smith <bob@example.com>',
        subject: 'Invoice INV-1 for March',
        text: 'Please pay the invoice.',
        attachments: [{ name: 'inv.pdf', content: 'JVBERi0=', content_type: 'application/pdf' }],
      },
      B: {
        from: 'app@example.com',
        to: 'alice@example.org',
        cc: 'bob@example.com',
        bcc: 'audit@acme.test',
        subject: 'Your order has shipped',
        text: 'Your order has shipped today.',
        html: '<p>Shipped</p>',
      },
      C: {
        from: 'app@example.com',
        to: 'carol@example.com',
        mail_name: 'password-reset',
        replacements: { code: '424242' },
      },
      D: {
        from: 'app@example.com',
        to: 'bob@example.com',
        subject: 'Order received',
        text: 'We have received your order.',
      },
    };
    for (const [key, body] of Object.entries(mails)) created[key] = (await send(body)).message.created_at;
  });

  it('matches free words as case-insensitive word prefixes in subject, text, from and to', async () => {
    expect(await subjects('invoice')).toEqual(['Invoice INV-1 for March']);
    expect(await subjects('INVOI')).toEqual(['Invoice INV-1 for March']);
    expect(await subjects('order')).toEqual(['Order received', 'Your order has shipped']);
    expect(await subjects('billing')).toEqual(['Invoice INV-1 for March']);
    expect(await subjects('alice')).toEqual(['Your order has shipped']);
    expect(await subjects('order today')).toEqual(['Your order has shipped']);
  });

  it('matches "phrases" as consecutive words, and negates any term with a leading -', async () => {
    expect(await subjects('"order has shipped"')).toEqual(['Your order has shipped']);
    expect(await subjects('"shipped order"')).toEqual([]);
    expect(await subjects('order -shipped')).toEqual(['Order received']);
    expect(await subjects('-"has shipped" -invoice')).toEqual(['Order received', 'Reset your password']);
  });

  it('filters by to:, cc:, bcc: and from: (address, domain, local part or name, as a prefix)', async () => {
    expect(await subjects('to:bob@example.com')).toEqual(['Order received', 'Invoice INV-1 for March']);
    expect(await subjects('to:"Bob Smith"')).toEqual(['Invoice INV-1 for March']);
    expect(await subjects('to:example.org')).toEqual(['Your order has shipped']);
    expect(await subjects('cc:bob@example.com')).toEqual(['Your order has shipped']);
    expect(await subjects('bcc:audit@acme.test')).toEqual(['Your order has shipped']);
    expect(await subjects('from:billing')).toEqual(['Invoice INV-1 for March']);
    expect(await subjects('-from:app@example.com')).toEqual(['Invoice INV-1 for March']);
  });

  it('filters by subject:, mail: (the template name), has:attachment, before: and after:', async () => {
    expect(await subjects('subject:reset')).toEqual(['Reset your password']);
    expect(await subjects('subject:invoice')).toEqual(['Invoice INV-1 for March']);
    expect(await subjects('mail:password-reset')).toEqual(['Reset your password']);
    expect(await subjects('mail:PASSWORD-RESET')).toEqual(['Reset your password']);
    expect(await subjects('template:password-reset')).toEqual(['Reset your password']);
    expect(await subjects('mail:password')).toEqual([]);
    expect(await subjects('has:attachment')).toEqual(['Invoice INV-1 for March']);
    expect(await subjects('-has:attachment')).toEqual([
      'Order received',
      'Reset your password',
      'Your order has shipped',
    ]);
    expect(await subjects(`after:${created.B}`)).toEqual(['Order received', 'Reset your password']);
    expect(await subjects(`before:${created.B}`)).toEqual(['Invoice INV-1 for March']);
    expect(await subjects(`-before:${created.B} -after:${created.B}`)).toEqual(['Your order has shipped']);
    expect(await subjects('before:2025-03-01')).toEqual([]);
    expect(await subjects('after:2025-03-01')).toHaveLength(4);
  });

  it('ANDs every term', async () => {
    expect(await subjects('to:bob@example.com -has:attachment order')).toEqual(['Order received']);
    expect(await subjects(`to:bob@example.com after:${created.A}`)).toEqual(['Order received']);
    const paged = ok(await get('/messages?query=-invoice&per_page=1&page=2'));
    expect(paged.data.map((m: Summary) => m.subject)).toEqual(['Reset your password']);
    expect(paged.meta).toEqual({ page: 2, per_page: 1, total: 3 });
  });

  it('answers 422 for a malformed query, naming the problem', async () => {
    expect(await queryError('"order shipped')).toEqual({
      message: 'The given data was invalid.',
      errors: { query: ['The query has a double quote that is never closed.'] },
    });
    expect((await queryError('foo:bar')).errors.query[0]).toMatch(/^Unknown filter "foo:"\./);
    expect((await queryError('before:tomorrow')).errors.query[0]).toMatch(/^"before:tomorrow" needs an ISO 8601 date/);
    expect((await queryError('has:pdf')).errors.query).toEqual([
      '"has:pdf" is not a filter: has: takes "attachment" or "problems".',
    ]);
    expect((await queryError('to:')).errors.query).toEqual(['The filter "to:" needs a value.']);
    expect((await queryError('--invoice')).errors.query).toEqual([
      'The term --invoice starts with two "-": one "-" excludes a term; put a term that starts with "-" in double quotes.',
    ]);
    expect((await queryError('order a"b')).errors.query).toEqual([
      'The query has a double quote that is never closed.',
    ]);
    expect((await queryError('a"b c"')).errors.query).toEqual([
      'The term a"b has a double quote inside it: a double quote can only start a term (put the whole term in double quotes).',
    ]);
    expect((await get('/messages?query[]=x')).status).toBe(422);
  });
});

describe('one message', () => {
  let full: Record<string, unknown> & { uuid: string };
  let textOnly: Summary;
  const PDF = Buffer.from('%PDF-1.4 fake \x00\x01\x02', 'latin1');

  beforeAll(async () => {
    await clearInbox();
    textOnly = (await send({ from: 'app@example.com', to: 'bob@example.com', subject: 'Text only', text: 'Just text' }))
      .message;
    const { message } = await send({
      from: '"Zoë" <zoe@example.com>',
      to: 'Bob <bob@example.com>',
      bcc: 'secret@example.com',
      reply_to: 'help@example.com',
      subject: 'Grüße: your code 123456',
      text: 'Your code is 123456. Visit https://acme.test/verify?token=abc.',
      html: '<p>Code <b>123456</b>, <a href="https://acme.test/verify?token=abc&amp;x=1">verify</a></p>',
      attachments: [{ name: 'rëport.pdf', content: PDF.toString('base64'), content_type: 'application/pdf' }],
    });
    full = ok(await get(`/messages/${message.uuid}`));
  });

  it('GET /messages/{uuid}: the summary plus envelope, headers, bodies, attachments, links and codes', () => {
    const raw = capturedMessages(emulator().dbPath).at(-1)!;
    expect(full).toMatchObject({
      uuid: raw.uuid,
      subject: 'Grüße: your code 123456',
      from: { name: 'Zoë', email: 'zoe@example.com' },
      bcc: [{ name: '', email: 'secret@example.com' }],
      reply_to: [{ name: '', email: 'help@example.com' }],
      envelope: { from: 'zoe@example.com', to: ['bob@example.com', 'secret@example.com'] },
      text: raw.text,
      html: raw.html,
      attachments: [
        {
          index: 0,
          filename: 'rëport.pdf',
          content_type: 'application/pdf',
          content_id: null,
          size: PDF.length,
          url: `/_emulator/messages/${raw.uuid}/attachments/0`,
        },
      ],
      replacements: null,
      links: ['https://acme.test/verify?token=abc&x=1', 'https://acme.test/verify?token=abc'],
      link_details: [
        { url: 'https://acme.test/verify?token=abc&x=1', text: 'verify' },
        { url: 'https://acme.test/verify?token=abc', text: null },
      ],
      codes: ['123456'],
    });
    const headers = full.headers as Array<{ name: string; value: string }>;
    expect(headers.find((h) => h.name === 'Subject')?.value).toBe('Grüße: your code 123456');
    expect(headers.find((h) => h.name === 'From')?.value).toBe('Zoë <zoe@example.com>');
    expect(headers.find((h) => h.name === 'Message-ID')?.value).toBe(`<${raw.messageId}>`);
    expect(headers.some((h) => h.name.toLowerCase() === 'bcc')).toBe(false);
  });

  it("GET /messages/{uuid} takes the uuid the send answered (its log item's) and answers the message, its own uuid in it", async () => {
    const { logItemUuid, message } = await send({
      from: 'app@example.com',
      to: 'bob@example.com',
      subject: 'Found by its log item',
      html: '<p>Hi</p>',
    });
    expect(logItemUuid).not.toBe(message.uuid);
    const byLogItem = ok(await get(`/messages/${logItemUuid}`));
    expect(byLogItem).toEqual(ok(await get(`/messages/${message.uuid}`)));
    expect(byLogItem).toMatchObject({
      uuid: message.uuid,
      log_item_uuid: logItemUuid,
      subject: 'Found by its log item',
    });
    // The other read routes too; a change still takes the message's own uuid.
    expect((await get(`/messages/${logItemUuid}/html`)).text).toBe(byLogItem.html);
    expect(
      (await get(`/messages/${logItemUuid}/raw`)).body.equals((await get(`/messages/${message.uuid}/raw`)).body),
    ).toBe(true);
    expect((await api().patch(`/_emulator/messages/${logItemUuid}`, { json: { read: true } })).status).toBe(404);
    expect((await api().delete(`/_emulator/messages/${logItemUuid}`)).status).toBe(404);
    // Once the message is deleted its log item stays, and names no message any more.
    expect((await api().delete(`/_emulator/messages/${message.uuid}`)).status).toBe(204);
    expect(ok(await get(`/messages/${logItemUuid}`), 404)).toEqual({ message: `No message with uuid ${logItemUuid}.` });
  });

  it('GET /messages/{uuid}: each link with the text of its <a>, null for a URL of the text part', async () => {
    const { message } = await send({
      from: 'app@example.com',
      to: 'bob@example.com',
      subject: 'Link texts',
      html:
        '<p><a href="https://acme.test/confirm?x=1&amp;y=2">\n  Confirm   your <b>subscription</b>\n</a></p>' +
        '<a href="https://acme.test/logo"><img src="https://acme.test/l.png" alt="Acme home"></a>' +
        `<a href="https://acme.test/long">${'word '.repeat(100)}</a><a href="https://acme.test/empty"></a>`,
      text: 'Or paste https://acme.test/paste',
    });
    const mail = ok(await get(`/messages/${message.uuid}`));
    expect(mail.links).toEqual([
      'https://acme.test/confirm?x=1&y=2',
      'https://acme.test/logo',
      'https://acme.test/long',
      'https://acme.test/empty',
      'https://acme.test/paste',
    ]);
    expect(mail.link_details).toEqual([
      { url: 'https://acme.test/confirm?x=1&y=2', text: 'Confirm your subscription' },
      { url: 'https://acme.test/logo', text: 'Acme home' },
      { url: 'https://acme.test/long', text: `${'word '.repeat(40).trimEnd()}…` },
      { url: 'https://acme.test/empty', text: null },
      { url: 'https://acme.test/paste', text: null },
    ]);
  });

  it('GET /messages/{uuid} of no message is a 404', async () => {
    const res = await get('/messages/00000000-0000-4000-8000-00000000dead');
    expect(res.status).toBe(404);
    expect(res.json()).toEqual({ message: 'No message with uuid 00000000-0000-4000-8000-00000000dead.' });
    expect(ok(await get('/messages/nope'), 404)).toEqual({ message: 'No message with uuid nope.' });
  });

  it('GET /messages/{uuid}/raw: the stored .eml, byte for byte', async () => {
    const res = await get(`/messages/${full.uuid}/raw`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('message/rfc822');
    expect(res.body.equals(capturedMessages(emulator().dbPath).find((m) => m.uuid === full.uuid)!.raw)).toBe(true);
    expect((await get('/messages/nope/raw')).status).toBe(404);
  });

  it('GET /messages/{uuid}/html and /text: the bodies; 404 when the mail has none', async () => {
    const html = await get(`/messages/${full.uuid}/html`);
    expect(html.status).toBe(200);
    expect(html.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(html.text).toBe(full.html);
    const text = await get(`/messages/${full.uuid}/text`);
    expect(text.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(text.text).toBe(full.text);
    expect(ok(await get(`/messages/${textOnly.uuid}/html`), 404)).toEqual({
      message: 'This message has no HTML body.',
    });
    expect((await get(`/messages/${textOnly.uuid}/text`)).text).toBe('Just text');
  });

  it('GET /messages/{uuid}/attachments/{index}: the bytes, with their type and file name', async () => {
    const res = await get(`/messages/${full.uuid}/attachments/0`);
    expect(res.status).toBe(200);
    expect(res.body.equals(PDF)).toBe(true);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="r_port.pdf"; filename*=UTF-8''r%C3%ABport.pdf`,
    );
    // A captured file never runs as a page of ours: no sniffing, and sandboxed if opened.
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toBe("sandbox; default-src 'none'");
    expect(ok(await get(`/messages/${full.uuid}/attachments/1`), 404)).toEqual({
      message: 'This message has no attachment 1.',
    });
    expect((await get(`/messages/${full.uuid}/attachments/x`)).status).toBe(404);
  });

  it('answers 401 for a token the emulator does not accept', async () => {
    expect((await api().get('/_emulator/messages', { token: 'wrong' })).status).toBe(401);
  });
});

describe('deleting messages', () => {
  let logItemUuid: string;
  let first: Summary;

  beforeAll(async () => {
    await clearInbox();
    const sent = await send({ from: 'app@example.com', to: 'bob@example.com', subject: 'Alpha one', text: 'a' });
    logItemUuid = sent.logItemUuid!;
    first = sent.message;
    for (const subject of ['Alpha two', 'Beta one', 'Beta two', 'Gamma'])
      await send({ from: 'app@example.com', to: 'bob@example.com', subject, text: 'x' });
  });

  it('DELETE /messages/{uuid}: 204, then the message is gone; its log item stays', async () => {
    const res = await api().delete(`/_emulator/messages/${first.uuid}`);
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expect((await get(`/messages/${first.uuid}`)).status).toBe(404);
    expect(ok(await api().delete(`/_emulator/messages/${first.uuid}`), 404)).toEqual({
      message: `No message with uuid ${first.uuid}.`,
    });
    // The log item keeps its body (the text of this text-only mail), which it had read from the message.
    const kept = ok(await api().get(`/api/transactional-mails/${logItemUuid}`)).data;
    expect([kept.uuid, kept.body, kept.html]).toEqual([logItemUuid, 'a', 'a']);
  });

  it("DELETE /messages?query=: a deleted HTML mail's log item keeps its HTML as body", async () => {
    const html = '<html><body><p>Kept after the inbox is cleared</p></body></html>';
    const sent = await send({ from: 'app@example.com', to: 'bob@example.com', subject: 'Delta', html });
    const before = ok(await api().get(`/api/transactional-mails/${sent.logItemUuid!}`)).data;
    expect([before.body, before.html]).toEqual([html, html]);
    expect(ok(await api().delete('/_emulator/messages?query=delta'))).toEqual({ deleted: 1 });
    const after = ok(await api().get(`/api/transactional-mails/${sent.logItemUuid!}`)).data;
    expect(after).toEqual(before);
    const listed = ok(await api().get('/api/transactional-mails?filter[search]=Delta')).data;
    expect(listed.map((item: { body: string }) => item.body)).toEqual([html]);
  });

  it('DELETE /messages?query=: every match, with the count', async () => {
    expect(ok(await api().delete('/_emulator/messages?query=beta'))).toEqual({ deleted: 2 });
    expect(ok(await api().delete('/_emulator/messages?query=beta'))).toEqual({ deleted: 0 });
    expect(await subjects('')).toEqual(['Gamma', 'Alpha two']);
    expect(ok(await api().delete('/_emulator/messages?query=foo:bar'), 422).errors.query[0]).toMatch(/^Unknown filter/);
    expect(ok(await get('/messages')).meta.total).toBe(2);
  });

  it('DELETE /messages: every message of the workspace', async () => {
    expect(ok(await api().delete('/_emulator/messages'))).toEqual({ deleted: 2 });
    expect(ok(await get('/messages'))).toEqual({ data: [], meta: { page: 1, per_page: 50, total: 0 } });
    expect(ok(await api().delete('/_emulator/messages'))).toEqual({ deleted: 0 });
  });

  it('POST /messages/delete: the listed messages in one request, unknown uuids ignored; a bad list changes nothing', async () => {
    const uuids: string[] = [];
    for (const subject of ['One', 'Two', 'Three'])
      uuids.push((await send({ from: 'app@example.com', to: 'bob@example.com', subject, text: 'x' })).message.uuid);
    const listed = [uuids[0], uuids[2], '00000000-0000-4000-8000-000000000000', 'not a uuid'];
    expect(ok(await api().post('/_emulator/messages/delete', { json: { uuids: listed } }))).toEqual({ deleted: 2 });
    expect(await subjects('')).toEqual(['Two']);
    const refusal = 'The uuids field must be a list of at most 10000 message uuids.';
    // The field in error as Laravel names it: the list, or its item (uuids.1).
    for (const [body, field] of [
      [{ uuids: 'all' }, 'uuids'],
      [{ uuids: [uuids[1], 7] }, 'uuids.1'],
      [{}, 'uuids'],
    ] as const) {
      const refused = ok(await api().post('/_emulator/messages/delete', { json: body }), 422);
      expect(refused).toEqual({ message: 'The given data was invalid.', errors: { [field]: [refusal] } });
    }
    expect(await subjects('')).toEqual(['Two']);
  });
});
