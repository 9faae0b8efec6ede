/**
 * POST /api/transactional-mails/send as the real clients send it (docs/spec/real-clients.md#12-requests-per-method-exercised, docs/spec/real-clients.md#22-body, docs/spec/real-clients.md#32-requests-per-method-exercised),
 * replayed byte for byte over a raw socket: request line, headers in the recorded wire order, body. For each:
 * the status, the exact response body (200 `{"uuid":"..."}` compact and not wrapped, 204 empty, 406 plain text,
 * 422 JSON), and the captured message parsed back as a mail client reads it (From, To, Cc, Reply-To, Subject; Bcc
 * only in the envelope).
 *
 * The recordings used the template `acceptance-welcome`; here it is the fixture `welcome` ("Welcome ::first_name::",
 * `<p>Hello {{ first_name }}</p>`). jane@example.com, the recordings' recipient, is on the fixture suppression list:
 * the exact recordings get the 406 a real server with that suppression would give, and the accepted variants go to
 * jane.doe@example.com.
 */
import { describe, expect, it } from 'vitest';
import { capturedMessages, lastCaptured, parseMessage, type CapturedMessage } from '../support/captured.js';
import { useEmulator } from '../support/emulator-process.js';
import { UUID } from '../support/expected.js';
import { apiClient } from '../support/http.js';
import { pyJson, realClients, type Reply } from '../support/real-clients.js';

const emulator = useEmulator();
const api = () => apiClient(emulator().url, emulator().token);
const SEND = '/api/transactional-mails/send';
const SUPPRESSED_JANE = 'The email `jane@example.com` is on the suppression list.';

/** The clients' requests to the send endpoint. */
const clients = realClients(emulator);
const sdkPost = (form: string, options?: { expectContinue?: boolean }) => clients.sdkPost(SEND, form, options);
const symfonyPost = (json: string) => clients.symfonyPost(SEND, json);
const pythonPost = (json: string) => clients.python('POST', SEND, json);

// ---------------------------------------------------------------------------------------------------------------
// Expectations

interface Totals {
  captured: number;
  logItems: number;
}

async function totals(): Promise<Totals> {
  const logItems = await api().get('/api/transactional-mails');
  return { captured: capturedMessages(emulator().dbPath).length, logItems: logItems.json().meta.total };
}

/** 200 with exactly `{"uuid":"..."}`; one more capture and one more log item, which the uuid names. */
async function expectStored(send: () => Promise<Reply>): Promise<{ uuid: string; message: CapturedMessage }> {
  const before = await totals();
  const reply = await send();
  expect(reply.status, reply.text).toBe(200);
  expect(reply.headers['content-type']).toBe('application/json');
  const uuid = reply.json().uuid as string;
  expect(uuid).toMatch(UUID);
  expect(reply.text).toBe(`{"uuid":"${uuid}"}`);
  expect(await totals()).toEqual({ captured: before.captured + 1, logItems: before.logItems + 1 });
  const logItem = await api().get(`/api/transactional-mails/${uuid}`);
  expect(logItem.status).toBe(200);
  return { uuid, message: lastCaptured(emulator().dbPath) as CapturedMessage };
}

/** 204 with an empty body and no Content-Type; captured, not logged. */
async function expectCapturedNotStored(send: () => Promise<Reply>): Promise<CapturedMessage> {
  const before = await totals();
  const reply = await send();
  expect(reply.status, reply.text).toBe(204);
  expect(reply.text).toBe('');
  expect(reply.headers['content-type']).toBeUndefined();
  expect(await totals()).toEqual({ captured: before.captured + 1, logItems: before.logItems });
  return lastCaptured(emulator().dbPath) as CapturedMessage;
}

/** A refusal (406, 422): the exact status and body, and nothing captured or logged. */
async function expectRefused(
  send: () => Promise<Reply>,
  status: number,
  contentType: string,
  body: string,
): Promise<void> {
  const before = await totals();
  const reply = await send();
  expect(reply.status, reply.text).toBe(status);
  expect(reply.headers['content-type']).toBe(contentType);
  expect(reply.text).toBe(body);
  expect(await totals()).toEqual(before);
}

