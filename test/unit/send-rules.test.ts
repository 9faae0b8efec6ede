/**
 * server/mailcoach/request-rules.ts through the validation engine: SendTransactionalMailRequest's rules (
 * docs/spec/mailcoach-reference.md#41-validation-v8-httpapirequestssendtransactionalmailrequestphp-8259), with a fake template lookup. Input goes through `cleanse` first (TrimStrings, ConvertEmptyStringsToNull),
 * as every request does before validation.
 */
import { describe, expect, it, vi } from 'vitest';
import { cleanse } from '../../server/http/input.js';
import type { Input } from '../../server/validation/input.js';
import { sendRules } from '../../server/mailcoach/request-rules.js';
import { collectErrors } from '../../server/validation/validate.js';

const TEMPLATE_UUID = '7c6b5a49-3827-4615-a4b3-c2d1e0f9a8b7';
const templateExists = (value: string) => value === 'welcome' || value === TEMPLATE_UUID;
const MAILERS = ['smtp', 'ses', 'log'];

function errorsFor(input: Input, options: { mailers?: string[]; exists?: (value: string) => boolean } = {}) {
  const rules = sendRules({ templateExists: options.exists ?? templateExists, mailers: options.mailers ?? MAILERS });
  return collectErrors(cleanse(structuredClone(input)) as Input, rules);
}

const BASE = { mail_name: 'welcome', from: 'shop@example.com', to: 'jane.doe@example.com' };
const INLINE = { subject: 'Hi', html: '<p>Hi</p>', from: 'shop@example.com', to: 'jane.doe@example.com' };
const rfc = (address: string) => `Email "${address}" does not comply with addr-spec of RFC 2822.`;
const MAILER_MESSAGE = 'You must pass a valid mailer key. Valid values are: smtp, ses and log.';

describe('required fields', () => {
  it('{} gives subject, html, text, from, to, in that order, with the reference texts', () => {
    const errors = errorsFor({});
    expect(errors).toEqual({
      subject: ['The subject field is required when mail name is not present.'],
      html: ['The html field is required when none of mail name / text are present.'],
      text: ['The text field is required when none of mail name / html are present.'],
      from: ['The from field is required.'],
      to: ['The to field is required.'],
    });
    expect(Object.keys(errors)).toEqual(['subject', 'html', 'text', 'from', 'to']);
  });

  it('passes with a template, or with a subject and html or text', () => {
    expect(errorsFor(BASE)).toEqual({});
    expect(errorsFor(INLINE)).toEqual({});
    expect(errorsFor({ ...INLINE, html: undefined, text: 'plain' })).toEqual({});
    expect(errorsFor({ ...INLINE, text: 'plain' })).toEqual({});
  });

  it('subject is required without mail_name only; html/text each unless the other or mail_name is there', () => {
    expect(errorsFor({ ...INLINE, subject: undefined })).toEqual({
      subject: ['The subject field is required when mail name is not present.'],
    });
    expect(errorsFor({ ...INLINE, html: undefined })).toEqual({
      html: ['The html field is required when none of mail name / text are present.'],
      text: ['The text field is required when none of mail name / html are present.'],
    });
    expect(errorsFor({ ...BASE, subject: null, html: null, text: null })).toEqual({});
  });

  it('treats "" and whitespace as absent (ConvertEmptyStringsToNull after TrimStrings)', () => {
    expect(errorsFor({ subject: '', html: '  ', text: '', from: '', to: ' ' })).toEqual(errorsFor({}));
  });

  it('from and to are required whatever else is given', () => {
    expect(errorsFor({ mail_name: 'welcome', to: 'a@example.com' })).toEqual({ from: ['The from field is required.'] });
    expect(errorsFor({ mail_name: 'welcome', from: 'a@example.com' })).toEqual({ to: ['The to field is required.'] });
  });
});

