/**
 * POST /api/transactional-mails/send validation, over HTTP (docs/spec/mailcoach-reference.md#41-validation-v8-httpapirequestssendtransactionalmailrequestphp-8259; decisions.md "Validation rules, field
 * order and message wording", "422 summary message", "Inputs"): every message with its exact text for the required
 * fields, mail_name, subject/html/text, replacements, store and fake, mailer and attachments, and that a refused
 * send captures nothing and records nothing. The addresses are send-validation-addresses.test.ts's; the order of
 * the keys in `errors` and the input sources send-validation-order-and-sources.test.ts's.
 *
 * Fixtures (test/fixtures): templates `welcome` (uuid 7c6b5a49-...), `password-reset`, `Order-Shipped`;
 * jane@example.com is suppressed, so accepted sends here go to other addresses.
 */
import { describe, expect, it } from 'vitest';
import { spawnEmulator, useEmulator } from '../support/emulator-process.js';
import { apiClient } from '../support/http.js';
import {
  BASE,
  EMPTY_ERRORS,
  INLINE,
  MAIL_NAME_NULL,
  MAILER_MESSAGE,
  REQUIRED,
  SEND,
  sendValidation,
} from '../support/send-validation.js';

const WELCOME_UUID = '7c6b5a49-3827-4615-a4b3-c2d1e0f9a8b7';

const emulator = useEmulator();
const { api, sendJson, sendForm, totals, expectRefused, refusedJson, expectStored, storedJson, lastParsed } =
  sendValidation(emulator);

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
