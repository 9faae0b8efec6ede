/**
 * POST /api/transactional-mails/send: responses, records, fake mode, the suppression check, the captured RFC 5322
 * message, and parallel sends (docs/spec/mailcoach-reference.md#43-processing-pipeline-v8-domainsharedactionssendtransactionalmailactionphp-domaintransactionalmailmailstransactionalmailphp, docs/spec/mailcoach-reference.md#45-attachments to docs/spec/mailcoach-reference.md#47-records-created-by-a-stored-send; decisions.md "Send response", "Suppressed recipient",
 * "Records per stored send", "Never delivers", "Captured message"). Rendering is in send-rendering.test.ts.
 *
 * The main emulator reads test/fixtures (jane@example.com is suppressed; the `Order-Shipped` template adds
 * warehouse@example.com to To and sales@/ops@example.com to Cc); a second one starts empty for the parallel run.
 */
import { describe, expect, it } from 'vitest';
import { capturedMessages, lastCaptured, parseMessage, type CapturedMessage } from '../support/captured.js';
import { useEmulator } from '../support/emulator-process.js';
import { UNTOUCHED_SEND, UUID } from '../support/expected.js';
import { apiClient, type ApiRequestOptions, type RawResponse } from '../support/http.js';

const SEND = '/api/transactional-mails/send';
const SUPPRESSED_JANE = 'The email `jane@example.com` is on the suppression list.';

const emulator = useEmulator();
const empty = useEmulator({ fixtures: null });
const api = () => apiClient(emulator().url, emulator().token);

const send = (json: Record<string, unknown>) => api().post(SEND, { json });
const sendForm = (form: string) => api().post(SEND, { form } satisfies ApiRequestOptions);

/** The uuid of a 200 send answer, after checking the answer is exactly `{"uuid":"..."}`. */
function uuidOf(res: RawResponse): string {
  expect(res.status, res.text).toBe(200);
  const uuid = (res.json() as { uuid: string }).uuid;
  expect(uuid).toMatch(UUID);
  expect(res.text).toBe(`{"uuid":"${uuid}"}`);
  return uuid;
}

async function totals(client = api(), dbPath = emulator().dbPath) {
  const logItems = (await client.get('/api/transactional-mails')).json().meta.total as number;
  const sends = (await client.get('/api/sends')).json().meta.total as number;
  return { logItems, sends, captured: capturedMessages(dbPath).length };
}

function last(): CapturedMessage {
  const message = lastCaptured(emulator().dbPath);
  if (message === undefined) throw new Error('nothing was captured');
  return message;
}

async function logItem(uuid: string) {
  const res = await api().get(`/api/transactional-mails/${uuid}`);
  expect(res.status, res.text).toBe(200);
  return res.json().data;
}

async function sendsOf(logItemUuid: string) {
  const res = await api().get(`/api/sends?filter[transactional_mail_log_item_uuid]=${logItemUuid}`);
  expect(res.status, res.text).toBe(200);
  return res.json().data as Array<Record<string, unknown>>;
}

/** The header value mailparser reads, as a string (undefined when absent). */
function header(parsed: Awaited<ReturnType<typeof parseMessage>>, name: string): string | undefined {
  const value = parsed.headers.get(name.toLowerCase());
  return value === undefined ? undefined : String(value);
}

/** Base64 as Symfony's DataPart::bodyToString() writes it (mailcoach-mailer): CRLF every 76 characters. */
function mimeBase64(content: Buffer): string {
  return (content.toString('base64').match(/.{1,76}/g) ?? []).join('\r\n');
}

const PLAIN = { from: 'App <app@example.com>', to: 'bob@example.com', subject: 'Hello', html: '<p>Hi</p>' };

