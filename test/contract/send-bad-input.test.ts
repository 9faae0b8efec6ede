/**
 * POST /api/transactional-mails/send with hostile or broken input: never a 500 (useEmulator fails the file on any
 * logged error), every refusal a clean 4xx that captures and records nothing, and what is accepted captured as a
 * well-formed message into which no header can be injected.
 *
 * Decisions pinned here: a 10 MB attachment (about 13.4 MB of JSON) is accepted, a body over the 40 MB default
 * limit is a 413; invalid base64 is decoded the way PHP's lenient base64_decode does (characters outside the
 * alphabet, `=` included, are skipped); 1,000 recipients are accepted quickly; JSON nested deeper than PHP's 512
 * levels reads as empty input.
 */
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { capturedMessages, lastCaptured, parseMessage, type CapturedMessage } from '../support/captured.js';
import { useEmulator } from '../support/emulator-process.js';
import { invalidBody, pretty, rfc, UUID } from '../support/expected.js';
import { apiClient, rawRequest, type RawResponse } from '../support/http.js';

const SEND = '/api/transactional-mails/send';

const emulator = useEmulator();
const api = () => apiClient(emulator().url, emulator().token);

const EMPTY_ERRORS = {
  subject: ['The subject field is required when mail name is not present.'],
  html: ['The html field is required when none of mail name / text are present.'],
  text: ['The text field is required when none of mail name / html are present.'],
  from: ['The from field is required.'],
  to: ['The to field is required.'],
};

const INLINE = { subject: 'Hello', html: '<p>Hello</p>', from: 'shop@example.com', to: 'jane.doe@example.com' };
const TEMPLATE = { mail_name: 'welcome', from: 'shop@example.com', to: 'jane.doe@example.com' };

/** POST with exactly this body and content type. */
function post(body: string | Buffer, contentType = 'application/json'): Promise<RawResponse> {
  return rawRequest(emulator().url, {
    method: 'POST',
    path: SEND,
    headers: {
      accept: 'application/json',
      authorization: `Bearer ${emulator().token}`,
      'content-type': contentType,
      'content-length': String(Buffer.byteLength(body)),
    },
    body,
  });
}

const sendJson = (value: unknown) => post(JSON.stringify(value));

async function totals() {
  const logItems = (await api().get('/api/transactional-mails')).json().meta.total as number;
  const sends = (await api().get('/api/sends')).json().meta.total as number;
  return { captured: capturedMessages(emulator().dbPath).length, logItems, sends };
}

/** A 4xx with exactly this body, and nothing captured or recorded. */
async function expectRefused(action: () => Promise<RawResponse>, status: number, body: string): Promise<void> {
  const before = await totals();
  const res = await action();
  expect(res.status, res.text.slice(0, 500)).toBe(status);
  expect(res.headers['content-type']).toBe('application/json');
  expect(res.text).toBe(body);
  expect(await totals()).toEqual(before);
}

const expect422 = (action: () => Promise<RawResponse>, errors: Record<string, string[]>) =>
  expectRefused(action, 422, invalidBody(errors));

/** 200 `{"uuid":"..."}`, one more capture; returns the captured message. */
async function expectStored(action: () => Promise<RawResponse>): Promise<CapturedMessage> {
  const before = await totals();
  const res = await action();
  expect(res.status, res.text.slice(0, 500)).toBe(200);
  const uuid = res.json().uuid as string;
  expect(uuid).toMatch(UUID);
  expect(res.text).toBe(`{"uuid":"${uuid}"}`);
  expect(await totals()).toEqual({
    captured: before.captured + 1,
    logItems: before.logItems + 1,
    sends: before.sends + 1,
  });
  return lastCaptured(emulator().dbPath) as CapturedMessage;
}

