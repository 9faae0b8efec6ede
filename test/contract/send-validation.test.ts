/**
 * POST /api/transactional-mails/send validation, over HTTP (docs/spec/mailcoach-reference.md#41-validation-v8-httpapirequestssendtransactionalmailrequestphp-8259; decisions.md "Validation rules, field
 * order and message wording", "422 summary message", "Inputs"): every message with its exact text, the order of
 * the keys in `errors` (plain fields in rule order, wildcard fields after them), the same results for JSON, form
 * and query-string input, and that a refused send captures nothing and records nothing.
 *
 * Fixtures (test/fixtures): templates `welcome` (uuid 7c6b5a49-...), `password-reset`, `Order-Shipped`;
 * jane@example.com is suppressed, so accepted sends here go to other addresses.
 */
import { describe, expect, it } from 'vitest';
import { capturedMessages, lastCaptured, parseMessage } from '../support/captured.js';
import { spawnEmulator, useEmulator } from '../support/emulator-process.js';
import { invalidBody, rfc, UUID } from '../support/expected.js';
import { apiClient, rawRequest, type ApiClient, type RawResponse } from '../support/http.js';

const SEND = '/api/transactional-mails/send';
const WELCOME_UUID = '7c6b5a49-3827-4615-a4b3-c2d1e0f9a8b7';

const emulator = useEmulator();
const api = () => apiClient(emulator().url, emulator().token);

const REQUIRED = {
  subject: 'The subject field is required when mail name is not present.',
  html: 'The html field is required when none of mail name / text are present.',
  text: 'The text field is required when none of mail name / html are present.',
  from: 'The from field is required.',
  to: 'The to field is required.',
};
const EMPTY_ERRORS = {
  subject: [REQUIRED.subject],
  html: [REQUIRED.html],
  text: [REQUIRED.text],
  from: [REQUIRED.from],
  to: [REQUIRED.to],
};
const MAIL_NAME_NULL = ['The mail name field must be a string.', 'The selected mail name is invalid.'];
const MAILER_MESSAGE = 'You must pass a valid mailer key. Valid values are: smtp, ses and log.';

const BASE = { mail_name: 'welcome', from: 'shop@example.com', to: 'jane.doe@example.com' };
const INLINE = { subject: 'Hello', html: '<p>Hello</p>', from: 'shop@example.com', to: 'jane.doe@example.com' };

const sendJson = (json: unknown, client: ApiClient = api()) => client.post(SEND, { json });
const sendForm = (form: string) => api().post(SEND, { form });

interface Totals {
  captured: number;
  logItems: number;
  sends: number;
}

async function totals(client: ApiClient = api(), dbPath = emulator().dbPath): Promise<Totals> {
  const logItems = await client.get('/api/transactional-mails');
  const sends = await client.get('/api/sends');
  expect(logItems.status).toBe(200);
  expect(sends.status).toBe(200);
  return {
    captured: capturedMessages(dbPath).length,
    logItems: logItems.json().meta.total,
    sends: sends.json().meta.total,
  };
}

/** Runs a send that must be refused with exactly these errors, and checks nothing was captured or recorded. */
async function expectRefused(
  action: () => Promise<RawResponse>,
  errors: Record<string, string[]>,
  where: { client?: ApiClient; dbPath?: string } = {},
): Promise<void> {
  const before = await totals(where.client, where.dbPath);
  const res = await action();
  expect(res.status, res.text).toBe(422);
  expect(res.headers['content-type']).toBe('application/json');
  expect(res.text).toBe(invalidBody(errors));
  // Key order is part of the bytes above; said once more for the reader.
  expect(Object.keys(res.json().errors)).toEqual(Object.keys(errors));
  expect(await totals(where.client, where.dbPath)).toEqual(before);
}

const refusedJson = (json: unknown, errors: Record<string, string[]>) => expectRefused(() => sendJson(json), errors);