describe('the send response', () => {
  it('answers a stored send with 200 and exactly {"uuid":"<uuid>"}, compact and not wrapped in data', async () => {
    const res = await send(PLAIN);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/json');
    expect(res.text).toMatch(/^\{"uuid":"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"\}$/);
    uuidOf(res);
  });

  it('answers store=false (JSON false) with an empty 204, records nothing, and still captures the mail', async () => {
    const before = await totals();
    const res = await send({ ...PLAIN, subject: 'Not stored', store: false });
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expect(res.headers['content-type']).toBeUndefined();
    const after = await totals();
    expect(after).toEqual({ logItems: before.logItems, sends: before.sends, captured: before.captured + 1 });
    expect(last().subject).toBe('Not stored');
  });

  it('answers store=0 in a form body (the PHP SDK) with an empty 204 and still captures the mail', async () => {
    const before = await totals();
    const res = await sendForm(
      'from=app%40example.com&to=bob%40example.com&subject=Form+mail&html=%3Cp%3Ex%3C%2Fp%3E&store=0',
    );
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expect(await totals()).toEqual({ ...before, captured: before.captured + 1 });
    expect(last().subject).toBe('Form mail');
  });

  it('stores a form-body send with store=1 and answers its uuid', async () => {
    const before = await totals();
    const uuid = uuidOf(
      await sendForm('from=app%40example.com&to=bob%40example.com&subject=Form+stored&text=plain&store=1'),
    );
    expect((await logItem(uuid)).subject).toBe('Form stored');
    expect(await totals()).toEqual({
      logItems: before.logItems + 1,
      sends: before.sends + 1,
      captured: before.captured + 1,
    });
  });
});

describe('records of a stored send', () => {
  it('creates exactly one log item with the final subject, {name,email} addresses incl. template defaults, and body === html', async () => {
    const before = await totals();
    const uuid = uuidOf(
      await send({
        mail_name: 'Order-Shipped',
        from: '"Shop, Inc." <shop@example.com>',
        to: 'Bob <bob@example.com>',
        cc: 'carol@example.com',
        bcc: 'Audit <audit@example.com>',
        replacements: { order: '#42' },
      }),
    );
    const item = await logItem(uuid);
    expect(item.uuid).toBe(uuid);
    expect(item.subject).toBe('Your order has shipped');
    expect(item.from).toEqual([{ name: 'Shop, Inc.', email: 'shop@example.com' }]);
    expect(item.to).toEqual([
      { name: 'Bob', email: 'bob@example.com' },
      { name: '', email: 'warehouse@example.com' },
    ]);
    expect(item.cc).toEqual([
      { name: '', email: 'carol@example.com' },
      { name: '', email: 'sales@example.com' },
      { name: '', email: 'ops@example.com' },
    ]);
    expect(item.bcc).toEqual([{ name: 'Audit', email: 'audit@example.com' }]);
    expect(Object.keys(item.to[0])).toEqual(['name', 'email']);
    expect(item.html).toContain('Shipped #42');
    expect(item.body).toBe(item.html);
    expect(item.html).toBe(last().html);
    const after = await totals();
    expect(after.logItems).toBe(before.logItems + 1);
    expect(after.sends).toBe(before.sends + 1);
    expect(after.captured).toBe(before.captured + 1);
    // The template's default recipients are in the envelope too.
    expect(last().envelopeTo).toEqual([
      'bob@example.com',
      'warehouse@example.com',
      'carol@example.com',
      'sales@example.com',
      'ops@example.com',
      'audit@example.com',
    ]);
  });

  it('stores the text as body and html of a text-only mail', async () => {
    const uuid = uuidOf(
      await send({ from: 'app@example.com', to: 'bob@example.com', subject: 'Text only', text: 'Just text.' }),
    );
    const item = await logItem(uuid);
    expect(item.body).toBe('Just text.');
    expect(item.html).toBe('Just text.');
  });

  it('creates exactly one Send linked to the log item, with the Message-ID as transport_message_id, sent_at set and zero counts', async () => {
    const uuid = uuidOf(
      await send({ ...PLAIN, to: 'bob@example.com, dan@example.com', cc: 'carol@example.com', subject: 'One send' }),
    );
    const sends = await sendsOf(uuid);
    expect(sends).toHaveLength(1);
    const [row] = sends as [Record<string, unknown>];
    const parsed = await parseMessage(last().raw);
    expect(parsed.messageId).toBe(`<${row.transport_message_id as string}>`);
    expect(row.transport_message_id).toBe(last().messageId);
    expect(row).toMatchObject({ transactional_mail_log_item_uuid: uuid, ...UNTOUCHED_SEND });
    expect(row.uuid).toMatch(UUID);
    expect(row.uuid).not.toBe(uuid);
    expect(row.sent_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.000000Z$/);
    expect(row.sent_at).toBe((await logItem(uuid)).created_at);
    // GET /api/sends/{uuid} finds the same row.
    const single = await api().get(`/api/sends/${row.uuid as string}`);
    expect(single.json().data).toEqual(row);
  });
});