/** The raw header block, unfolded, as [lower-cased name, value] pairs. */
function headerLines(raw: Buffer): Array<[string, string]> {
  const text = raw.subarray(0, raw.indexOf('\r\n\r\n')).toString('latin1');
  return text
    .replace(/\r\n[ \t]/g, ' ')
    .split('\r\n')
    .map((line) => {
      const colon = line.indexOf(':');
      return [line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim()] as [string, string];
    });
}

const TOP_LEVEL_HEADERS = [
  'mailcoach-send-uuid',
  'x-smtpapi',
  'x-pm-metadata-send-uuid',
  'from',
  'to',
  'cc',
  'reply-to',
  'subject',
  'message-id',
  'date',
  'mime-version',
  'content-type',
  'content-transfer-encoding',
];

const PART_HEADERS = ['content-type', 'content-transfer-encoding', 'content-disposition', 'content-id'];

/**
 * Only the headers the emulator writes, each once, in the message and in every attachment part; and no bare CR or
 * LF anywhere (every line break is CRLF).
 */
async function expectNoInjectedHeader(raw: Buffer): Promise<void> {
  const lines = headerLines(raw);
  for (const [name] of lines) {
    expect(name, `unexpected header line in:\n${raw.subarray(0, 2000).toString('latin1')}`).toMatch(/^[a-z0-9-]+$/);
    expect(TOP_LEVEL_HEADERS).toContain(name);
  }
  expect(new Set(lines.map(([name]) => name)).size).toBe(lines.length);
  expect(raw.toString('latin1')).not.toMatch(/\r(?!\n)|(?<!\r)\n/);
  const parsed = await parseMessage(raw);
  expect([...parsed.headers.keys()].filter((name) => name === 'bcc' || name.startsWith('x-injected'))).toEqual([]);
  for (const attachment of parsed.attachments) {
    for (const name of attachment.headers.keys()) expect(PART_HEADERS).toContain(name);
  }
}

// ---------------------------------------------------------------------------------------------------------------

describe('large attachments and the 40 MB body limit', () => {
  it('a 10 MB attachment (about 13.4 MB of JSON) is accepted and captured byte for byte', async () => {
    const bytes = Buffer.alloc(10 * 1024 * 1024);
    for (let i = 0; i < bytes.length; i += 4096) bytes.writeUInt32LE((i * 2654435761) >>> 0, i);
    // How fast is npm run bench's; here the bound is the test's timeout.
    const message = await expectStored(() =>
      sendJson({
        ...INLINE,
        attachments: [{ name: 'big.bin', content: bytes.toString('base64'), content_type: 'application/octet-stream' }],
      }),
    );
    expect(message.attachments).toEqual([
      { filename: 'big.bin', content_type: 'application/octet-stream', content_id: null, size: bytes.length },
    ]);
    const parsed = await parseMessage(message.raw);
    expect(parsed.attachments[0]?.content.equals(bytes)).toBe(true);
  }, 30_000);

  it('an attachment that takes the body over 40 MB: 413 "The POST data is too large.", nothing captured', async () => {
    const before = await totals();
    const content = 'A'.repeat(40 * 1024 * 1024);
    const body = Buffer.from(
      JSON.stringify({
        ...INLINE,
        attachments: [{ name: 'huge.bin', content, content_type: 'application/octet-stream' }],
      }),
    );
    const res = await postTolerantly(body);
    expect(res.status).toBe(413);
    expect(res.text).toBe(pretty('The POST data is too large.'));
    expect(await totals()).toEqual(before);
  }, 30_000);
});

/**
 * Sends a body the server may refuse before reading it: the response is read even if the server closes the
 * connection while the body is still being written.
 */