/** Runs a send that must be accepted and stored: 200 `{"uuid":"..."}`, one more capture, log item and Send. */
async function expectStored(action: () => Promise<RawResponse>): Promise<string> {
  const before = await totals();
  const res = await action();
  expect(res.status, res.text).toBe(200);
  const uuid = res.json().uuid as string;
  expect(uuid).toMatch(UUID);
  expect(res.text).toBe(`{"uuid":"${uuid}"}`);
  expect(await totals()).toEqual({
    captured: before.captured + 1,
    logItems: before.logItems + 1,
    sends: before.sends + 1,
  });
  expect((await api().get(`/api/transactional-mails/${uuid}`)).status).toBe(200);
  return uuid;
}

const storedJson = (json: unknown) => expectStored(() => sendJson(json));

async function lastParsed() {
  const message = lastCaptured(emulator().dbPath);
  if (message === undefined) throw new Error('nothing was captured');
  return { message, parsed: await parseMessage(message.raw) };
}

describe('required fields', () => {
  it('{} gives subject, html, text, from and to, in that order, with the exact texts and bytes', async () => {
    const before = await totals();
    const res = await sendJson({});
    expect(res.status).toBe(422);
    expect(res.text).toBe(
      '{"message":"The given data was invalid.","errors":{' +
        '"subject":["The subject field is required when mail name is not present."],' +
        '"html":["The html field is required when none of mail name \\/ text are present."],' +
        '"text":["The text field is required when none of mail name \\/ html are present."],' +
        '"from":["The from field is required."],' +
        '"to":["The to field is required."]}}',
    );
    expect(await totals()).toEqual(before);
  });

  it('no body at all, an empty form body and a JSON list read as {}', async () => {
    await expectRefused(() => api().post(SEND), EMPTY_ERRORS);
    await expectRefused(() => sendForm(''), EMPTY_ERRORS);
    await expectRefused(() => sendJson(['a@example.com']), EMPTY_ERRORS);
  });

  it('"" and whitespace-only values count as absent', async () => {
    await refusedJson(
      { mail_name: null, subject: '', html: '   ', text: '', from: '', to: ' ' },
      {
        mail_name: MAIL_NAME_NULL,
        ...EMPTY_ERRORS,
      },
    );
  });

  it('subject is required without mail_name; html and text each without mail_name and the other', async () => {
    await refusedJson({ ...INLINE, subject: undefined }, { subject: [REQUIRED.subject] });
    await refusedJson({ ...INLINE, html: undefined }, { html: [REQUIRED.html], text: [REQUIRED.text] });
    await storedJson({ ...INLINE, html: undefined, text: 'Plain hello' });
    await storedJson(INLINE);
  });

  it('from is required', async () => {
    await refusedJson({ ...BASE, from: undefined }, { from: [REQUIRED.from] });
    await refusedJson({ ...BASE, from: '' }, { from: [REQUIRED.from] });
    await refusedJson({ ...BASE, from: null }, { from: [REQUIRED.from] });
  });

  it('to is required', async () => {
    await refusedJson({ ...BASE, to: undefined }, { to: [REQUIRED.to] });
    await refusedJson({ ...BASE, to: '' }, { to: [REQUIRED.to] });
    await refusedJson({ ...BASE, to: null }, { to: [REQUIRED.to] });
  });
});

describe('mail_name', () => {
  it('an unknown name: "The selected mail name is invalid." alone (it still counts as given)', async () => {
    await refusedJson(
      { ...BASE, mail_name: 'no-such-template' },
      { mail_name: ['The selected mail name is invalid.'] },
    );
  });

  it('names are matched exactly', async () => {
    await refusedJson({ ...BASE, mail_name: 'WELCOME' }, { mail_name: ['The selected mail name is invalid.'] });
    await refusedJson({ ...BASE, mail_name: 'order-shipped' }, { mail_name: ['The selected mail name is invalid.'] });
  });

  it('"" becomes null, and null gets both messages; the inline fields are then required', async () => {
    const errors = {
      mail_name: MAIL_NAME_NULL,
      subject: [REQUIRED.subject],
      html: [REQUIRED.html],
      text: [REQUIRED.text],
    };
    await refusedJson({ ...BASE, mail_name: '' }, errors);
    await refusedJson({ ...BASE, mail_name: null }, errors);
    await expectRefused(() => sendForm('mail_name=&from=shop%40example.com&to=jane.doe%40example.com'), errors);
  });

  it('a JSON number or array: both messages, no required_without errors', async () => {
    await refusedJson({ ...BASE, mail_name: 5 }, { mail_name: MAIL_NAME_NULL });
    await refusedJson({ ...BASE, mail_name: ['welcome'] }, { mail_name: MAIL_NAME_NULL });
  });

  it('a template uuid is accepted and the template is used', async () => {
    await storedJson({ ...BASE, mail_name: WELCOME_UUID, replacements: { first_name: 'Ada' } });
    const { message, parsed } = await lastParsed();
    expect(message.templateName).toBe('welcome');
    expect(parsed.subject).toBe('Welcome Ada');
    expect(parsed.html).toContain('Hello Ada');
  });

  it('the name is trimmed before the lookup', async () => {
    await storedJson({ ...BASE, mail_name: '  welcome  ' });
    expect((await lastParsed()).message.templateName).toBe('welcome');
  });
});