describe('mail_name', () => {
  it('must name a template by name or uuid', () => {
    expect(errorsFor({ ...BASE, mail_name: TEMPLATE_UUID })).toEqual({});
    expect(errorsFor({ ...BASE, mail_name: 'nope' })).toEqual({ mail_name: ['The selected mail name is invalid.'] });
  });

  it('asks the lookup with the trimmed value', () => {
    const exists = vi.fn(() => true);
    expect(errorsFor({ ...BASE, mail_name: '  welcome  ' }, { exists })).toEqual({});
    expect(exists).toHaveBeenCalledWith('welcome');
  });

  it('"" and null are present but null: both messages, and the inline fields become required', () => {
    const expected = {
      mail_name: ['The mail name field must be a string.', 'The selected mail name is invalid.'],
      subject: ['The subject field is required when mail name is not present.'],
      html: ['The html field is required when none of mail name / text are present.'],
      text: ['The text field is required when none of mail name / html are present.'],
    };
    expect(errorsFor({ ...BASE, mail_name: '' })).toEqual(expected);
    expect(errorsFor({ ...BASE, mail_name: null })).toEqual(expected);
  });

  it('a non-string gets both messages, and still counts as given for required_without', () => {
    expect(errorsFor({ ...BASE, mail_name: 5 })).toEqual({
      mail_name: ['The mail name field must be a string.', 'The selected mail name is invalid.'],
    });
    expect(errorsFor({ ...BASE, mail_name: ['welcome'] })).toEqual({
      mail_name: ['The mail name field must be a string.', 'The selected mail name is invalid.'],
    });
  });
});

describe('subject, html, text', () => {
  it('must be strings', () => {
    expect(errorsFor({ ...INLINE, subject: 5 })).toEqual({ subject: ['The subject field must be a string.'] });
    expect(errorsFor({ ...INLINE, html: { a: 1 } })).toEqual({ html: ['The html field must be a string.'] });
    expect(errorsFor({ ...INLINE, text: true })).toEqual({ text: ['The text field must be a string.'] });
  });

  it('an empty array is not a string and not filled: both messages', () => {
    expect(errorsFor({ ...INLINE, subject: [] })).toEqual({
      subject: ['The subject field must be a string.', 'The subject field is required when mail name is not present.'],
    });
  });
});

describe('replacements', () => {
  it('must be an array (object or list)', () => {
    expect(errorsFor({ ...BASE, replacements: 'x' })).toEqual({
      replacements: ['The replacements field must be an array.'],
    });
    expect(errorsFor({ ...BASE, replacements: 5 })).toEqual({
      replacements: ['The replacements field must be an array.'],
    });
    expect(errorsFor({ ...BASE, replacements: {} })).toEqual({});
    expect(errorsFor({ ...BASE, replacements: ['a', 'b'] })).toEqual({});
    expect(errorsFor({ ...BASE, replacements: null })).toEqual({});
  });

  it('each value must be a string or an array; null passes; numbers and booleans fail, without capital or full stop', () => {
    expect(
      errorsFor({
        ...BASE,
        replacements: { a: 'x', b: 1, c: true, d: null, e: [1, 2], f: { g: 1 }, h: 1.5, i: false, j: '' },
      }),
    ).toEqual({
      'replacements.b': ['replacements.b must be a string or array'],
      'replacements.c': ['replacements.c must be a string or array'],
      'replacements.h': ['replacements.h must be a string or array'],
      'replacements.i': ['replacements.i must be a string or array'],
    });
    expect(errorsFor({ ...BASE, replacements: ['a', 2] })).toEqual({
      'replacements.1': ['replacements.1 must be a string or array'],
    });
  });

  it('only the first level is checked: nested numbers pass', () => {
    expect(errorsFor({ ...BASE, replacements: { arr: { x: 1, y: ['z', 2, false] } } })).toEqual({});
  });

  it('form values are strings, so they pass', () => {
    expect(errorsFor({ ...BASE, replacements: { a: '1', b: '0' } })).toEqual({});
  });
});