describe('fake mode', () => {
  it('stores the mail under the returned uuid and still captures it', async () => {
    const before = await totals();
    const uuid = uuidOf(await send({ ...PLAIN, subject: 'Faked', fake: true }));
    const item = await logItem(uuid);
    expect(item.uuid).toBe(uuid);
    expect(item.subject).toBe('Faked');
    expect(await sendsOf(uuid)).toHaveLength(1);
    expect(await totals()).toEqual({
      logItems: before.logItems + 1,
      sends: before.sends + 1,
      captured: before.captured + 1,
    });
    expect(last().subject).toBe('Faked');
    // The API's log item does not say it was fake (Mailcoach's resource has no such field); /_emulator's does.
    expect(item).not.toHaveProperty('fake');
    const record = async (logItemUuid: string) =>
      (await api().get(`/_emulator/log-items/${logItemUuid}`)).json().data as { fake: boolean };
    expect((await record(uuid)).fake).toBe(true);
    expect((await record(uuidOf(await send({ ...PLAIN, subject: 'Real' })))).fake).toBe(false);
  });

  it('skips the suppression check: a fake send to a suppressed address is a 200', async () => {
    const uuid = uuidOf(
      await send({ ...PLAIN, to: 'jane@example.com', cc: 'bounced@example.com', subject: 'Fake to Jane', fake: true }),
    );
    expect((await logItem(uuid)).to).toEqual([{ name: '', email: 'jane@example.com' }]);
    expect(last().envelopeTo).toEqual(['jane@example.com', 'bounced@example.com']);
  });

  it('accepts fake as the string "1" (mailcoach-mailer) and as 1 in a form body', async () => {
    uuidOf(await send({ ...PLAIN, to: 'jane@example.com', fake: '1' }));
    uuidOf(await sendForm('from=app%40example.com&to=jane%40example.com&subject=x&html=y&fake=1'));
  });
});