describe('subject, html, text', () => {
  it('must be strings', async () => {
    await refusedJson({ ...INLINE, subject: 5 }, { subject: ['The subject field must be a string.'] });
    await refusedJson({ ...INLINE, html: { p: 'x' } }, { html: ['The html field must be a string.'] });
    await refusedJson({ ...INLINE, text: false }, { text: ['The text field must be a string.'] });
  });

  it('an empty array is neither a string nor filled: both messages', async () => {
    await refusedJson(
      { ...INLINE, subject: [] },
      {
        subject: ['The subject field must be a string.', REQUIRED.subject],
      },
    );
  });
});

describe('replacements', () => {
  it('must be an array', async () => {
    const errors = { replacements: ['The replacements field must be an array.'] };
    await refusedJson({ ...BASE, replacements: 'first_name=Ada' }, errors);
    await refusedJson({ ...BASE, replacements: 5 }, errors);
    await expectRefused(
      () => sendForm('mail_name=welcome&from=shop%40example.com&to=jane.doe%40example.com&replacements=x'),
      errors,
    );
  });

  it('JSON numbers and booleans are refused key by key: "replacements.<key> must be a string or array"', async () => {
    await refusedJson(
      {
        ...BASE,
        replacements: {
          first_name: 'Ada',
          order_id: 1234,
          vip: true,
          ratio: 0.5,
          off: false,
          none: null,
          list: [1, 2],
          map: { a: 1 },
        },
      },
      {
        'replacements.order_id': ['replacements.order_id must be a string or array'],
        'replacements.vip': ['replacements.vip must be a string or array'],
        'replacements.ratio': ['replacements.ratio must be a string or array'],
        'replacements.off': ['replacements.off must be a string or array'],
      },
    );
    await refusedJson(
      { ...BASE, replacements: ['a', 2] },
      { 'replacements.1': ['replacements.1 must be a string or array'] },
    );
  });

  it('strings, nulls, lists and maps pass (nested numbers are not checked)', async () => {
    await storedJson({
      ...BASE,
      replacements: { first_name: 'Ada', none: null, empty: '', list: [1, 2], map: { a: 1, b: [true] } },
    });
  });

  it('form values arrive as strings and pass, booleans included (the SDK sends 1/0)', async () => {
    await expectStored(() =>
      sendForm(
        'mail_name=welcome&from=shop%40example.com&to=jane.doe%40example.com&replacements%5Bfirst_name%5D=Ada&replacements%5Border_id%5D=1234&replacements%5Bvip%5D=1',
      ),
    );
    expect((await lastParsed()).message.replacements).toEqual({ first_name: 'Ada', order_id: '1234', vip: '1' });
  });
});