describe('from', () => {
  it('must parse as an address list (an unparsable one is a 422 here, a 500 in Mailcoach)', () => {
    expect(errorsFor({ ...BASE, from: 'x' })).toEqual({ from: [rfc('x')] });
    expect(errorsFor({ ...BASE, from: 'Shop <x>' })).toEqual({ from: [rfc('x')] });
    expect(errorsFor({ ...BASE, from: 'shop@example.com,' })).toEqual({ from: [rfc('')] });
  });

  it('accepts names and has no strict e-mail check', () => {
    expect(errorsFor({ ...BASE, from: 'Acme Support <support@example.com>' })).toEqual({});
    expect(errorsFor({ ...BASE, from: '"Jörg Müller" <joerg@example.com>' })).toEqual({});
    expect(errorsFor({ ...BASE, from: 'rias@gmail' })).toEqual({});
  });

  it('a non-string is "must be a string"', () => {
    expect(errorsFor({ ...BASE, from: ['a@example.com'] })).toEqual({ from: ['The from field must be a string.'] });
    expect(errorsFor({ ...BASE, from: 5 })).toEqual({ from: ['The from field must be a string.'] });
  });
});

describe('to', () => {
  it('a non-string: the Delimited message', () => {
    expect(errorsFor({ ...BASE, to: ['a@example.com'] })).toEqual({ to: ['to must be a string'] });
    expect(errorsFor({ ...BASE, to: 5 })).toEqual({ to: ['to must be a string'] });
    expect(errorsFor({ ...BASE, to: { a: 'a@example.com' } })).toEqual({ to: ['to must be a string'] });
  });

  it('no items: "You must specify at least 1 items", then the address parse of the empty items', () => {
    expect(errorsFor({ ...BASE, to: ' , ' })).toEqual({ to: ['You must specify at least 1 items', rfc('')] });
    expect(errorsFor({ ...BASE, to: ',,' })).toEqual({ to: ['You must specify at least 1 items', rfc('')] });
  });

  it('Delimited counts a blank item before trimming it: ", ," has one item, so only the address error', () => {
    expect(errorsFor({ ...BASE, to: ', ,' })).toEqual({ to: [rfc('')] });
  });

  it('duplicates (compared after trimming, case-sensitively)', () => {
    expect(errorsFor({ ...BASE, to: 'a@example.com, a@example.com' })).toEqual({
      to: ['You may not specify duplicates.'],
    });
    expect(errorsFor({ ...BASE, to: 'a@example.com,a@example.com ' })).toEqual({
      to: ['You may not specify duplicates.'],
    });
    expect(errorsFor({ ...BASE, to: 'a@example.com, A@example.com' })).toEqual({});
    // Delimited splits on every comma, quoted or not: both lists start with the item `"Doe`.
    expect(errorsFor({ ...BASE, to: '"Doe, Jane" <jane@example.com>,"Doe, John" <john@example.com>' })).toEqual({
      to: ['You may not specify duplicates.'],
    });
    // Two blank items are duplicates of each other; the first of them is also not an address.
    expect(errorsFor({ ...BASE, to: 'a@example.com, ,b@example.com, ,c@example.com' })).toEqual({
      to: ['You may not specify duplicates.', rfc(' ')],
    });
  });

  it("each item must parse (Symfony's message) and then pass email:rfc,strict", () => {
    expect(errorsFor({ ...BASE, to: 'not-an-email' })).toEqual({ to: [rfc('not-an-email')] });
    expect(errorsFor({ ...BASE, to: 'jane.doe@example.com, bob' })).toEqual({ to: [rfc(' bob')] });
    expect(errorsFor({ ...BASE, to: 'jane.doe@example.com,' })).toEqual({ to: [rfc('')] });
    expect(errorsFor({ ...BASE, to: 'rias@gmail' })).toEqual({ to: ['rias@gmail is not a valid email.'] });
    expect(errorsFor({ ...BASE, to: 'Rias <rias@gmail>' })).toEqual({ to: ['rias@gmail is not a valid email.'] });
    expect(errorsFor({ ...BASE, to: 'ok@example.com, x@[127.0.0.1]' })).toEqual({
      to: ['x@[127.0.0.1] is not a valid email.'],
    });
  });

  it('accepts names, quoted names with commas, raw UTF-8 names, and many recipients', () => {
    expect(errorsFor({ ...BASE, to: 'Jane Doe <jane.doe@example.com>, bob@example.com' })).toEqual({});
    expect(
      errorsFor({ ...BASE, to: '"Doe, Jane" <jane.doe@example.com>,"Quote \\"Q\\" Person" <x@example.com>' }),
    ).toEqual({});
    expect(errorsFor({ ...BASE, to: 'Jörg Müller <joerg@example.com>' })).toEqual({});
    const many = Array.from({ length: 1000 }, (_, i) => `r${i}@example.com`).join(',');
    expect(errorsFor({ ...BASE, to: many })).toEqual({});
  });
});