function postTolerantly(body: Buffer): Promise<{ status: number; text: string }> {
  const { hostname, port } = new URL(emulator().url);
  return new Promise((resolve, reject) => {
    const socket = connect({ host: hostname, port: Number(port) });
    let buffer = Buffer.alloc(0);
    const done = () => {
      const end = buffer.indexOf('\r\n\r\n');
      if (end === -1) return reject(new Error(`no response: ${buffer.toString('latin1')}`));
      const head = buffer.subarray(0, end).toString('latin1');
      const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? buffer.length - end - 4);
      resolve({
        status: Number(head.split(' ')[1]),
        text: buffer.subarray(end + 4, end + 4 + length).toString('utf8'),
      });
    };
    socket.on('data', (chunk: Buffer) => {
      buffer = Buffer.concat([buffer, chunk]);
    });
    socket.on('error', () => undefined);
    socket.on('close', done);
    socket.write(
      `POST ${SEND} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nAccept: application/json\r\n` +
        `Authorization: Bearer ${emulator().token}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n` +
        'Connection: close\r\n\r\n',
    );
    socket.write(body, () => socket.end());
  });
}

describe('invalid base64 (PHP base64_decode, not strict)', () => {
  const cases: Array<[string, string, string]> = [
    ['padding in the middle: decoding goes on after it', 'SGVs=bG8=', 'Hello'],
    ['characters outside the alphabet are skipped', 'SGV*s!b G8\t=', 'Hello'],
    ['base64url characters are not the alphabet: skipped', 'SGVsbG8-_', 'Hello'],
    ['missing padding is fine', 'SGVsbG8', 'Hello'],
    ['a lone sixth of a byte at the end is dropped', 'SGVsbG8hQ', 'Hello!'],
    ['CRLF line breaks (Symfony wraps at 76 columns)', 'SGVs\r\nbG8=\r\n', 'Hello'],
    ['nothing decodable: an empty attachment', '%%%%', ''],
  ];
  for (const [title, content, decoded] of cases) {
    it(`${title}: ${JSON.stringify(content)} -> ${JSON.stringify(decoded)}`, async () => {
      const message = await expectStored(() =>
        sendJson({ ...INLINE, attachments: [{ name: 'odd.txt', content, content_type: 'text/plain' }] }),
      );
      expect(message.attachments[0]?.size).toBe(Buffer.byteLength(decoded));
      const raw = message.raw.toString('latin1');
      expect(raw).toContain('filename=odd.txt');
      const parsed = await parseMessage(message.raw);
      const part = parsed.attachments.find((a) => a.filename === 'odd.txt');
      // mailparser drops empty parts from the list; the size above pins the empty case.
      if (decoded !== '') expect(part?.content.toString('latin1')).toBe(decoded);
    });
  }
});

describe('1,000 recipients', () => {
  const many = (prefix: string, count = 1000) => Array.from({ length: count }, (_, i) => `${prefix}${i}@example.com`);

  it('1,000 To, 1,000 named Cc and 1,000 Bcc addresses in one send: accepted within seconds (nothing quadratic in the recipients)', async () => {
    const to = many('r');
    // Delimited splits on every comma, quotes or not: commas in names must not repeat an item (see send-validation).
    const cc = many('c').map((email, i) => `"Copy ${i}, Esq." <${email}>`);
    const bcc = many('b');
    // The recipients' parsing is shown linear by how its time grows (test/unit/addresses.test.ts); 41,666 cc in one
    // send are answered within the test's timeout in hostile-input.test.ts. Here: all 3,000 arrive, in order.
    const message = await expectStored(() =>
      sendJson({ ...INLINE, to: to.join(', '), cc: cc.join(','), bcc: bcc.join(',') }),
    );
    expect(message.envelopeTo).toEqual([...to, ...many('c'), ...bcc]);
    const parsed = await parseMessage(message.raw);
    const list = (value: typeof parsed.to) =>
      (Array.isArray(value) ? value : value === undefined ? [] : [value]).flatMap((a) => a.value);
    expect(list(parsed.to).map((a) => a.address)).toEqual(to);
    expect(list(parsed.cc).at(-1)).toEqual({ name: 'Copy 999, Esq.', address: 'c999@example.com' });
    expect(parsed.bcc).toBeUndefined();
    await expectNoInjectedHeader(message.raw);
  });

  it('one duplicate among 1,000: "You may not specify duplicates."', async () => {
    const to = [...many('r', 999), 'r500@example.com'];
    await expect422(() => sendJson({ ...INLINE, to: to.join(',') }), { to: ['You may not specify duplicates.'] });
  });

  it('one address without a TLD as the 1,000th: that address is named', async () => {
    const to = [...many('r', 999), 'last@localhost'];
    await expect422(() => sendJson({ ...INLINE, to: to.join(',') }), { to: ['last@localhost is not a valid email.'] });
  });
});

