/**
 * POST /api/transactional-mails/send validation, over HTTP (docs/spec/mailcoach-reference.md#41-validation-v8-httpapirequestssendtransactionalmailrequestphp-8259; decisions.md "Validation rules, field
 * order and message wording", "Inputs"): the order of the keys in `errors` (plain fields in rule order, wildcard
 * fields after them), and the same results for JSON, form and query-string input.
 *
 * Fixtures (test/fixtures): templates `welcome` (uuid 7c6b5a49-...), `password-reset`, `Order-Shipped`;
 * jane@example.com is suppressed, so accepted sends here go to other addresses.
 */
import { describe, expect, it } from 'vitest';
import { useEmulator } from '../support/emulator-process.js';
import { rfc } from '../support/expected.js';
import { rawRequest } from '../support/http.js';
import { BASE, INLINE, MAILER_MESSAGE, REQUIRED, SEND, sendValidation } from '../support/send-validation.js';

const emulator = useEmulator();
const { api, sendForm, totals, expectRefused, refusedJson, expectStored, lastParsed } = sendValidation(emulator);

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