describe('the suppression check', () => {
  const expectRejected = async (res: RawResponse, body = SUPPRESSED_JANE) => {
    expect(res.status).toBe(406);
    expect(res.headers['content-type']).toBe('text/html; charset=UTF-8');
    expect(res.text).toBe(body);
  };

  it('rejects a suppressed To with 406 plain text, capturing and recording nothing', async () => {
    const before = await totals();
    await expectRejected(await send({ ...PLAIN, to: 'jane@example.com' }));
    expect(await totals()).toEqual(before);
  });

  it('compares case-insensitively and names the address as stored', async () => {
    const before = await totals();
    await expectRejected(await send({ ...PLAIN, to: 'Jane <JANE@example.com>' }));
    await expectRejected(await send({ ...PLAIN, to: 'bob@example.com', cc: 'Jane@Example.COM' }));
    expect(await totals()).toEqual(before);
  });

  it('names a mixed-case suppression exactly as it was stored', async () => {
    expect((await api().post('/api/suppressions', { json: { email: 'Casey.Mixed@Example.com' } })).status).toBe(201);
    try {
      const before = await totals();
      await expectRejected(
        await send({ ...PLAIN, to: 'casey.mixed@example.com' }),
        'The email `Casey.Mixed@Example.com` is on the suppression list.',
      );
      expect(await totals()).toEqual(before);
    } finally {
      expect((await api().delete('/api/suppressions/Casey.Mixed@Example.com')).status).toBe(204);
    }
  });

  it('rejects the whole mail when any one of several recipients is suppressed', async () => {
    const before = await totals();
    await expectRejected(await send({ ...PLAIN, to: 'bob@example.com, jane@example.com' }));
    expect(await totals()).toEqual(before);
  });

  it('checks Cc and Bcc too', async () => {
    const before = await totals();
    await expectRejected(await send({ ...PLAIN, cc: 'jane@example.com' }));
    await expectRejected(
      await send({ ...PLAIN, bcc: 'bounced@example.com' }),
      'The email `bounced@example.com` is on the suppression list.',
    );
    await expectRejected(
      await send({ ...PLAIN, bcc: 'complainer@example.org' }),
      'The email `complainer@example.org` is on the suppression list.',
    );
    expect(await totals()).toEqual(before);
  });

  it('rejects a stored=false send to a suppressed address as well', async () => {
    const before = await totals();
    await expectRejected(await send({ ...PLAIN, to: 'jane@example.com', store: false }));
    expect(await totals()).toEqual(before);
  });

  it('does not check reply_to', async () => {
    uuidOf(await send({ ...PLAIN, reply_to: 'jane@example.com' }));
    const parsed = await parseMessage(last().raw);
    expect(parsed.replyTo?.value).toEqual([{ name: '', address: 'jane@example.com' }]);
  });

  it("does not check a template's default recipients", async () => {
    const created = await api().post('/api/suppressions', { json: { email: 'warehouse@example.com' } });
    expect(created.status).toBe(201);
    try {
      const uuid = uuidOf(
        await send({
          mail_name: 'Order-Shipped',
          from: 'shop@example.com',
          to: 'bob@example.com',
          replacements: { order: '1' },
        }),
      );
      expect((await logItem(uuid)).to).toEqual([
        { name: '', email: 'bob@example.com' },
        { name: '', email: 'warehouse@example.com' },
      ]);
      // ...while the same address given in the request is refused.
      await expectRejected(
        await send({ mail_name: 'Order-Shipped', from: 'shop@example.com', to: 'warehouse@example.com' }),
        'The email `warehouse@example.com` is on the suppression list.',
      );
    } finally {
      expect((await api().delete('/api/suppressions/warehouse@example.com')).status).toBe(204);
    }
  });
});