/** The 406 plain text of a send to the suppressed jane@example.com. */
const expectSuppressedJane = (send: () => Promise<Reply>) =>
  expectRefused(send, 406, 'text/html; charset=UTF-8', SUPPRESSED_JANE);

interface Addr {
  name: string;
  address: string;
}

interface Expected {
  from: Addr;
  to: Addr[];
  cc?: Addr[];
  replyTo?: Addr[];
  bcc?: string[];
  subject: string;
}

/** Parses the captured raw message and checks its headers and envelope. */
async function expectMessage(message: CapturedMessage, expected: Expected) {
  const parsed = await parseMessage(message.raw);
  const list = (value: typeof parsed.to) =>
    value === undefined
      ? []
      : (Array.isArray(value) ? value : [value]).flatMap((a) =>
          a.value.map(({ name, address }) => ({ name, address })),
        );
  expect(list(parsed.from)).toEqual([expected.from]);
  expect(list(parsed.to)).toEqual(expected.to);
  expect(list(parsed.cc)).toEqual(expected.cc ?? []);
  expect(list(parsed.replyTo)).toEqual(expected.replyTo ?? []);
  expect(parsed.subject).toBe(expected.subject);
  // Bcc never appears in the headers, only in the envelope.
  expect(parsed.bcc).toBeUndefined();
  expect(message.raw.toString('latin1')).not.toMatch(/^bcc:/im);
  expect(message.envelopeFrom).toBe(expected.from.address);
  expect(message.envelopeTo).toEqual([
    ...expected.to.map((a) => a.address),
    ...(expected.cc ?? []).map((a) => a.address),
    ...(expected.bcc ?? []),
  ]);
  return parsed;
}

const addr = (address: string, name = ''): Addr => ({ name, address });

/** To, Cc, Reply-To and Bcc of each client's cc/bcc/reply_to case (Jane Doe and bob, Carol, Support, dave and Erin). */
const ALL_RECIPIENTS = {
  to: [addr('jane.doe@example.com', 'Jane Doe'), addr('bob@example.com')],
  cc: [addr('carol@example.com', 'Carol Example')],
  replyTo: [addr('support@example.com', 'Support')],
  bcc: ['dave@example.com', 'erin@example.com'],
};

// ---------------------------------------------------------------------------------------------------------------