describe('from', () => {
  it("an unparsable from is a 422 with Symfony's message (Mailcoach itself would answer 500)", async () => {
    await refusedJson({ ...BASE, from: 'x' }, { from: [rfc('x')] });
    await refusedJson({ ...BASE, from: 'Shop <not an address>' }, { from: [rfc('not an address')] });
    await refusedJson({ ...BASE, from: 'shop@example.com,' }, { from: [rfc('')] });
  });

  it('a non-string from: "The from field must be a string."', async () => {
    await refusedJson({ ...BASE, from: ['shop@example.com'] }, { from: ['The from field must be a string.'] });
    await refusedJson({ ...BASE, from: 42 }, { from: ['The from field must be a string.'] });
  });

  it('Name <addr>, a quoted name and no-TLD addresses are accepted (no strict check on from)', async () => {
    await storedJson({ ...BASE, from: 'Acme Support <support@example.com>' });
    expect((await lastParsed()).parsed.from?.value).toEqual([{ name: 'Acme Support', address: 'support@example.com' }]);
    await storedJson({ ...BASE, from: '"Acme, Inc." <support@example.com>' });
    expect((await lastParsed()).parsed.from?.value).toEqual([{ name: 'Acme, Inc.', address: 'support@example.com' }]);
    await storedJson({ ...BASE, from: 'rias@gmail' });
    expect((await lastParsed()).message.envelopeFrom).toBe('rias@gmail');
  });
});

describe('to', () => {
  it('a JSON array, number or object: "to must be a string"', async () => {
    await refusedJson({ ...BASE, to: ['jane.doe@example.com'] }, { to: ['to must be a string'] });
    await refusedJson({ ...BASE, to: 5 }, { to: ['to must be a string'] });
    await refusedJson({ ...BASE, to: { email: 'jane.doe@example.com' } }, { to: ['to must be a string'] });
  });

  it('" , ": "You must specify at least 1 items", then the empty item fails to parse', async () => {
    await refusedJson({ ...BASE, to: ' , ' }, { to: ['You must specify at least 1 items', rfc('')] });
  });

  it('duplicates: "You may not specify duplicates." (case-sensitive, after trimming items)', async () => {
    await refusedJson(
      { ...BASE, to: 'jane.doe@example.com, jane.doe@example.com' },
      { to: ['You may not specify duplicates.'] },
    );
    await refusedJson(
      { ...BASE, to: 'a@example.com,b@example.com, a@example.com' },
      { to: ['You may not specify duplicates.'] },
    );
  });

  it('Delimited splits on every comma, quotes or not: two quoted names sharing the part before a comma are "duplicates"', async () => {
    await refusedJson(
      { ...BASE, to: '"Doe, Jane" <jane.doe@example.com>,"Doe, John" <john.doe@example.com>' },
      {
        to: ['You may not specify duplicates.'],
      },
    );
    await storedJson({ ...BASE, to: '"Doe, Jane" <jane.doe@example.com>,"Roe, John" <john.roe@example.com>' });
  });

  it("an unparsable item: Symfony's RFC 2822 message, with the item as given", async () => {
    await refusedJson({ ...BASE, to: 'not-an-email' }, { to: [rfc('not-an-email')] });
    await refusedJson({ ...BASE, to: 'jane.doe@example.com, bob' }, { to: [rfc(' bob')] });
    await refusedJson({ ...BASE, to: 'Jane <jane.doe@example>com>' }, { to: [rfc('jane.doe@example>com')] });
  });

  it('a trailing or doubled comma leaves an empty item, which fails to parse', async () => {
    await refusedJson({ ...BASE, to: 'jane.doe@example.com,' }, { to: [rfc('')] });
    await refusedJson({ ...BASE, to: 'jane.doe@example.com,,bob@example.com' }, { to: [rfc('')] });
  });

  it('each address must pass email:rfc,strict: "rias@gmail is not a valid email."', async () => {
    await refusedJson({ ...BASE, to: 'rias@gmail' }, { to: ['rias@gmail is not a valid email.'] });
    await refusedJson(
      { ...BASE, to: 'Rias <rias@gmail>, bob@example.com' },
      { to: ['rias@gmail is not a valid email.'] },
    );
  });

  it('Name <addr> and bare addresses, comma-separated', async () => {
    await storedJson({ ...BASE, to: 'Jane Doe <jane.doe@example.com>, bob@example.com' });
    expect((await lastParsed()).parsed.to).toMatchObject({
      value: [
        { name: 'Jane Doe', address: 'jane.doe@example.com' },
        { name: '', address: 'bob@example.com' },
      ],
    });
  });

  it('a quoted name may contain a comma', async () => {
    await storedJson({ ...BASE, to: '"Doe, Jane" <jane.doe@example.com>' });
    expect((await lastParsed()).parsed.to).toMatchObject({
      value: [{ name: 'Doe, Jane', address: 'jane.doe@example.com' }],
    });
  });

  it('raw UTF-8 names are accepted (JSON and form)', async () => {
    await storedJson({ ...BASE, to: 'Jörg Müller <joerg@example.com>' });
    expect((await lastParsed()).parsed.to).toMatchObject({
      value: [{ name: 'Jörg Müller', address: 'joerg@example.com' }],
    });
    await expectStored(() =>
      sendForm('mail_name=welcome&from=shop%40example.com&to=J%C3%B6rg+M%C3%BCller+%3Cjoerg%40example.com%3E'),
    );
    expect((await lastParsed()).parsed.to).toMatchObject({
      value: [{ name: 'Jörg Müller', address: 'joerg@example.com' }],
    });
  });
});