describe('CR and LF never inject a header', () => {
  it("in the subject, every display name, and an attachment's name and type", async () => {
    const message = await expectStored(() =>
      sendJson({
        subject: 'Hi\r\nBcc: evil@example.com',
        html: '<p>Hi</p>',
        from: '"Shop\r\nX-Injected-From: 1" <shop@example.com>',
        to: 'Jane\nBcc: evil@example.com <jane.doe@example.com>',
        cc: '"Carol\r\nX-Injected-Cc: 1" <carol@example.com>',
        bcc: 'Dave\r <dave@example.com>',
        reply_to: '"Support\r\n\r\nbody" <support@example.com>',
        attachments: [
          { name: 'a.txt\r\nX-Injected-Name: 1', content: 'SGk=', content_type: 'text/plain\r\nX-Injected-Type: 1' },
        ],
      }),
    );
    await expectNoInjectedHeader(message.raw);
    const parsed = await parseMessage(message.raw);
    expect(parsed.headers.has('bcc')).toBe(false);
    expect([...parsed.headers.keys()].filter((key) => key.startsWith('x-injected'))).toEqual([]);
    // The names lose their line breaks (Symfony's Address drops CR and LF); the subject stays one line.
    expect(parsed.from?.value).toEqual([{ name: 'ShopX-Injected-From: 1', address: 'shop@example.com' }]);
    expect(parsed.to).toMatchObject({
      value: [{ name: 'JaneBcc: evil@example.com', address: 'jane.doe@example.com' }],
    });
    expect(parsed.cc).toMatchObject({ value: [{ name: 'CarolX-Injected-Cc: 1', address: 'carol@example.com' }] });
    expect(parsed.replyTo?.value).toEqual([{ name: 'Supportbody', address: 'support@example.com' }]);
    expect(parsed.subject?.replace(/\s+/g, ' ')).toBe('Hi Bcc: evil@example.com');
    expect(message.envelopeTo).toEqual(['jane.doe@example.com', 'carol@example.com', 'dave@example.com']);
    expect(parsed.attachments.map((a) => a.content.toString())).toEqual(['Hi']);
  });

  it('in a replacement that ends up in the subject', async () => {
    const message = await expectStored(() =>
      sendJson({ ...TEMPLATE, replacements: { first_name: 'Jane\r\nBcc: evil@example.com\r\n\r\n<p>owned</p>' } }),
    );
    await expectNoInjectedHeader(message.raw);
    const parsed = await parseMessage(message.raw);
    expect(parsed.subject?.replace(/\s+/g, ' ')).toBe('Welcome Jane Bcc: evil@example.com <p>owned</p>');
    expect(message.envelopeTo).toEqual(['jane.doe@example.com']);
  });

  it("inside an address it is not an address: 422 with Symfony's message", async () => {
    await expect422(() => sendJson({ ...INLINE, to: 'jane.doe@example.com\r\nBcc: evil@example.com' }), {
      to: [rfc('jane.doe@example.com\r\nBcc: evil@example.com')],
    });
    await expect422(() => sendJson({ ...INLINE, from: 'shop@example.com\nBcc: evil@example.com' }), {
      from: [rfc('shop@example.com\nBcc: evil@example.com')],
    });
  });
});