describe('the captured message', () => {
  const REPORT = Buffer.from('Quarterly report\r\n'.repeat(12) + 'ümlaut line\r\n');
  const LOGO = Buffer.from(Array.from({ length: 300 }, (_, i) => (i * 37) % 256));

  /** What mailcoach-mailer sends for a mail with a normal attachment and an embedded image. */
  const FULL = {
    from: '"Zoë Sender" <sender@mail.example.com>',
    to: 'Bob Example <bob@example.com>, carol@example.com',
    cc: 'Dave <dave@example.com>',
    bcc: 'eve@example.com, Frank <frank@example.com>',
    reply_to: '"Replies, Team" <reply@example.com>',
    subject: 'Grüße – ☕ 日本語 report',
    text: 'Plain version\nsecond line',
    html: '<html><body><p>Logo: <img src="cid:logo.png" alt="logo"></p></body></html>',
    attachments: [
      { name: 'report.txt', content: mimeBase64(REPORT), content_type: 'text/plain', content_id: null },
      { name: 'logo.png', content: mimeBase64(LOGO), content_type: 'image/png', content_id: 'cid:logo.png' },
    ],
  };

  let sentUuid = '';
  let message: CapturedMessage;
  let parsed: Awaited<ReturnType<typeof parseMessage>>;

  it('is captured once per accepted send', async () => {
    const before = capturedMessages(emulator().dbPath).length;
    sentUuid = uuidOf(await send(FULL));
    const all = capturedMessages(emulator().dbPath);
    expect(all).toHaveLength(before + 1);
    message = all.at(-1) as CapturedMessage;
    parsed = await parseMessage(message.raw);
  });

  it('is a CRLF message whose headers are 7-bit (non-ASCII RFC 2047-encoded)', () => {
    const raw = message.raw.toString('latin1');
    const head = raw.slice(0, raw.indexOf('\r\n\r\n'));
    expect(head.length).toBeGreaterThan(0);
    expect(/[^\x00-\x7f]/.test(head)).toBe(false);
    expect(raw.replaceAll('\r\n', '')).not.toContain('\n');
    expect(head).toMatch(/^Subject: =\?UTF-8\?/im);
    expect(head).toMatch(/^MIME-Version: 1\.0$/im);
  });

  it('has From, To, Cc and Reply-To with names and addresses', () => {
    expect(parsed.from?.value).toEqual([{ name: 'Zoë Sender', address: 'sender@mail.example.com' }]);
    const to = Array.isArray(parsed.to) ? parsed.to : [parsed.to];
    expect(to.flatMap((t) => t?.value ?? [])).toEqual([
      { name: 'Bob Example', address: 'bob@example.com' },
      { name: '', address: 'carol@example.com' },
    ]);
    const cc = Array.isArray(parsed.cc) ? parsed.cc : [parsed.cc];
    expect(cc.flatMap((c) => c?.value ?? [])).toEqual([{ name: 'Dave', address: 'dave@example.com' }]);
    expect(parsed.replyTo?.value).toEqual([{ name: 'Replies, Team', address: 'reply@example.com' }]);
  });

  it('round-trips a non-ASCII subject', () => {
    expect(parsed.subject).toBe('Grüße – ☕ 日本語 report');
    expect(message.subject).toBe('Grüße – ☕ 日本語 report');
  });

  it('is dated by the emulator clock, the same second as the log item', async () => {
    const item = await logItem(sentUuid);
    expect(parsed.date?.toISOString()).toBe(new Date(item.created_at as string).toISOString());
    // The stepping clock starts at 2025-03-01T10:00:00Z.
    expect(parsed.date?.getTime()).toBeGreaterThanOrEqual(Date.parse('2025-03-01T10:00:00Z'));
    expect(parsed.date?.getTime()).toBeLessThan(Date.parse('2025-03-01T11:00:00Z'));
    expect(message.raw.toString('latin1')).toMatch(/^Date: \w{3}, \d\d \w{3} 2025 \d\d:\d\d:\d\d \+0000\r$/m);
  });

  it("has a Message-ID of 32 hex characters at the sender's domain", () => {
    expect(parsed.messageId).toMatch(/^<[0-9a-f]{32}@mail\.example\.com>$/);
    expect(message.messageId).toBe(parsed.messageId?.slice(1, -1));
  });

  it('keeps Bcc out of the headers but in the envelope', () => {
    expect(parsed.bcc).toBeUndefined();
    expect(message.raw.toString('latin1')).not.toMatch(/^Bcc:/im);
    expect(message.raw.toString('latin1')).not.toContain('eve@example.com');
    expect(message.envelopeFrom).toBe('sender@mail.example.com');
    expect(message.envelopeTo).toEqual([
      'bob@example.com',
      'carol@example.com',
      'dave@example.com',
      'eve@example.com',
      'frank@example.com',
    ]);
  });

  it('has the text and the html alternatives', () => {
    expect(parsed.text?.trimEnd()).toBe('Plain version\nsecond line');
    // mailparser shows the html alternative with the cid: reference swapped for the image's data.
    expect(parsed.html).toBe(FULL.html.replace('cid:logo.png', `data:image/png;base64,${LOGO.toString('base64')}`));
    expect(message.html).toBe(FULL.html);
    // The text first, then the html, as a mail client expects of multipart/alternative (RFC 2046, section 5.1.4).
    expect(message.raw.toString('latin1')).toMatch(
      /Content-Type: multipart\/alternative;[\s\S]*?Content-Type: text\/plain[\s\S]*?Content-Type: text\/html/i,
    );
  });

  it('attaches the normal attachment with its decoded bytes', () => {
    const report = parsed.attachments.find((a) => a.filename === 'report.txt');
    expect(report).toBeDefined();
    expect(report?.contentType).toBe('text/plain');
    expect(report?.contentDisposition).toBe('attachment');
    expect(report?.content.equals(REPORT)).toBe(true);
  });

  it('embeds the content_id part inline under its name, and the cid: reference resolves to it', () => {
    const logo = parsed.attachments.find((a) => a.filename === 'logo.png');
    expect(logo).toBeDefined();
    expect(logo?.contentType).toBe('image/png');
    expect(logo?.contentDisposition).toBe('inline');
    expect(logo?.contentId).toBe('<logo.png>');
    expect(logo?.cid).toBe('logo.png');
    expect(logo?.related).toBe(true);
    expect(logo?.content.equals(LOGO)).toBe(true);
    expect(message.raw.toString('latin1')).toMatch(/^Content-ID: <logo\.png>\r$/im);
    // mailparser swaps a resolvable cid: link for the part's data, as a mail client displays it.
    expect(parsed.html).toContain(`src="data:image/png;base64,${LOGO.toString('base64')}"`);
    expect(message.html).toContain('src="cid:logo.png"');
  });

  it('lists both attachments on the captured record', () => {
    expect(message.attachments).toEqual([
      { filename: 'report.txt', content_type: 'text/plain', content_id: null, size: REPORT.length },
      { filename: 'logo.png', content_type: 'image/png', content_id: 'logo.png', size: LOGO.length },
    ]);
  });

  it("carries the Send's uuid in mailcoach-send-uuid, X-SMTPAPI and X-PM-Metadata-send-uuid", async () => {
    const [row] = (await sendsOf(sentUuid)) as [Record<string, unknown>];
    const sendUuid = row.uuid as string;
    expect(header(parsed, 'mailcoach-send-uuid')).toBe(sendUuid);
    expect(JSON.parse(header(parsed, 'x-smtpapi') ?? 'null')).toEqual({ unique_args: { send_uuid: sendUuid } });
    expect(message.raw.toString('latin1')).toContain(`X-SMTPAPI: {"unique_args":{"send_uuid":"${sendUuid}"}}\r\n`);
    expect(header(parsed, 'x-pm-metadata-send-uuid')).toBe(sendUuid);
  });

  it('has no tracking headers when store=false', async () => {
    expect((await send({ ...FULL, store: false })).status).toBe(204);
    const notStored = await parseMessage(last().raw);
    expect(header(notStored, 'mailcoach-send-uuid')).toBeUndefined();
    expect(header(notStored, 'x-smtpapi')).toBeUndefined();
    expect(header(notStored, 'x-pm-metadata-send-uuid')).toBeUndefined();
    // Everything else is the same mail.
    expect(notStored.subject).toBe(FULL.subject);
    expect(notStored.attachments.map((a) => a.filename).sort()).toEqual(['logo.png', 'report.txt']);
  });

  it('decodes base64 leniently: spaces and LF line breaks are ignored too', async () => {
    const spaced = REPORT.toString('base64').replace(/(.{10})/g, '$1 \n');
    uuidOf(await send({ ...PLAIN, attachments: [{ name: 'a.txt', content: spaced, content_type: 'text/plain' }] }));
    const again = await parseMessage(last().raw);
    expect(again.attachments[0]?.content.equals(REPORT)).toBe(true);
  });
});