describe('cc, bcc, reply_to', () => {
  it('accept rias@gmail (no strict check) and names', async () => {
    await storedJson({ ...BASE, cc: 'rias@gmail', bcc: 'Rias <rias@gmail>', reply_to: 'rias@gmail' });
    const { message, parsed } = await lastParsed();
    expect(message.envelopeTo).toEqual(['jane.doe@example.com', 'rias@gmail', 'rias@gmail']);
    expect(parsed.replyTo?.value).toEqual([{ name: '', address: 'rias@gmail' }]);
  });

  it('"" is absent', async () => {
    await storedJson({ ...BASE, cc: '', bcc: '', reply_to: '' });
  });

  it("unparsable items: Symfony's message under each field", async () => {
    await refusedJson(
      { ...BASE, cc: 'bad', bcc: 'Erin <also bad>', reply_to: 'support@example.com,' },
      {
        cc: [rfc('bad')],
        bcc: [rfc('also bad')],
        reply_to: [rfc('')],
      },
    );
  });

  it('the Delimited messages: not a string, no items, duplicates', async () => {
    await refusedJson(
      { ...BASE, cc: ['c@example.com'], bcc: 7, reply_to: ' , ' },
      {
        cc: ['cc must be a string'],
        bcc: ['bcc must be a string'],
        reply_to: ['You must specify at least 1 items', rfc('')],
      },
    );
    await refusedJson({ ...BASE, bcc: 'b@example.com, b@example.com' }, { bcc: ['You may not specify duplicates.'] });
  });
});

describe('store and fake', () => {
  it('accept true, false, 1, 0, "1" and "0": store decides 200 or 204', async () => {
    for (const value of [true, 1, '1']) {
      await storedJson({ ...BASE, store: value });
    }
    for (const value of [false, 0, '0']) {
      const before = await totals();
      const res = await sendJson({ ...BASE, store: value });
      expect(res.status, res.text).toBe(204);
      expect(res.text).toBe('');
      expect(await totals()).toEqual({ ...before, captured: before.captured + 1 });
    }
  });

  it('fake accepts the same values', async () => {
    for (const value of [true, false, 1, 0, '1', '0']) {
      await storedJson({ ...BASE, fake: value });
    }
  });

  it('"true" is refused', async () => {
    await refusedJson(
      { ...BASE, store: 'true', fake: 'true' },
      {
        store: ['The store field must be true or false.'],
        fake: ['The fake field must be true or false.'],
      },
    );
  });

  it('"fake":"" (the Symfony transport\'s FakeHeader(false)) becomes null and is refused', async () => {
    await refusedJson({ ...BASE, fake: '' }, { fake: ['The fake field must be true or false.'] });
    await refusedJson({ ...BASE, store: null }, { store: ['The store field must be true or false.'] });
  });

  it('other values are refused', async () => {
    for (const value of ['false', 'yes', 'on', 2, -1, [], { a: 1 }]) {
      await refusedJson(
        { ...BASE, store: value, fake: value },
        {
          store: ['The store field must be true or false.'],
          fake: ['The fake field must be true or false.'],
        },
      );
    }
  });
});