describe('deep and odd structures', () => {
  const nested = (depth: number): unknown => {
    let value: unknown = 'x';
    for (let i = 0; i < depth; i++) value = { k: value };
    return value;
  };

  it('replacements nested 200 levels deep (JSON): accepted, kept as given', async () => {
    const message = await expectStored(() =>
      sendJson({ ...TEMPLATE, replacements: { first_name: 'Ada', deep: nested(200) } }),
    );
    expect(message.replacements).toEqual({ first_name: 'Ada', deep: nested(200) });
    expect((await parseMessage(message.raw)).subject).toBe('Welcome Ada');
  });

  it("JSON deeper than PHP's 512 levels does not decode: the {} errors", async () => {
    await expect422(() => sendJson({ ...TEMPLATE, replacements: { deep: nested(600) } }), EMPTY_ERRORS);
  });

  it('100,000 levels of [ does not crash the parser: the {} errors', async () => {
    await expect422(() => post(`{"replacements":${'['.repeat(100_000)}`), EMPTY_ERRORS);
  });

  it('replacements nested 200 levels deep in a form body: accepted (no 500)', async () => {
    const form = `mail_name=welcome&from=shop%40example.com&to=jane.doe%40example.com&replacements${'%5Ba%5D'.repeat(200)}=x`;
    await expectStored(() => post(form, 'application/x-www-form-urlencoded'));
  });

  it('prototype-ish keys are plain keys: toString as a number is refused, __proto__/constructor pass', async () => {
    await expect422(
      () =>
        post(
          `{"mail_name":"welcome","from":"shop@example.com","to":"jane.doe@example.com","replacements":{"__proto__":{"x":1},"constructor":"y","toString":5}}`,
        ),
      {
        'replacements.toString': ['replacements.toString must be a string or array'],
      },
    );
    await expectStored(() =>
      post(
        `{"mail_name":"welcome","from":"shop@example.com","to":"jane.doe@example.com","replacements":{"__proto__":{"x":1},"constructor":"y","hasOwnProperty":"z"}}`,
      ),
    );
    await expectStored(() =>
      post(
        'mail_name=welcome&from=shop%40example.com&to=jane.doe%40example.com&replacements%5B__proto__%5D%5Bx%5D=1&replacements%5Bconstructor%5D=y',
        'application/x-www-form-urlencoded',
      ),
    );
  });

  it('a replacement key with a dot and an array where the template prints a string: accepted', async () => {
    await expectStored(() => sendJson({ ...TEMPLATE, replacements: { 'first.name': 'x', first_name: { a: 1 } } }));
  });

  it('attachments as a map instead of a list: accepted like a PHP array', async () => {
    const message = await expectStored(() =>
      sendJson({ ...INLINE, attachments: { first: { name: 'a.txt', content: 'SGk=', content_type: 'text/plain' } } }),
    );
    expect(message.attachments.map((a) => a.filename)).toEqual(['a.txt']);
  });
});

describe('malformed JSON reads as empty input: the {} errors', () => {
  const bodies: Array<[string, string | Buffer]> = [
    ['truncated', '{"mail_name":"welcome","from":"shop@example.com","to":'],
    ['trailing comma', '{"mail_name":"welcome","from":"shop@example.com","to":"jane.doe@example.com",}'],
    ['single quotes', "{'mail_name':'welcome'}"],
    ['a bare string', '"welcome"'],
    ['null', 'null'],
    ['a number', '42'],
    ['a list of objects', '[{"mail_name":"welcome"}]'],
    ['a form body sent as JSON', 'mail_name=welcome&from=shop%40example.com&to=jane.doe%40example.com'],
    [
      'invalid UTF-8',
      Buffer.concat([
        Buffer.from('{"mail_name":"welcome","from":"shop@example.com","to":"jane.doe@example.com","subject":"'),
        Buffer.from([0xff, 0xfe]),
        Buffer.from('"}'),
      ]),
    ],
    ['a byte order mark', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(JSON.stringify(TEMPLATE))])],
    [
      'a lone surrogate escape',
      '{"mail_name":"welcome","from":"shop@example.com","to":"jane.doe@example.com","subject":"\\ud800"}',
    ],
  ];
  for (const [title, body] of bodies) {
    it(title, async () => {
      await expect422(() => post(body), EMPTY_ERRORS);
    });
  }
});