describe('PHP SDK (Guzzle 7, form bodies)', () => {
  const TEMPLATE_FORM =
    'mail_name=welcome&from=acceptance%40example.com&to=jane%40example.com&replacements%5Bfirst_name%5D=Jane&replacements%5Border_id%5D=1234';

  it('sendTransactionMail(name, from, to, replacements) as recorded, to the suppressed jane@example.com: 406 plain text', async () => {
    await expectSuppressedJane(() => sdkPost(TEMPLATE_FORM));
  });

  it('the same to another recipient: 200 {"uuid"}, rendered from the template with the replacements', async () => {
    const { message } = await expectStored(() => sdkPost(TEMPLATE_FORM.replace('to=jane%40', 'to=jane.doe%40')));
    const parsed = await expectMessage(message, {
      from: addr('acceptance@example.com'),
      to: [addr('jane.doe@example.com')],
      subject: 'Welcome Jane',
    });
    expect(parsed.html).toContain('<p>Hello Jane</p>');
    expect(message.templateName).toBe('welcome');
    expect(message.replacements).toEqual({ first_name: 'Jane', order_id: '1234' });
  });

  it('post() with html + subject (no mail_name): inline content, wrapped in <html><body>', async () => {
    const form =
      'from=acceptance%40example.com&to=jane.doe%40example.com&subject=Acceptance+2026+SDK&html=%3Cp%3EHello+from+the+PHP+SDK%3C%2Fp%3E';
    const { message } = await expectStored(() => sdkPost(form));
    const parsed = await expectMessage(message, {
      from: addr('acceptance@example.com'),
      to: [addr('jane.doe@example.com')],
      subject: 'Acceptance 2026 SDK',
    });
    expect(parsed.html).toBe('<html><body><p>Hello from the PHP SDK</p></body></html>');
    expect(message.templateName).toBeNull();
  });

  it("cc, bcc and reply_to with Name <addr>; subject overrides the template's", async () => {
    const form =
      'mail_name=welcome&from=Acme+Support+%3Cacceptance%40example.com%3E&to=Jane+Doe+%3Cjane.doe%40example.com%3E%2C+bob%40example.com' +
      '&cc=Carol+Example+%3Ccarol%40example.com%3E&bcc=dave%40example.com%2C+Erin+%3Cerin%40example.com%3E' +
      '&reply_to=Support+%3Csupport%40example.com%3E&replacements%5Bfirst_name%5D=Jane&subject=Override+subject';
    const { uuid, message } = await expectStored(() => sdkPost(form));
    await expectMessage(message, {
      from: addr('acceptance@example.com', 'Acme Support'),
      ...ALL_RECIPIENTS,
      subject: 'Override subject',
    });
    // The log item keeps {name, email} objects, name first (docs/spec/mailcoach-reference.md#47-records-created-by-a-stored-send).
    const data = (await api().get(`/api/transactional-mails/${uuid}`)).json().data;
    expect(data.from).toEqual([{ name: 'Acme Support', email: 'acceptance@example.com' }]);
    expect(data.to).toEqual([
      { name: 'Jane Doe', email: 'jane.doe@example.com' },
      { name: '', email: 'bob@example.com' },
    ]);
    expect(data.cc).toEqual([{ name: 'Carol Example', email: 'carol@example.com' }]);
    expect(data.bcc).toEqual([
      { name: '', email: 'dave@example.com' },
      { name: 'Erin', email: 'erin@example.com' },
    ]);
    expect(data.subject).toBe('Override subject');
  });

  it('an attachment (bracket keys, content_id dropped): attached with its decoded content', async () => {
    const form =
      'mail_name=welcome&from=acceptance%40example.com&to=jane.doe%40example.com' +
      '&attachments%5B0%5D%5Bname%5D=hello.txt&attachments%5B0%5D%5Bcontent%5D=SGVsbG8gYXR0YWNobWVudAo%3D&attachments%5B0%5D%5Bcontent_type%5D=text%2Fplain';
    const { message } = await expectStored(() => sdkPost(form));
    // No replacements: the template's placeholder stays as it is.
    const parsed = await expectMessage(message, {
      from: addr('acceptance@example.com'),
      to: [addr('jane.doe@example.com')],
      subject: 'Welcome ::first_name::',
    });
    expect(parsed.attachments).toHaveLength(1);
    expect(parsed.attachments[0]).toMatchObject({
      filename: 'hello.txt',
      contentType: 'text/plain',
      contentDisposition: 'attachment',
    });
    expect(parsed.attachments[0]?.content.toString()).toBe('Hello attachment\n');
  });

  it('fake=1&store=0 to the suppressed jane@example.com: fake skips the suppression check; 204, captured, not logged', async () => {
    const message = await expectCapturedNotStored(() => sdkPost(`${TEMPLATE_FORM}&fake=1&store=0`));
    await expectMessage(message, {
      from: addr('acceptance@example.com'),
      to: [addr('jane@example.com')],
      subject: 'Welcome Jane',
    });
  });

  it('fake=0&store=1: 200 {"uuid"}; to jane@example.com it is the suppression 406', async () => {
    await expectSuppressedJane(() => sdkPost(`${TEMPLATE_FORM}&fake=0&store=1`));
    const { message } = await expectStored(() =>
      sdkPost(`${TEMPLATE_FORM.replace('to=jane%40', 'to=jane.doe%40')}&fake=0&store=1`),
    );
    await expectMessage(message, {
      from: addr('acceptance@example.com'),
      to: [addr('jane.doe@example.com')],
      subject: 'Welcome Jane',
    });
  });

  it('Expect: 100-Continue on a body over 1 MB (Guzzle): the server says 100 Continue, then answers 200', async () => {
    const bytes = Buffer.alloc(900 * 1024);
    for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 7919) % 251;
    const content = bytes.toString('base64');
    const form =
      'mail_name=welcome&from=acceptance%40example.com&to=jane.doe%40example.com' +
      `&attachments%5B0%5D%5Bname%5D=big.bin&attachments%5B0%5D%5Bcontent%5D=${encodeURIComponent(content)}` +
      '&attachments%5B0%5D%5Bcontent_type%5D=application%2Foctet-stream';
    expect(Buffer.byteLength(form)).toBeGreaterThan(1024 * 1024);
    let interim: string[] = [];
    const { message } = await expectStored(async () => {
      const reply = await sdkPost(form, { expectContinue: true });
      interim = reply.interim;
      return reply;
    });
    expect(interim).toEqual(['HTTP/1.1 100 Continue']);
    const parsed = await parseMessage(message.raw);
    expect(parsed.attachments[0]?.filename).toBe('big.bin');
    expect(parsed.attachments[0]?.content.equals(bytes)).toBe(true);
  });
});