describe('cc, bcc, reply_to', () => {
  it('are optional', () => {
    expect(errorsFor({ ...BASE, cc: '', bcc: null, reply_to: '  ' })).toEqual({});
  });

  it('parse like to, without the strict check', () => {
    expect(errorsFor({ ...BASE, cc: 'rias@gmail', bcc: 'rias@gmail', reply_to: 'rias@gmail' })).toEqual({});
    expect(errorsFor({ ...BASE, cc: 'bad', bcc: 'Erin <bad>', reply_to: 'a@example.com,' })).toEqual({
      cc: [rfc('bad')],
      bcc: [rfc('bad')],
      reply_to: [rfc('')],
    });
  });

  it('share the Delimited messages', () => {
    expect(errorsFor({ ...BASE, cc: 5, bcc: ['x@example.com'], reply_to: ' , ' })).toEqual({
      cc: ['cc must be a string'],
      bcc: ['bcc must be a string'],
      reply_to: ['You must specify at least 1 items', rfc('')],
    });
    expect(errorsFor({ ...BASE, cc: 'c@example.com,c@example.com' })).toEqual({
      cc: ['You may not specify duplicates.'],
    });
  });
});

describe('store and fake', () => {
  it('accept true, false, 1, 0, "1", "0" only', () => {
    for (const value of [true, false, 1, 0, '1', '0']) {
      expect(errorsFor({ ...BASE, store: value, fake: value })).toEqual({});
    }
  });

  it('refuse anything else, "" (null) and "true" included', () => {
    for (const value of ['true', 'false', 'yes', '', null, 2, '2', [], {}]) {
      expect(errorsFor({ ...BASE, store: value, fake: value })).toEqual({
        store: ['The store field must be true or false.'],
        fake: ['The fake field must be true or false.'],
      });
    }
  });
});

describe('mailer', () => {
  it('must be a configured name, listed bare and joined with commas and a final "and"', () => {
    expect(errorsFor({ ...BASE, mailer: 'ses' })).toEqual({});
    expect(errorsFor({ ...BASE, mailer: 'postmark' })).toEqual({ mailer: [MAILER_MESSAGE] });
    expect(errorsFor({ ...BASE, mailer: 'x' }, { mailers: ['a', 'b'] })).toEqual({
      mailer: ['You must pass a valid mailer key. Valid values are: a and b.'],
    });
    expect(errorsFor({ ...BASE, mailer: 'x' }, { mailers: ['only'] })).toEqual({
      mailer: ['You must pass a valid mailer key. Valid values are: only.'],
    });
    expect(errorsFor({ ...BASE, mailer: 'x' }, { mailers: ['a', 'b', 'c', 'd'] })).toEqual({
      mailer: ['You must pass a valid mailer key. Valid values are: a, b, c and d.'],
    });
  });

  it('is case-sensitive', () => {
    expect(errorsFor({ ...BASE, mailer: 'SES' })).toEqual({ mailer: [MAILER_MESSAGE] });
  });

  it('a non-string or "" (null) gets both messages', () => {
    expect(errorsFor({ ...BASE, mailer: 5 })).toEqual({
      mailer: ['The mailer field must be a string.', MAILER_MESSAGE],
    });
    expect(errorsFor({ ...BASE, mailer: '' })).toEqual({
      mailer: ['The mailer field must be a string.', MAILER_MESSAGE],
    });
  });
});