describe('parallel sends', () => {
  it('answers 200 to 200 concurrent sends with 200 distinct uuids, 200 captured mails, log items and Sends', async () => {
    const client = apiClient(empty().url, empty().token);
    const responses = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        client.post(SEND, {
          json: { from: 'app@example.com', to: `user${i}@example.com`, subject: `Mail ${i}`, html: `<p>${i}</p>` },
        }),
      ),
    );
    expect(responses.map((r) => r.status)).toEqual(Array(200).fill(200));
    const uuids = responses.map((r) => (r.json() as { uuid: string }).uuid);
    expect(new Set(uuids).size).toBe(200);
    const captured = capturedMessages(empty().dbPath);
    expect(captured).toHaveLength(200);
    expect(new Set(captured.map((m) => m.messageId)).size).toBe(200);
    expect(new Set(captured.map((m) => m.subject))).toEqual(
      new Set(Array.from({ length: 200 }, (_, i) => `Mail ${i}`)),
    );
    expect(await totals(client, empty().dbPath)).toEqual({ logItems: 200, sends: 200, captured: 200 });
    // Each log item is the mail its uuid was answered for.
    const probe = await client.get(`/api/transactional-mails/${uuids[123] as string}`);
    expect(probe.json().data.subject).toBe('Mail 123');
  }, 60_000);
});