describe('Symfony Mailer transport (spatie/mailcoach-mailer, JSON with JSON_HEX_* escapes)', () => {
  // Recorded bodies (docs/spec/real-clients.md#22-body), as they are on the wire.
  const TEMPLATE_JSON = String.raw`{"from":"\u0022Acme Shop\u0022 \u003Cacceptance@example.com\u003E","to":"\u0022Jane Doe\u0022 \u003Cjane@example.com\u003E","cc":"","bcc":"","reply_to":"","subject":"Welcome","text":null,"html":"use-mailcoach-mail","attachments":[],"mail_name":"welcome","replacements":{"first_name":"Jane","order_id":"1234"}}`;
  const RECIPIENTS_JSON = String.raw`{"from":"\u0022Acme Shop\u0022 \u003Cacceptance@example.com\u003E","to":"\u0022Jane Doe\u0022 \u003Cjane.doe@example.com\u003E,bob@example.com","cc":"\u0022Carol Example\u0022 \u003Ccarol@example.com\u003E","bcc":"dave@example.com,\u0022Erin\u0022 \u003Cerin@example.com\u003E","reply_to":"\u0022Support\u0022 \u003Csupport@example.com\u003E","subject":"Recipients symfony","text":"Recipient forms","html":null,"attachments":[]}`;
  const LOGO = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmM\r\nIQAAAABJRU5ErkJggg==';
  const ATTACHMENTS_JSON = String.raw`{"from":"\u0022Acme Shop\u0022 \u003Cacceptance@example.com\u003E","to":"\u0022Jane Doe\u0022 \u003Cjane.doe@example.com\u003E","cc":"","bcc":"","reply_to":"","subject":"Attachments symfony","text":null,"html":"\u003Cp\u003ESee attachment \u003Cimg src=\u0022cid:logo.png\u0022\u003E\u003C\/p\u003E","attachments":[{"name":"hello.txt","content":"SGVsbG8gYXR0YWNobWVudAo=","content_type":"text\/plain"},{"name":"logo.png","content":"iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmM\r\nIQAAAABJRU5ErkJggg==","content_type":"image\/png","content_id":"cid:logo.png"}]}`;
  /** 300 bytes, base64 wrapped with CRLF every 76 characters as DataPart::bodyToString() does. */
  const BIN = Buffer.from(Array.from({ length: 300 }, (_, i) => (i * 37) % 256));
  const BIN_BASE64 = (BIN.toString('base64').match(/.{1,76}/g) ?? []).join(String.raw`\r\n`);
  const internationalJson = (tail: string) =>
    String.raw`{"from":"\u0022J\u00f6rg M\u00fcller\u0022 \u003Cjoerg@example.com\u003E","to":"\u0022Doe, Jane\u0022 \u003Cjane@example.com\u003E,\u0022Quote \\\u0022Q\\\u0022 Person\u0022 \u003Cx@example.com\u003E","cc":"","bcc":"","reply_to":"","subject":"Gr\u00fc\u00dfe","text":"plain\nline2","html":"\u003Cp\u003E\u0026amp; \u00e9\u003C\/p\u003E","attachments":[{"name":"bin.dat","content":"` +
    BIN_BASE64 +
    String.raw`","content_type":"application\/octet-stream"}],"mail_name":"welcome","replacements":{"arr":{"x":1,"y":["z"]},"nul":""}` +
    tail +
    '}';

  it('a template mail as recorded, to the suppressed jane@example.com: 406 plain text', async () => {
    await expectSuppressedJane(() => symfonyPost(TEMPLATE_JSON));
  });

  it('html "use-mailcoach-mail" + mail_name: the template is used, the request subject wins, "cc":"" is no Cc', async () => {
    const { message } = await expectStored(() =>
      symfonyPost(TEMPLATE_JSON.replace('jane@example.com', 'jane.doe@example.com')),
    );
    const parsed = await expectMessage(message, {
      from: addr('acceptance@example.com', 'Acme Shop'),
      to: [addr('jane.doe@example.com', 'Jane Doe')],
      subject: 'Welcome',
    });
    expect(parsed.html).toContain('<p>Hello Jane</p>');
    expect(parsed.html).not.toContain('use-mailcoach-mail');
    expect(message.templateName).toBe('welcome');
  });

  it('"fake":"1" (X-Mailcoach-Fake): skips the suppression check, 200 {"uuid"} of the stored fake log item', async () => {
    const { message } = await expectStored(() => symfonyPost(TEMPLATE_JSON.replace(/}$/, ',"fake":"1"}')));
    await expectMessage(message, {
      from: addr('acceptance@example.com', 'Acme Shop'),
      to: [addr('jane@example.com', 'Jane Doe')],
      subject: 'Welcome',
    });
  });

  it('quoted names joined with a bare comma, cc/bcc/reply_to, "text" with "html":null: a text-only mail', async () => {
    const { message } = await expectStored(() => symfonyPost(RECIPIENTS_JSON));
    const parsed = await expectMessage(message, {
      from: addr('acceptance@example.com', 'Acme Shop'),
      ...ALL_RECIPIENTS,
      subject: 'Recipients symfony',
    });
    expect(parsed.text?.trim()).toBe('Recipient forms');
    expect(parsed.html).toBe(false);
  });

  it('attachments: CRLF-wrapped base64 decodes, "content_id":"cid:logo.png" is an inline part the HTML can reference', async () => {
    const { message } = await expectStored(() => symfonyPost(ATTACHMENTS_JSON));
    await expectMessage(message, {
      from: addr('acceptance@example.com', 'Acme Shop'),
      to: [addr('jane.doe@example.com', 'Jane Doe')],
      subject: 'Attachments symfony',
    });
    expect(message.attachments.map((a) => [a.filename, a.content_type, a.content_id])).toEqual([
      ['hello.txt', 'text/plain', null],
      ['logo.png', 'image/png', 'logo.png'],
    ]);
    const raw = message.raw.toString('latin1');
    expect(raw).toContain('src="cid:logo.png"');
    expect(raw).toMatch(/^Content-ID: <logo\.png>$/m);
    const parsed = await parseMessage(message.raw);
    const logo = parsed.attachments.find((a) => a.contentType === 'image/png');
    expect(logo?.content.equals(Buffer.from(LOGO.replace('\r\n', ''), 'base64'))).toBe(true);
    expect(logo?.related).toBe(true);
    expect(parsed.attachments.find((a) => a.filename === 'hello.txt')?.content.toString()).toBe('Hello attachment\n');
  });

  it('the non-ASCII, escaped-quote recording ("mailer":"transactional","fake":""): 422 for mailer and fake', async () => {
    await expectRefused(
      () => symfonyPost(internationalJson(',"mailer":"transactional","fake":""')),
      422,
      'application/json',
      '{"message":"The given data was invalid.","errors":{' +
        '"mailer":["You must pass a valid mailer key. Valid values are: smtp, ses and log."],' +
        '"fake":["The fake field must be true or false."]}}',
    );
  });

  it('the same with a known mailer and "fake":"1": raw UTF-8 names, a comma and escaped quotes in names, binary attachment', async () => {
    const { message } = await expectStored(() => symfonyPost(internationalJson(',"mailer":"smtp","fake":"1"')));
    const parsed = await expectMessage(message, {
      from: addr('joerg@example.com', 'Jörg Müller'),
      to: [addr('jane@example.com', 'Doe, Jane'), addr('x@example.com', 'Quote "Q" Person')],
      subject: 'Grüße',
    });
    expect(parsed.attachments.find((a) => a.filename === 'bin.dat')?.content.equals(BIN)).toBe(true);
    // mail_name is set: the template's body, not the request's html/text.
    expect(parsed.html).toContain('<p>Hello </p>');
    expect(parsed.html).not.toContain('&amp;');
    // Non-ASCII header values are RFC 2047-encoded in the raw message: no raw 8-bit bytes in the headers.
    const headers = message.raw.subarray(0, message.raw.indexOf('\r\n\r\n')).toString('latin1');
    expect(headers).not.toMatch(/[\u0080-\u00ff]/);
  });
});