describe('mailer', () => {
  it('an unknown mailer gets the list of valid ones (default smtp, ses, log)', async () => {
    await refusedJson({ ...BASE, mailer: 'postmark' }, { mailer: [MAILER_MESSAGE] });
    await refusedJson({ ...BASE, mailer: 'SMTP' }, { mailer: [MAILER_MESSAGE] });
  });

  it('a non-string or "" gets both messages', async () => {
    await refusedJson({ ...BASE, mailer: 3 }, { mailer: ['The mailer field must be a string.', MAILER_MESSAGE] });
    await refusedJson({ ...BASE, mailer: '' }, { mailer: ['The mailer field must be a string.', MAILER_MESSAGE] });
  });

  it('each configured mailer is accepted', async () => {
    for (const mailer of ['smtp', 'ses', 'log']) await storedJson({ ...BASE, mailer });
  });

  for (const [list, text] of [
    ['a,b', 'a and b'],
    ['transactional', 'transactional'],
    ['x,y,z', 'x, y and z'],
  ] as const) {
    it(`--mailers ${list}: "Valid values are: ${text}."`, async () => {
      const other = await spawnEmulator({ args: ['--mailers', list] });
      try {
        const client = apiClient(other.url, other.token);
        await expectRefused(
          () => sendJson({ ...BASE, mailer: 'smtp' }, client),
          { mailer: [`You must pass a valid mailer key. Valid values are: ${text}.`] },
          { client, dbPath: other.dbPath },
        );
        const accepted = await sendJson({ ...BASE, mailer: list.split(',')[0] }, client);
        expect(accepted.status, accepted.text).toBe(200);
      } finally {
        const output = other.output();
        await other.stop();
        expect(output).not.toMatch(/^error:/m);
      }
    });
  }
});

describe('attachments', () => {
  const file = { name: 'hello.txt', content: 'SGVsbG8gYXR0YWNobWVudAo=', content_type: 'text/plain' };

  it('must be an array', async () => {
    await refusedJson(
      { ...INLINE, attachments: 'hello.txt' },
      { attachments: ['The attachments field must be an array.'] },
    );
    await refusedJson({ ...INLINE, attachments: 5 }, { attachments: ['The attachments field must be an array.'] });
  });

  it('an item without name, content and content_type: "required", underscores shown as spaces', async () => {
    await refusedJson(
      { ...INLINE, attachments: [{}] },
      {
        'attachments.0.name': ['The attachments.0.name field is required.'],
        'attachments.0.content': ['The attachments.0.content field is required.'],
        'attachments.0.content_type': ['The attachments.0.content type field is required.'],
      },
    );
    await refusedJson(
      { ...INLINE, attachments: [file, { name: 'b.txt', content: '' }] },
      {
        'attachments.1.content': ['The attachments.1.content field is required.'],
        'attachments.1.content_type': ['The attachments.1.content type field is required.'],
      },
    );
  });

  it('wrong types: "must be a string", content_id included', async () => {
    await refusedJson(
      { ...INLINE, attachments: [{ name: 1, content: 'SGk=', content_type: ['text/plain'], content_id: 5 }] },
      {
        'attachments.0.name': ['The attachments.0.name field must be a string.'],
        'attachments.0.content_type': ['The attachments.0.content type field must be a string.'],
        'attachments.0.content_id': ['The attachments.0.content id field must be a string.'],
      },
    );
  });

  it('complete items, [] and null are accepted', async () => {
    await storedJson({ ...INLINE, attachments: [file, { ...file, name: 'inline.txt', content_id: 'cid:inline.txt' }] });
    expect((await lastParsed()).message.attachments.map((a) => [a.filename, a.content_id])).toEqual([
      ['hello.txt', null],
      ['inline.txt', 'inline.txt'],
    ]);
    await storedJson({ ...INLINE, attachments: [] });
    await storedJson({ ...INLINE, attachments: null });
  });

  it("form bodies use bracket keys (the SDK's http_build_query)", async () => {
    await expectRefused(
      () =>
        sendForm(
          'subject=Hi&html=x&from=shop%40example.com&to=jane.doe%40example.com&attachments%5B0%5D%5Bname%5D=a.txt',
        ),
      {
        'attachments.0.content': ['The attachments.0.content field is required.'],
        'attachments.0.content_type': ['The attachments.0.content type field is required.'],
      },
    );
  });
});