describe('attachments', () => {
  const attachment = { name: 'a.txt', content: 'SGk=', content_type: 'text/plain' };

  it('must be an array of complete items; content_id is optional', () => {
    expect(errorsFor({ ...BASE, attachments: [attachment, { ...attachment, content_id: 'cid:a.txt' }] })).toEqual({});
    expect(errorsFor({ ...BASE, attachments: [] })).toEqual({});
    expect(errorsFor({ ...BASE, attachments: null })).toEqual({});
    expect(errorsFor({ ...BASE, attachments: 'a.txt' })).toEqual({
      attachments: ['The attachments field must be an array.'],
    });
  });

  it('missing keys: "required", with underscores shown as spaces', () => {
    expect(errorsFor({ ...BASE, attachments: [{}] })).toEqual({
      'attachments.0.name': ['The attachments.0.name field is required.'],
      'attachments.0.content': ['The attachments.0.content field is required.'],
      'attachments.0.content_type': ['The attachments.0.content type field is required.'],
    });
    expect(errorsFor({ ...BASE, attachments: ['x'] })).toEqual(errorsFor({ ...BASE, attachments: [{}] }));
  });

  it('wrong types: "must be a string"', () => {
    expect(
      errorsFor({ ...BASE, attachments: [{ name: 1, content: ['x'], content_type: true, content_id: 5 }] }),
    ).toEqual({
      'attachments.0.name': ['The attachments.0.name field must be a string.'],
      'attachments.0.content': ['The attachments.0.content field must be a string.'],
      'attachments.0.content_type': ['The attachments.0.content type field must be a string.'],
      'attachments.0.content_id': ['The attachments.0.content id field must be a string.'],
    });
  });

  it('lists the errors rule by rule over all items (Laravel expands each wildcard rule in turn)', () => {
    const errors = errorsFor({ ...BASE, attachments: [{ content_id: 1 }, { name: 'b' }] });
    expect(Object.keys(errors)).toEqual([
      'attachments.0.name',
      'attachments.0.content',
      'attachments.1.content',
      'attachments.0.content_type',
      'attachments.1.content_type',
      'attachments.0.content_id',
    ]);
  });
});

describe('error order', () => {
  it('every plain field fails: keys in rule order, whatever the input order', () => {
    const errors = errorsFor({
      fake: 'yes',
      attachments: 'x',
      mailer: 'nope',
      store: 'true',
      reply_to: 'bad',
      bcc: 'bad',
      cc: 'bad',
      to: 'rias@gmail',
      from: 'bad',
      replacements: 'x',
      text: 5,
      html: 5,
      subject: 5,
      mail_name: 5,
    });
    expect(Object.keys(errors)).toEqual([
      'mail_name',
      'subject',
      'html',
      'text',
      'replacements',
      'from',
      'to',
      'cc',
      'bcc',
      'reply_to',
      'store',
      'mailer',
      'attachments',
      'fake',
    ]);
  });

  it('wildcard fields come after every plain field, replacements.* before attachments.*', () => {
    const errors = errorsFor({
      attachments: [{}],
      replacements: { n: 1 },
      fake: 'no',
      mail_name: 'nope',
      from: 'shop@example.com',
      to: 'a@example.com',
    });
    expect(Object.keys(errors)).toEqual([
      'mail_name',
      'fake',
      'replacements.n',
      'attachments.0.name',
      'attachments.0.content',
      'attachments.0.content_type',
    ]);
  });
});