describe('Python client (requests 2.28, json.dumps bodies)', () => {
  it('send by template with replacements: 200 {"uuid"}', async () => {
    const body = pyJson({
      mail_name: 'welcome',
      from: 'acceptance@example.com',
      to: 'jane.doe@example.com',
      replacements: { first_name: 'Jane', order_id: '1234' },
    });
    expect(body).toBe(
      '{"mail_name": "welcome", "from": "acceptance@example.com", "to": "jane.doe@example.com", "replacements": {"first_name": "Jane", "order_id": "1234"}}',
    );
    const { message } = await expectStored(() => pythonPost(body));
    await expectMessage(message, {
      from: addr('acceptance@example.com'),
      to: [addr('jane.doe@example.com')],
      subject: 'Welcome Jane',
    });
  });

  it('send html + subject', async () => {
    const body = pyJson({
      from: 'acceptance@example.com',
      to: 'jane.doe@example.com',
      subject: 'Acceptance python',
      html: '<p>Hello from Python</p>',
    });
    const { message } = await expectStored(() => pythonPost(body));
    const parsed = await expectMessage(message, {
      from: addr('acceptance@example.com'),
      to: [addr('jane.doe@example.com')],
      subject: 'Acceptance python',
    });
    expect(parsed.html).toBe('<html><body><p>Hello from Python</p></body></html>');
  });

  it('cc/bcc/reply_to with Name <addr>, comma plus space', async () => {
    const body = pyJson({
      mail_name: 'welcome',
      from: 'Acme Support <acceptance@example.com>',
      to: 'Jane Doe <jane.doe@example.com>, bob@example.com',
      cc: 'Carol Example <carol@example.com>',
      bcc: 'dave@example.com, Erin <erin@example.com>',
      reply_to: 'Support <support@example.com>',
      replacements: { first_name: 'Jane' },
    });
    const { message } = await expectStored(() => pythonPost(body));
    await expectMessage(message, {
      from: addr('acceptance@example.com', 'Acme Support'),
      ...ALL_RECIPIENTS,
      subject: 'Welcome Jane',
    });
  });

  it('an attachment', async () => {
    const body = pyJson({
      mail_name: 'welcome',
      from: 'acceptance@example.com',
      to: 'jane.doe@example.com',
      attachments: [{ name: 'hello.txt', content: 'SGVsbG8gYXR0YWNobWVudAo=', content_type: 'text/plain' }],
    });
    const { message } = await expectStored(() => pythonPost(body));
    const parsed = await parseMessage(message.raw);
    expect(parsed.attachments.map((a) => [a.filename, a.content.toString()])).toEqual([
      ['hello.txt', 'Hello attachment\n'],
    ]);
  });

  it('"fake": true, "store": false: 204 (which the Python client itself reports as an error, as against Mailcoach)', async () => {
    const body = pyJson({
      mail_name: 'welcome',
      from: 'acceptance@example.com',
      to: 'jane@example.com',
      fake: true,
      store: false,
    });
    await expectCapturedNotStored(() => pythonPost(body));
  });

  it('"fake": false to the suppressed address: 406 plain text', async () => {
    const body = pyJson({ mail_name: 'welcome', from: 'acceptance@example.com', to: 'jane@example.com', fake: false });
    await expectSuppressedJane(() => pythonPost(body));
  });
});