describe('error order', () => {
  it('every plain field failing: keys follow the rules, not the input', async () => {
    await refusedJson(
      {
        fake: 'no',
        attachments: 'x',
        mailer: 'nope',
        store: 'yes',
        reply_to: 'bad-reply',
        bcc: 'bad-bcc',
        cc: 'bad-cc',
        to: 'rias@gmail',
        from: 'bad-from',
        replacements: 'x',
        text: 1,
        html: 2,
        subject: 3,
        mail_name: 'nope',
      },
      {
        mail_name: ['The selected mail name is invalid.'],
        subject: ['The subject field must be a string.'],
        html: ['The html field must be a string.'],
        text: ['The text field must be a string.'],
        replacements: ['The replacements field must be an array.'],
        from: [rfc('bad-from')],
        to: ['rias@gmail is not a valid email.'],
        cc: [rfc('bad-cc')],
        bcc: [rfc('bad-bcc')],
        reply_to: [rfc('bad-reply')],
        store: ['The store field must be true or false.'],
        mailer: [MAILER_MESSAGE],
        attachments: ['The attachments field must be an array.'],
        fake: ['The fake field must be true or false.'],
      },
    );
  });

  it('wildcard fields (replacements.*, attachments.*.*) come after every plain field, even fake', async () => {
    await refusedJson(
      { attachments: [{ name: 'a.txt' }], replacements: { n: 1 }, fake: 'no', ...BASE, mail_name: 'nope' },
      {
        mail_name: ['The selected mail name is invalid.'],
        fake: ['The fake field must be true or false.'],
        'replacements.n': ['replacements.n must be a string or array'],
        'attachments.0.content': ['The attachments.0.content field is required.'],
        'attachments.0.content_type': ['The attachments.0.content type field is required.'],
      },
    );
  });

  it('each wildcard rule runs over every item before the next rule', async () => {
    await refusedJson(
      { ...INLINE, attachments: [{ content_id: 1 }, { name: 'b.txt' }] },
      {
        'attachments.0.name': ['The attachments.0.name field is required.'],
        'attachments.0.content': ['The attachments.0.content field is required.'],
        'attachments.1.content': ['The attachments.1.content field is required.'],
        'attachments.0.content_type': ['The attachments.0.content type field is required.'],
        'attachments.1.content_type': ['The attachments.1.content type field is required.'],
        'attachments.0.content_id': ['The attachments.0.content id field must be a string.'],
      },
    );
  });
});

describe('input sources', () => {
  it('a form body gives the same errors as JSON', async () => {
    await expectRefused(() => sendForm('mail_name=nope&to=rias%40gmail&store=true'), {
      mail_name: ['The selected mail name is invalid.'],
      from: [REQUIRED.from],
      to: ['rias@gmail is not a valid email.'],
      store: ['The store field must be true or false.'],
    });
  });

  it("parameters in the query string are validated and accepted too (Mailcoach's own tests send them so)", async () => {
    await expectRefused(() => api().post(`${SEND}?mail_name=nope&from=shop%40example.com`), {
      mail_name: ['The selected mail name is invalid.'],
      to: [REQUIRED.to],
    });
    await expectStored(() =>
      api().post(
        `${SEND}?mail_name=welcome&from=shop%40example.com&to=jane.doe%40example.com&replacements%5Bfirst_name%5D=Q`,
      ),
    );
    expect((await lastParsed()).parsed.subject).toBe('Welcome Q');
  });

  it('the body wins over the query string', async () => {
    await expectRefused(
      () => api().post(`${SEND}?to=jane.doe%40example.com`, { json: { ...BASE, to: 'rias@gmail' } }),
      {
        to: ['rias@gmail is not a valid email.'],
      },
    );
  });

  it('without Accept: application/json a 422 is a 302 back, and still nothing is captured', async () => {
    const before = await totals();
    const res = await rawRequest(emulator().url, {
      method: 'POST',
      path: SEND,
      headers: {
        authorization: `Bearer ${emulator().token}`,
        'content-type': 'application/json',
        referer: 'http://app.test/form',
      },
      body: JSON.stringify({}),
    });
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('http://app.test/form');
    expect(await totals()).toEqual(before);
  });
});