describe('wrong types never reach the mail builder', () => {
  it('to as a number or an object', async () => {
    await expect422(() => sendJson({ ...INLINE, to: 5 }), { to: ['to must be a string'] });
    await expect422(() => sendJson({ ...INLINE, to: { email: 'jane.doe@example.com', name: 'Jane' } }), {
      to: ['to must be a string'],
    });
    await expect422(() => sendJson({ ...INLINE, to: true }), { to: ['to must be a string'] });
  });

  it('from as an object', async () => {
    await expect422(() => sendJson({ ...INLINE, from: { email: 'shop@example.com' } }), {
      from: ['The from field must be a string.'],
    });
  });

  it('attachments as a string, or items that are not objects', async () => {
    await expect422(() => sendJson({ ...INLINE, attachments: 'hello.txt' }), {
      attachments: ['The attachments field must be an array.'],
    });
    await expect422(() => sendJson({ ...INLINE, attachments: ['SGk=', null] }), {
      'attachments.0.name': ['The attachments.0.name field is required.'],
      'attachments.1.name': ['The attachments.1.name field is required.'],
      'attachments.0.content': ['The attachments.0.content field is required.'],
      'attachments.1.content': ['The attachments.1.content field is required.'],
      'attachments.0.content_type': ['The attachments.0.content type field is required.'],
      'attachments.1.content_type': ['The attachments.1.content type field is required.'],
    });
  });

  it('everything at once', async () => {
    await expect422(
      () =>
        sendJson({
          mail_name: {},
          subject: [],
          html: 1,
          text: null,
          replacements: true,
          from: [],
          to: {},
          cc: 1,
          store: {},
          mailer: [],
          attachments: 0,
          fake: [],
        }),
      {
        mail_name: ['The mail name field must be a string.', 'The selected mail name is invalid.'],
        subject: [
          'The subject field must be a string.',
          'The subject field is required when mail name is not present.',
        ],
        html: ['The html field must be a string.'],
        replacements: ['The replacements field must be an array.'],
        from: ['The from field is required.'],
        to: ['The to field is required.'],
        cc: ['cc must be a string'],
        store: ['The store field must be true or false.'],
        mailer: [
          'The mailer field must be a string.',
          'You must pass a valid mailer key. Valid values are: smtp, ses and log.',
        ],
        attachments: ['The attachments field must be an array.'],
        fake: ['The fake field must be true or false.'],
      },
    );
  });
});

describe('odd text', () => {
  it('invalid UTF-8 in a form body, NUL characters and a 1 MB subject: accepted, and the message still parses', async () => {
    await expectStored(() =>
      post(
        'subject=%FF%FE&html=%C3%28&from=shop%40example.com&to=jane.doe%40example.com',
        'application/x-www-form-urlencoded',
      ),
    );
    const withNul = await expectStored(() => sendJson({ ...INLINE, subject: 'a\u0000b', html: 'x\u0000y' }));
    expect((await parseMessage(withNul.raw)).to).toMatchObject({ value: [{ address: 'jane.doe@example.com' }] });
    const long = 'word '.repeat(200_000).trim();
    // Within the test's timeout: the header encoders were quadratic in memory and time on this subject.
    const message = await expectStored(() => sendJson({ ...INLINE, subject: long }));
    expect((await parseMessage(message.raw)).subject).toBe(long);
    await expectNoInjectedHeader(message.raw);
  });
});
